// A misspelt action in the `match` that binds handlers: there is no such variant, and rustc
// suggests the one meant.
mod routes {
    resourceful::routes! { resources(articles, only(index, show)); }
}

fn handler(action: routes::Action) -> &'static str {
    match action {
        routes::Action::ArticlesIndex => "index",
        routes::Action::ArticlesShwo => "show",
    }
}

fn main() {
    handler(routes::Action::ArticlesIndex);
}
