// Converted from namespaces.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// `namespace` with several singular resources at once, nested namespaces, namespaces nested
// in resources, `namespace` with `path:`, `module:`, `as:`, `shallow_path:` and
// `shallow_prefix:` around shallow nesting, namespaces with digits, shorthand verb routes
// inside namespaces and scopes, namespaced roots, and a controller given with a leading
// slash to escape the namespace.
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

    // test_namespace_without_controller_segment
    namespace(admin) {
        // TODO: an `:action` route, which `draw!` does not take (Rails 7 removed it): run with
        //       `--app DIR` to declare a route for each action of its controller, or declare them
        //       by hand (line 100):
        //     get "hello/:controllers/:action"
    }
}

// request: GET /account/subscription
// request: GET /account/credit
// request: GET /account/credit_card
// request: GET /account/admin/subscription
// request: GET /account/shorthand
// request: GET /account/description
// request: GET /account
// request: GET /clients/1/google/account
// request: GET /clients/1/google/account/secret/info
// request: GET /usuarios
// request: GET /foo/posts
// request: GET /foo/posts/1
// request: GET /foo/posts/1/comments
// request: GET /foo/comments/2
// request: GET /bar2/posts/1/comments
// request: GET /bar2/comments/2
// request: GET /foo3/posts/1/comments
// request: GET /foo3/comments/2
// request: GET /foo4/posts/1/comments
// request: GET /bar4/comments/2
// request: GET /foo5/comments/2
// request: GET /v2/subscriptions
// request: PUT /proposals/activate
// request: PUT /proposals/inactivate
// request: GET /api/products/list
// request: GET /api/v3/en/products/list
// request: GET /qux
// request: GET /admin/hello/foo/new
// helper: account_subscription_path
// helper: account_credit_path
// helper: account_credit_card_path
// helper: account_admin_subscription_path
// helper: account_shorthand_path
// helper: account_description_path
// helper: account_root_path
// helper: client_google_account_path(1)
// helper: client_google_account_secret_info_path(1)
// helper: users_root_path
// helper: foo_posts_path
// helper: foo_post_path("1")
// helper: foo_post_comments_path("1")
// helper: foo_comment_path("2")
// helper: foo2_posts_path
// helper: foo2_comment_path("2")
// helper: bar3_posts_path
// helper: bar3_post_comments_path("1")
// helper: bar3_comment_path("2")
// helper: foo4_comment_path("2")
// helper: bar5_comment_path("2")
// helper: v2_subscriptions_path
// helper: api_products_list_path
// helper: qux_root_path
