// Converted from sessions.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// `controller` blocks with hash-style verb routes, singular `resource :session` with extra
// verb routes inside, `member` on a singular resource, `match` with several verbs, `scope`
// with `controller:` and `as:` (including `as: ""`), and the path-only shorthand routes.
resourceful::draw! {
    // test_logout
    controller("sessions") {
        delete("logout", action = "destroy");
    }

    // test_login
    controller("sessions") {
        get("login", action = "new");
        post("login", action = "create");
    }

    // test_session_singleton_resource, test_member_on_resource
    // NOTE: left out of the resource, as no request reaches it: `get :create` (line 20) takes every
    //       request `GET /session(.:format)` → `sessions#show` could, as in Rails, which tried
    //       the routes in the same order
    resource(session, except(show)) {
        get(create);
        post(reset);
        member {
            get(crush);
        }
    }

    // test_openid
    match("openid/login", via = [get, post], to = "openid#login");

    // test_bookmarks
    scope("bookmark", controller = "bookmarks", as = "bookmark") {
        get(new, path = "build");
        post(create, path = "create", as = "");
        put(update);
        get(remove, action = "destroy", as = "remove");
    }

    // test_global
    controller("global") {
        get("global/hide_notice");
        get("global/export", action = "export", as = "export_request");
        get("/export/:id/:file", action = "export", as = "export_download",
            constraints(file = ".*"));
    }

    // test_index, test_convention_with_explicit_end, test_route_with_dashes_in_path,
    // test_shorthand_route_with_dashes_in_path, test_match_shorthand_with_no_scope,
    // test_convention_match_nested_and_with_leading_slash
    get("/info", to = "projects#info", as = "info");
    get("sign_in", to = "sessions#new");
    get("/contact-us", to = "pages#contact_us");
    get("/about-us/index");
    get("account/overview");
    get("/account/nested/overview");

    // test_match_with_many_paths_containing_a_slash
    get("get/first", "get/second", "get/third", to = "get#show");

    // test_update_person_route, test_update_project_person
    get("people/:id/update", to = "people#update", as = "update_person");
    get("/projects/:project_id/people/:id/update", to = "people#update",
        as = "update_project_person");

    // test_articles_perma
    get("articles/:year/:month/:day/:title", to = "articles#show", as = "article");

    // test_multiple_positional_args_with_the_same_name
    // TODO: the path names `:id` twice, which `draw!` refuses (Rails kept the last value): rename
    //       one (line 66):
    //     get "/downloads/:id/:id.tar" => "downloads#show", as: :download, format: false

    // test_action_from_path_is_not_frozen
    get("search", controller = "search");

    // test_mix_string_to_controller_action, test_mix_string_to_controller, test_mix_string_to_action
    get("/projects", controller = "project_files", action = "index", to = "comments#index");
    get("/projects2", controller = "project_files", to = "comments#index");
    get("/projects3", action = "index", to = "comments#index");
}

// request: DELETE /logout
// request: GET /login
// request: POST /login
// request: GET /session
// request: POST /session
// request: PUT /session
// request: DELETE /session
// request: GET /session/new
// request: GET /session/edit
// request: POST /session/reset
// request: GET /session/crush
// request: GET /openid/login
// request: POST /openid/login
// request: GET /bookmark/build
// request: POST /bookmark/create
// request: PUT /bookmark/update
// request: GET /bookmark/remove
// request: GET /global/export
// request: GET /global/hide_notice
// request: GET /export/123/foo.txt
// request: GET /info
// request: GET /sign_in
// request: GET /contact-us
// request: GET /about-us/index
// request: GET /account/overview
// request: GET /account/nested/overview
// request: GET /get/first
// request: GET /get/second
// request: GET /get/third
// request: GET /people/1/update
// request: GET /projects/1/people/2/update
// request: GET /articles/2009/08/18/rails-3
// request: GET /downloads/1/1.tar
// request: GET /search
// request: GET /projects
// helper: logout_path
// helper: login_path
// helper: login_url
// helper: session_path
// helper: new_session_path
// helper: edit_session_path
// helper: reset_session_path
// helper: crush_session_path
// helper: bookmark_new_path
// helper: bookmark_path
// helper: bookmark_update_path
// helper: bookmark_remove_path
// helper: export_request_path
// helper: global_hide_notice_path
// helper: export_download_path(id: 123, file: "foo.txt")
// helper: info_path
// helper: sign_in_path
// helper: contact_us_path
// helper: about_us_index_path
// helper: account_overview_path
// helper: account_nested_overview_path
// helper: update_person_path(id: 1)
// helper: update_project_person_path(project_id: 1, id: 2)
// helper: article_path(year: 2009, month: 8, day: 18, title: "rails-3")
// helper: download_path("1")
// helper: download_path("1", "1")
// url_for: controller: "sessions", action: "destroy"
// url_for: controller: "sessions", action: "create"
// url_for: controller: "sessions", action: "new"
