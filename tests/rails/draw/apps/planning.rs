// The port of tests/rails/routes/apps/planning.rb: a project management tool's routes.

resourceful::draw! {
    root(to = "welcome#index", as = "home");

    match("login", to = "account#login", as = "signin", via = [get, post]);
    match("logout", to = "account#logout", as = "signout", via = [get, post]);
    match("account/register", to = "account#register", via = [get, post], as = "register");
    match("account/activate", to = "account#activate", via = get);

    match("/news/preview", controller = "previews", action = "news", as = "preview_news", via = [get, post, put, patch]);
    match("/issues/preview/new/:project_id", to = "previews#issue", as = "preview_new_issue", via = [get, post, put, patch]);
    match("/issues/preview/edit/:id", to = "previews#issue", as = "preview_edit_issue", via = [get, post, put, patch]);

    match("/issues/context_menu", to = "context_menus#issues", as = "issues_context_menu", via = [get, post]);
    match("/issues/:id/quoted", to = "journals#new", constraints(id = "\\d+"), via = post, as = "quoted_issue");
    match("/journals/edit/:id", to = "journals#edit", constraints(id = "\\d+"), via = [get, post]);

    get("/projects/:project_id/issues/gantt", to = "gantts#show", as = "project_gantt");
    get("/issues/gantt", to = "gantts#show");
    get("projects/:id/issues/report/:detail", to = "reports#issue_report_details", as = "project_issues_report_details");

    match("my/account", controller = "my", action = "account", via = [get, post]);
    match("my", controller = "my", action = "index", via = get);
    match("my/reset_rss_key", controller = "my", action = "reset_rss_key", via = post);

    resources(users) {
        resources(memberships, controller = "principal_memberships");
    }

    resources(projects) {
        member {
            get("settings(/:tab)", action = "settings", as = "settings");
            post("archive");
            match("copy", via = [get, post]);
        }

        shallow {
            resources(memberships, controller = "members", only(index, show, new, create, update, destroy)) {
                collection {
                    get("autocomplete");
                }
            }
        }

        resource(enumerations, controller = "project_enumerations", only(update, destroy));

        get("issues/:copy_from/copy", to = "issues#new", as = "copy_issue");
        resources(issues, only(index, new, create));
        match("issues/update_form", controller = "issues", action = "update_form", via = [put, patch, post], as = "issue_form");

        resources(versions, except(index, show, edit, update, destroy)) {
            collection {
                put("close_completed");
            }
        }
        get("versions.:format", to = "versions#index");
        get("roadmap", to = "versions#index", format = false);
        get("versions", to = "versions#index");

        resources(time_entries, controller = "timelog", except(show, edit, update, destroy)) {
            get("report", on = collection);
        }
        shallow {
            resources(issue_categories);
        }

        match("wiki/index", controller = "wiki", action = "index", via = get);
        resources(wiki, except(index, create), as = "wiki_page") {
            member {
                get("rename");
                post("rename");
                get("history");
                match("preview", via = [post, put, patch]);
            }
            collection {
                get("export");
                get("date_index");
            }
        }
        match("wiki", controller = "wiki", action = "show", via = get);
        get("wiki/:id/:version", to = "wiki#show", constraints(version = "\\d+"));
        delete("wiki/:id/:version", to = "wiki#destroy_version");
        get("wiki/:id/:version/annotate", to = "wiki#annotate");
    }

    resources(issues) {
        collection {
            match("bulk_edit", via = [get, post]);
            post("bulk_update");
        }
        shallow {
            resources(relations, controller = "issue_relations", only(index, show, create, destroy));
        }
    }
    match("/issues", controller = "issues", action = "destroy", via = delete);

    resources(time_entries, controller = "timelog", except(destroy));
    match("/time_entries/:id", to = "timelog#destroy", via = delete, constraints(id = "\\d+"));
    match("/time_entries/destroy", to = "timelog#destroy", via = delete);

    get("projects/:id/repository/:repository_id/changes(/*path(.:ext))", to = "repositories#changes");
    get("projects/:id/repository/:repository_id/revisions/:rev", to = "repositories#revision",
        constraints(rev = "[a-z0-9\\.\\-_]+"));
    get("projects/:id/repository/:repository_id/raw(/*path)", to = "repositories#raw", format = false);

    get("attachments/:id/:filename", to = "attachments#show", constraints(id = "\\d+", filename = ".*"), as = "named_attachment");
    get("attachments/download/:id", to = "attachments#download", constraints(id = "\\d+"));
    get("attachments/thumbnail/:id(/:size)", to = "attachments#thumbnail", constraints(id = "\\d+", size = "\\d+"), as = "thumbnail");
    resources(attachments, only(show, destroy));

    resources(auth_sources) {
        member {
            get("test_connection", as = "try_connection");
        }
    }
    match("enumerations/:type", to = "enumerations#index", via = get);
    get("projects/:id/search", controller = "search", action = "index");
    match("settings/plugin/:id", controller = "settings", action = "plugin", via = [get, post], as = "plugin_settings");
}
