// The port of tests/rails/routes/apps/bulk.rb: twelve alike resources, written out.

resourceful::draw! {
    resources(alpha, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("alpha-feed(.:format)", to = "alpha#feed", constraints(format = "rss|atom"));
    resources(beta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("beta-feed(.:format)", to = "beta#feed", constraints(format = "rss|atom"));
    resources(gamma, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("gamma-feed(.:format)", to = "gamma#feed", constraints(format = "rss|atom"));
    resources(delta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("delta-feed(.:format)", to = "delta#feed", constraints(format = "rss|atom"));
    resources(epsilon, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("epsilon-feed(.:format)", to = "epsilon#feed", constraints(format = "rss|atom"));
    resources(zeta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("zeta-feed(.:format)", to = "zeta#feed", constraints(format = "rss|atom"));
    resources(eta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("eta-feed(.:format)", to = "eta#feed", constraints(format = "rss|atom"));
    resources(theta, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("theta-feed(.:format)", to = "theta#feed", constraints(format = "rss|atom"));
    resources(iota, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("iota-feed(.:format)", to = "iota#feed", constraints(format = "rss|atom"));
    resources(kappa, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("kappa-feed(.:format)", to = "kappa#feed", constraints(format = "rss|atom"));
    resources(lambda, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("lambda-feed(.:format)", to = "lambda#feed", constraints(format = "rss|atom"));
    resources(mu, only(index, show, update), constraints(id = "[^/]+?")) {
        get("files/*path", on = member, action = "file");
        get("page(/:page)", on = collection, action = "index", as = "paged", constraints(page = "\\d+"));
        get("v/:major.:minor", on = member, action = "version");
        resources(notes, only(index, show), constraints(id = "\\d+"));
    }
    get("mu-feed(.:format)", to = "mu#feed", constraints(format = "rss|atom"));
    get("*rest", to = "errors#not_found");
}
