// Converted from route_defaults.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// TestRouteDefaults (an extra option on resources is a default `url_for` must be given; one
// in `defaults:` is not) and custom `param:` names on resources, constrained, and on shallow
// nested resources with a constraint from a block (test_custom_param,
// test_custom_param_constraint, test_shallow_custom_param).
resourceful::draw! {
    // test_route_options_are_required_for_url_for, test_route_defaults_are_not_required_for_url_for
    resources(posts, defaults(bucket_type = "post"));
    resources(projects, defaults(bucket_type = "project"));

    // test_custom_param
    resources(profiles, param = "username") {
        get(details, on = member);
        resources(messages);
    }

    // test_custom_param_constraint
    resources(accounts, param = "username", constraints(username = "[a-z]+")) {
        get(details, on = member);
        resources(messages);
    }

    // test_shallow_custom_param
    resources(orders) {
        constraints(download = "[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}") {
            resources(downloads, param = "download", shallow);
        }
    }
}

// request: GET /posts/1
// request: GET /projects/1
// request: GET /profiles/bob
// request: GET /profiles/bob/details
// request: GET /profiles/bob/messages/34
// request: GET /accounts/bob1
// request: GET /accounts/bob1/details
// request: GET /accounts/bob1/messages/34
// request: GET /downloads/0c0c0b68-d24b-11e1-a861-001ff3fffe6f.zip
// url_for: controller: "posts", action: "show", id: 1
// url_for: controller: "posts", action: "show", id: 1, bucket_type: "post"
// url_for: controller: "projects", action: "show", id: 1
