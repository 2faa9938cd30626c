// The port of tests/rails/routes/rails/dynamic_segments.rb: Rails 6.1's tests of routes with
// dynamic `:controller` and `:action` segments. `action: /twitter|github/` (a regexp for the
// action) is the `:action` segment's constraint.

resourceful::draw! {
    // test_scoped_controller_with_namespace_and_action
    namespace(account) {
        get(":action/callback", constraints(action = "twitter|github"), controller = "callbacks",
            as = "callback");
    }

    // test_global
    controller(global) {
        get("global/:action");
    }

    // test_local
    get("/local/:action", controller = "local");

    // test_url_generator_for_generic_route
    get("whatever/:controller(/:action(/:id))");

    // test_url_generator_for_namespaced_generic_route
    get("whenever/:controller(/:action(/:id))", constraints(id = "\\d+"));

    // test_not_matching_shorthand_with_dynamic_parameters
    get(":controller/:action/admin");
}
