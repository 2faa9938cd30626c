// Converted from shallow.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// shallow nesting from a `shallow` block (around a namespace and inside a scope), from
// `shallow: true` on resources and on a singular resource, deep nesting with shallow at the
// bottom, direct children of a shallow resource, the shallow member routes, shallow routes
// that ignore a scope's module, and a namespace's path not doubled by `shallow`.
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

// request: GET /api/teams
// request: GET /api/teams/new
// request: GET /api/teams/1
// request: GET /api/teams/1/edit
// request: GET /api/teams/1/players
// request: GET /api/teams/1/players/new
// request: GET /api/players/2
// request: GET /api/players/2/edit
// request: GET /api/teams/1/captain
// request: GET /api/teams/1/captain/new
// request: GET /api/teams/1/captain/edit
// request: GET /threads/1/owner
// request: GET /threads/1/messages
// request: GET /messages/2
// request: GET /messages/2/comments
// request: GET /comments/3
// request: POST /comments/3/preview
// request: GET /membership/cards
// request: POST /membership/cards
// request: GET /cards/1
// request: PATCH /cards/1
// request: DELETE /cards/1
// request: GET /remarks/1
// request: POST /pages/1/notices
// request: GET /pages/2/notices/new
// request: GET /hello/notes/1/trackbacks
// request: GET /hello/notes/1/edit
// request: GET /hello/trackbacks/1
// request: PUT /hello/trackbacks/1
// request: DELETE /hello/trackbacks/1
// request: GET /bye/memos/1/pings
// request: GET /bye/pings/1
// request: GET /errors/1/reports
// request: GET /reports/1
// request: GET /admin/posts/1/comments
// helper: api_team_path(id: "1")
// helper: api_team_players_path(team_id: "1")
// helper: api_player_path(id: "2")
// helper: edit_api_player_path(id: "2")
// helper: api_team_captain_path(team_id: "1")
// helper: thread_owner_path(thread_id: "1")
// helper: message_path(id: "2")
// helper: message_comments_path(message_id: "2")
// helper: comment_path(id: "3")
// helper: preview_comment_path(id: "3")
// helper: membership_cards_path
// helper: new_membership_card_path
// helper: card_path("1")
// helper: remark_path("1")
// helper: new_blog_post_remark_path(blog_id: 1, post_id: 2)
// helper: page_notices_path("1")
// helper: new_page_notice_path("2")
// helper: note_trackbacks_path(note_id: 1)
// helper: trackback_path(id: "1")
// helper: new_note_path
// helper: memo_pings_path(memo_id: 1)
// helper: ping_path(id: "1")
// helper: error_reports_path(error_id: "1")
// helper: report_path(id: "1")
// helper: admin_post_comments_path("1")
