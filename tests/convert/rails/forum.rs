// Converted from forum.rb by resourceful-convert.
// A discussion forum's routes, in the style of today's open-source Rails forums: a root,
// session and registration routes with `to:`, categories and topics with nested posts,
// member/collection actions (bookmark, pin, unread), a user profile by username with
// segment constraints, a namespaced admin area with a dashboard root and moderation queue,
// redirects from legacy URLs, a search route via GET and POST, a JSON API scope with a
// format default, an optional page segment, and a catch-all for static pages.
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
            get("page/:page", action = "show", as = "page", constraints(page = "[0-9]+"));
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

// request: GET /topics/12/page/3
// request: GET /topics/top/weekly
// request: GET /topics/top/hourly
// request: DELETE /topics/12/pin
// request: DELETE /posts/5/like
// request: GET /u/jane.doe
// request: GET /u/jane.doe/activity/likes
// request: GET /api/topics/3/posts
// request: GET /t/12
// request: GET /forum/general
// request: GET /faq
// request: GET /careers
// helper: page_topic_path(12, 3)
// helper: top_topics_path(period: "monthly")
// helper: user_profile_path("jane.doe")
// helper: api_topic_posts_path(3)
// helper: page_path("privacy")
