// Converted from best_fit.rb by resourceful-convert.
// The routes of Rails 2.3's routing_test.rb cases test_generate_not_first,
// test_default_route_should_omit_default_action and
// test_default_route_should_include_default_action_when_id_present: url_for takes the route
// that leaves the fewest given keys to the query string.
resourceful::routes! {
    connect("/time_entries/:action/:id", controller = "timelog",
            requirements(action = "edit|new"));
    connect("/time_entries/:id", controller = "timelog", action = "destroy",
            requirements(id = "[0-9]+"), via = delete);
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:action/:id");
}
