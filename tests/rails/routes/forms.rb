# Every form and every option of the Rails 3-8 routing DSL that `draw!` takes (SPEC §11), in
# one application's routes file: root, the verb routes and `match` with each of their options
# (`to`, `controller`, `action`, `as` and `as: nil`, `via` including `:all`, `on`,
# `constraints`, `defaults`, `format: false/true`), optional groups mid-path and nested, globs
# mid-path, segment constraints, redirects with `%{param}` and a status, concerns,
# `resources`/`resource` with each option (`only`, `except`, `controller`, `path`, `as`,
# `param`, `module`, `shallow`, `shallow_path`, `shallow_prefix`, `path_names`,
# `constraints`, `defaults`, `format`, `concerns`), member/collection/new blocks, `scope` and
# `namespace` with each option, `shallow` blocks, request constraints (subdomain, host,
# domain, port, protocol, a lambda, an object with `matches?`), mounts of a lambda and of a
# named Rack app, and a catch-all glob last.

class JobsApp
  def self.call(_env)
    [200, { "Content-Type" => "text/plain" }, ["jobs"]]
  end
end

class BetaUser
  def self.matches?(request)
    request.host.start_with?("beta.")
  end
end

Rails.application.routes.draw do
  root to: "home#index"

  # Verb routes.
  get "login", to: "sessions#new", as: "login"
  post "login", to: "sessions#create"
  delete "logout", to: "sessions#destroy"
  put "profile", to: "profiles#replace"
  patch "profile", to: "profiles#update"
  get "settings/edit"                                  # named settings_edit, to settings#edit
  get "help", controller: "pages", action: "help"
  get "about" => "pages#about", as: :about_us
  get "terms", to: "pages#terms", as: nil
  get "legal/privacy", to: "pages#privacy", as: "privacy_policy"
  match "search(/:scope)", to: "search#index", via: [:get, :post], constraints: { scope: /posts|users/ }
  match "ping", to: "health#ping", via: :all
  match "health", to: "health#status", via: :get

  # Optional groups, nested and mid-path; globs mid-path; segment constraints.
  get "archive/:year(/:month(/:day))", to: "posts#archive", constraints: { year: /[0-9]{4}/, month: /\d{1,2}/, day: /\d{1,2}/ }, as: :archive
  get "reports(/:kind)/summary", to: "reports#summary", as: :report_summary
  get "pages/*path/edit", to: "pages#edit", as: :edit_page
  get "docs/*section(/:page)", to: "docs#show", as: :docs
  get "files/:id/:filename", to: "files#download", constraints: { filename: /.*/ }, as: :file_download
  get "robots.:format", to: "home#robots", constraints: { format: "txt" }
  get "photos", to: "photos#index", format: false
  get "exports/:id", to: "exports#show", format: true, as: :export
  get "feed", to: "posts#index", defaults: { format: "atom" }
  get "top", to: "posts#index", defaults: { order: "score", limit: 10, featured: true }, as: :top_posts
  get "users/:id", to: "users#show", constraints: { id: /[A-Z]\d{5}/ }, as: :user_by_code
  get "users/:name", to: "users#by_name", as: :user_by_name
  get "tags/:tag", to: "tags#show", constraints: { tag: /[a-z]+/i }
  get "v/:major.:minor", to: "versions#show", as: :version

  # Redirects.
  get "stories/:id", to: redirect("/posts/%{id}")
  get "old-blog", to: redirect("/posts", status: 302)
  get "news/:year/:slug", to: redirect("/archive/%{year}?story=%{slug}", status: 307)
  get "home", to: redirect("https://www.example.org/")

  # Concerns.
  concern :commentable do
    resources :comments, only: [:index, :create]
  end
  concern :reviewable do
    get :reviews, on: :member
  end

  resources :posts, concerns: [:commentable, :reviewable], param: :slug, path: "p", except: :destroy do
    collection do
      get :drafts
      post :bulk_publish
    end
    # `new` before `member`: the member's `/p/:slug/preview` would take `/p/new/preview`.
    new do
      get :preview
    end
    member do
      get :preview
      get "history(/:page)", action: "history", as: "history"
    end
    post :react, on: :member
    get :popular, on: :collection
    resources :attachments, only: [:create, :destroy], shallow: true
    get "authors/:author_id", to: "authors#show", as: "author"
  end

  resources :photos, only: [:index, :show], controller: "images", as: "pictures", path_names: { new: "neu", edit: "bearbeiten" }
  resources :albums, except: [:index, :destroy], path_names: { new: "neu", edit: "bearbeiten" }, constraints: { id: /\d+/ }, defaults: { layout: "wide" }
  resources :videos, module: "media", format: false
  resources :songs, format: true, only: [:index, :show]
  resources :people, shallow: true, shallow_path: "s", shallow_prefix: "sh" do
    resources :notes
  end

  resource :account, only: [:show, :update], concerns: :commentable do
    get :security
    resource :avatar, except: :destroy
  end
  resource :session, controller: "auth", path: "sign-in", as: "signin", path_names: { new: "start" }
  resource :preferences, module: "settings", format: false, defaults: { tab: "general" }, constraints: { format: /json|html/ }

  # Scopes and namespaces.
  namespace :admin do
    root to: "dashboard#show"
    resources :users
    get "stats", to: "stats#index"
  end
  namespace :manage, path: "backoffice", module: "staff", as: "bo" do
    resources :orders, only: :index
  end
  scope "api/v1", module: "api/v1", as: "api_v1", defaults: { format: "json" } do
    resources :posts, only: [:index, :show]
  end
  scope ":locale", constraints: { locale: /en|fr/ } do
    get "about", to: "pages#about"
  end
  scope "(:lang)", lang: /de|es/ do
    get "contact", to: "pages#contact", as: :contact
  end
  scope controller: "misc", action: "show", path: "misc" do
    get "one"
    get "two", action: "other"
  end
  scope path: "shop", as: "shop", format: false do
    resources :products, only: [:index, :show]
  end
  scope module: "legacy" do
    get "old", to: "things#index"
  end
  scope shallow_path: "sp", shallow_prefix: "spx" do
    resources :projects do
      resources :tasks, shallow: true
    end
  end
  shallow do
    resources :boards do
      resources :topics
    end
  end

  # Request constraints.
  constraints subdomain: "api" do
    get "status", to: "api#status", as: :api_status
  end
  constraints subdomain: /admin|staff/ do
    get "panel", to: "panel#show"
  end
  get "internal", to: "internal#show", constraints: { host: "intranet.example.com" }
  get "partners", to: "partners#index", constraints: { domain: "partner.org" }
  get "debug", to: "debug#show", constraints: { port: 8080 }
  get "secure", to: "secure#show", constraints: { protocol: "https://" }
  constraints ->(request) { request.host.start_with?("beta.") } do
    get "beta", to: "beta#show"
  end
  get "preview", to: "preview#show", constraints: BetaUser
  get "experiments/:id", to: "experiments#show", constraints: ->(request) { request.params[:id].to_i.even? }

  # Mounts.
  mount ->(env) { [200, { "Content-Type" => "text/plain" }, ["queue"]] } => "/queue", as: "queue"
  mount JobsApp, at: "/jobs"
  mount JobsApp => "/tools/jobs", as: "tool_jobs"

  # Last: everything else.
  get "*unmatched", to: "errors#not_found", format: false
end

# request: GET http://beta.example.com/beta
# request: GET http://www.example.com/beta
# request: GET http://beta.example.com/preview
# request: GET /experiments/2
# request: GET /experiments/3
# request: GET https://example.com/secure
# request: GET http://example.com:8080/debug
# request: GET http://www.partner.org/partners
# request: GET http://intranet.example.com/internal
# request: GET http://staff.example.com/panel
# request: GET /fr/about
# request: GET /de/contact
# request: GET /contact
# request: GET /v/1.2
# request: GET /v/1.2.json
# request: GET /jobs/status/12
# request: GET /tools/jobs
# request: GET /p/hello-world/history/2
# helper: history_post_path(slug: "x", page: "2")
# helper: version_path(major: "1", minor: "2")
# helper: archive_path(year: "2024", day: "3")
# helper: top_posts_path(limit: 20)
# helper: post_path("x")
# helper: root_url(host: "other.example", protocol: "https")
# helper: api_status_url
# helper: api_status_url(subdomain: "www")
# helper: edit_page_path(path: "a b/c")
# helper: export_path(id: "1")
# helper: export_path(id: "1", format: "csv")
# url_for: controller: "posts", action: "archive", year: "2024", month: "5", extra: "x"
# url_for: controller: "tags", action: "show", tag: "Rust"
# url_for: controller: "pages", action: "about", locale: "en"
