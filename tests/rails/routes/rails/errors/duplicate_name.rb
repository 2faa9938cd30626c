# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): test_duplicate_route_name_raises_error.
# Two routes named alike with `as:`: Rails refuses to draw.

Rails.application.routes.draw do
  get "/collision", to: "collision#show", as: "collision"
  get "/duplicate", to: "duplicate#show", as: "collision"
end
