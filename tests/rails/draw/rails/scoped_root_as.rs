// The port of tests/rails/routes/rails/scoped_root_as.rb: Rails 6.1's test_scoped_root_as_name,
// a root inside an optional scope, renamed with `as:`. A constraint given inline as an option
// (`locale: /en|pl/`) is written in `constraints(...)`.

resourceful::draw! {
    // test_scoped_root_as_name
    scope("(:locale)", constraints(locale = "en|pl")) {
        root(to = "projects#index", as = "projects");
    }
}
