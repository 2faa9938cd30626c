// The port of tests/rails/routes/apps/social.rb: a federated social network's routes.
// `JobsWeb`, the mounted Rack app, is bound at run time.

resourceful::draw! {
    mount("sidekiq", as = "sidekiq");

    get(".well-known/host-meta", to = "well_known/host_meta#show", as = "host_meta", defaults(format = "xml"));
    get(".well-known/webfinger", to = "well_known/webfinger#show", as = "webfinger");
    get(".well-known/nodeinfo", to = "well_known/nodeinfo#index", as = "nodeinfo", defaults(format = "json"));

    get("/users/:username", to = redirect("/@%{username}"), constraints(format = "html"));

    resources(accounts, path = "users", only(show), param = "username") {
        resources(statuses, path = "updates", only(show)) {
            member {
                get(embed);
                get(activity);
            }
        }

        get(remote_follow, to = "remote_follow#new");
        post(remote_follow, to = "remote_follow#create");

        resources(followers, only(index), controller = "follower_accounts");
        resources(following, only(index), controller = "following_accounts");
        resource(follow, only(create), controller = "account_follow");
        resource(unfollow, only(create), controller = "account_unfollow");
        resource(outbox, only(show), module = "activitypub");
        resources(collections, only(show), module = "activitypub");
    }

    get("/@:username", to = "accounts#show", as = "short_account");
    get("/@:username/with_replies", to = "accounts#show", as = "short_account_with_replies");
    get("/@:account_username/:id", to = "statuses#show", as = "short_account_status");
    get("/@:account_username/:id/embed", to = "statuses#embed", as = "embed_short_account_status");

    namespace(settings) {
        resource(profile, only(show, update));
        resource(preferences, only(show, update));
        resource(export, only(show, create));
        namespace(exports, constraints(format = "csv")) {
            resources(follows, only(index), controller = "following_accounts");
            resources(blocks, only(index), controller = "blocked_accounts");
        }

        resource(two_factor_authentication, only(show, create, destroy));
        namespace(two_factor_authentication) {
            resources(recovery_codes, only(create));
            resource(confirmation, only(new, create));
        }
    }

    resources(media, only(show)) {
        get(player);
    }
    resources(tags, only(show));

    namespace(admin) {
        resources(reports, only(index, show)) {
            resources(reported_statuses, only(create));
            member {
                post(assign_to_self);
                post(resolve);
            }
        }
        resources(accounts, only(index, show)) {
            resource(reset, only(create));
            resource(silence, only(create, destroy));
            resource(confirmation, only(create));
        }
        resources(users, only()) {
            resource(two_factor_authentication, only(destroy));
        }
    }

    get("/admin", to = redirect("/admin/reports", status = 302));

    namespace(api) {
        post("/push", to = "push#update", as = "push");
        get("/oembed", to = "oembed#show", as = "oembed");

        namespace(v1) {
            resources(statuses, only(create, show, destroy)) {
                scope(module = "statuses") {
                    resources(reblogged_by, controller = "reblogged_by_accounts", only(index));
                    resource(reblog, only(create));
                    post(unreblog, to = "reblogs#destroy");
                }
                member {
                    get(context);
                }
            }

            namespace(timelines) {
                resource(home, only(show), controller = "home");
                resources(tag, only(show));
            }

            namespace(accounts) {
                get(verify_credentials, to = "credentials#show");
                patch(update_credentials, to = "credentials#update");
                resource(search, only(show), controller = "search");
            }
            resources(accounts, only(create, show)) {
                resources(statuses, only(index), controller = "accounts/statuses");
                member {
                    post(follow);
                    post(unfollow);
                }
            }
        }
    }

    get("/web/(*any)", to = "home#index", as = "web");
    get("/about", to = "about#show");
    get("/about/more", to = "about#more");

    root(to = "home#index");

    match("*unmatched_route", via = all, to = "application#raise_not_found", format = false);
}
