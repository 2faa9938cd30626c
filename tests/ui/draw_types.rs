// `types(...)` in `draw!`: a key no route of the scope has, a key this route lacks, and keys
// that are always text.
resourceful::draw! {
    scope(types(idd = u64)) { resources(posts, only(show)); }
    get("photos/:id", to = "photos#show", types(ix = u64));
    get("feed", to = "posts#index", types(format = u8));
    resources(users, types(id = "u64"));
}

fn main() {}
