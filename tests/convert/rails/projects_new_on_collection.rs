// Converted from projects_new_on_collection.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// a POST collection route named and pathed `new`, ahead of the resource's own `new`.
resourceful::draw! {
    // test_projects_with_post_action_and_new_path_on_collection
    resources(projects, controller = "project") {
        post("new", action = "new", on = collection, as = "new");
    }
}

// request: POST /projects/new
// request: GET /projects/new
// helper: new_projects_path
