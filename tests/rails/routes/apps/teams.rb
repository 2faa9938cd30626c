# Made up in the style of a multi-tenant SaaS application's account area: `shallow` on a
# singular resource, on a renamed resource with `param:`, through a singular resource nested
# in it and a plural one with its own `param:`, and on a namespace around `scope module:`.

Rails.application.routes.draw do
  resource :account, shallow: true do
    resources :tokens, only: [:index, :show, :destroy]
  end
  resources :orgs, param: :slug, shallow: true, as: :organizations do
    resource :billing, only: [:show] do
      resources :invoices, only: [:index, :show] do
        get :pdf, on: :member
      end
    end
    resources :teams, param: :handle, only: [:index, :show] do
      resources :members, only: [:index, :destroy]
      member { post :archive }
    end
  end
  namespace :admin, shallow: true do
    resources :sites do
      scope module: :sites do
        resources :pages, only: [:index, :show]
      end
    end
  end
end

# request: GET /account/tokens
# request: DELETE /tokens/5
# request: GET /orgs/acme/billing/invoices
# request: GET /invoices/7/pdf
# request: GET /teams/core/members
# request: DELETE /members/9
# request: POST /teams/core/archive
# request: GET /admin/pages/3
# helper: organization_billing_invoices_path("acme")
# helper: team_members_path("core")
# helper: archive_team_path("core")
