// The port of tests/rails/routes/apps/forum.rb: a discussion forum's routes.

resourceful::draw! {
    root(to = "categories#index");

    get("login", to = "sessions#new", as = "login");
    post("login", to = "sessions#create");
    delete("logout", to = "sessions#destroy", as = "logout");
    get("signup", to = "users#new", as = "signup");
    resource(password_reset, only(new, create, edit, update));

    resources(categories, only(index, show), param = "slug") {
        resources(topics, only(index, new, create));
    }

    resources(topics, except(index, new, create)) {
        member {
            put(pin);
            delete(pin, action = "unpin");
            post(bookmark);
            get("page/:page", action = "show", as = "page", constraints(page = "\\d+"));
        }
        collection {
            get(unread);
            get(latest);
            get("top(/:period)", action = "top", as = "top",
                constraints(period = "daily|weekly|monthly|yearly"));
        }
        resources(posts, only(create, edit, update, destroy), shallow) {
            post(like, on = member);
            delete(like, on = member, action = "unlike");
        }
    }

    get("u/:username", to = "users#show", as = "user_profile",
        constraints(username = "[A-Za-z0-9_.-]+"));
    get("u/:username/activity(/:filter)", to = "users#activity", as = "user_activity");
    resources(notifications, only(index, destroy)) {
        patch(read_all, on = collection);
    }

    match("search", to = "search#show", via = [get, post]);

    namespace(admin) {
        root(to = "dashboard#show");
        resources(users, only(index, show, update)) {
            member {
                post(suspend);
                post(unsuspend);
            }
        }
        resources(reports, only(index, show)) {
            patch(resolve, on = member);
        }
        resource(settings, only(show, update));
    }

    scope("api", module = "api", as = "api", defaults(format = "json")) {
        resources(topics, only(index, show)) {
            resources(posts, only(index));
        }
        get("me", to = "users#me");
    }

    get("t/:id", to = redirect("/topics/%{id}"));
    get("forum/:slug", to = redirect("/categories/%{slug}", status = 302));
    get("feed", to = "topics#latest", defaults(format = "rss"));

    get("*page", to = "pages#show", as = "page",
        constraints(page = "about|faq|guidelines|privacy"));
}
