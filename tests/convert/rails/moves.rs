// Converted from moves.rb by resourceful-convert.
// Made up in the style of applications that moved: redirects of every form Rails takes
// without a block: a domain migration keeping the path (`redirect(host:)`) behind a host
// constraint, a protocol and port change, a path with `%{}` of a glob and of a value with
// spaces into the path and the query, trailing slashes kept, statuses 302, 303, 307 and 308,
// and option redirects that replace the path, the subdomain or the domain.
resourceful::draw! {
    constraints(host = "old.example.com") {
        get("(*path)", to = redirect(host = "new.example.com"), format = false);
    }
    constraints(subdomain = "insecure") {
        get("(*path)", to = redirect(protocol = "https", subdomain = "secure", port = 8443),
            format = false);
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

// request: GET http://old.example.com/
// request: GET http://old.example.com/a/b?x=1
// request: GET http://old.example.com:8080/a.json
// request: GET http://insecure.example.com/a/b?x=1
// request: GET /docs
// request: GET /wiki/a/b%20c
// request: GET /wiki/a/b.json
// request: GET /find/a%20b
// request: GET /find/a%2Fb
// request: GET /find/a&b
// request: GET /tag/a%20b?x=1
// request: GET http://www.example.com/blog/hello?x=1
// request: GET http://www.example.com:3000/shop?x=1
// request: GET /legacy/5.json
// request: GET /legacy/5
