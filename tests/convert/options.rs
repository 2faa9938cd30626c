// Converted from options.rb by resourceful-convert.
// with_options as Rails 2.3's routing_test.rb case test_recognize_with_conditions declares
// its people routes, then nested, around a namespace, requirements merged key by key; and
// the optional final format of test_segmentation_of_dynamic_dot_path, test_recognize_path and
// test_format_is_not_inherit.
resourceful::routes! {
    with_options(controller = "people") {
        named(people, "/people", action = "index", via = get);
        connect("/people", action = "create", via = post);
        named(person, "/people/:id", action = "show", via = get, requirements(id = "[0-9]+"));
        connect("/people/:id", action = "update", via = put, requirements(id = "[0-9]+"));
        connect("/people/:id", action = "destroy", via = delete, requirements(id = "[0-9]+"));
    }
    with_options(controller = "repositories", via = get, requirements(id = "[0-9]+")) {
        named(repository, "/projects/:id/repository", action = "show");
        with_options(requirements(id = "[0-9]{1,4}", path = "[^.]*")) {
            named(browse, "/projects/:id/repository/browse/*path", action = "browse");
        }
        namespace(admin) {
            named(repository_settings, "/projects/:id/repository/settings", action = "settings",
                  controller = "settings");
        }
    }
    connect("/books/:action.:format", controller = "books");
    connect("/news.:format", controller = "news");
}
