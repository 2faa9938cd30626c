// `named` and `connect` are `routes!`'s (Rails 2.3); `draw!` writes verb routes.
resourceful::draw! {
    named(login, "/login", controller = "sessions", action = "new");
    connect("/:controller/:action/:id");
}

fn main() {}
