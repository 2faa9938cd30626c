// Converted from projects_members.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// a singular resource renamed with `as:` and a member route; resources renamed with `as:`;
// `nested` with a dynamic scope inside; several member and collection actions given at once;
// a singular resource and resources nested in nested resources.
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

// request: GET /projects/1/manager
// request: GET /projects/1/manager/new
// request: POST /projects/1/manager/fire
// request: GET /projects/1/images
// request: GET /projects/1/images/new
// request: POST /projects/1/images/1/revise
// request: GET /projects/1/people
// request: GET /projects/1/people/1
// request: GET /projects/1/people/1/7a2dec8/avatar
// request: PUT /projects/1/people/1/accessible_projects
// request: POST /projects/1/people/1/resend
// request: POST /projects/1/people/1/generate_new_password
// request: GET /projects/1/posts
// request: GET /projects/1/posts/archive
// request: GET /projects/1/posts/toggle_view
// request: POST /projects/1/posts/1/preview
// request: GET /projects/1/posts/1/subscription
// request: GET /projects/1/posts/1/comments
// request: POST /projects/1/posts/1/comments/preview
// helper: project_super_manager_path(project_id: "1")
// helper: new_project_super_manager_path(project_id: "1")
// helper: fire_project_super_manager_path(project_id: "1")
// helper: project_funny_images_path(project_id: "1")
// helper: new_project_funny_image_path(project_id: "1")
// helper: revise_project_funny_image_path(project_id: "1", id: "1")
// helper: project_people_path(project_id: "1")
// helper: project_person_path(project_id: "1", id: "1")
// helper: project_person_avatar_path(project_id: "1", person_id: "1", access_token: "7a2dec8")
// helper: accessible_projects_project_person_path(project_id: "1", id: "1")
// helper: resend_project_person_path(project_id: "1", id: "1")
// helper: generate_new_password_project_person_path(project_id: "1", id: "1")
// helper: project_posts_path(project_id: "1")
// helper: archive_project_posts_path(project_id: "1")
// helper: toggle_view_project_posts_path(project_id: "1")
// helper: preview_project_post_path(project_id: "1", id: "1")
// helper: project_post_subscription_path(project_id: "1", post_id: "1")
// helper: project_post_comments_path(project_id: "1", post_id: "1")
// helper: preview_project_post_comments_path(project_id: "1", post_id: "1")
