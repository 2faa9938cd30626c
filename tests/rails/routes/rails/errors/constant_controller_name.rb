# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): TestNamespaceWithControllerOption#test_warn_with_ruby_constant_syntax_controller_option.
# A controller option written as a Ruby constant: Rails refuses to draw.

Rails.application.routes.draw do
  namespace :admin do
    resources :storage_files, controller: "StorageFiles"
  end
end
