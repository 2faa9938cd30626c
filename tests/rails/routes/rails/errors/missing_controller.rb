# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): TestNamespaceWithControllerOption#test_missing_controller.
# A route with an action and no controller: Rails refuses to draw.

Rails.application.routes.draw do
  get "/foo/bar", action: :index
end
