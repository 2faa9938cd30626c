// What `draw!` refuses that Rails 6.1 takes, each a deliberate difference: a route no request
// can reach (Rails keeps it, and its helpers), a segment named twice (Rails gives the last),
// a default param in `default_url_options` (Rails fills helpers with it), an option that is
// no option of the route (Rails makes it a default `url_for` must be given), `via` on a
// verb's own route (Rails ignores it: the verb wins), and a segment's constraint given as an
// option of its own (Rails' `id: /\d+/`), which is a `constraints(...)` here.
resourceful::draw! {
    get("/session", to = "sessions#show");
    get("/session", to = "sessions#other");
    get("/downloads/:id/:id.tar", to = "downloads#show");
    default_url_options(host = "example.com", locale = "en");
    resources(posts, bucket_type = "post");
    get("/404", to = "about#four_oh_four", via = all);
    get("photos/:id", to = "photos#show", id = "[A-Z]\\d{5}");
}

fn main() {}
