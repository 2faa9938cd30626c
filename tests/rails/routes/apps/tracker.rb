# An issue tracker's routes, in the style of today's open-source Rails project-management
# apps: organizations and projects addressed by slug in the path (`/:org/:project`), issues
# by number with a numeric constraint, nested comments and labels, member actions (close,
# reopen, assign) and collection filters, a board with an optional view segment, milestones
# with an optional date range, project settings as a singular resource, a `controller`
# scope, a namespaced API with versioning (in routes/api.rb beside this file, read with
# `draw :api`), file attachments with a filename glob, and redirects from short links.

Rails.application.routes.draw do
  root to: "dashboard#show"

  resources :organizations, only: [:new, :create]
  get "settings/profile", to: "settings#profile"
  get "settings/keys", to: "settings#keys"

  draw :api

  controller :search do
    get "search", action: :index
    get "search/suggest", action: :suggest
  end

  get "i/:id", to: redirect("/issues/%{id}")

  scope ":org", constraints: { org: /[a-z0-9][a-z0-9-]*/ } do
    get "/", to: "organizations#show", as: :organization
    resources :members, only: [:index, :create, :destroy], module: "organizations"

    scope ":project", as: "project", constraints: { project: /[a-z0-9][a-z0-9._-]*/ } do
      get "/", to: "projects#show", as: ""
      resource :settings, only: [:show, :update], controller: "project_settings"
      get "board(/:view)", to: "boards#show", as: :board, constraints: { view: /kanban|list/ }

      resources :issues, only: [:index, :new, :create, :show, :update], constraints: { id: /\d+/ } do
        member do
          post :close
          post :reopen
          put "assign/:user", action: :assign, as: :assign
        end
        collection do
          get :mine
          get "label/:label", action: :index, as: :labeled
        end
        resources :comments, only: [:create, :update, :destroy]
      end

      resources :milestones do
        get "(:from(/:to))", action: :index, on: :collection, as: :range, constraints: { from: /\d{4}-\d{2}-\d{2}/, to: /\d{4}-\d{2}-\d{2}/ }
      end

      get "files/*filename", to: "attachments#show", as: :file, format: false
    end
  end
end

# request: GET /acme
# request: GET /acme/rocket
# request: GET /acme/rocket/issues/42
# request: GET /acme/rocket/issues/new
# request: GET /acme/rocket/issues/abc
# request: PUT /acme/rocket/issues/42/assign/jane
# request: GET /acme/rocket/issues/label/bug
# request: GET /acme/rocket/board/kanban
# request: GET /acme/rocket/milestones/2024-01-01/2024-03-31
# request: GET /acme/rocket/files/docs/spec.final.pdf
# request: GET /search/suggest
# request: GET /i/42
# request: GET /api/v1/projects/rocket/issues/42.json
# helper: project_path(org: "acme", project: "rocket")
# helper: project_issue_path("acme", "rocket", 42)
# helper: assign_project_issue_path("acme", "rocket", 42, "jane")
# helper: range_project_milestones_path("acme", "rocket", from: "2024-01-01")
# helper: project_file_path("acme", "rocket", filename: "docs/spec.pdf")
# helper: project_board_path(org: "acme", project: "rocket", view: "grid")
