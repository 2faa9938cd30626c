// The port of tests/rails/routes/rails/only_except.rb: Rails 6.1's tests of `only:` and
// `except:` on resources, singular resources and scopes, and how each overrides the other.

resourceful::draw! {
    // test_resource_routes_with_only_and_except
    resources(posts, only(index, show)) {
        resources(comments, except(destroy));
    }

    // test_resource_routes_only_create_update_destroy
    resource(past, only(destroy));
    resource(present, only(update));
    resource(future, only(create));

    // test_resources_routes_only_create_update_destroy
    resources(relationships, only(create, destroy));
    resources(friendships, only(update));

    // test_resource_merges_options_from_scope, test_resources_merges_options_from_scope
    scope(only(show)) {
        resource(account);
    }
    scope(only(index, show)) {
        resources(products) {
            resources(images);
        }
    }

    // test_only_should_be_read_from_scope
    scope(only(index, show)) {
        namespace(only) {
            resources(clubs) {
                resources(players);
                resource(chairman);
            }
        }
    }

    // test_except_should_be_read_from_scope
    scope(except(new, create, edit, update, destroy)) {
        namespace(except) {
            resources(clubs) {
                resources(players);
                resource(chairman);
            }
        }
    }

    // test_only_option_should_override_scope, test_only_option_should_not_inherit,
    // test_except_option_should_override_scoped_only, test_only_scope_should_override_parent_scope,
    // test_except_scope_should_override_parent_only_scope
    scope(only(show)) {
        namespace(only) {
            resources(sectors, only(index)) {
                resources(companies) {
                    scope(only(index)) {
                        resources(divisions);
                    }
                    scope(except(show, update, destroy)) {
                        resources(departments);
                    }
                }
                resource(leader);
                resources(managers, except(show, update, destroy));
            }
        }
    }

    // test_except_option_should_override_scope, test_except_option_should_not_inherit,
    // test_only_option_should_override_scoped_except, test_except_scope_should_override_parent_scope,
    // test_only_scope_should_override_parent_except_scope
    scope(except(index)) {
        namespace(except) {
            resources(sectors, except(show, update, destroy)) {
                resources(companies) {
                    scope(except(show, update, destroy)) {
                        resources(divisions);
                    }
                    scope(only(index)) {
                        resources(departments);
                    }
                }
                resource(leader);
                resources(managers, only(index));
            }
        }
    }
}
