resourceful::routes! {
    resources(articles, types(idd = u64)) {
        resources(comments, types(artcle_id = u64, slug = u64));
    }
    connect("/:controller/:action/:id", types(action = u64, id = "u64"));
}

fn main() {}
