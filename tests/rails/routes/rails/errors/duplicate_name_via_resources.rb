# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): test_duplicate_route_name_via_resources_raises_error.
# A name given with `as:` that resources already took: Rails refuses to draw.

Rails.application.routes.draw do
  resources :collisions
  get "/collision", to: "collision#show", as: "collision"
end
