// Converted from targets.rb by resourceful-convert.
// The routes of Rails 2.3's routing_test.rb cases test_route_with_regexp_for_controller and
// test_route_with_regexp_and_dot: requirements on :controller and :action.
resourceful::routes! {
    resources(users, only(index));
    namespace(admin) {
        resources(users, only(index));
        resources(news_feed, only(index));
    }
    resources(content, only(index));
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:admintoken/:action/:id", requirements(controller = "admin/.+"));
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:action/:file", requirements(controller = "admin|users",
                                                       action = "upload|download",
                                                       file = r"[^/]+(\.[^/]+)?"),
            defaults(file = None));
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:action/:id");
}
