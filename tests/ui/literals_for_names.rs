mod routes {
    resourceful::routes! {
        resources(true);
        resources(articles, as = false);
        resources_path_names();
        resources("comments");
    }
}

fn main() {}
