// The port of tests/rails/routes/rails/projects.rb: Rails 6.1's tests of resources with
// `controller:`, several nested at once, collection routes inside nested resources and a
// singular resource with `controller:` two levels down.

resourceful::draw! {
    // test_projects, test_projects_involvements, test_projects_attachments,
    // test_projects_participants, test_projects_companies
    resources(projects, controller = "project") {
        resources(involvements, attachments);
        resources(participants) {
            put(update_all, on = collection);
        }
        resources(companies) {
            resources(people);
            resource(avatar, controller = "avatar");
        }
    }
}
