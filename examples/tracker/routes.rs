// Converted from routes.rb by resourceful-convert.
// An issue tracker's config/routes.rb, as a Rails 2.3 application has it: resources, with
// with_options, globs and defaults around them. routes.rs beside it is what
//   cargo run -p resourceful-convert -- examples/tracker/routes.rb
// makes of it (tests/convert.rs holds the two to that).
resourceful::routes! {
    root(controller = "welcome", via = get);

    // Accounts: sign-in pages answer GET with a form and POST with its submission.
    with_options(controller = "account", via = [get, post]) {
        named(signin, "/login", action = "login");
        named(register, "/account/register", action = "register");
        named(lost_password, "/account/lost_password", action = "lost_password");
    }
    named(signout, "/logout", controller = "account", action = "logout", via = post);
    with_options(controller = "my") {
        named(my_page, "/my/page", action = "page", via = get);
        named(my_account, "/my/account", action = "account", via = [get, post]);
        connect("/my/:action", requirements(action = "add_block|remove_block|order_blocks"),
                via = post);
    }

    // Projects, with what lives under them.
    resources(projects, collection(archived: get),
              member(settings: get, archive: post, unarchive: post)) {
        resources(issues, only(index, new, create), collection(calendar: get, gantt: get));
        resources(versions, only(index, new, create));
        resources(news, only(index, new, create));
        resources(time_entries, controller = "timelog", only(index, new, create),
                  collection(report: get));
        resources(memberships, only(index, create));
    }
    resources(memberships, only(update, destroy));
    resources(versions, only(show, edit, update, destroy));

    // Issues, and the time spent on each.
    resources(issues, collection(bulk_edit: [get, post]), member(copy: get)) {
        resources(time_entries, controller = "timelog");
        resources(relations, controller = "issue_relations", only(index, create, destroy));
    }
    with_options(controller = "timelog") {
        named(time_entries_report, "/time_entries/report.:format", action = "report", via = get);
        connect("/time_entries/:id", action = "destroy", requirements(id = "[0-9]+"),
                via = delete);
    }

    // The wiki: pages, their history, any version, and diffs between versions.
    with_options(controller = "wiki") {
        named(project_wiki, "/projects/:project_id/wiki", action = "show", via = get);
        named(wiki_page, "/projects/:project_id/wiki/:page", action = "show", via = get);
        named(edit_wiki_page, "/projects/:project_id/wiki/:page/edit", action = "edit",
              via = [get, post]);
        named(wiki_page_history, "/projects/:project_id/wiki/:page/history", action = "history",
              via = get);
        named(wiki_page_version, "/projects/:project_id/wiki/:page/:version", action = "show",
              requirements(version = "[0-9]+"), via = get);
        named(wiki_diff, "/projects/:project_id/wiki/:page/diff/:version/vs/:version_from",
              action = "diff", defaults(version_from = None),
              requirements(version = "[0-9]+", version_from = "[0-9]+"), via = get);
        named(wiki_annotate, "/projects/:project_id/wiki/:page/annotate/:version",
              action = "annotate", requirements(version = "[0-9]+"), via = get);
        connect("/projects/:project_id/wiki/:page/:action",
                requirements(action = "rename|protect|destroy"), via = post);
    }

    // The repository browser: any file of the tree under `*path`.
    with_options(controller = "repositories", via = get) {
        named(project_repository, "/projects/:project_id/repository", action = "show");
        named(repository_statistics, "/projects/:project_id/repository/statistics",
              action = "stats");
        named(repository_raw, "/projects/:project_id/repository/raw/*path", action = "entry",
              defaults(format = "raw"));
        connect("/projects/:project_id/repository/:action/*path",
                requirements(action = "browse|entry|changes|annotate"));
    }

    // Attachments, by id and by file name.
    with_options(controller = "attachments", via = get, requirements(id = "[0-9]+")) {
        named(named_attachment, "/attachments/:id/:filename", action = "show",
              requirements(filename = ".+"));
        named(download_attachment, "/attachments/download/:id/:filename", action = "download",
              requirements(filename = ".+"), defaults(filename = None));
    }
    resources(attachments, only(show, destroy));

    // Feeds, by format.
    named(activity, "/activity.:format", controller = "activities", action = "index", via = get);
    connect("/projects/:project_id/activity.:format", controller = "activities", action = "index",
            via = get);
    resources(news, only(index, show, edit, update, destroy)) {
        resources(comments, controller = "news_comments", only(create, destroy));
    }
    named(search, "/search", controller = "search", action = "index", via = get);
    // NOTE: `map.formatted_search 'search.:format'` (line 98) is left out: `map.search 'search'`
    //       (line 97) takes an optional format already, so this would never be reached;
    //       `formatted_search_path` is made by that route
    connect("/projects/:project_id/search", controller = "search", action = "index", via = get);

    // Administration.
    namespace(admin) {
        root(controller = "dashboard", via = get);
        resources(users, member(lock: post, unlock: post));
        resources(roles, collection(permissions: [get, post]));
        resources(trackers, except(show));
        resources(issue_statuses, except(show));
        named(settings, "/settings", controller = "settings", action = "edit", via = [get, post]);
        named(info, "/info", controller = "dashboard", action = "info", via = get);
    }

    // Anything else is a page of its own, for GET.
    connect("/*path", controller = "errors", action = "not_found", via = get);
}
