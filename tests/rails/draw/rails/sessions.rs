// The port of tests/rails/routes/rails/sessions.rb: Rails 6.1's tests of `controller` blocks,
// a singular `resource :session` with verb routes inside, `match` with several verbs, `scope`
// with `controller:` and `as:`, and the path-only shorthand routes. `"path" => :action` is
// Rails' `action: :action`, and `"path" => "word"` (no `#`) its `controller: "word"`.

resourceful::draw! {
    // test_logout
    controller(sessions) {
        delete("logout", action = "destroy");
    }

    // test_login
    controller(sessions) {
        get("login", action = "new");
        post("login", action = "create");
    }

    // test_session_singleton_resource, test_member_on_resource
    // `resource :session`'s own `GET /session(.:format)` → `sessions#show` (line 19) is left
    // out: `get :create` (line 20), a member route at the resource's own path, drawn before it,
    // takes every request it could answer, so it would never be reached. Rails gives its name
    // `session` to `get :create`.
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
    controller(global) {
        get("global/hide_notice");
        get("global/export", action = "export", as = "export_request");
        get("/export/:id/:file", action = "export", as = "export_download", constraints(file = ".*"));
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
    get("/projects/:project_id/people/:id/update", to = "people#update", as = "update_project_person");

    // test_articles_perma
    get("articles/:year/:month/:day/:title", to = "articles#show", as = "article");

    // test_multiple_positional_args_with_the_same_name: `get "/downloads/:id/:id.tar"` is left
    // out, as `draw!` refuses a path that names one segment twice.

    // test_action_from_path_is_not_frozen
    get("search", controller = "search");

    // test_mix_string_to_controller_action, test_mix_string_to_controller, test_mix_string_to_action
    get("/projects", controller = "project_files", action = "index", to = "comments#index");
    get("/projects2", controller = "project_files", to = "comments#index");
    get("/projects3", action = "index", to = "comments#index");
}
