// The port of tests/rails/routes/apps/tracker.rb: an issue tracker's routes, with the API
// routes it reads with `draw :api` (tests/rails/routes/apps/routes/api.rb) inlined where
// `draw :api` stands.

resourceful::draw! {
    root(to = "dashboard#show");

    resources(organizations, only(new, create));
    get("settings/profile", to = "settings#profile");
    get("settings/keys", to = "settings#keys");

    // draw :api (routes/api.rb)
    namespace(api) {
        namespace(v1) {
            resources(projects, only(index, show)) {
                resources(issues, only(index, show, create, update));
            }
            get("user", to = "users#show");
        }
    }

    controller(search) {
        get("search", action = "index");
        get("search/suggest", action = "suggest");
    }

    get("i/:id", to = redirect("/issues/%{id}"));

    scope(":org", constraints(org = "[a-z0-9][a-z0-9-]*")) {
        get("/", to = "organizations#show", as = "organization");
        resources(members, only(index, create, destroy), module = "organizations");

        scope(":project", as = "project", constraints(project = "[a-z0-9][a-z0-9._-]*")) {
            get("/", to = "projects#show", as = "");
            resource(settings, only(show, update), controller = "project_settings");
            get("board(/:view)", to = "boards#show", as = "board", constraints(view = "kanban|list"));

            resources(issues, only(index, new, create, show, update), constraints(id = "\\d+")) {
                member {
                    post(close);
                    post(reopen);
                    put("assign/:user", action = "assign", as = "assign");
                }
                collection {
                    get(mine);
                    get("label/:label", action = "index", as = "labeled");
                }
                resources(comments, only(create, update, destroy));
            }

            // `resources :milestones`' own `GET /:org/:project/milestones(.:format)` →
            // `milestones#index` (line 47) is left out: `get "(:from(/:to))", on: :collection`
            // (line 48), drawn before it, takes every request it could answer, so it would never
            // be reached. Rails still names it `project_milestones`.
            resources(milestones, except(index)) {
                get("(:from(/:to))", action = "index", on = collection, as = "range",
                    constraints(from = "\\d{4}-\\d{2}-\\d{2}", to = "\\d{4}-\\d{2}-\\d{2}"));
            }

            get("files/*filename", to = "attachments#show", as = "file", format = false);
        }
    }
}
