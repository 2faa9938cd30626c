// Mistakes of the rest of Rails 2.3's routing DSL (with_options, globs, defaults), in one
// invocation: each is reported at its token.

mod routes {
    resourceful::routes! {
        with_options(controller = "repositories", via = get, requirements(id = "[0-9]+")) {
            connect("/projects/:id/repository", action = "show");
            resources(commits);
            named(changes, "/projects/:project_id/changes");
        }
        with_options(only(index)) {
            named(stats, "/stats", controller = "stats");
        }
        with_options(controller = "admin") {
            default_url_options(host = "example.com");
        }
        named(wiki_diff, "/wiki/:id/diff/:version", controller = "wiki", defaults(verison = None));
        named(edit_page, "/pages/:id/edit", controller = "pages", defaults(id = "1"));
        named(numbered, "/numbered/:id", controller = "pages", requirements(id = "[0-9]+"), defaults(id = "one"));
        connect("/raw/*path", controller = "files", defaults(path = "README"));
        connect("/files/:id", controller = "files", defaults(action = "show"));
        named(browse, "/browse/:action/*path", controller = "browse", requirements(action = "browse|entry"), action = "index");
    }
}

fn main() {}
