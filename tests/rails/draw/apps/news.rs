// The port of tests/rails/routes/apps/news.rb: a link aggregator's routes.

resourceful::draw! {
    root(to = "home#index", as = "root");

    // `:via => :all` on a `get`: Rails ignores it (the route answers GET only), `draw!` refuses it.
    get("/404", to = "about#four_oh_four");

    get("/rss", to = "home#index", format = "rss");
    get("/hottest", to = "home#index", format = "json");
    get("/page/:page", to = "home#index");

    get("/active", to = "home#active");
    get("/active/page/:page", to = "home#active");
    get("/newest", to = "home#newest");
    get("/newest/page/:page", to = "home#newest");
    get("/upvoted/stories", to = "home#upvoted");
    get("/upvoted/stories/page/:page", to = "home#upvoted");
    get("/upvoted", to = redirect("/upvoted/stories"));
    get("/upvoted/page/:page", to = redirect("/upvoted/stories/page/%{page}"));

    get("/top", to = "home#top");
    get("/top/rss", to = "home#top", format = "rss");
    get("/top/page/:page", to = "home#top");
    get("/top/:length", to = "home#top");
    get("/top/:length/page/:page", to = "home#top");

    get("/login", to = "login#index");
    post("/login", to = "login#login");
    post("/logout", to = "login#logout");
    post("/login/2fa_verify", to = "login#twofa_verify", as = "twofa_login");
    match("/login/set_new_password", to = "login#set_new_password", as = "set_new_password", via = [get, post]);

    get("/t/:tag", to = "home#single_tag", as = "tag", constraints(tag = "[^,\\.]+"));
    get("/t/:tag", to = "home#multi_tag", as = "multi_tag");
    get("/t/:tag/page/:page", to = "home#tagged");

    constraints(id = "[^/]+") {
        get("/domain/:id(.:format)", to = redirect("/domains/%{id}"));
        get("/domains/:id(.:format)", to = "home#for_domain", as = "domain");
        get("/domains/:id/page/:page", to = "home#for_domain");
        resources(domains, only(create, edit, update));
    }

    get("/search", to = "search#index");
    get("/search/:q", to = "search#index");

    resources(stories, except(index)) {
        post("upvote");
        post("unvote");
        patch("destroy");
        patch("undelete");
        get("suggest");
        post("suggest", action = "submit_suggestions");
    }
    post("/stories/fetch_url_attributes", format = "json");
    post("/stories/preview", to = "stories#preview");

    resources(comments, except(new, destroy)) {
        member {
            get("reply");
            post("upvote");
            post("delete");
            post("undelete");
        }
    }
    get("/comments/page/:page", to = "comments#index");
    // `get "/comments" => "comments#index"`: the resources' index takes its requests first.

    get("/c/:id.json", to = "comments#show_short_id", format = "json");
    get("/c/:id", to = "comments#redirect_from_short_id");
    get("/s/:id/(:title)", to = "stories#show");

    get("/~:username", to = "users#show", as = "user");
    get("/~:username/standing", to = "users#standing", as = "user_standing");
    get("/~:user/stories(/page/:page)", to = "home#newest_by_user", as = "newest_by_user");
    post("/~:username/ban", to = "users#ban", as = "user_ban");

    get("/u", to = redirect("/users", status = 301));
    get("/u/:username", to = redirect("/~%{username}", status = 301));
    get("/@:username", to = redirect("/~%{username}", status = 301));
    get("/u/:username/standing", to = redirect("~%{username}/standing", status = 301));
    get("/newest/:user(/page/:page)", to = redirect("~%{user}/stories/page/%{page}", status = 302));

    get("/avatars/:username_size.png", to = "avatars#show");
    get("/avatars/:username-:size.jpg", to = "avatars#show_jpg", as = "avatar_jpg");

    resources(hat_requests, except(edit)) {
        member {
            post(update, as = "update");
            delete(delete, as = "destroy");
        }
    }
    resources(hats, except(new, update, destroy)) {
        member {
            get(doff);
            post(doff_by_user);
        }
    }

    get("/mod/notes(/:period)", to = "mod_notes#index", as = "mod_notes");
    post("/mod/notes", to = "mod_notes#create");
    get("/tags.json", to = "tags#index", format = "json");
    get("/tags/:tag_name/edit", to = "tags#edit", as = "edit_tag");
    post("/tags/:tag_name", to = "tags#update", as = "update_tag");
    get("/.well-known/keybase-proof-config", to = "keybase_proofs#kbconfig", as = "keybase_config");
}
