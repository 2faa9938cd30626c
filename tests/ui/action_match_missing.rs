// An action left out of the `match` that binds handlers (as `resourceful::axum::Handlers::bind`
// takes it): rustc names the action that has none. (The `axum` feature is off in these cases;
// the module docs of `resourceful::axum` pin the same error through `bind` itself.)
mod routes {
    resourceful::routes! { resources(articles, only(index, show, destroy)); }
}

fn handler(action: routes::Action) -> &'static str {
    match action {
        routes::Action::ArticlesIndex => "index",
        routes::Action::ArticlesShow => "show",
    }
}

fn main() {
    handler(routes::Action::ArticlesIndex);
}
