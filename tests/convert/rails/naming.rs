// Converted from naming.rb by resourceful-convert.
// Made up to probe the names Rails gives routes, which a port's helpers must be called by:
// nested params and names under a resource renamed with `as:` (and with `param:`), singular
// resources renamed, `as:` on scopes around renamed resources, names made from paths with
// dashes, dots, digits, several segments and dynamic segments, collection and member routes
// given paths, and the `match` shorthand that takes its controller and action from the path.
resourceful::draw! {
    resources(posts, as = "articles") {
        resources(comments, only(index, show));
        get(preview, on = member);
    }
    resources(people, param = "slug", as = "members", only(show)) {
        resources(notes, only(index));
    }
    resource(account, as = "me", only(show)) {
        resources(keys, only(index));
    }
    scope(as = "v2") {
        resources(posts, as = "entries", path = "entries", only(index));
        root(to = "home#v2");
    }
    get("users/sign_out", to = "sessions#destroy");
    resources(users, only(show)) {
        get("profile/edit", on = member);
        get("stats/daily", on = collection);
        get("export.csv", on = collection, action = "export");
    }
    get("sign-in", to = "sessions#new");
    get("2fa", to = "two_factor#show");
    get(".well-known/change-password", to = "passwords#edit");
    get("drafts/:id/preview", to = "previews#show");
    get("help/faq", to = "help#faq");
    match("reports/weekly-summary", via = get);
    post("webhooks/stripe");
    namespace(admin) {
        get("stats/daily-active");
        resources(posts, as = "entries", only(index)) {
            resources(revisions, only(index));
        }
    }
}

// request: GET /posts/1/comments/2
// request: GET /posts/1/preview
// request: GET /people/jane/notes
// request: GET /account/keys
// request: GET /entries
// request: GET /users/1/profile/edit
// request: GET /users/stats/daily
// request: GET /users/export.csv
// request: GET /reports/weekly-summary
// request: POST /webhooks/stripe
// request: GET /admin/stats/daily-active
// request: GET /admin/posts/1/revisions
// helper: article_comments_path("1")
// helper: preview_article_path("1")
// helper: member_notes_path("jane")
// helper: me_keys_path
// helper: v2_entries_path
// helper: v2_root_path
