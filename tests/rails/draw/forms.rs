// The port of tests/rails/routes/forms.rb: every form and option of `draw!`, in one route set.

resourceful::draw! {
    root(to = "home#index");

    // Verb routes.
    get("login", to = "sessions#new", as = "login");
    post("login", to = "sessions#create");
    delete("logout", to = "sessions#destroy");
    put("profile", to = "profiles#replace");
    patch("profile", to = "profiles#update");
    get("settings/edit");
    get("help", controller = "pages", action = "help");
    get("about", to = "pages#about", as = "about_us");
    get("terms", to = "pages#terms", as = None);
    get("legal/privacy", to = "pages#privacy", as = "privacy_policy");
    match("search(/:scope)", to = "search#index", via = [get, post], constraints(scope = "posts|users"));
    match("ping", to = "health#ping", via = all);
    match("health", to = "health#status", via = get);

    // Optional groups, nested and mid-path; globs mid-path; segment constraints.
    get("archive/:year(/:month(/:day))", to = "posts#archive",
        constraints(year = "[0-9]{4}", month = "\\d{1,2}", day = "\\d{1,2}"), as = "archive");
    get("reports(/:kind)/summary", to = "reports#summary", as = "report_summary");
    get("pages/*path/edit", to = "pages#edit", as = "edit_page");
    get("docs/*section(/:page)", to = "docs#show", as = "docs");
    get("files/:id/:filename", to = "files#download", constraints(filename = ".*"), as = "file_download");
    get("robots.:format", to = "home#robots", constraints(format = "txt"));
    get("photos", to = "photos#index", format = false);
    get("exports/:id", to = "exports#show", format = true, as = "export");
    get("feed", to = "posts#index", defaults(format = "atom"));
    get("top", to = "posts#index", defaults(order = "score", limit = 10, featured = true), as = "top_posts");
    get("users/:id", to = "users#show", constraints(id = "[A-Z]\\d{5}"), as = "user_by_code");
    get("users/:name", to = "users#by_name", as = "user_by_name");
    get("tags/:tag", to = "tags#show", constraints(tag = "(?i)[a-z]+"));
    get("v/:major.:minor", to = "versions#show", as = "version");

    // Redirects.
    get("stories/:id", to = redirect("/posts/%{id}"));
    get("old-blog", to = redirect("/posts", status = 302));
    get("news/:year/:slug", to = redirect("/archive/%{year}?story=%{slug}", status = 307));
    get("home", to = redirect("https://www.example.org/"));

    // Concerns.
    concern(commentable) {
        resources(comments, only(index, create));
    }
    concern(reviewable) {
        get(reviews, on = member);
    }

    resources(posts, concerns(commentable, reviewable), param = "slug", path = "p", except(destroy)) {
        collection {
            get(drafts);
            post(bulk_publish);
        }
        new {
            get(preview);
        }
        member {
            get(preview);
            get("history(/:page)", action = "history", as = "history");
        }
        post(react, on = member);
        get(popular, on = collection);
        resources(attachments, only(create, destroy), shallow);
        get("authors/:author_id", to = "authors#show", as = "author");
    }

    resources(photos, only(index, show), controller = "images", as = "pictures",
              path_names(new = "neu", edit = "bearbeiten"));
    resources(albums, except(index, destroy), path_names(new = "neu", edit = "bearbeiten"),
              constraints(id = "\\d+"), defaults(layout = "wide"));
    resources(videos, module = "media", format = false);
    resources(songs, format = true, only(index, show));
    resources(people, shallow, shallow_path = "s", shallow_prefix = "sh") {
        resources(notes);
    }

    resource(account, only(show, update), concerns(commentable)) {
        get(security);
        resource(avatar, except(destroy));
    }
    resource(session, controller = "auth", path = "sign-in", as = "signin", path_names(new = "start"));
    resource(preferences, module = "settings", format = false, defaults(tab = "general"));

    // Scopes and namespaces.
    namespace(admin) {
        root(to = "dashboard#show");
        resources(users);
        get("stats", to = "stats#index");
    }
    namespace(manage, path = "backoffice", module = "staff", as = "bo") {
        resources(orders, only(index));
    }
    scope("api/v1", module = "api/v1", as = "api_v1", defaults(format = "json")) {
        resources(posts, only(index, show));
    }
    scope(":locale", constraints(locale = "en|fr")) {
        get("about", to = "pages#about");
    }
    scope("(:lang)", constraints(lang = "de|es")) {
        get("contact", to = "pages#contact", as = "contact");
    }
    scope(controller = "misc", action = "show", path = "misc") {
        get("one");
        get("two", action = "other");
    }
    scope(path = "shop", as = "shop", format = false) {
        resources(products, only(index, show));
    }
    scope(module = "legacy") {
        get("old", to = "things#index");
    }
    scope(shallow_path = "sp", shallow_prefix = "spx") {
        resources(projects) {
            resources(tasks, shallow);
        }
    }
    shallow {
        resources(boards) {
            resources(topics);
        }
    }

    // Request constraints.
    constraints(subdomain = "api") {
        get("status", to = "api#status", as = "api_status");
    }
    constraints(subdomain = regex("admin|staff")) {
        get("panel", to = "panel#show");
    }
    get("internal", to = "internal#show", constraints(host = "intranet.example.com"));
    get("partners", to = "partners#index", constraints(domain = "partner.org"));
    get("debug", to = "debug#show", constraints(port = 8080));
    get("secure", to = "secure#show", constraints(protocol = "https://"));
    constraints(with = beta_host) {
        get("beta", to = "beta#show");
    }
    get("preview", to = "preview#show", constraints(with = beta_host));
    get("experiments/:id", to = "experiments#show", constraints(with = even_experiment));

    // Mounts.
    mount("/queue", as = "queue");
    mount("/jobs", as = "jobs_app");
    mount("/tools/jobs", as = "tool_jobs");

    // Last: everything else.
    get("*unmatched", to = "errors#not_found", format = false);
}

/// `constraints ->(request) { request.host.start_with?("beta.") }`.
fn beta_host(request: &resourceful::http::request::Parts) -> bool {
    request
        .uri
        .host()
        .or_else(|| request.headers.get("host").and_then(|h| h.to_str().ok()))
        .is_some_and(|host| host.starts_with("beta."))
}

/// `->(request) { request.params[:id].to_i.even? }`: the id is the path's last segment.
fn even_experiment(request: &resourceful::http::request::Parts) -> bool {
    let path = request.uri.path().trim_end_matches('/');
    let id = path.rsplit('/').next().unwrap_or_default();
    let digits: String = id.chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<u64>().unwrap_or(0) % 2 == 0
}
