// The port of tests/rails/routes/rails/namespaces.rb: Rails 6.1's tests of `namespace`, with
// its options, nested in namespaces and resources, around shallow nesting, and with
// shorthand routes, roots and an absolute controller inside.

resourceful::draw! {
    // test_account_namespace, test_nested_namespace, test_match_shorthand_inside_namespace,
    // test_normalize_namespaced_matches, test_namespaced_roots
    namespace(account) {
        resource(subscription, credit, credit_card);
        namespace(admin) {
            resource(subscription);
        }
        get("shorthand");
        get("description", action = "description", as = "description");
        root(to = "account#index");
    }

    // test_namespace_nested_in_resources
    resources(clients) {
        namespace(google) {
            resource(account) {
                namespace(secret) {
                    resource(info);
                }
            }
        }
    }

    // test_namespace_with_options
    namespace(users, path = "usuarios") {
        root(to = "home#index");
    }

    // test_namespaced_shallow_routes_with_module_option
    namespace(foo, module = "bar") {
        resources(posts, only(index, show)) {
            resources(comments, only(index, show), shallow);
        }
    }

    // test_namespaced_shallow_routes_with_path_option
    namespace(foo2, path = "bar2") {
        resources(posts, only(index, show)) {
            resources(comments, only(index, show), shallow);
        }
    }

    // test_namespaced_shallow_routes_with_as_option
    namespace(foo3, as = "bar3") {
        resources(posts, only(index, show)) {
            resources(comments, only(index, show), shallow);
        }
    }

    // test_namespaced_shallow_routes_with_shallow_path_option
    namespace(foo4, shallow_path = "bar4") {
        resources(posts, only(index, show)) {
            resources(comments, only(index, show), shallow);
        }
    }

    // test_namespaced_shallow_routes_with_shallow_prefix_option
    namespace(foo5, shallow_prefix = "bar5") {
        resources(posts, only(index, show)) {
            resources(comments, only(index, show), shallow);
        }
    }

    // test_namespace_containing_numbers
    namespace(v2) {
        resources(subscriptions);
    }

    // test_match_shorthand_with_multiple_paths_inside_namespace
    namespace(proposals) {
        put("activate", "inactivate");
    }

    // test_match_shorthand_inside_namespace_with_controller,
    // test_match_shorthand_inside_nested_namespaces_and_scopes_with_controller
    namespace(api) {
        get("products/list");
        namespace(v3) {
            scope(":locale") {
                get("products/list");
            }
        }
    }

    // test_absolute_controller_namespace, test_namespace_as_controller
    namespace(qux) {
        get("/", to = "/bar#index", as = "root");
    }

    // test_namespace_without_controller_segment: `get "hello/:controllers/:action"` is left
    // out, as `draw!` takes no `:action` segment (Rails 5 deprecated them): a route of each
    // action is declared instead.
}
