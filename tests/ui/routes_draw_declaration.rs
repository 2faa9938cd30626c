// `get` and `scope` are `draw!`'s (Rails 3 and later); `routes!` takes Rails 2.3's DSL.
resourceful::routes! {
    get("login", to = "sessions#new");
    scope("admin") { resources(users); }
}

fn main() {}
