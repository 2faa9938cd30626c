// Converted from social.rb by resourceful-convert.
// A federated social network, in the style of Mastodon's routes file: `.well-known`
// routes with a default format, a redirect constrained to a format, a resource whose
// `param` and `path` differ from its name with verb routes `to:` another controller nested
// in it (not in a member), `controller:` given as a symbol, singular resources nested in
// plural ones, `resources ... only: []` as a mere prefix, a namespace constrained to one
// format, verb routes named by a symbol inside a namespace, `/@:username` segments after a
// literal, an optional glob, mounts `at:` with `as:`, `root` last but one, and a catch-all
// `match ... via: :all, format: false`.
resourceful::draw! {
    // TODO: Rails mounted the Rack app `JobsWeb` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("sidekiq", as = "sidekiq");

    get(".well-known/host-meta", to = "well_known/host_meta#show", as = "host_meta",
        defaults(format = "xml"));
    get(".well-known/webfinger", to = "well_known/webfinger#show", as = "webfinger");
    get(".well-known/nodeinfo", to = "well_known/nodeinfo#index", as = "nodeinfo",
        defaults(format = "json"));

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

// request: GET /users/alice
// request: GET /users/alice.html
// request: GET /users/alice.json
// request: GET /users/alice/updates/3/embed
// request: GET /users/alice/remote_follow
// request: POST /users/alice/remote_follow
// request: GET /users/alice/following
// request: GET /@alice
// request: GET /@alice.json
// request: GET /@alice/109
// request: GET /@alice/109/embed
// request: GET /@
// request: GET /settings/exports/follows.csv
// request: GET /settings/exports/follows
// request: GET /settings/exports/follows.json
// request: POST /api/v1/statuses/5/unreblog
// request: GET /api/v1/statuses/5/reblogged_by
// request: GET /api/v1/accounts/verify_credentials
// request: GET /web
// request: GET /web/
// request: GET /web/timelines/home
// request: GET /web/a.b
// request: DELETE /sidekiq/queues/default
// request: GET /sidekiq
// request: GET /.well-known/host-meta
// request: GET /media/3/player
// request: DELETE /anything/else.json
// helper: short_account_path("alice")
// helper: short_account_status_path(account_username: "alice", id: "7", format: "json")
// helper: account_remote_follow_path("alice")
// helper: account_follow_path("alice")
// helper: medium_player_path("3")
// helper: web_path
// helper: web_path(any: "a/b")
// helper: api_v1_status_unreblog_path("5")
// helper: api_v1_accounts_verify_credentials_path
// helper: settings_exports_follows_path(format: "csv")
// helper: admin_user_two_factor_authentication_path("9")
// url_for: controller: "accounts", action: "show", username: "alice"
// url_for: controller: "home", action: "index", any: "x/y"
// url_for: controller: "settings/exports/following_accounts", action: "index", format: "csv"
