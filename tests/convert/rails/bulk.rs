// Converted from bulk.rb by resourceful-convert.
// Made up to give the recogniser many alike subtrees at one level, as a large application's
// resources give it: twelve resources with the same members, collections, constrained and
// dotted ids, globs, optional groups and values sharing a segment, drawn by a loop as some
// routes files draw them. (The draw! port writes each one out.)
resourceful::draw! {
    resources(alpha, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("alpha-feed(.:format)", to = "alpha#feed", constraints(format = "rss|atom"));
    resources(beta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("beta-feed(.:format)", to = "beta#feed", constraints(format = "rss|atom"));
    resources(gamma, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("gamma-feed(.:format)", to = "gamma#feed", constraints(format = "rss|atom"));
    resources(delta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("delta-feed(.:format)", to = "delta#feed", constraints(format = "rss|atom"));
    resources(epsilon, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("epsilon-feed(.:format)", to = "epsilon#feed", constraints(format = "rss|atom"));
    resources(zeta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("zeta-feed(.:format)", to = "zeta#feed", constraints(format = "rss|atom"));
    resources(eta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("eta-feed(.:format)", to = "eta#feed", constraints(format = "rss|atom"));
    resources(theta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("theta-feed(.:format)", to = "theta#feed", constraints(format = "rss|atom"));
    resources(iota, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("iota-feed(.:format)", to = "iota#feed", constraints(format = "rss|atom"));
    resources(kappa, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("kappa-feed(.:format)", to = "kappa#feed", constraints(format = "rss|atom"));
    resources(lambda, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("lambda-feed(.:format)", to = "lambda#feed", constraints(format = "rss|atom"));
    resources(mu, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged",
            constraints(page = "[0-9]+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "[0-9]+"));
    }
    get("mu-feed(.:format)", to = "mu#feed", constraints(format = "rss|atom"));
    get("*rest", to = "errors#not_found");
}

// request: GET /alpha/a.b.json
// request: GET /mu/a.b
// request: GET /kappa/x/files/a/b.txt
// request: GET /kappa/page/3
// request: GET /kappa/page/x
// request: GET /lambda/1/v/2.3
// request: GET /lambda/1/notes/2.json
// request: GET /lambda/1/notes/x
// request: PATCH /eta/a.b.json
// request: DELETE /eta/a.b.json
// request: GET /iota-feed.rss
// request: GET /iota-feed.json
// request: GET /iota-feed
