// The port of tests/rails/routes/rails/glob_redirect.rb: Rails 6.1's TestGlobRoutingMapper,
// a constrained glob at the root, redirected, before a plain route it must not swallow.

resourceful::draw! {
    // test_glob_constraint, test_glob_constraint_skip_route, test_glob_constraint_skip_all
    get("/*id", to = redirect("/not_cars"), constraints(id = "dummy"));
    get("/cars", to = "cars#index");
}
