// Converted from modern.rb by resourceful-convert.
// A Rails 7/8 application as the generators and today's guides write it: the health check
// and PWA routes every new application has, `root` redirecting, several resources in one
// call, `resources ... only: []` holding members, a JSON API namespace at path "/" on its own
// subdomain, a subdomain constraint written with anchors, a scope holding `only:`, `via:`
// and `path_names:` for what it holds, an `as: :nil`-free `as:` on a namespace, a Grape-style
// API mounted at "/" after a single-page application's optional glob at the root (which
// takes every GET), and several consecutive optional groups.
resourceful::draw! {
    get("up", to = "rails/health#show", as = "rails_health_check");
    get("service-worker", to = "rails/pwa#service_worker", as = "pwa_service_worker");
    get("manifest", to = "rails/pwa#manifest", as = "pwa_manifest");

    root(to = redirect("/dashboard"));

    resources(photos, videos, only(index, show));
    resources(likes, bookmarks, only()) {
        member {
            post(toggle);
        }
        get(mine, on = collection);
    }

    namespace(api, path = "/", constraints(subdomain = "api"), defaults(format = "json")) {
        resources(tokens, only(create));
        namespace(v2, path = "v2") {
            resources(events, only(index, show), constraints(id = "[0-9a-f]{24}"));
        }
    }

    constraints(subdomain = regex(r"\A(www)?\z")) {
        get("pricing", to = "marketing#pricing");
    }
    constraints(subdomain = regex("^app$")) {
        get("dashboard", to = "dashboard#show", as = "app_dashboard");
    }
    get("dashboard", to = "dashboard#show");

    scope(only(index, show), path_names(new = "create")) {
        resources(articles);
        resources(authors) {
            resources(books, except(show));
        }
    }
    scope(via = [get, post]) {
        match("webhooks/github", to = "webhooks#github", as = "github_webhook");
    }

    namespace(admin, as = "backoffice") {
        get("", to = "dashboard#index", as = "");
        resources(reports, only(show), path = "");
    }

    get("search(/:query)(/page/:page)(/sort/:sort)", to = "search#index", as = "search",
        constraints(page = "[0-9]+", sort = "asc|desc"));
    get("blog/:year/:month/:slug", to = "posts#show", as = "dated_post",
        constraints(year = "[0-9]{4}", month = "[0-9]{2}", slug = "[^/]+"));

    get("/(*path)", to = "spa#index", as = "spa", format = false);
    // TODO: Rails mounted the Rack app `GrapeApi` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/", as = "grape_api");
}

// request: GET /up
// request: GET /service-worker
// request: GET /manifest.json
// request: GET /
// request: GET /photos/1
// request: GET /videos
// request: POST /likes/3/toggle
// request: GET /bookmarks/mine
// request: POST http://api.example.com/tokens
// request: POST http://www.example.com/tokens
// request: GET http://api.example.com/v2/events/5f1d7a9b3c2e4d6f8a0b1c2d
// request: GET http://api.example.com/v2/events/5f1d7a9b3c2e4d6f8a0b1c2d.xml
// request: GET http://www.example.com/pricing
// request: GET http://example.com/pricing
// request: GET http://app.example.com/pricing
// request: GET http://app.example.com/dashboard
// request: GET http://www.example.com/dashboard
// request: GET /articles/new
// request: GET /authors/1/books/create
// request: POST /webhooks/github
// request: DELETE /webhooks/github
// request: GET /admin
// request: GET /admin/
// request: GET /admin/1
// request: GET /search
// request: GET /search/rust/page/2/sort/asc
// request: GET /search/page/2
// request: GET /search/sort/desc
// request: GET /blog/2024/05/hello.world
// request: GET /blog/2024/05/hello.world.json
// request: GET /anything/at/all
// request: POST /anything/at/all
// helper: rails_health_check_path
// helper: photo_path("1")
// helper: toggle_like_path("3")
// helper: mine_bookmarks_path
// helper: api_tokens_url
// helper: api_v2_event_path("5f1d7a9b3c2e4d6f8a0b1c2d")
// helper: backoffice_path
// helper: backoffice_report_path("7")
// helper: search_path(query: "rust", sort: "asc")
// helper: search_path(page: "2")
// helper: dated_post_path(year: "2024", month: "05", slug: "a.b")
// helper: spa_path
// helper: spa_path(path: "a/b")
// url_for: controller: "search", action: "index", sort: "asc"
// url_for: controller: "spa", action: "index", path: "x/y"
// url_for: controller: "api/tokens", action: "create"
