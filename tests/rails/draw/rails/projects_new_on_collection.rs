// The port of tests/rails/routes/rails/projects_new_on_collection.rb: Rails 6.1's
// test_projects_with_post_action_and_new_path_on_collection, a POST collection route named
// and pathed `new`, ahead of the resource's own `new`.

resourceful::draw! {
    // test_projects_with_post_action_and_new_path_on_collection
    resources(projects, controller = "project") {
        post("new", action = "new", on = collection, as = "new");
    }
}
