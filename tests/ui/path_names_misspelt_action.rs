resourceful::routes! {
    resources(products, member(publish: put), path_names(publsh = "publicar", edti = "editar"));
}

fn main() {}
