mod routes {
    resourceful::routes! {
        resources(articles);
    }
}

fn main() {
    let _ = routes::artcle_path(1);
}
