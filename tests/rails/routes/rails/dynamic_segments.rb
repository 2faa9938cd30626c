# Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
# routes with dynamic `:controller` and `:action` segments (deprecated in 6.1, still
# answered): a generic route under a prefix, with nested optional groups and a constrained
# `:id`, a dynamic action inside a `controller` block and a namespace with a constrained
# action, a dynamic action for a fixed controller, and the path-only shorthand with a
# trailing static segment.

Rails.application.routes.draw do
  # test_scoped_controller_with_namespace_and_action
  namespace :account do
    get ":action/callback", action: /twitter|github/, controller: "callbacks", as: :callback
  end

  # test_global
  controller(:global) do
    get "global/:action"
  end

  # test_local
  get "/local/:action", controller: "local"

  # test_url_generator_for_generic_route
  get "whatever/:controller(/:action(/:id))"

  # test_url_generator_for_namespaced_generic_route
  get "whenever/:controller(/:action(/:id))", id: /\d+/

  # test_not_matching_shorthand_with_dynamic_parameters
  get ":controller/:action/admin"
end

# request: GET /account/twitter/callback
# request: GET /account/whatever/callback
# request: GET /global/dashboard
# request: GET /local/dashboard
# request: GET /whatever/foo/bar
# request: GET /whenever/foo/bar/show
# request: GET /whenever/foo/bar/show/1
# request: GET /finances/overview/admin
# helper: account_callback_path("twitter")
# url_for: controller: "foo", action: "bar", id: 1
# url_for: controller: "foo/bar", action: "show"
# url_for: controller: "foo/bar", action: "show", id: "1"
