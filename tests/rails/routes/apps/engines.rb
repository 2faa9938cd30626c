# Made up in the style of an application that mounts many engines (job dashboards, admin
# panels, feature flags, GraphQL explorers, mail previews): ten mounts side by side at one
# level, one behind a subdomain constraint, among routes with the same first segments.

class EngineApp
  def self.call(env)
    [200, { "Content-Type" => "text/plain" }, [env["PATH_INFO"]]]
  end
end

Rails.application.routes.draw do
  mount EngineApp => "/sidekiq", as: :sidekiq
  mount EngineApp => "/pghero", as: :pghero
  mount EngineApp => "/flipper", as: :flipper
  mount EngineApp => "/blazer", as: :blazer
  mount EngineApp => "/graphiql", as: :graphiql
  mount EngineApp => "/letter_opener", as: :letter_opener
  mount EngineApp => "/lookbook", as: :lookbook
  mount EngineApp => "/jobs", as: :mission_control
  constraints subdomain: "admin" do
    mount EngineApp => "/admin", as: :rails_admin
  end
  mount EngineApp => "/api/graphql", as: :graphql
  get "admin", to: "admin#index"
  get "api/status", to: "api#status"
  get "sidekiq-status", to: "health#sidekiq"
  resources :jobs, only: :index
  root to: "home#index"
end

# request: GET /sidekiq/queues/default
# request: POST /flipper/features/x/boolean
# request: GET /jobs
# request: GET /jobs.json
# request: GET /jobsx
# request: GET http://admin.example.com/admin/users
# request: GET http://www.example.com/admin/users
# request: GET http://www.example.com/admin
# request: GET /api/graphql
# request: POST /api/graphql?query=x
# request: GET /api/status
# request: GET /sidekiq-status
# helper: sidekiq_path
# helper: graphql_path
