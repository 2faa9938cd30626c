resourceful::routes! {
    resources(products, new(preview: post), path_names(new = "nuevo", publish = "publicar", preview = "vista"));
}

fn main() {}
