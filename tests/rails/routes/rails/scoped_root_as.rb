# Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
# a root inside an optional scope, renamed with `as:`.

Rails.application.routes.draw do
  # test_scoped_root_as_name
  scope "(:locale)", locale: /en|pl/ do
    root to: "projects#index", as: "projects"
  end
end

# request: GET /en
# helper: projects_path(locale: "en")
# helper: projects_path
