// The port of tests/rails/routes/rails/defaults_and_format.rb: Rails 6.1's tests of defaults
// for optional segments, `format: false` from a scope, and TestFormatConstraints. A default
// given inline as an option (`id: "home"`, a key of the path) is written in `defaults(...)`.

resourceful::draw! {
    // test_default_string_params
    get("inline_pages/(:id)", to = "pages#show", defaults(id = "home"));
    get("default_pages/(:id)", to = "pages#show", defaults(id = "home"));
    defaults(id = "home") {
        get("scoped_pages/(:id)", to = "pages#show");
    }

    // test_default_integer_params
    get("inline_numbers/(:page)", to = "pages#show", defaults(page = 1));
    get("default_numbers/(:page)", to = "pages#show", defaults(page = 1));
    defaults(page = 1) {
        get("scoped_numbers/(:page)", to = "pages#show");
    }

    // test_resources_with_format_false_from_scope
    scope(format = false) {
        resources(posts);
        resource(user);
    }

    // TestFormatConstraints
    get("/string", to = "formats#string", constraints(format = "json"));
    get("/regexp", to = "formats#regexp", constraints(format = "json"));
    get("/json_only", to = "formats#json_only", format = true, constraints(format = "json"));
    get("/xml_only", to = "formats#xml_only", format = "xml");
}
