// Converted from request_constraints.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// TestUrlConstraints (a subdomain from a `constraints` block, a protocol from a scope, a port
// on a route, `subdomain: false` and `subdomain: true`, and how each reaches the URL helpers)
// and TestPortConstraints (a port as an integer, a string, an array and a regexp).
resourceful::draw! {
    // TestUrlConstraints
    constraints(subdomain = "admin") {
        get("/", to = "roots#admin", as = "admin_root");
    }

    scope(constraints(protocol = "https://")) {
        get("/", to = "roots#secure", as = "secure_root");
    }

    get("/", to = "roots#alternate", as = "alternate_root", constraints(port = 8080));

    get("/search", to = "search#index", constraints(subdomain = false));

    get("/logs", to = "logs#index", constraints(subdomain = true));

    // TestPortConstraints
    get("/integer", to = "ports#integer", constraints(port = 8080));
    get("/string", to = "ports#string", constraints(port = "8080"));
    get("/array", to = "ports#array", constraints(port = [8080]));
    get("/regexp", to = "ports#regexp", constraints(port = regex("8080")));
}

// request: GET http://admin.example.com/
// request: GET https://www.example.com/
// request: GET http://www.example.com:8080/
// request: GET http://example.com/search
// request: GET http://api.example.com/search
// request: GET http://api.example.com/logs
// request: GET http://example.com/logs
// request: GET http://www.example.com/integer
// request: GET http://www.example.com:8080/integer
// request: GET http://www.example.com/string
// request: GET http://www.example.com:8080/string
// request: GET http://www.example.com/array
// request: GET http://www.example.com:8080/array
// request: GET http://www.example.com/regexp
// request: GET http://www.example.com:8080/regexp
// helper: admin_root_url
// helper: secure_root_url(host: "www.example.com")
// helper: alternate_root_url(host: "www.example.com")
// helper: search_url
// helper: logs_url(host: "api.example.com")
