// Converted from shallow_scopes.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// how a scope's `path:`, `as:`, `shallow_path:` and `shallow_prefix:` reach shallow routes,
// and that they do not reach the routes that are not shallow.
resourceful::draw! {
    // test_shallow_path_and_prefix_are_not_added_to_non_shallow_routes
    scope(shallow_path = "projects", shallow_prefix = "project") {
        resources(projects) {
            resources(files, controller = "project_files", shallow);
        }
    }

    // test_scope_path_is_copied_to_shallow_path
    scope(path = "foo") {
        resources(posts) {
            resources(comments, shallow);
        }
    }

    // test_scope_as_is_copied_to_shallow_prefix
    scope(as = "foo") {
        resources(articles) {
            resources(comments, shallow);
        }
    }

    // test_scope_shallow_prefix_is_not_overwritten_by_as
    scope(as = "foo", shallow_prefix = "bar") {
        resources(entries) {
            // NOTE: left out of the resource, as no request reaches them: `resources :comments`
            //       (line 23) takes every request `GET /comments/:id/edit(.:format)` →
            //       `comments#edit`, `GET /comments/:id(.:format)` → `comments#show`, `PATCH
            //       /comments/:id(.:format)` → `comments#update`, `PUT /comments/:id(.:format)`
            //       → `comments#update` and `DELETE /comments/:id(.:format)` →
            //       `comments#destroy` could, as in Rails, which tried the routes in the same
            //       order; `edit_bar_comment_path` and `bar_comment_path` go with them
            resources(comments, shallow, except(edit, show, update, destroy));
        }
    }

    // test_scope_shallow_path_is_not_overwritten_by_path
    scope(path = "baz", shallow_path = "qux") {
        resources(stories) {
            resources(replies, shallow);
        }
    }
}

// request: GET /projects/1/files
// request: POST /projects/1/files
// request: GET /projects/files/2
// request: PATCH /projects/files/2
// request: GET /foo/comments/1
// request: GET /comments/1
// request: GET /qux/replies/1
// helper: projects_path
// helper: project_files_path("1")
// helper: new_project_file_path("1")
// helper: project_file_path("2")
// helper: edit_project_file_path("2")
// helper: comment_path("1")
// helper: foo_comment_path("1")
// helper: bar_comment_path("1")
// helper: reply_path("1")
