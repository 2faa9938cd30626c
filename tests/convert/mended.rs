// Converted from mended.rb by resourceful-convert.
// Where routes! would refuse what Rails 2.3 decided silently, the converter mends the table as
// Rails decided, judged by the macro's own pipeline: helpers defined twice, routes no request
// reaches, formats Rails 2.3 gave only some routes. tests/convert.rs checks every route of it.
resourceful::routes! {
    // A resource declared twice: Rails names a resource's route only while the name is free,
    // so the first keeps the names.
    resources(issues);
    // NOTE: `issues_path` and `issue_path` stay with `map.resources :issues` (line 7), declared
    //       first: Rails 2.3 gives a name to a resource's route only while no route has it, and to
    //       an explicitly named route always; so these routes of the resource are declared unnamed
    //       beside it
    connect("/projects/:project_id/issues", controller = "issues", action = "index", via = get);
    connect("/projects/:project_id/issues/:id", controller = "issues", action = "show", via = get);

    // A named route takes a resource's helper.
    // NOTE: `page_path` goes with the later `map.page 'p/:id'` (line 12): Rails 2.3 gives a name to
    //       a resource's route only while no route has it, and to an explicitly named route always;
    //       so these routes of the resource are declared unnamed beside it
    resources(pages, only(index));
    connect("/pages/:id", controller = "pages", action = "show", via = get);
    named(page, "/p/:id", controller = "pages", action = "show");

    // Names in a namespace are the macro's own: no clash inside, one outside.
    namespace(admin) {
        // NOTE: `new_admin_article_path` goes with the later `map.new_admin_article 'compose'`
        //       (line 19): Rails 2.3 gives a name to a resource's route only while no route has it,
        //       and to an explicitly named route always; so these routes of the resource are
        //       declared unnamed beside it
        connect("/articles/new", controller = "articles", action = "new", via = get);
        resources(articles, except(new));
        named(new_article, "/write", controller = "drafts", action = "new");
    }
    named(new_admin_article, "/compose", controller = "composer", action = "new");

    // A route no request reaches: the unnamed one before it takes its name.
    named(about, "/about", controller = "pages", action = "about");
    // NOTE: `map.about 'about'` (line 23) is left out: `map.connect 'about'` (line 22), declared
    //       before it, takes every request it could, so no request reaches it, as in Rails, which
    //       tried the routes in the same order; that route takes its name, `about`, and its helpers
    //       build the same path

    // A literal extension after the route without it.
    // NOTE: moved before `map.feed 'feed'` (line 26): Rails 2.3 gave that route no format, so
    //       `/feed.rss` reached this one; here every route takes an optional format, and that route
    //       would take it first
    named(rss, "/feed.rss", controller = "feeds", action = "rss");
    named(feed, "/feed", controller = "feeds");

    // The root behind a catch-all '' route.
    root(controller = "welcome", via = any);
    // NOTE: `map.root :controller => 'home'` (line 31) is left out: `map.connect ''` (line 30),
    //       declared before it, takes every request it could, so no request reaches it, as in
    //       Rails, which tried the routes in the same order; that route takes its name, `root`, and
    //       its helpers build the same path
    // NOTE: `:controller` names a controller of this table only (in Rails, any)
    connect("/:controller/:action/:id");
}
