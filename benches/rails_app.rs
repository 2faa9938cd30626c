// A Rails-shaped application for the benchmarks: about forty resources, nested two deep, with
// custom actions, singletons, a namespace and the default route last.

resourceful::routes! {
    root(controller = "home");
    named(login, "/login", controller = "sessions", action = "new", via = get);
    named(logout, "/logout", controller = "sessions", action = "destroy", via = delete);
    named(search, "/search/:query", controller = "search", via = get);
    resource(account, member(password: put)) {
        resources(notifications, collection(read_all: put));
    }
    resource(session, only(new, create, destroy));
    resources(articles, collection(recent: get, drafts: get), member(publish: put, preview: get)) {
        resources(comments, member(approve: put, spam: put));
        resources(attachments, only(index, create, destroy));
        resource(author, only(show));
    }
    resources(users, collection(active: get)) {
        resources(posts);
        resources(photos, member(rotate: put));
        resource(profile, except(destroy));
    }
    resources(projects, member(archive: put)) {
        resources(tasks, member(complete: put), collection(sort: post));
        resources(milestones);
    }
    resources(orders, member(cancel: put, ship: put)) {
        resources(line_items);
        resource(invoice, only(show));
    }
    resources(products, collection(featured: get)) {
        resources(reviews, only(index, create, show));
        resources(variants);
    }
    resources(categories, only(index, show));
    resources(tags, except(edit, update));
    resources(events, member(attend: post)) { resources(tickets, only(index, create, show)); }
    resources(venues);
    resources(coupons, requirements(id = "[A-Z0-9]+"));
    resources(messages, new(preview: post));
    resources(groups) { resources(memberships, only(create, destroy)); }
    resources(forums) { resources(topics) { resources(replies, only(create, destroy)); } }
    resources(pages, only(show), param = "slug");
    resources(subscriptions, only(create, destroy));
    resources(payments, only(index, show, create));
    resources(customers) { resources(addresses); resources(notes); }
    resources(teams) { resources(members); }
    resources(documents, member(download: get, share: post)) { resources(versions); }
    resources(invoices, member(pay: put));
    resources(vendors);
    resources(warehouses) { resources(bins); }
    namespace(admin) {
        root(controller = "dashboard");
        resources(users, member(ban: put));
        resources(reports, collection(daily: get, weekly: get));
        resources(settings, only(index, update));
        resource(maintenance, only(show, update));
    }
    connect("/:controller/:action/:id");
}
