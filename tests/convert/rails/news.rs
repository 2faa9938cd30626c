// Converted from news.rb by resourceful-convert.
// A link aggregator, in the style of Lobsters' routes file: the `"path" => "c#a"` hash form
// with `:as`, `:format` and `:via` written as old-style hash keys, `get ... via: :all` (the
// verb wins), a string `format:`, pagination routes side by side, two routes of one pattern
// told apart by a constraint, a `constraints` block on `id` around resources, verb routes
// named by a string nested in `resources` (no `member`), a route with no `to:` whose action
// is its path's last segment, `(:title)` after a slash, `~:username` and `:name.png`
// segments, relative and absolute redirects with `%{}` and a status, member routes renamed
// with `as:`, and a `match` of two verbs.
resourceful::draw! {
    root(to = "home#index", as = "root");

    // NOTE: Rails ignores `via` on `get`: the route answers GET only
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
    match("/login/set_new_password", to = "login#set_new_password", as = "set_new_password",
          via = [get, post]);

    get("/t/:tag", to = "home#single_tag", as = "tag", constraints(tag = r"[^,\.]+"));
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
    // NOTE: `get "/comments" => "comments#index"` (line 74) is left out: `resources :comments`
    //       (line 65), declared before it, takes every request it could, so no request reaches it,
    //       as in Rails, which tried the routes in the same order

    get("/c/:id.json", to = "comments#show_short_id", format = "json");
    get("/c/:id", to = "comments#redirect_from_short_id");
    get("/s/:id/(:title)", to = "stories#show");

    get("/~:username", to = "users#show", as = "user");
    get("/~:username/standing", to = "users#standing", as = "user_standing");
    get("/~:user/stories(/page/:page)", to = "home#newest_by_user", as = "newest_by_user");
    post("/~:username/ban", to = "users#ban", as = "user_ban");

    get("/u", to = redirect("/users"));
    get("/u/:username", to = redirect("/~%{username}"));
    get("/@:username", to = redirect("/~%{username}"));
    get("/u/:username/standing", to = redirect("~%{username}/standing"));
    get("/newest/:user(/page/:page)",
        to = redirect("~%{user}/stories/page/%{page}", status = 302));

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
    get("/.well-known/keybase-proof-config", to = "keybase_proofs#kbconfig",
        as = "keybase_config");
}

// request: GET /404
// request: POST /404
// request: GET /rss
// request: GET /rss.json
// request: GET /hottest.json
// request: GET /t/rust
// request: GET /t/rust,go
// request: GET /t/a.b
// request: GET /domains/example.com
// request: GET /domains/example.com.json
// request: GET /domain/example.com
// request: GET /domain/example.com.rss
// request: GET /domains/example.com/edit
// request: PATCH /domains/example.com
// request: POST /stories/abc/upvote
// request: PATCH /stories/abc/destroy
// request: POST /stories/abc/suggest
// request: POST /stories/fetch_url_attributes
// request: POST /stories/fetch_url_attributes.json
// request: POST /stories/fetch_url_attributes.xml
// request: GET /c/x1.json
// request: GET /c/x1
// request: GET /s/abc
// request: GET /s/abc/
// request: GET /s/abc/some-title
// request: GET /~alice
// request: GET /~alice.json
// request: GET /~alice/stories/page/2
// request: GET /u/alice/standing
// request: GET /newest/alice/page/3
// request: GET /newest/alice
// request: GET /avatars/alice_100.png
// request: GET /avatars/alice-100.jpg
// request: GET /avatars/a-b-100.jpg
// request: POST /hat_requests/4/update
// request: DELETE /hat_requests/4/delete
// request: GET /tags.json
// request: GET /tags
// helper: tag_path("rust")
// helper: multi_tag_path("rust,go")
// helper: domain_path("example.com")
// helper: domain_path("example.com", format: "json")
// helper: edit_domain_path("a/b")
// helper: story_upvote_path("abc")
// helper: user_path("alice")
// helper: newest_by_user_path("alice", page: "2")
// helper: avatar_jpg_path(username: "a-b", size: "100")
// helper: update_hat_request_path("4")
// helper: destroy_hat_request_path("4")
// helper: mod_notes_path(period: "week")
// url_for: controller: "home", action: "index", page: "2"
// url_for: controller: "home", action: "top", length: "1w", page: "2"
// url_for: controller: "stories", action: "show", id: "abc", title: "hello"
// url_for: controller: "stories", action: "fetch_url_attributes"
// url_for: controller: "home", action: "index", format: "rss"
// url_for: controller: "home", action: "index", format: "json"
// url_for: controller: "home", action: "index", format: "xml"
// url_for: controller: "home", action: "top", format: "rss", length: "1w"
// url_for: controller: "home", action: "top", length: "1w"
// url_for: controller: "/comments", action: "index", page: "2"
// url_for: controller: "comments", action: "show_short_id", id: "x1", format: "json"
// url_for: controller: "comments", action: "show_short_id", id: "x1"
// url_for: controller: "domains", action: "update", id: "a.b"
// request: PROPFIND /404
