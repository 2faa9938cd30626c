// The port of tests/rails/routes/apps/edges.rb: made-up routes where a path is read segment
// by segment and where Rails reads it with one regex.

resourceful::draw! {
    get("empty/:id", to = "empty#show", constraints(id = "[a-z]*"));
    get("opt/:name(/:page)", to = "opt#show", constraints(name = "[^/]+", page = "\\d+"));
    get("lazy/:name(/:page)", to = "lazy#show", constraints(name = "[^/]+?"));
    get("mid/:name/edit", to = "mid#edit", constraints(name = "[^/]+?"));
    get("v1.0/status", to = "status#show", as = "v1_status");
    get("hello world", to = "pages#hello", as = "hello");
    get("file-:name.tar.gz", to = "files#tarball", as = "tarball");
    get("assets/*path.:ext", to = "assets#show", as = "asset");
    get("posts/:id", to = "posts#show", as = "post");
    scope(":tenant", constraints(tenant = "[a-z]+")) {
        root(to = "tenants#home", as = "tenant_root");
        resources(notes, only(show), path = "");
    }
    namespace(shop, path = "") {
        resources(items, only(show), constraints(id = "[\\w.]+?"));
    }
}
