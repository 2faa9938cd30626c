// The port of tests/rails/routes/rails/projects_members.rb: Rails 6.1's tests of resources
// renamed with `as:`, `nested` with a dynamic scope inside, several member and collection
// actions at once, and resources nested in nested resources.

resourceful::draw! {
    // test_project_manager, test_project_images, test_projects_people, test_projects_posts
    resources(projects) {
        resource(manager, as = "super_manager") {
            post(fire);
        }
        resources(images, as = "funny_images") {
            post(revise, on = member);
        }
        resources(people) {
            nested {
                scope("/:access_token") {
                    resource(avatar);
                }
            }
            member {
                put(accessible_projects);
                post(resend, generate_new_password);
            }
        }
        resources(posts) {
            get(archive, toggle_view, on = collection);
            post(preview, on = member);
            resource(subscription);
            resources(comments) {
                post(preview, on = collection);
            }
        }
    }
}
