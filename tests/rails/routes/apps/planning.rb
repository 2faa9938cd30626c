# A project management tool, in the style of Redmine's routes file: old-style hash keys
# throughout, `root ... :as`, `match` with `:controller`/`:action` and lists of verbs,
# segment constraints given as bare options (`:id => /\d+/`), `shallow do` blocks inside
# `resources`, a singular resource with `:controller` nested in a plural one, verb routes
# with `to:` nested in `resources` (prefixed by the parent's name), a member route whose
# path has an optional group, `match` in member and collection blocks, `resources ... :as`,
# routes beside a resource that share its prefix, `versions.:format`, `:format => false`,
# optional globs with a nested optional extension, and a file name taking any character.

Rails.application.routes.draw do
  root :to => "welcome#index", :as => "home"

  match "login", :to => "account#login", :as => "signin", :via => [:get, :post]
  match "logout", :to => "account#logout", :as => "signout", :via => [:get, :post]
  match "account/register", :to => "account#register", :via => [:get, :post], :as => "register"
  match "account/activate", :to => "account#activate", :via => :get

  match "/news/preview", :controller => "previews", :action => "news", :as => "preview_news", :via => [:get, :post, :put, :patch]
  match "/issues/preview/new/:project_id", :to => "previews#issue", :as => "preview_new_issue", :via => [:get, :post, :put, :patch]
  match "/issues/preview/edit/:id", :to => "previews#issue", :as => "preview_edit_issue", :via => [:get, :post, :put, :patch]

  match "/issues/context_menu", :to => "context_menus#issues", :as => "issues_context_menu", :via => [:get, :post]
  match "/issues/:id/quoted", :to => "journals#new", :id => /\d+/, :via => :post, :as => "quoted_issue"
  match "/journals/edit/:id", :to => "journals#edit", :id => /\d+/, :via => [:get, :post]

  get "/projects/:project_id/issues/gantt", :to => "gantts#show", :as => "project_gantt"
  get "/issues/gantt", :to => "gantts#show"
  get "projects/:id/issues/report/:detail", :to => "reports#issue_report_details", :as => "project_issues_report_details"

  match "my/account", :controller => "my", :action => "account", :via => [:get, :post]
  match "my", :controller => "my", :action => "index", :via => :get
  match "my/reset_rss_key", :controller => "my", :action => "reset_rss_key", :via => :post

  resources :users do
    resources :memberships, :controller => "principal_memberships"
  end

  resources :projects do
    member do
      get "settings(/:tab)", :action => "settings", :as => "settings"
      post "archive"
      match "copy", :via => [:get, :post]
    end

    shallow do
      resources :memberships, :controller => "members", :only => [:index, :show, :new, :create, :update, :destroy] do
        collection do
          get "autocomplete"
        end
      end
    end

    resource :enumerations, :controller => "project_enumerations", :only => [:update, :destroy]

    get "issues/:copy_from/copy", :to => "issues#new", :as => "copy_issue"
    resources :issues, :only => [:index, :new, :create]
    match "issues/update_form", :controller => "issues", :action => "update_form", :via => [:put, :patch, :post], :as => "issue_form"

    resources :versions, :except => [:index, :show, :edit, :update, :destroy] do
      collection do
        put "close_completed"
      end
    end
    get "versions.:format", :to => "versions#index"
    get "roadmap", :to => "versions#index", :format => false
    get "versions", :to => "versions#index"

    resources :time_entries, :controller => "timelog", :except => [:show, :edit, :update, :destroy] do
      get "report", :on => :collection
    end
    shallow do
      resources :issue_categories
    end

    match "wiki/index", :controller => "wiki", :action => "index", :via => :get
    resources :wiki, :except => [:index, :create], :as => "wiki_page" do
      member do
        get "rename"
        post "rename"
        get "history"
        match "preview", :via => [:post, :put, :patch]
      end
      collection do
        get "export"
        get "date_index"
      end
    end
    match "wiki", :controller => "wiki", :action => "show", :via => :get
    get "wiki/:id/:version", :to => "wiki#show", :constraints => { :version => /\d+/ }
    delete "wiki/:id/:version", :to => "wiki#destroy_version"
    get "wiki/:id/:version/annotate", :to => "wiki#annotate"
  end

  resources :issues do
    collection do
      match "bulk_edit", :via => [:get, :post]
      post "bulk_update"
    end
    shallow do
      resources :relations, :controller => "issue_relations", :only => [:index, :show, :create, :destroy]
    end
  end
  match "/issues", :controller => "issues", :action => "destroy", :via => :delete

  resources :time_entries, :controller => "timelog", :except => :destroy
  match "/time_entries/:id", :to => "timelog#destroy", :via => :delete, :id => /\d+/
  match "/time_entries/destroy", :to => "timelog#destroy", :via => :delete

  get "projects/:id/repository/:repository_id/changes(/*path(.:ext))", :to => "repositories#changes"
  get "projects/:id/repository/:repository_id/revisions/:rev", :to => "repositories#revision", :rev => /[a-z0-9\.\-_]+/
  get "projects/:id/repository/:repository_id/raw(/*path)", :to => "repositories#raw", :format => false

  get "attachments/:id/:filename", :to => "attachments#show", :id => /\d+/, :filename => /.*/, :as => "named_attachment"
  get "attachments/download/:id", :to => "attachments#download", :id => /\d+/
  get "attachments/thumbnail/:id(/:size)", :to => "attachments#thumbnail", :id => /\d+/, :size => /\d+/, :as => "thumbnail"
  resources :attachments, :only => [:show, :destroy]

  resources :auth_sources do
    member do
      get "test_connection", :as => "try_connection"
    end
  end
  match "enumerations/:type", :to => "enumerations#index", :via => :get
  get "projects/:id/search", :controller => "search", :action => "index"
  match "settings/plugin/:id", :controller => "settings", :action => "plugin", :via => [:get, :post], :as => "plugin_settings"
end

# request: GET /projects/ecookbook/settings
# request: GET /projects/ecookbook/settings/members
# request: POST /projects/ecookbook/copy
# request: GET /projects/ecookbook/memberships/autocomplete
# request: GET /memberships/5
# request: PATCH /projects/ecookbook/enumerations
# request: GET /projects/ecookbook/issues/3/copy
# request: PATCH /projects/ecookbook/issues/update_form
# request: GET /projects/ecookbook/versions.json
# request: GET /projects/ecookbook/versions.xml
# request: GET /projects/ecookbook/versions
# request: GET /projects/ecookbook/roadmap
# request: GET /projects/ecookbook/roadmap.json
# request: GET /projects/ecookbook/wiki/index
# request: GET /projects/ecookbook/wiki/Start_page/rename
# request: PUT /projects/ecookbook/wiki/Start_page/preview
# request: GET /projects/ecookbook/wiki/Start_page/2
# request: GET /projects/ecookbook/wiki/Start_page/v2
# request: DELETE /projects/ecookbook/wiki/Start_page/v2
# request: GET /issues/bulk_edit
# request: DELETE /issues
# request: DELETE /time_entries/12
# request: DELETE /time_entries/destroy
# request: GET /projects/ecookbook/repository/svn/changes/trunk/src/main.rs
# request: GET /projects/ecookbook/repository/svn/changes/trunk/README
# request: GET /projects/ecookbook/repository/svn/changes
# request: GET /projects/ecookbook/repository/svn/revisions/1.0-rc_2
# request: GET /projects/ecookbook/repository/svn/raw/a/b.json
# request: GET /attachments/7/report.final.pdf
# request: GET /attachments/7/dir/report.pdf
# request: GET /attachments/thumbnail/7/200
# request: GET /attachments/7
# request: POST /issues/1/quoted
# request: POST /issues/x/quoted
# helper: settings_project_path("ecookbook")
# helper: settings_project_path("ecookbook", tab: "members")
# helper: project_memberships_path("ecookbook")
# helper: membership_path("5")
# helper: project_enumerations_path("ecookbook")
# helper: project_copy_issue_path("ecookbook", "3")
# helper: project_issue_form_path("ecookbook")
# helper: project_wiki_page_path("ecookbook", "Start page")
# helper: preview_project_wiki_page_path("ecookbook", "Start_page")
# helper: named_attachment_path(id: "7", filename: "a b.pdf")
# helper: thumbnail_path("7", size: "200")
# helper: try_connection_auth_source_path("2")
# url_for: controller: "repositories", action: "changes", id: "p", repository_id: "svn", path: "trunk/x", ext: "rb"
# url_for: controller: "repositories", action: "changes", id: "p", repository_id: "svn", ext: "rb"
# url_for: controller: "versions", action: "index", project_id: "p", format: "atom"
# url_for: controller: "my", action: "index"
