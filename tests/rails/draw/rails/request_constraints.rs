// The port of tests/rails/routes/rails/request_constraints.rb: Rails 6.1's TestUrlConstraints
// and TestPortConstraints, constraints on the request's subdomain, protocol and port.

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
