# Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
# TestGlobRoutingMapper, a glob at the root constrained by a regexp and redirected, before a
# plain route it must not swallow.

Rails.application.routes.draw do
  # test_glob_constraint, test_glob_constraint_skip_route, test_glob_constraint_skip_all
  get "/*id" => redirect("/not_cars"), constraints: { id: /dummy/ }
  get "/cars" => "cars#index"
end

# request: GET /dummy
# request: GET /cars
# request: GET /missing
