# An online shop's routes, in the style of today's open-source Rails storefronts: a locale
# scope with an optional segment, products by slug with nested reviews and variants, a
# singular cart with line items, a checkout flow as a singular resource with custom steps,
# orders for the signed-in account, a namespaced admin with shallow nesting, a webhook
# endpoint per provider, a health check answering any verb, a mounted Rack app for the
# background-jobs UI, redirects and a sitemap with a fixed format.

class JobsDashboard
  def self.call(_env)
    [200, { "Content-Type" => "text/html" }, ["jobs"]]
  end
end

Rails.application.routes.draw do
  mount JobsDashboard, at: "/admin/jobs", as: :jobs_dashboard

  match "up", to: "health#show", via: :all
  post "webhooks/:provider", to: "webhooks#receive", as: :webhook, constraints: { provider: /stripe|paypal|adyen/ }
  get "sitemap.xml", to: "sitemaps#show", format: false, defaults: { format: "xml" }
  get "robots.:format", to: "pages#robots", constraints: { format: "txt" }

  scope "(:locale)", locale: /en|de|fr/ do
    root to: "storefront#home"

    resources :products, only: [:index, :show], param: :slug do
      resources :reviews, only: [:index, :create]
      resources :variants, only: :show
      get :compare, on: :collection
    end
    get "categories/*path", to: "categories#show", as: :category

    resource :cart, only: [:show, :destroy] do
      resources :line_items, only: [:create, :update, :destroy], path: "items"
      post :apply_coupon
    end

    resource :checkout, only: [:show, :create], controller: "checkout" do
      get :shipping
      patch :shipping, action: :update_shipping
      get :payment
      get "confirm/:token", action: :confirm, as: :confirm
    end

    resource :account, only: [:show, :edit, :update] do
      resources :orders, only: [:index, :show] do
        get :invoice, on: :member, defaults: { format: "pdf" }
        post :reorder, on: :member
      end
      resources :addresses, except: :show
    end

    get "search", to: "search#index"
    get "pages/:slug", to: "pages#show", as: :static_page
  end

  namespace :admin do
    root to: "dashboard#index"
    resources :products do
      resources :variants, shallow: true
      collection do
        post :import
        get :export, defaults: { format: "csv" }
      end
    end
    resources :orders, only: [:index, :show, :update] do
      member do
        post :refund
        post :ship
      end
    end
    resources :coupons, except: :show
  end

  get "shop", to: redirect("/")
  get "item/:id", to: redirect("/products/%{id}", status: 301)
end

# request: GET /de/products/blue-shirt
# request: GET /products/blue-shirt/reviews
# request: GET /fr/categories/men/shirts
# request: PATCH /checkout/shipping
# request: GET /checkout/confirm/abc123
# request: GET /account/orders/7/invoice
# request: POST /webhooks/stripe
# request: POST /webhooks/venmo
# request: GET /admin/jobs/queues/default
# request: DELETE /up
# request: GET /sitemap.xml
# request: GET /it/products
# helper: product_path("blue-shirt", locale: "de")
# helper: category_path(path: "men/shirts")
# helper: confirm_checkout_path(token: "abc123")
# helper: invoice_account_order_path(7)
# helper: webhook_path("paypal")
# helper: admin_variant_path(4)
