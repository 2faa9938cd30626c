# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): TestCallableConstraintValidation.
# A constraint object that has neither `matches?` nor `call`: Rails refuses to draw.

Rails.application.routes.draw do
  get "/test", to: "tests#show", constraints: Object.new
end
