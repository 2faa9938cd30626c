# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): test_invalid_route_name_raises_error.
# A route name that is not a Ruby identifier: Rails refuses to draw.

Rails.application.routes.draw do
  get "/products", to: "products#index", as: "products index"
end
