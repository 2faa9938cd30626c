// Converted from scopes.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// nested scopes with `as:` and dynamic segments constrained inline, scope constraints on a
// leading dynamic segment, optional scopes (`(:locale)`) around roots, resources and
// shorthand routes, `scope` with `path:`, with symbols, with `module:`, `controller:` and
// `action:`, and `format: false` on a route and on a scope.
resourceful::draw! {
    // test_articles_with_id
    controller("articles") {
        scope("/articles", as = "article") {
            scope(path = "/:title", constraints(title = "[a-z]+"), as = "with_title") {
                get("/:id", action = "with_id", as = "");
            }
        }
    }

    // test_access_token_rooms
    scope(":access_token", constraints(access_token = "[a-zA-Z0-9_]{5,5}")) {
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
        scope("v2") {
            resource(me, as = "v2_me");
            get("/", to = "mes#index");
        }
        scope("v3/admin") {
            resource(me, as = "v3_me");
        }
    }

    // test_match_shorthand_inside_scope_with_variables_with_controller
    scope(":lang") {
        match("questions/new", via = get);
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
    scope(constraints(id = "[0-9]+")) {
        get("/tickets", to = "tickets#index", as = "tickets");
    }
}

// request: GET /articles/rails/1
// request: GET /articles/123/1
// request: GET /12345/rooms
// request: GET /12345/rooms/1
// request: GET /12345/rooms/1/edit
// request: GET /en
// request: GET /en/descriptions
// request: GET /descriptions
// request: GET /en/descriptions/1
// request: GET /descriptions/1
// request: GET /registrations/new
// request: GET /en/registrations/new
// request: GET /admin/en/descriptions
// request: GET /admin/descriptions
// request: GET /admin/en/descriptions/1
// request: GET /admin/descriptions/1
// request: GET /scoped/index
// request: GET /scoped/index.html
// request: GET /token
// request: GET /api/me
// request: GET /api
// request: GET /api/v2/me
// request: GET /api/v2
// request: GET /api/v3/admin/me
// request: GET /de/questions/new
// request: GET /job/5/active
// request: GET /groups/discussions/messages
// request: GET /groups/discussions/messages/1
// request: GET /groups/messages
// request: GET /groups/messages/1
// request: GET /discussions/messages
// request: GET /discussions/messages/1
// request: GET /messages
// request: GET /messages/1
// request: GET /tickets
// helper: article_with_title_path(title: "rails", id: 1)
// helper: root_path(locale: "en")
// helper: root_path("en")
// helper: descriptions_path("en")
// helper: descriptions_path(nil)
// helper: description_path("en", 1)
// helper: description_path(nil, 1)
// helper: admin_descriptions_path("en")
// helper: admin_descriptions_path(nil)
// helper: admin_description_path("en", 1)
// helper: admin_description_path(nil, 1)
// helper: no_format_direct_path
// helper: no_format_direct_path(format: "html")
// helper: no_format_scoped_path
// helper: no_format_scoped_path(format: "html")
// helper: token_path
// helper: me_path
// helper: v2_me_path
// helper: tickets_path
