//! Rails 3+ routes, statement by statement, as `draw!` declarations: one row per fact.

use crate::convert;

/// The declarations and comments inside `draw! { ... }` (unindented once), and what follows
/// it, for the routes `body` of a draw block.
fn drawn(body: &str) -> (String, String) {
    let ruby = format!("Rails.application.routes.draw do\n{body}\nend\n");
    let text = convert(&ruby, "routes.rb").expect("converts").text;
    let start = text.find("draw! {\n").map_or(0, |at| at + 8);
    let end = text.find("\n}\n").map_or(text.len(), |at| at + 1);
    let inside: String = text[start..end]
        .lines()
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    (
        inside.trim_end().to_owned(),
        text[end..].trim_start_matches("}\n").to_owned(),
    )
}

#[test]
fn each_form_of_a_route_is_the_declaration_of_its_name() {
    let rows: &[(&str, &str)] = &[
        ("root 'home#index'", "root(to = \"home#index\");"),
        ("root :to => 'home#index'", "root(to = \"home#index\");"),
        (
            "get 'about' => 'pages#about', :as => :about",
            "get(\"about\", to = \"pages#about\", as = \"about\");",
        ),
        (
            "controller :sessions do\n  get 'login' => :new\nend",
            "controller(\"sessions\") {\n    get(\"login\", action = \"new\");\n}",
        ),
        (
            "post 'x' => 'sessions'",
            "post(\"x\", controller = \"sessions\");",
        ),
        (
            "get 'posts/:id', to: 'posts#show', id: /\\d+/, full: true, as: nil",
            "get(\"posts/:id\", to = \"posts#show\", constraints(id = \"[0-9]+\"), defaults(full = true),\n    as = None);",
        ),
        (
            "get 'feed', to: 'posts#index', format: 'rss'",
            "get(\"feed\", to = \"posts#index\", format = \"rss\");",
        ),
        (
            "get 'feed', to: 'posts#index', format: /rss|atom/",
            "get(\"feed\", to = \"posts#index\", format = regex(\"rss|atom\"));",
        ),
        (
            "get 'feed', to: 'posts#index', format: :rss",
            "// NOTE: `format: :rss` is left out: Rails reads a symbol as no format option at all, so the\n\
             //       route takes any format (a string, `format: \"rss\"`, would have made it its constraint\n\
             //       and default)\n\
             get(\"feed\", to = \"posts#index\");",
        ),
        (
            "get 's/:id', to: redirect('/posts/%{id}', status: 302)",
            "get(\"s/:id\", to = redirect(\"/posts/%{id}\", status = 302));",
        ),
        (
            "get 'old', to: redirect(path: '/new')",
            "get(\"old\", to = redirect(path = \"/new\"));",
        ),
        (
            "get 'm/:id', to: redirect(subdomain: 'm', path: '/%{id}', port: 8080, status: 302)",
            "get(\"m/:id\", to = redirect(subdomain = \"m\", path = \"/%{id}\", port = 8080, status = 302));",
        ),
        (
            "get 'docs', to: redirect('/ignored', host: 'docs.example.com')",
            "get(\"docs\", to = redirect(host = \"docs.example.com\"));",
        ),
        (
            "resources :photos, :only => [:index, :show], :path => 'p' do\n  get :search, :on => :collection\nend",
            "resources(photos, only(index, show), path = \"p\") {\n    get(search, on = collection);\n}",
        ),
        (
            "resources :tags, only: %[index show]",
            "// NOTE: `index show` in `only` is no action of the resource, and Rails ignored it\n\
             resources(tags, only());",
        ),
        (
            "scope '(:locale)', locale: /en|de/ do\n  get 'about', to: 'pages#about'\nend",
            "scope(\"(:locale)\", constraints(locale = \"en|de\")) {\n    get(\"about\", to = \"pages#about\");\n}",
        ),
        (
            "constraints subdomain: /api|www/ do\n  resources :items\nend",
            "constraints(subdomain = regex(\"api|www\")) {\n    resources(items);\n}",
        ),
        (
            "options '*path', to: 'cors#preflight'",
            "match(\"*path\", to = \"cors#preflight\", via = options);",
        ),
        (
            "match 'x', to: 'x#y', via: [:get, :options, :head]",
            "// TODO: the methods HEAD are left out: `draw!` routes GET, POST, PUT, PATCH, DELETE and OPTIONS\n\
             //       (and every method with `via = all`)\n\
             match(\"x\", to = \"x#y\", via = [get, options]);",
        ),
        (
            "scope via: [:get, :post] do\n  match 'hook', to: 'hooks#create'\nend",
            "scope(via = [get, post]) {\n    match(\"hook\", to = \"hooks#create\");\n}",
        ),
        (
            "get '/404' => 'about#show', :via => :all",
            "// NOTE: Rails ignores `via` on `get`: the route answers GET only\n\
             get(\"/404\", to = \"about#show\");",
        ),
        (
            "get 'a', to: 'a#a', constraints: { subdomain: false, port: [8080, '8443'] }",
            "get(\"a\", to = \"a#a\", constraints(subdomain = false, port = [8080, \"8443\"]));",
        ),
        (
            "resources_path_names new: 'neu', edit: 'bearbeiten'\nresources :posts",
            "resources_path_names(new = \"neu\", edit = \"bearbeiten\");\nresources(posts);",
        ),
        (
            "controller :sessions do\n  get 'login', action: :new\nend",
            "controller(\"sessions\") {\n    get(\"login\", action = \"new\");\n}",
        ),
        (
            "namespace :admin, module: 'staff' do\n  member do\n    get :x\n  end\nend",
            "namespace(admin, module = \"staff\") {\n    member {\n        get(x);\n    }\n}",
        ),
    ];
    for (ruby, want) in rows {
        let (inside, _) = drawn(ruby);
        assert_eq!(inside.trim_end(), *want, "{ruby}");
    }
}

#[test]
fn rails_3s_match_without_via_takes_every_method() {
    let (inside, _) = drawn("match 'ping' => 'health#ping'");
    assert!(inside.contains("// NOTE: Rails 3 routed every method to a `match` without `:via`"));
    assert!(
        inside.ends_with("match(\"ping\", to = \"health#ping\", via = all);"),
        "{inside}"
    );
}

#[test]
fn a_regexp_rusts_regex_does_not_take_is_a_todo_and_its_routes_stay() {
    let (inside, _) = drawn(
        "constraints id: /([^\\/]+?)(?=\\.json|$)/ do\n  get 'domains/:id' => 'domains#show'\nend\n\
         get 't/:tag' => 'tags#show', constraints: { tag: /(?!new)[a-z]+/ }",
    );
    assert!(
        inside.contains(
            "// TODO: the constraint `id: /([^\\/]+?)(?=\\.json|$)/` is left out: `draw!`'s \
             regexes"
        ),
        "{inside}"
    );
    assert!(
        inside.contains("scope {\n    get(\"domains/:id\", to = \"domains#show\");\n}"),
        "{inside}"
    );
    assert!(
        inside.contains("// TODO: the constraint `tag: /(?!new)[a-z]+/` is left out"),
        "{inside}"
    );
    assert!(
        inside.contains("get(\"t/:tag\", to = \"tags#show\");"),
        "{inside}"
    );
}

#[test]
fn an_action_route_whose_constraint_lists_its_actions_is_a_route_for_each() {
    for constraint in ["/browse|raw/", "/(browse|raw)/", "/(?:browse|raw)/"] {
        let (inside, _) = drawn(&format!(
            "get 'repo/:action(/*path)', :controller => 'repositories', :action => {constraint}"
        ));
        assert_eq!(
            code(&inside),
            [
                "get(\"repo/browse(/*path)\", to = \"repositories#browse\", as = None);",
                "get(\"repo/raw(/*path)\", to = \"repositories#raw\", as = None);",
            ],
            "{constraint}: {inside}"
        );
    }
}

#[test]
fn path_nil_is_no_path_as_rails_passes_it_by() {
    let (inside, _) =
        drawn("get 'projects/:id/repository', :to => 'repositories#show', :path => nil");
    assert_eq!(
        inside,
        "get(\"projects/:id/repository\", to = \"repositories#show\");"
    );
}

#[test]
fn plain_ruby_is_evaluated_and_methods_the_file_defines_are_inlined() {
    let (inside, _) = drawn(
        "PAGES = %w(about faq)\n\
         def api(version, &block)\n  namespace(\"v#{version}\") { yield }\nend\n\
         PAGES.each { |page| get page, to: \"pages##{page}\" }\n\
         api(2) do\n  resources :posts, only: :index\nend\n\
         get 'debug', to: 'debug#show' if false",
    );
    assert_eq!(
        inside,
        "get(\"about\", to = \"pages#about\");\nget(\"faq\", to = \"pages#faq\");\n\
         namespace(v2) {\n    resources(posts, only(index));\n}"
    );
}

#[test]
fn what_only_the_application_knows_is_a_todo_quoting_it() {
    let rows: &[(&str, &str)] = &[
        (
            "if Rails.env.development?\n  get 'mail', to: 'mail#index'\nend",
            "// TODO: a condition the application decides when it runs (`Rails.env.development?`)",
        ),
        (
            "use_doorkeeper",
            "// TODO: `use_doorkeeper` is not routing DSL",
        ),
        (
            "ActiveAdmin.routes(self)",
            "// TODO: a call on an object other than the routes",
        ),
        (
            "Setting.pages.each { |p| get p }",
            "// TODO: a loop over `Setting.pages`, which the application knows only when it runs",
        ),
        (
            "match '*path', to: 'cors#trace', via: :trace",
            "// TODO: a route for TRACE only",
        ),
        (
            "get 'x', to: MyRackApp",
            "// TODO: a route to the Rack app `MyRackApp`",
        ),
        (
            "draw :admin",
            "// TODO: `draw :admin` reads `config/routes/admin.rb`",
        ),
        (
            "direct(:home) { 'https://x' }",
            "// TODO: `direct` builds URLs with Ruby",
        ),
    ];
    for (ruby, want) in rows {
        let ruby_file = format!("Rails.application.routes.draw do\n{ruby}\nend\n");
        let converted = convert(&ruby_file, "routes.rb").expect("converts");
        assert!(converted.text.contains(want), "{ruby}:\n{}", converted.text);
        assert_eq!(converted.todos, 1, "{ruby}:\n{}", converted.text);
    }
}

#[test]
fn a_request_constraint_in_ruby_is_a_predicate_stub_beside_the_routes() {
    let (inside, after) = drawn(
        "constraints(->(req) { req.subdomain.present? }) do\n  get 'a', to: 'a#a'\nend\n\
         get 'b', to: 'b#b', constraints: AdminOnly.new\n\
         get 'c', to: 'c#c', constraints: AdminOnly.new",
    );
    assert!(
        inside.starts_with("constraints(with = request_constraint_2) {"),
        "{inside}"
    );
    assert!(
        inside.contains("constraints(with = admin_only)"),
        "{inside}"
    );
    assert_eq!(after.matches("fn admin_only(").count(), 1, "{after}");
    assert!(
        after.contains(
            "fn request_constraint_2(_request: &resourceful::http::request::Parts) -> bool {\n    false\n}"
        ),
        "{after}"
    );
    assert!(
        after.contains("//     ->(req) { req.subdomain.present? }"),
        "{after}"
    );
}

#[test]
fn mounts_are_named_as_rails_names_them_with_a_todo_to_bind_them() {
    let (inside, _) = drawn(
        "mount Sidekiq::Web => '/sidekiq'\nmount Blorgh::Engine, at: '/blog'\n\
         mount ActionCable.server => '/cable'",
    );
    for want in [
        "mount(\"/sidekiq\", as = \"sidekiq_web\");",
        "mount(\"/blog\", as = \"blorgh\");",
        "mount(\"/cable\", as = \"cable\");",
        "// TODO: Rails mounted the Rack app `Sidekiq::Web` here",
        "// NOTE: Rails gives this mount no name",
    ] {
        assert!(inside.contains(want), "{want}:\n{inside}");
    }
}

#[test]
fn devise_for_draws_the_routes_devise_draws() {
    let (inside, _) = drawn(
        "devise_for :admins, path: 'admin', skip: [:registrations], path_names: { sign_in: 'login' },\n  \
         controllers: { sessions: 'admins/sessions' }",
    );
    assert_eq!(
        inside,
        "// NOTE: `devise_for :admins` draws Devise's routes for `rails generate devise`'s modules\n\
         //       (database_authenticatable, registerable, recoverable, rememberable, validatable), as\n\
         //       the model `Admin` was not read (run with `--app DIR` to read it): sessions, passwords\n\
         scope(\"admin\", as = \"admin\") {\n    \
             resource(session, only(), controller = \"admins/sessions\", path = \"\") {\n        \
                 get(new, path = \"login\", as = \"new\");\n        \
                 post(create, path = \"login\");\n        \
                 match(destroy, path = \"sign_out\", as = \"destroy\", via = delete);\n    \
             }\n    \
             resource(password, only(new, create, edit, update), path = \"password\",\n             \
                      controller = \"devise/passwords\");\n\
         }"
    );
}

#[test]
fn an_action_route_in_a_namespace_goes_to_the_namespaces_controller() {
    let dir = std::env::temp_dir().join(format!("convert-namespace-app-{}", std::process::id()));
    let controllers = dir.join("app/controllers");
    std::fs::create_dir_all(controllers.join("admin")).expect("a directory");
    std::fs::write(
        controllers.join("admin_controller.rb"),
        "class AdminController < ApplicationController\n  def stats\n  end\nend\n",
    )
    .expect("written");
    std::fs::write(
        controllers.join("admin/reports_controller.rb"),
        "class Admin::ReportsController < ApplicationController\n  def daily\n  end\nend\n",
    )
    .expect("written");
    let ruby = "Rails.application.routes.draw do\n  namespace :admin do\n    \
                get 'hello/:action'\n    get 'r/:action', controller: 'reports'\n  end\nend\n";
    let context = crate::Context {
        dir: None,
        app: Some(dir.clone()),
    };
    let converted = crate::convert_with(ruby, "routes.rb", &context).expect("converts");
    let _ = std::fs::remove_dir_all(&dir);
    let code: Vec<&str> = converted
        .text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//"))
        .collect();
    assert_eq!(
        code[1..code.len() - 1],
        [
            "namespace(admin) {",
            "get(\"hello/stats\", action = \"stats\", as = None);",
            "get(\"r/daily\", to = \"reports#daily\", as = None);",
            "}",
        ],
        "{}",
        converted.text
    );
    assert_eq!(converted.todos, 0, "{}", converted.text);
}

/// The declarations of `draw!`'s body, without comments, each trimmed.
fn code(inside: &str) -> Vec<&str> {
    inside
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//"))
        .collect()
}

#[test]
fn a_route_no_request_reaches_is_left_out_with_a_note_naming_the_route_that_takes_it() {
    let (inside, _) = drawn(
        "get 'p/:page', to: 'pages#show'\n\
         get 'p/:page', to: 'legacy#show', as: :legacy_page\n\
         resources :photos do\n  root to: 'photos#root'\nend\n\
         resource :session do\n  get :create\nend",
    );
    assert_eq!(
        code(&inside),
        [
            "get(\"p/:page\", to = \"pages#show\", as = \"legacy_page\");",
            "resources(photos, except(index)) {",
            "root(to = \"photos#root\");",
            "}",
            "resource(session, except(show)) {",
            "get(create);",
            "}",
        ],
        "{inside}"
    );
    for note in [
        "// NOTE: `get 'p/:page'` (line 3) is left out: `get 'p/:page'` (line 2), declared before it, \
         takes every request it could, so no request reaches it, as in Rails, which tried the \
         routes in the same order; that route takes its name, `legacy_page`, and its helpers \
         build the same path",
        "// NOTE: left out of the resource, as no request reaches it: `root to: 'photos#root'` \
         (line 5) takes every request `GET /photos(.:format)` → `photos#index` could, as in \
         Rails, which tried the routes in the same order; the name `photos` passes to `POST \
         /photos(.:format)` → `photos#create`, as Rails names that route when the name is free",
        "// NOTE: left out of the resource, as no request reaches it: `get :create` (line 8) \
         takes every request `GET /session(.:format)` → `sessions#show` could",
    ] {
        let unwrapped = inside
            .lines()
            .map(|l| l.trim().trim_start_matches("//").trim())
            .collect::<Vec<_>>()
            .join(" ");
        let note = note.trim_start_matches("// ");
        assert!(unwrapped.contains(note), "{note}\n{inside}");
    }
}

#[test]
fn a_name_given_twice_goes_to_the_later_route_as_rails_3_gave_it() {
    let (inside, _) = drawn(
        "get 'help', to: 'pages#help', as: :help\n\
         get 'support', to: 'pages#support', as: :help\n\
         resources :posts\n\
         get 'all-posts', to: 'posts#all', as: :posts",
    );
    assert_eq!(
        code(&inside),
        [
            "get(\"help\", to = \"pages#help\", as = None);",
            "get(\"support\", to = \"pages#support\", as = \"help\");",
            "resources(posts);",
            "get(\"all-posts\", to = \"posts#all\", as = None);",
        ],
        "{inside}"
    );
    assert!(
        inside.contains("// NOTE: `help` is also the name of the later `get 'support'` (line 3)"),
        "{inside}"
    );
    assert!(
        inside.contains("// NOTE: `posts` is also the name of `resources :posts` (line 4), a"),
        "{inside}"
    );
}

#[test]
fn a_predicate_answering_every_request_alike_is_written_out_and_one_left_out_goes() {
    let ruby = "class Closed\n  def self.matches?(_request)\n    false\n  end\nend\n\
                Rails.application.routes.draw do\n  \
                get 'open', to: 'open#show', constraints: ->(_req) { true }\n  \
                get 'closed', to: 'closed#show', constraints: Closed\n  \
                get 'admin', to: 'admin#show', constraints: ->(req) { req.ip == '10.0.0.1' }\n  \
                get 'plain', to: 'plain#show'\n  \
                get 'plain', to: 'plain#again', constraints: lambda { |r| r.ip.start_with?('10.') }\n\
                end\n";
    let converted = convert(ruby, "routes.rb").expect("converts");
    let text = &converted.text;
    assert!(
        text.contains("fn request_constraint_7(_request: &resourceful::http::request::Parts) -> bool {\n    true\n}"),
        "{text}"
    );
    assert!(
        text.contains(
            "fn closed(_request: &resourceful::http::request::Parts) -> bool {\n    false\n}"
        ),
        "{text}"
    );
    assert!(
        text.contains("// NOTE: Rails asked this Ruby (line 7) whether a request may take this route, and it answers yes"),
        "{text}"
    );
    // The route asking the last one is never reached, so its predicate goes with it.
    assert!(!text.contains("fn request_constraint_11("), "{text}");
    assert!(text.contains("fn request_constraint_9("), "{text}");
    assert_eq!((converted.todos, converted.notes), (1, 3), "{text}");
}
