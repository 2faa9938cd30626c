# The issue tracker's API routes (apps/tracker.rb reads them with `draw :api`).

namespace :api do
  namespace :v1 do
    resources :projects, only: [:index, :show] do
      resources :issues, only: [:index, :show, :create, :update]
    end
    get "user", to: "users#show"
  end
end
