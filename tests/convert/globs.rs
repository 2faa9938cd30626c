// Converted from globs.rb by resourceful-convert.
// The routes of Rails 2.3's routing_test.rb cases test_paths_escaped,
// test_route_recognition_unescapes_path_components, test_route_with_regexp_and_dot and
// test_generate_with_optional_params_recalls_last_request (globs), in one table.
resourceful::routes! {
    named(path, "/file/*path", controller = "content", action = "show_file");
    connect("/raw/*path", controller = "files", action = "raw", defaults(format = "txt"));
    connect("/lib/*path", controller = "files", action = "lib", requirements(path = r".*\.rb"));
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:action/:variable/*additional");
    connect("/*anything", controller = "blog", action = "unknown_request");
}
