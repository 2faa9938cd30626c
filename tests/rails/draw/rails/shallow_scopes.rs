// The port of tests/rails/routes/rails/shallow_scopes.rb: Rails 6.1's tests of how a scope's
// `path:`, `as:`, `shallow_path:` and `shallow_prefix:` reach shallow routes and do not reach
// the others.

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
            // The shallow member routes of these comments, `/comments/:id(.:format)` and
            // `/comments/:id/edit(.:format)` → `comments#show`, `#edit`, `#update`, `#destroy`
            // (line 30), are left out: the same routes of `scope as: "foo"`'s comments (line
            // 23), drawn before them, take every request they could answer, so they would never
            // be reached. Rails still names them `bar_comment` and `edit_bar_comment`.
            resources(comments, shallow, only(index, create, new));
        }
    }

    // test_scope_shallow_path_is_not_overwritten_by_path
    scope(path = "baz", shallow_path = "qux") {
        resources(stories) {
            resources(replies, shallow);
        }
    }
}
