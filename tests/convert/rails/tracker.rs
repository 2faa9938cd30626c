// Converted from tracker.rb by resourceful-convert.
// An issue tracker's routes, in the style of today's open-source Rails project-management
// apps: organizations and projects addressed by slug in the path (`/:org/:project`), issues
// by number with a numeric constraint, nested comments and labels, member actions (close,
// reopen, assign) and collection filters, a board with an optional view segment, milestones
// with an optional date range, project settings as a singular resource, a `controller`
// scope, a namespaced API with versioning (in routes/api.rb beside this file, read with
// `draw :api`), file attachments with a filename glob, and redirects from short links.
resourceful::draw! {
    root(to = "dashboard#show");

    resources(organizations, only(new, create));
    get("settings/profile", to = "settings#profile");
    get("settings/keys", to = "settings#keys");

    // NOTE: `draw :api`: the routes of config/routes/api.rb, drawn here
    // The issue tracker's API routes (apps/tracker.rb reads them with `draw :api`).
    namespace(api) {
        namespace(v1) {
            resources(projects, only(index, show)) {
                resources(issues, only(index, show, create, update));
            }
            get("user", to = "users#show");
        }
    }

    controller("search") {
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
            get("board(/:view)", to = "boards#show", as = "board",
                constraints(view = "kanban|list"));

            resources(issues, only(index, new, create, show, update), constraints(id = "[0-9]+")) {
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

            // NOTE: left out of the resource, as no request reaches it: `get "(:from(/:to))"` (line
            //       48) takes every request `GET /:org/:project/milestones(.:format)` →
            //       `milestones#index` could, as in Rails, which tried the routes in the same
            //       order; the name `project_milestones` passes to `POST
            //       /:org/:project/milestones(.:format)` → `milestones#create`, as Rails names
            //       that route when the name is free
            resources(milestones, except(index)) {
                get("(:from(/:to))", action = "index", on = collection, as = "range",
                    constraints(from = "[0-9]{4}-[0-9]{2}-[0-9]{2}",
                                to = "[0-9]{4}-[0-9]{2}-[0-9]{2}"));
            }

            get("files/*filename", to = "attachments#show", as = "file", format = false);
        }
    }
}

// request: GET /acme
// request: GET /acme/rocket
// request: GET /acme/rocket/issues/42
// request: GET /acme/rocket/issues/new
// request: GET /acme/rocket/issues/abc
// request: PUT /acme/rocket/issues/42/assign/jane
// request: GET /acme/rocket/issues/label/bug
// request: GET /acme/rocket/board/kanban
// request: GET /acme/rocket/milestones/2024-01-01/2024-03-31
// request: GET /acme/rocket/files/docs/spec.final.pdf
// request: GET /search/suggest
// request: GET /i/42
// request: GET /api/v1/projects/rocket/issues/42.json
// helper: project_path(org: "acme", project: "rocket")
// helper: project_issue_path("acme", "rocket", 42)
// helper: assign_project_issue_path("acme", "rocket", 42, "jane")
// helper: range_project_milestones_path("acme", "rocket", from: "2024-01-01")
// helper: project_file_path("acme", "rocket", filename: "docs/spec.pdf")
// helper: project_board_path(org: "acme", project: "rocket", view: "grid")
