// The port of tests/rails/routes/apps/moves.rb: redirects of every form Rails takes without a
// block.

resourceful::draw! {
    constraints(host = "old.example.com") {
        get("(*path)", to = redirect(host = "new.example.com"), format = false);
    }
    constraints(subdomain = "insecure") {
        get("(*path)", to = redirect(protocol = "https", subdomain = "secure", port = 8443), format = false);
    }
    get("docs", to = redirect("/docs/"));
    get("wiki/*page", to = redirect("/kb/%{page}", status = 308));
    get("find/:q", to = redirect("/search?q=%{q}&src=old", status = 303));
    get("tag/:name", to = redirect(path = "/tags/%{name}", status = 307));
    get("blog/:slug", to = redirect(subdomain = "blog", path = "/%{slug}"));
    get("shop", to = redirect(domain = "shop.example.org", path = "/", status = 302));
    get("legacy/:id(.:format)", to = redirect("/items/%{id}"));
    get("kb/*page", to = "kb#show");
    get("search", to = "search#index");
}
