// The port of tests/rails/routes/apps/api.rb: a JSON API's routes.

resourceful::draw! {
    get("health", to = "health#show");
    get("status", to = redirect("https://status.example.com", status = 302));
    match("*path", to = "cors#preflight", via = options);

    constraints(subdomain = "api") {
        scope(module = "api/v2", as = "subdomain_v2", defaults(format = "json")) {
            resources(widgets, only(index, show));
        }
    }

    namespace(api, defaults(format = "json")) {
        namespace(v1) {
            post("auth/token", to = "tokens#create", as = "token");
            delete("auth/token", to = "tokens#destroy");

            resources(accounts, only(show, update), param = "uuid",
                      constraints(uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")) {
                resources(api_keys, only(index, create, destroy), shallow);
            }

            resources(widgets, except(new, edit)) {
                member {
                    post(publish);
                    post(archive);
                }
                collection {
                    get(search);
                    post(bulk, action = "bulk_create");
                }
                resources(parts, only(index, create), shallow);
            }

            resources(events, only(index)) {
                get("since/:timestamp", on = collection, action = "index", as = "since",
                    constraints(timestamp = "\\d+"));
            }
        }

        namespace(v2) {
            resources(widgets, only(index, show, create), format = false);
        }
    }
}
