# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): test_controller_name_with_leading_slash_raise_error.
# A controller given with a leading slash in `to:`: Rails refuses to draw.

Rails.application.routes.draw do
  get "/feeds/:service", to: "/feeds#show"
end
