// The port of tests/rails/routes/rails/shallow.rb: Rails 6.1's tests of shallow nesting from
// `shallow` blocks and from `shallow: true`, deep nesting, shallow member routes, a scope's
// module and a namespace's path around shallow routes.

resourceful::draw! {
    // test_shallow_nested_resources
    shallow {
        namespace(api) {
            resources(teams) {
                resources(players);
                resource(captain);
            }
        }
    }

    resources(threads, shallow) {
        resource(owner);
        resources(messages) {
            resources(comments) {
                member {
                    post(preview);
                }
            }
        }
    }

    // test_shallow_nested_resources_inside_resource
    resource(membership, shallow) {
        resources(cards);
    }

    // test_shallow_deeply_nested_resources
    resources(blogs) {
        resources(posts) {
            resources(remarks, shallow);
        }
    }

    // test_direct_children_of_shallow_resources
    resources(sites) {
        resources(pages, shallow) {
            resources(notices);
        }
    }

    // test_shallow_nested_resources_within_scope
    scope("/hello") {
        shallow {
            resources(notes) {
                resources(trackbacks);
            }
        }
    }

    // test_shallow_option_nested_resources_within_scope
    scope("/bye") {
        resources(memos, shallow) {
            resources(pings);
        }
    }

    // test_shallow_nested_routes_ignore_module
    scope(module = "api") {
        resources(errors, shallow) {
            resources(reports);
        }
    }

    // test_shallow_path_inside_namespace_is_not_added_twice
    namespace(admin) {
        shallow {
            resources(posts) {
                resources(comments);
            }
        }
    }
}
