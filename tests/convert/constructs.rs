// Converted from constructs.rb by resourceful-convert.
// Every construct of a Rails 2.x routes file that resourceful-convert reads, and each place
// where routes! differs from Rails 2.3; tests/convert.rs checks every route of it.
resourceful::routes! {
    // A block variable of any name; every option of map.resources.
    resources(articles, collection(recent: get), member(publish: put, preview: [get, post]),
              new(draft: post), has_many(comments, revisions(diffs)), has_one(author)) {
        resources(tags, only(index, show, create), requirements(id = "[0-9]+"));
        resource(cover, except(destroy));
    }
    resources(people, controller = "users", singular = "person", as = "folks",
              requirements(id = "[a-z]+"));
    resources(products, path_prefix = "/stores/:store_id", name_prefix = "store_",
              conditions(subdomain = "shop"));
    resources(photos, shallow, path_names(new = "upload", edit = "change")) {
        resources(notes);
    }
    resource(account, namespace = "settings/") {
        resources(keys, name_prefix = None);
    }
    namespace(admin) {
        resources(reports, only(index));
        with_options(controller = "tools") {
            named(tool, "/tools/:id", action = "show", requirements(id = "[0-9]+"));
        }
    }

    // with_options, nested, and a call on the outer mapper inside one.
    with_options(controller = "pages", via = get) {
        named(about, "/about", action = "about");
        with_options(action = "show") {
            named(page, "/pages/:name", requirements(name = "[a-z-]+"));
        }
    }
    // without the options
    connect("/pages", controller = "directory", action = "index");
    with_options(controller = "pages", via = get) {
        named(legal, "/legal/:section", action = "legal", defaults(section = None));
    }
    with_options(name_prefix = "feed_", controller = "feeds") {
        named(latest, "/feeds/latest", action = "latest");
    }
    connect("/feeds/:id", controller = "feeds", action = "show");

    // Globs, defaults, formats.
    named(download, "/downloads/*path", controller = "downloads", action = "show",
          defaults(format = "bin"));
    named(archive, "/archive/:year/:month", controller = "archive", action = "month",
          defaults(month = "1"), requirements(year = "[0-9]{4}"));
    named(feed, "/feed", controller = "feeds", action = "index");
    // NOTE: `r.formatted_feed 'feed.:format'` (line 48) is left out: `r.feed 'feed'` (line 47)
    //       takes an optional format already, so this would never be reached; `formatted_feed_path`
    //       is made by that route
    named(sitemap, "/sitemap.:format", controller = "sitemaps", action = "show");

    // A helper defined twice: Rails gives the name to the later one.
    // NOTE: Rails 2.3 gives `help_path` to the later `r.help 'support'` (line 53); this one is
    //       renamed `help_1`
    named(help_1, "/help", controller = "help", action = "index");
    named(help, "/support", controller = "help", action = "support");

    // NOTE: Rails 2.3's root answers every method, and `via = any` keeps that; without it,
    //       `routes!` routes only GET and HEAD to it
    root(controller = "home", via = any);
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:action/:id");
    // NOTE: `r.connect ':controller/:action/:id.:format'` (line 57) is left out: `r.connect
    //       ':controller/:action/:id'` (line 56) takes an optional format already, so this would
    //       never be reached
}
