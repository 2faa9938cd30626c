# Ported from Rails 6.1's routing concerns tests (concerns_test.rb, MIT): test_with_an_invalid_concern_name.
# Resources naming a concern never declared: Rails refuses to draw.

Rails.application.routes.draw do
  resources :posts, concerns: :foo
end
