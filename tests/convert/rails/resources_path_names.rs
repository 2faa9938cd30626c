// Converted from resources_path_names.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// `resources_path_names` renaming a collection action's path for every resource after it.
resourceful::draw! {
    // test_projects_with_resources_path_names
    resources_path_names(correlation_indexes = "info_about_correlation_indexes");

    resources(projects) {
        get(correlation_indexes, on = collection);
    }
}

// request: GET /projects/info_about_correlation_indexes
// helper: correlation_indexes_projects_path
