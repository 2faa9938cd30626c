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
        ("get 'login' => :new", "get(\"login\", action = \"new\");"),
        (
            "post 'x' => 'sessions'",
            "post(\"x\", controller = \"sessions\");",
        ),
        (
            "get 'posts/:id', to: 'posts#show', id: /\\d+/, full: true, as: nil",
            "get(\"posts/:id\", to = \"posts#show\", constraints(id = \"[0-9]+\"), defaults(full = true),\n    as = None);",
        ),
        (
            "get 'feed', to: 'posts#index', format: :rss",
            "get(\"feed\", to = \"posts#index\", constraints(format = \"rss\"), defaults(format = \"rss\"));",
        ),
        (
            "get 's/:id', to: redirect('/posts/%{id}', status: 302)",
            "get(\"s/:id\", to = redirect(\"/posts/%{id}\", status = 302));",
        ),
        (
            "get 'old', to: redirect(path: '/new')",
            "get(\"old\", to = redirect(\"/new\"));",
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
