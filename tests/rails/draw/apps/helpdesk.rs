// The port of tests/rails/routes/apps/helpdesk.rb: a customer support inbox's routes.
// `BotServer`, the mounted Rack app, is bound at run time.

resourceful::draw! {
    root(to = "dashboard#index");

    get("/app", to = "dashboard#index");
    get("/app/accounts/:account_id/settings/inboxes/new/:inbox_id/agents", to = "dashboard#index", as = "app_inbox_agents");
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

    mount("bot", as = "bot");
    post("webhooks/:provider", to = "webhooks#process_payload", constraints(provider = "line|telegram|sms"));
    get("webhooks/twitter", to = "api/v1/webhooks#twitter_crc");
}
