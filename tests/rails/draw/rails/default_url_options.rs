// The port of tests/rails/routes/rails/default_url_options.rb: Rails 6.1's
// TestDefaultUrlOptions, `default_url_options` filling a scope's dynamic segment.

resourceful::draw! {
    default_url_options(locale = "en");

    // test_positional_args_with_format_false
    scope(":locale", format = false) {
        get("/posts/:year/:month/:day", to = "posts#archive", as = "archived_posts");
    }
}
