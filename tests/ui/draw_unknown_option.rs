resourceful::draw! {
    resources(posts, ony(index, show));
    get("about", to = "pages#about", contraints(id = "[0-9]+"));
    scope("api", modul = "api") { resources(users); }
}

fn main() {}
