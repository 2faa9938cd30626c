// Converted from only_except.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// `only:` and `except:` on resources and singular resources, given on a scope and inherited
// by the resources in it, overridden by a resource's own option (which its children do not
// inherit), and overridden again by a nested scope.
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

// request: GET /posts
// request: GET /posts/1
// request: GET /posts/1/comments
// request: POST /posts
// request: PUT /posts/1
// request: DELETE /posts/1
// request: DELETE /posts/1/comments
// request: DELETE /past
// request: PATCH /present
// request: PUT /present
// request: POST /future
// request: POST /relationships
// request: DELETE /relationships/1
// request: PATCH /friendships/1
// request: PUT /friendships/1
// request: GET /account/new
// request: GET /products/1/edit
// request: POST /products/1/images/2/edit
// request: GET /only/clubs
// request: GET /only/clubs/1/edit
// request: GET /only/clubs/1/players
// request: GET /only/clubs/1/players/2/edit
// request: GET /only/clubs/1/chairman
// request: GET /only/clubs/1/chairman/edit
// request: GET /except/clubs
// request: GET /except/clubs/1/edit
// request: GET /except/clubs/1/players
// request: GET /except/clubs/1/players/2/edit
// request: GET /except/clubs/1/chairman
// request: GET /except/clubs/1/chairman/edit
// request: GET /only/sectors
// request: GET /only/sectors/1
// request: GET /only/sectors/1/companies/2
// request: GET /only/sectors/1/leader
// request: GET /only/sectors/1/managers
// request: GET /only/sectors/1/managers/2
// request: GET /only/sectors/1/companies/2/divisions
// request: GET /only/sectors/1/companies/2/divisions/3
// request: GET /only/sectors/1/companies/2/departments
// request: GET /only/sectors/1/companies/2/departments/3
// request: GET /except/sectors
// request: GET /except/sectors/1
// request: GET /except/sectors/1/companies/2
// request: GET /except/sectors/1/leader
// request: GET /except/sectors/1/managers
// request: GET /except/sectors/1/managers/2
// request: GET /except/sectors/1/companies/2/divisions
// request: GET /except/sectors/1/companies/2/divisions/3
// request: GET /except/sectors/1/companies/2/departments
// request: GET /except/sectors/1/companies/2/departments/3
// helper: posts_path
// helper: post_path(id: 1)
// helper: post_comments_path(post_id: 1)
// helper: past_path
// helper: present_path
// helper: future_path
// helper: relationships_path
// helper: relationship_path(1)
// helper: friendship_path(1)
// helper: only_clubs_path
// helper: only_club_players_path(club_id: "1")
// helper: only_club_chairman_path(club_id: "1")
// helper: except_clubs_path
// helper: except_club_players_path(club_id: "1")
// helper: except_club_chairman_path(club_id: "1")
// helper: only_sectors_path
// helper: only_sector_company_path(sector_id: "1", id: "2")
// helper: only_sector_leader_path(sector_id: "1")
// helper: only_sector_managers_path(sector_id: "1")
// helper: only_sector_company_divisions_path(sector_id: "1", company_id: "2")
// helper: only_sector_company_departments_path(sector_id: "1", company_id: "2")
// helper: except_sectors_path
// helper: except_sector_company_path(sector_id: "1", id: "2")
// helper: except_sector_leader_path(sector_id: "1")
// helper: except_sector_managers_path(sector_id: "1")
// helper: except_sector_company_divisions_path(sector_id: "1", company_id: "2")
// helper: except_sector_company_departments_path(sector_id: "1", company_id: "2")
