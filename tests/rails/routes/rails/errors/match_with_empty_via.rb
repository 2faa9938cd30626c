# Ported from Rails 6.1's routing tests (routing_test.rb, MIT): test_match_with_empty_via.
# `match` with an empty `via:`: Rails refuses to draw.

Rails.application.routes.draw do
  match "/foo/bar", to: "files#show", via: []
end
