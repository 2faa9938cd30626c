// The port of tests/rails/routes/rails/resources_path_names.rb: Rails 6.1's
// test_projects_with_resources_path_names, `resources_path_names` renaming a collection
// action's path for every resource after it.

resourceful::draw! {
    // test_projects_with_resources_path_names
    resources_path_names(correlation_indexes = "info_about_correlation_indexes");

    resources(projects) {
        get(correlation_indexes, on = collection);
    }
}
