// Converted from defaults_and_format.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// defaults for optional segments given inline, with `defaults:` and with a `defaults` block
// (string and integer values), `format: false` from a scope on resources, TestFormatConstraints
// (format constrained by a string, by a regexp, required with `format: true`, and
// `format: "xml"` as a default).
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

// request: GET /inline_pages
// request: GET /default_pages
// request: GET /scoped_pages
// request: GET /inline_numbers
// request: GET /default_numbers
// request: GET /scoped_numbers
// request: GET /posts
// request: GET /posts.html
// request: GET /user
// request: GET /user.html
// request: GET /string
// request: GET /string.json
// request: GET /string.html
// request: GET /regexp
// request: GET /regexp.json
// request: GET /regexp.html
// request: GET /json_only.json
// request: GET /json_only.html
// request: GET /json_only
// request: GET /xml_only.xml
// request: GET /xml_only
// request: GET /xml_only.json
// helper: posts_path
// helper: posts_path(format: "html")
// helper: user_path
// helper: user_path(format: "html")
