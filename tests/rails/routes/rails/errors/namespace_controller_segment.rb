# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): test_namespace_with_controller_segment.
# A dynamic :controller segment inside a namespace: Rails refuses to draw.

Rails.application.routes.draw do
  namespace :admin do
    get "/:controller(/:action(/:id(.:format)))"
  end
end
