// Converted from dynamic_segments.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// routes with dynamic `:controller` and `:action` segments (deprecated in 6.1, still
// answered): a generic route under a prefix, with nested optional groups and a constrained
// `:id`, a dynamic action inside a `controller` block and a namespace with a constrained
// action, a dynamic action for a fixed controller, and the path-only shorthand with a
// trailing static segment.
resourceful::draw! {
    // test_scoped_controller_with_namespace_and_action
    namespace(account) {
        // NOTE: `get ":action/callback"` (line 11) has a `:controller` or `:action` segment, which
        //       `draw!` does not take (Rails 7 removed them): a route for each of the actions its
        //       constraint lists
        // NOTE: its name, `callback`, goes to the first of them; its helper no longer takes the
        //       controller or the action
        get("twitter/callback", to = "callbacks#twitter", as = "callback");
        get("github/callback", to = "callbacks#github", as = None);
    }

    // test_global
    controller("global") {
        // TODO: an `:action` route, which `draw!` does not take (Rails 7 removed it): run with
        //       `--app DIR` to declare a route for each action of its controller, or declare them
        //       by hand (line 16):
        //     get "global/:action"
    }

    // test_local
    // TODO: an `:action` route, which `draw!` does not take (Rails 7 removed it): run with `--app
    //       DIR` to declare a route for each action of its controller, or declare them by hand
    //       (line 20):
    //     get "/local/:action", controller: "local"

    // test_url_generator_for_generic_route
    // TODO: a `:controller` route, which `draw!` does not take (Rails 7 removed it): run with
    //       `--app DIR` to declare a route for each action of each controller of the application,
    //       or declare them by hand (line 23):
    //     get "whatever/:controller(/:action(/:id))"

    // test_url_generator_for_namespaced_generic_route
    // TODO: a `:controller` route, which `draw!` does not take (Rails 7 removed it): run with
    //       `--app DIR` to declare a route for each action of each controller of the application,
    //       or declare them by hand (line 26):
    //     get "whenever/:controller(/:action(/:id))", id: /\d+/

    // test_not_matching_shorthand_with_dynamic_parameters
    // TODO: a `:controller` route, which `draw!` does not take (Rails 7 removed it): run with
    //       `--app DIR` to declare a route for each action of each controller of the application,
    //       or declare them by hand (line 29):
    //     get ":controller/:action/admin"
}

// request: GET /account/twitter/callback
// request: GET /account/whatever/callback
// request: GET /global/dashboard
// request: GET /local/dashboard
// request: GET /whatever/foo/bar
// request: GET /whenever/foo/bar/show
// request: GET /whenever/foo/bar/show/1
// request: GET /finances/overview/admin
// helper: account_callback_path("twitter")
// url_for: controller: "foo", action: "bar", id: 1
// url_for: controller: "foo/bar", action: "show"
// url_for: controller: "foo/bar", action: "show", id: "1"
