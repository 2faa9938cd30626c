// The port of tests/rails/routes/apps/naming.rb: the names Rails gives routes.

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
