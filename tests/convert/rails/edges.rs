// Converted from edges.rb by resourceful-convert.
// Made up to probe where a route's path is read segment by segment and where Rails reads it
// with one regex: requirements that take the empty string or a dot, a dot-taking value before
// optional groups and before a static segment, literal segments with dots, spaces and
// escapes, a value and its format in one segment after a literal, an empty `path:`, a root
// under a required scope segment, and a glob with an extension.
resourceful::draw! {
    get("empty/:id", to = "empty#show", constraints(id = "[a-z]*"));
    get("opt/:name(/:page)", to = "opt#show", constraints(name = "[^/]+", page = "[0-9]+"));
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
        resources(items, only(show), constraints(id = "[a-zA-Z0-9_.]+?"));
    }
}

// request: GET /empty/.json
// request: GET /empty/
// request: GET /empty/abc
// request: GET /opt/a.b
// request: GET /opt/a.b.json
// request: GET /opt/a.b/2
// request: GET /opt/a.b/2.json
// request: GET /lazy/a.b
// request: GET /lazy/a.b.json
// request: GET /lazy/a.b/2.json
// request: GET /lazy/a.b/x.y
// request: GET /mid/a.b/edit
// request: GET /mid/a.b/edit.json
// request: GET /v1.0/status
// request: GET /v1.0/status.json
// request: GET /v1%2E0/status
// request: GET /hello%20world
// request: GET /hello+world
// request: GET /file-rails.tar.gz
// request: GET /file-rails-7.tar.gz
// request: GET /file-rails.tar.gz.json
// request: GET /assets/a/b.css
// request: GET /assets/a/b.min.css
// request: GET /assets/a.b/c
// request: GET /acme
// request: GET /acme.json
// request: GET /acme/
// request: GET /acme/1
// request: GET /acme/1.json
// request: GET /items/a.b
// request: GET /items/a.b.json
// request: GET /items/a_b.c.d
// request: GET /posts/a%252Fb
// request: GET /posts/%ZZ
// request: GET /posts/%E9
// request: GET /posts/%C3%A9
// request: GET /posts/%00
// request: GET /posts/a%2Eb.json
// request: GET /posts/1;edit
// request: GET /posts/a:b@c
// request: GET /posts/..
// request: GET /posts/%2E%2E
// request: GET /posts/a%3Fb
// request: GET /posts/a%23b
// request: GET /posts/~user
// request: GET /posts/a%2Bb
// request: GET /posts/%20
// request: GET /posts/1.JSON
// request: GET /POSTS/1
// request: GET //posts//1
// request: GET /posts/1?a=%ZZ
// helper: post_path("a b")
// helper: post_path("a%2Fb")
// helper: post_path("ü")
// helper: hello_path
// helper: tarball_path(name: "a.b")
// helper: asset_path(path: "a/b.min", ext: "css")
// helper: tenant_root_path("acme")
// helper: note_path("acme", "1")
// helper: shop_item_path("a.b", format: "json")
// url_for: controller: "opt", action: "show", name: "a.b", page: "2"
// url_for: controller: "lazy", action: "show", name: "a.b", format: "json"
// url_for: controller: "empty", action: "show", id: ""
