// Rails takes a segment's constraint among a route's options (`get "posts/:id", id: /\d+/`,
// `scope "(:locale)", locale: /en|fr/`); `draw!` takes it in `constraints(...)` and says so.
resourceful::draw! {
    get("posts/:id", to = "posts#show", id = "[0-9]+");
    scope("(:locale)", locale = "en|fr") {
        get("about", to = "pages#about");
    }
    get("posts/:id/preview", to = "posts#preview", preview = "yes");
}

fn main() {}
