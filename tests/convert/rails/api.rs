// Converted from api.rb by resourceful-convert.
// A JSON API's routes, in the style of today's open-source Rails API backends: versioned
// namespaces with `defaults: { format: :json }`, a version chosen by an Accept-free path
// prefix and by a subdomain, token authentication routes, resources with `only:` and
// `except:`, nested resources one level deep with `shallow: true`, custom `param:`,
// member/collection actions, `constraints` on ids (UUIDs), a health check, a status page
// redirect, and a `match` with `via:` for CORS preflight requests.
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
                    constraints(timestamp = "[0-9]+"));
            }
        }

        namespace(v2) {
            resources(widgets, only(index, show, create), format = false);
        }
    }
}

// request: GET http://api.example.com/widgets
// request: GET http://api.example.com/widgets/3.json
// request: OPTIONS /api/v1/widgets
// request: GET /api/v1/accounts/0c0c0b68-d24b-11e1-a861-001ff3fffe6f
// request: GET /api/v1/accounts/42
// request: GET /api/v1/accounts/0c0c0b68-d24b-11e1-a861-001ff3fffe6f/api_keys
// request: DELETE /api/v1/api_keys/9
// request: POST /api/v1/widgets/bulk
// request: GET /api/v1/events/since/1700000000
// request: GET /api/v2/widgets/3.json
// helper: api_v1_account_path("0c0c0b68-d24b-11e1-a861-001ff3fffe6f")
// helper: api_v1_account_path("42")
// helper: since_api_v1_events_path(1700000000)
// helper: api_v2_widget_path(3, format: "json")
// helper: subdomain_v2_widgets_url
