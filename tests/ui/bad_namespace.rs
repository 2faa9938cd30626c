mod routes {
    resourceful::routes! {
        resources(products, namespace = "back office/");
        resources(tags, namespace = "/");
    }
}

fn main() {}
