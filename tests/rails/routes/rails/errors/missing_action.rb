# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): TestNamespaceWithControllerOption#test_missing_action_on_hash.
# `to: "foo#"`, a controller without an action: Rails refuses to draw.

Rails.application.routes.draw do
  get "/foo/bar", to: "foo#"
end
