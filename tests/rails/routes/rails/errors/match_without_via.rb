# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): test_match_without_via.
# `match` without `via:`: Rails refuses to draw.

Rails.application.routes.draw do
  match "/foo/bar", to: "files#show"
end
