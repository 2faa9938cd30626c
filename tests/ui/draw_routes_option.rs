// `routes!`'s (Rails 2.3's) options are not `draw!`'s: `name_prefix` became `as`, `path_prefix`
// a `scope`, `requirements` `constraints`.
resourceful::draw! {
    resources(posts, name_prefix = "blog_");
    get("login", to = "sessions#new", requirements(id = "[0-9]+"));
}

fn main() {}
