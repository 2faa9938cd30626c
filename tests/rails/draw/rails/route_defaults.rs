// The port of tests/rails/routes/rails/route_defaults.rb: Rails 6.1's TestRouteDefaults and
// the custom `param:` tests. A constraint given inline as an option (`username: /[a-z]+/`) is
// written in `constraints(...)`. An option that is neither a constraint nor a key of the path
// (`bucket_type: "post"`) is, in Rails, a default that `url_for` must be given; `draw!` takes
// no such option (an unknown option is an error, not a default), so it is written as a
// default, which `url_for` need not be given.

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
