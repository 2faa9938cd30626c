// The port of tests/rails/routes/rails/scopes.rb: Rails 6.1's tests of nested scopes with
// `as:` and constrained dynamic segments, optional scopes, `scope` with `path:`, with symbols,
// with `module:`, `controller:` and `action:`, and `format: false` on a route and a scope. A
// constraint given inline as an option (`title: /[a-z]+/`) is written in `constraints(...)`;
// a scope's path given as symbols (`scope :v3, :admin`) is written with names.

resourceful::draw! {
    // test_articles_with_id
    controller(articles) {
        scope("/articles", as = "article") {
            scope(path = "/:title", constraints(title = "[a-z]+"), as = "with_title") {
                get("/:id", action = "with_id", as = "");
            }
        }
    }

    // test_access_token_rooms
    scope(":access_token", constraints(access_token = "\\w{5,5}")) {
        resources(rooms);
    }

    // test_scoped_root, test_optional_scoped_root, test_optional_scoped_path,
    // test_nested_optional_path_shorthand
    scope("(:locale)", constraints(locale = "en|pl")) {
        root(to = "projects#index");
        resources(descriptions);
        get("registrations/new");
    }

    // test_nested_optional_scoped_path
    namespace(admin) {
        scope("(:locale)", constraints(locale = "en|pl")) {
            resources(descriptions);
        }
    }

    // test_scope_with_format_option
    get("direct/index", as = "no_format_direct", format = false);
    scope(format = false) {
        get("scoped/index", as = "no_format_scoped");
    }

    // test_module_scope
    resource(token, module = "api");

    // test_path_scope, test_symbol_scope
    scope(path = "api") {
        resource(me);
        get("/", to = "mes#index");
        scope(v2) {
            resource(me, as = "v2_me");
            get("/", to = "mes#index");
        }
        scope(v3, admin) {
            resource(me, as = "v3_me");
        }
    }

    // test_match_shorthand_inside_scope_with_variables_with_controller
    scope(":lang") {
        match("questions/new", via = [get]);
    }

    // test_controller_option_with_nesting_and_leading_slash
    scope("/job", controller = "job") {
        scope(":id", action = "manage_applicant") {
            get("/active");
        }
    }

    // test_url_recognition_for_optional_static_segments
    scope("(groups)") {
        scope("(discussions)") {
            resources(messages);
        }
    }

    // test_router_removes_invalid_conditions
    scope(constraints(id = "\\d+")) {
        get("/tickets", to = "tickets#index", as = "tickets");
    }
}
