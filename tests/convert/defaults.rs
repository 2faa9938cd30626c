// Converted from defaults.rb by resourceful-convert.
// The routes of Rails 2.3's routing_test.rb cases test_route_with_fixnum_default,
// test_route_with_text_default, test_both_requirement_and_optional, test_set_to_nil_forgets,
// test_requirement_should_prevent_optional_id and test_nil_defaults, in one table
// (tests/routes_file.rs checks it as converted to defaults.rs).
resourceful::routes! {
    connect("/page/:id", controller = "content", action = "show_page", defaults(id = "1"));
    named(blog, "/test/:year", controller = "post", action = "show", defaults(year = None),
          requirements(year = "[0-9]{4}"));
    connect("/pages/:year/:month/:day", controller = "content", action = "list_pages",
            defaults(month = None, day = None));
    connect("/post/:id", controller = "post", action = "show", requirements(id = "[0-9]+"));
    connect("/legacy/people", controller = "people", action = "index", defaults(legacy = "true"));
    connect("/people", controller = "people", action = "index");
    connect("/journal", controller = "content", action = "list_journal",
            defaults(date = None, user_id = None));
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:action/:id");
}
