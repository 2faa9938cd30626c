// Converted from forms.rb by resourceful-convert.
// Every form and every option of the Rails 3-8 routing DSL that `draw!` takes (SPEC §11), in
// one application's routes file: root, the verb routes and `match` with each of their options
// (`to`, `controller`, `action`, `as` and `as: nil`, `via` including `:all`, `on`,
// `constraints`, `defaults`, `format: false/true`), optional groups mid-path and nested, globs
// mid-path, segment constraints, redirects with `%{param}` and a status, concerns,
// `resources`/`resource` with each option (`only`, `except`, `controller`, `path`, `as`,
// `param`, `module`, `shallow`, `shallow_path`, `shallow_prefix`, `path_names`,
// `constraints`, `defaults`, `format`, `concerns`), member/collection/new blocks, `scope` and
// `namespace` with each option, `shallow` blocks, request constraints (subdomain, host,
// domain, port, protocol, a lambda, an object with `matches?`), mounts of a lambda and of a
// named Rack app, and a catch-all glob last.
resourceful::draw! {
    root(to = "home#index");

    // Verb routes.
    get("login", to = "sessions#new", as = "login");
    post("login", to = "sessions#create");
    delete("logout", to = "sessions#destroy");
    put("profile", to = "profiles#replace");
    patch("profile", to = "profiles#update");
    // named settings_edit, to settings#edit
    get("settings/edit");
    get("help", controller = "pages", action = "help");
    get("about", to = "pages#about", as = "about_us");
    get("terms", to = "pages#terms", as = None);
    get("legal/privacy", to = "pages#privacy", as = "privacy_policy");
    match("search(/:scope)", to = "search#index", via = [get, post],
          constraints(scope = "posts|users"));
    match("ping", to = "health#ping", via = all);
    match("health", to = "health#status", via = get);

    // Optional groups, nested and mid-path; globs mid-path; segment constraints.
    get("archive/:year(/:month(/:day))", to = "posts#archive",
        constraints(year = "[0-9]{4}", month = "[0-9]{1,2}", day = "[0-9]{1,2}"), as = "archive");
    get("reports(/:kind)/summary", to = "reports#summary", as = "report_summary");
    get("pages/*path/edit", to = "pages#edit", as = "edit_page");
    get("docs/*section(/:page)", to = "docs#show", as = "docs");
    get("files/:id/:filename", to = "files#download", constraints(filename = ".*"),
        as = "file_download");
    get("robots.:format", to = "home#robots", constraints(format = "txt"));
    get("photos", to = "photos#index", format = false);
    get("exports/:id", to = "exports#show", format = true, as = "export");
    get("feed", to = "posts#index", defaults(format = "atom"));
    get("top", to = "posts#index", defaults(order = "score", limit = 10, featured = true),
        as = "top_posts");
    get("users/:id", to = "users#show", constraints(id = "[A-Z][0-9]{5}"), as = "user_by_code");
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

    resources(posts, concerns(commentable, reviewable), param = "slug", path = "p",
              except(destroy)) {
        collection {
            get(drafts);
            post(bulk_publish);
        }
        // `new` before `member`: the member's `/p/:slug/preview` would take `/p/new/preview`.
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
              constraints(id = "[0-9]+"), defaults(layout = "wide"));
    resources(videos, module = "media", format = false);
    resources(songs, format = true, only(index, show));
    resources(people, shallow, shallow_path = "s", shallow_prefix = "sh") {
        resources(notes);
    }

    resource(account, only(show, update), concerns(commentable)) {
        get(security);
        resource(avatar, except(destroy));
    }
    resource(session, controller = "auth", path = "sign-in", as = "signin",
             path_names(new = "start"));
    resource(preferences, module = "settings", format = false, defaults(tab = "general"),
             constraints(format = "json|html"));

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
    constraints(with = request_constraint_157) {
        get("beta", to = "beta#show");
    }
    get("preview", to = "preview#show", constraints(with = beta_user));
    get("experiments/:id", to = "experiments#show", constraints(with = request_constraint_161));

    // Mounts.
    // TODO: Rails mounted the Rack app `->(env) { [200, { "Content-Type" => "text/plain" },
    //       ["queue"]] }` here: bind a service to this mount's action when the application starts,
    //       or remove the mount
    mount("/queue", as = "queue");
    // TODO: Rails mounted the Rack app `JobsApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/jobs", as = "jobs_app");
    // TODO: Rails mounted the Rack app `JobsApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/tools/jobs", as = "tool_jobs");

    // Last: everything else.
    get("*unmatched", to = "errors#not_found", format = false);
}

// request: GET http://beta.example.com/beta
// request: GET http://www.example.com/beta
// request: GET http://beta.example.com/preview
// request: GET /experiments/2
// request: GET /experiments/3
// request: GET https://example.com/secure
// request: GET http://example.com:8080/debug
// request: GET http://www.partner.org/partners
// request: GET http://intranet.example.com/internal
// request: GET http://staff.example.com/panel
// request: GET /fr/about
// request: GET /de/contact
// request: GET /contact
// request: GET /v/1.2
// request: GET /v/1.2.json
// request: GET /jobs/status/12
// request: GET /tools/jobs
// request: GET /p/hello-world/history/2
// helper: history_post_path(slug: "x", page: "2")
// helper: version_path(major: "1", minor: "2")
// helper: archive_path(year: "2024", day: "3")
// helper: top_posts_path(limit: 20)
// helper: post_path("x")
// helper: root_url(host: "other.example", protocol: "https")
// helper: api_status_url
// helper: api_status_url(subdomain: "www")
// helper: edit_page_path(path: "a b/c")
// helper: export_path(id: "1")
// helper: export_path(id: "1", format: "csv")
// url_for: controller: "posts", action: "archive", year: "2024", month: "5", extra: "x"
// url_for: controller: "tags", action: "show", tag: "Rust"
// url_for: controller: "pages", action: "about", locale: "en"

// TODO: Rails asked this Ruby (line 157) whether a request may take the routes in this block: write
//       that test in Rust. Until it is written, this answers no, and those routes take no request
//     ->(request) { request.host.start_with?("beta.") }
fn request_constraint_157(_request: &resourceful::http::request::Parts) -> bool {
    false
}

// TODO: Rails asked this Ruby (line 160) whether a request may take this route: write that test in
//       Rust. Until it is written, this answers no, and those routes take no request
//     class BetaUser
//       def self.matches?(request)
//         request.host.start_with?("beta.")
//       end
//     end
fn beta_user(_request: &resourceful::http::request::Parts) -> bool {
    false
}

// TODO: Rails asked this Ruby (line 161) whether a request may take this route: write that test in
//       Rust. Until it is written, this answers no, and those routes take no request
//     ->(request) { request.params[:id].to_i.even? }
fn request_constraint_161(_request: &resourceful::http::request::Parts) -> bool {
    false
}
