// Converted from helpdesk.rb by resourceful-convert.
// A customer support inbox, in the style of Chatwoot's routes file: a JSON API in
// `namespace :api, defaults: { format: "json" }` whose resources nest `scope module:` blocks
// (symbols and strings) holding namespaces, singular resources and further resources;
// `member`/`collection` blocks beside `on:` options; `delete ..., on: :member, action:`;
// a namespace with its own `root`; a public scope with `module:` and `as:`; nested
// namespaces that hold only a singular resource; front-end routes to one action under long
// static paths; a mount `at:` with `as:`; and a glob with a format refused.
resourceful::draw! {
    root(to = "dashboard#index");

    get("/app", to = "dashboard#index");
    get("/app/accounts/:account_id/settings/inboxes/new/:inbox_id/agents", to = "dashboard#index",
        as = "app_inbox_agents");
    get("/app/*params", to = "dashboard#index", format = false);

    namespace(api, defaults(format = "json")) {
        namespace(v1) {
            resource(profile, only(show, update)) {
                delete(avatar, on = collection);
                post(availability);
            }

            resources(accounts, only(create, show, update)) {
                member {
                    post(update_active_at);
                }

                scope(module = "accounts") {
                    namespace(actions) {
                        resource(contact_merge, only(create));
                    }
                    resources(agents, only(index, create, update, destroy)) {
                        post(bulk_create, on = collection);
                    }
                    resources(canned_responses, except(show, edit, new));
                    resources(conversations, only(index, create, show, update)) {
                        collection {
                            get(meta);
                            get(search);
                            post(filter);
                        }
                        scope(module = "conversations") {
                            resources(messages, only(index, create, destroy)) {
                                member {
                                    post(translate);
                                    post(retry);
                                }
                            }
                            resources(assignments, only(create));
                            resource(participants, only(show, create, update, destroy));
                            resource(direct_uploads, only(create));
                        }
                        member {
                            post(mute);
                            post(toggle_status);
                            post(custom_attributes);
                            get(attachments);
                        }
                    }
                    resources(contacts, only(index, show, update, create, destroy)) {
                        collection {
                            get(active);
                            post(import);
                        }
                        member {
                            get(contactable_inboxes);
                            delete(avatar);
                        }
                        scope(module = "contacts") {
                            resources(conversations, only(index));
                            resources(contact_inboxes, only(create));
                            resources(notes);
                        }
                    }
                    resources(inboxes, only(index, show, create, update, destroy)) {
                        get(agent_bot, on = member);
                        post(set_agent_bot, on = member);
                        delete(avatar, on = member);
                    }
                }
            }
        }

        namespace(v2) {
            resources(accounts, only()) {
                resources(reports, only(index)) {
                    collection {
                        get(summary);
                        get(agents);
                    }
                }
            }
        }
    }

    namespace(twitter) {
        resource(callback, only(show));
    }

    namespace(super_admin) {
        root(to = "dashboard#index");
        resources(accounts, only(index, new, create, show, edit, update)) {
            post(seed, on = member);
        }
        resources(users, only(index, new, create, show, edit, update, destroy)) {
            delete(avatar, on = member, action = "destroy_avatar");
        }
        resource(app_config, only(show, create));
    }

    scope(module = "public", as = "public") {
        get("hc/:slug", to = "portals#show", as = "portal");
        get("hc/:slug/:locale", to = "portals#show", as = "portal_locale");
        get("hc/:slug/:locale/articles/:article_slug", to = "articles#show", as = "article");
        resources(inboxes, only()) {
            resources(contacts, only(create, show, update)) {
                resources(conversations, only(index, create));
            }
        }
    }

    // TODO: Rails mounted the Rack app `BotServer` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("bot", as = "bot");
    post("webhooks/:provider", to = "webhooks#process_payload",
         constraints(provider = "line|telegram|sms"));
    get("webhooks/twitter", to = "api/v1/webhooks#twitter_crc");
}

// request: GET /app/accounts/1/conversations/2
// request: GET /app/accounts/1/settings/inboxes/new/3/agents
// request: GET /app/a.json
// request: GET /api/v1/accounts/1/conversations/meta
// request: GET /api/v1/accounts/1/conversations/2/messages
// request: POST /api/v1/accounts/1/conversations/2/messages/3/translate
// request: PATCH /api/v1/accounts/1/conversations/2/participants
// request: POST /api/v1/accounts/1/actions/contact_merge
// request: DELETE /api/v1/accounts/1/contacts/4/avatar
// request: GET /api/v1/accounts/1/contacts/4/notes/5
// request: DELETE /api/v1/profile/avatar
// request: POST /api/v1/profile/availability
// request: GET /api/v2/accounts/1/reports/summary
// request: DELETE /super_admin/users/3/avatar
// request: GET /super_admin
// request: GET /hc/docs/en/articles/getting-started
// request: POST /inboxes/abc/contacts/x/conversations
// request: POST /bot/hook
// request: POST /webhooks/telegram
// request: GET /webhooks/twitter
// request: POST /webhooks/twitter
// helper: api_v1_account_conversation_messages_path("1", "2")
// helper: translate_api_v1_account_conversation_message_path("1", "2", "3")
// helper: api_v1_account_actions_contact_merge_path("1")
// helper: avatar_api_v1_profile_path
// helper: availability_api_v1_profile_path
// helper: avatar_super_admin_user_path("3")
// helper: public_article_path(slug: "docs", locale: "en", article_slug: "start")
// helper: public_inbox_contact_conversations_path("abc", "x")
// helper: app_inbox_agents_path(account_id: "1", inbox_id: "2")
// url_for: controller: "api/v1/accounts/conversations/messages", action: "index", account_id: "1", conversation_id: "2"
// url_for: controller: "dashboard", action: "index", params: "a/b"
