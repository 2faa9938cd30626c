resourceful::routes! {
    resources(articles, member(publish: pot));
    resource(account, contoller = "users");
    named(login, "/login", controller = "sessions");
    named(login, "/signin", controller = "sessions");
}

fn main() {}
