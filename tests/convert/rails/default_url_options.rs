// Converted from default_url_options.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// TestDefaultUrlOptions, `default_url_options` set in the routes file filling a scope's
// dynamic segment, with positional helper arguments and `format: false`.
resourceful::draw! {
    // TODO: `default_url_options` gives every URL `locale: 'en'`, which `draw!` does not take: pass
    //       it to the helpers

    // test_positional_args_with_format_false
    scope(":locale", format = false) {
        get("/posts/:year/:month/:day", to = "posts#archive", as = "archived_posts");
    }
}

// request: GET /en/posts/2014/12/13
// helper: archived_posts_path(2014, 12, 13)
// helper: archived_posts_url(2014, 12, 13)
