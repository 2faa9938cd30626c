resourceful::routes! {
    resources(articles, member(publish: gett, archive: fly));
    named(login, "/login", controller = "sessions", via = [get, psot]);
}

fn main() {}
