# Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
# test_head_fetch_with_mount_on_root (a Rack app mounted at `/` after a GET route: HEAD goes
# to the GET route first, and to the app for everything else) and TestRackAppRouteGeneration
# (mounted apps, one under a dynamic segment, are never what `url_for` generates).

Rails.application.routes.draw do
  # TestRackAppRouteGeneration#test_mounted_application_doesnt_match_unnamed_route
  rack_app = ->(_env) { [200, { "Content-Type" => "text/plain" }, []] }
  mount rack_app, at: "/account", as: "account"
  mount rack_app, at: "/:locale/account", as: "localized_account"

  # Mount points with optional groups: their own, and a scope's.
  mount rack_app, at: "/docs(/:version)", as: "docs"
  scope "(:lang)" do
    mount rack_app, at: "/jobs", as: "jobs"
  end

  # test_head_fetch_with_mount_on_root
  get "/home" => "test#index"
  mount ->(env) { [200, {}, [env["REQUEST_METHOD"]]] }, at: "/"
end

# request: HEAD /home
# request: HEAD /foobar
# request: GET /foobar
# request: GET /account/settings
# request: GET /de/account
# request: GET /de/account/settings
# helper: account_path
# helper: localized_account_path(locale: "de")
# url_for: controller: "products", action: "index"
# url_for: controller: "products", action: "index", locale: "de"
# request: GET /account.json
# request: GET /account-x/y
# request: GET /de/account.json/settings
# request: GET /de/account%2Fx/y
# request: GET /docs
# request: GET /docs/v2/intro
# request: GET /jobs/queue
# request: GET /fr/jobs
# request: GET /fr/jobs/queue
