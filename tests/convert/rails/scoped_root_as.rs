// Converted from scoped_root_as.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// a root inside an optional scope, renamed with `as:`.
resourceful::draw! {
    // test_scoped_root_as_name
    scope("(:locale)", constraints(locale = "en|pl")) {
        root(to = "projects#index", as = "projects");
    }
}

// request: GET /en
// helper: projects_path(locale: "en")
// helper: projects_path
