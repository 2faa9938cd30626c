// Mistakes of `named`, `connect` and `root`, in one invocation.

mod routes {
    resourceful::routes! {
        named(login, "/login", controller = "sessions", action = "new");
        named(article_page, "/articles/:id", controller = "articles", action = "show");
        named(signup, controller = "users");
        connect(legacy, "/legacy", controller = "legacy");
        connect(controller = "legacy");
        connect("/:controller/:action/:id", controller = "pages");
        connect("/archive/:id");
        named(dispatch, "/dispatch/:action/run", controller = "dispatch", action = "index");
        named(logout, "/logout", controller = "sessions", via(delete));
        root(action = "home");
        root(login, signin);
        root(login, via = get);
        root(nowhere);
        root(article_page);
    }
}

fn main() {}
