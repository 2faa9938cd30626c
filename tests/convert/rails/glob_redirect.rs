// Converted from glob_redirect.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// TestGlobRoutingMapper, a glob at the root constrained by a regexp and redirected, before a
// plain route it must not swallow.
resourceful::draw! {
    // test_glob_constraint, test_glob_constraint_skip_route, test_glob_constraint_skip_all
    get("/*id", to = redirect("/not_cars"), constraints(id = "dummy"));
    get("/cars", to = "cars#index");
}

// request: GET /dummy
// request: GET /cars
// request: GET /missing
