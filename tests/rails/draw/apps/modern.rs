// The port of tests/rails/routes/apps/modern.rb: a Rails 7/8 application's routes.
// `GrapeApi`, the Rack app mounted at "/", is bound at run time.

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

    constraints(subdomain = regex("\\A(www)?\\z")) {
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
        constraints(page = "\\d+", sort = "asc|desc"));
    get("blog/:year/:month/:slug", to = "posts#show", as = "dated_post",
        constraints(year = "\\d{4}", month = "\\d{2}", slug = "[^/]+"));

    get("/(*path)", to = "spa#index", as = "spa", format = false);
    mount("/", as = "grape_api");
}
