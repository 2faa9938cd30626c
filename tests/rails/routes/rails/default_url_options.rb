# Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
# TestDefaultUrlOptions, `default_url_options` set in the routes file filling a scope's
# dynamic segment, with positional helper arguments and `format: false`.

Rails.application.routes.draw do
  default_url_options locale: "en"

  # test_positional_args_with_format_false
  scope ":locale", format: false do
    get "/posts/:year/:month/:day", to: "posts#archive", as: "archived_posts"
  end
end

# request: GET /en/posts/2014/12/13
# helper: archived_posts_path(2014, 12, 13)
# helper: archived_posts_url(2014, 12, 13)
