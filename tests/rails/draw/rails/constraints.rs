// The port of tests/rails/routes/rails/constraints.rb: Rails 6.1's tests of segment
// constraints on resources, scopes and routes. A constraint given inline as an option
// (`id: /.../`) is written in `constraints(...)`.

resourceful::draw! {
    // test_resource_constraints
    // `resources :products`' own `GET /products(.:format)` → `products#index` (line 16) is
    // left out: `root to: "products#root"` (line 17), drawn before it, takes every request it
    // could answer, so it would never be reached. Rails still names it `products`.
    resources(products, constraints(id = "\\d{4}"), except(index)) {
        root(to = "products#root");
        get(favorite, on = collection);
        resources(images);
    }

    // test_constraints_are_merged_from_scope
    scope(constraints(id = "\\d{4}")) {
        resources(movies) {
            resources(reviews);
            resource(trailer);
        }
    }

    // test_greedy_resource_id_regexp_doesnt_match_edit_and_custom_action
    resources(sections, constraints(id = ".+")) {
        get(preview, on = member);
    }

    // test_resource_constraints_are_pushed_to_scope
    namespace(wiki) {
        resources(articles, constraints(id = "[^/]+")) {
            resources(comments, only(create, new));
        }
    }

    // test_non_greedy_regexp
    namespace(api) {
        scope(":version", constraints(version = ".+")) {
            resources(users, constraints(id = ".+?", format = "json|xml"));
        }
    }

    // test_glob_parameter_accepts_regexp
    get("/:locale/*file.:format", to = "files#show", constraints(file = "path/to/existing/file"));

    // test_constraints_block_not_carried_to_following_routes
    scope("/italians") {
        get("/writers", to = "italians#writers", constraints(with = ip_restrictor));
        get("/sculptors", to = "italians#sculptors");
        get("/painters/:painter", to = "italians#painters", constraints(painter = "michelangelo"));
    }

    // test_named_character_classes_in_regexp_constraints
    get("/purchases/:token/:filename", to = "purchases#fetch",
        constraints(token = "[[:alnum:]]{10}", filename = "(.+)"), as = "purchase");

    // test_nested_resource_constraints
    resources(lists, constraints(id = "([A-Za-z0-9]{25})|default")) {
        resources(todos, constraints(id = "\\d+"));
    }
}

/// `IpRestrictor.matches?`: `request.ip =~ /192\.168\.1\.1\d\d/`, anywhere in the client's
/// address, which the server puts in the request's extensions.
fn ip_restrictor(request: &resourceful::http::request::Parts) -> bool {
    let Some(addr) = request.extensions.get::<std::net::SocketAddr>() else {
        return false;
    };
    let ip = addr.ip().to_string();
    ip.match_indices("192.168.1.1").any(|(at, found)| {
        let rest = &ip.as_bytes()[at + found.len()..];
        rest.len() >= 2 && rest[..2].iter().all(u8::is_ascii_digit)
    })
}
