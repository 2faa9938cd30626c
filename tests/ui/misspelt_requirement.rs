resourceful::routes! {
    resources(articles) {
        resources(comments, requirements(idd = "[0-9]+", articel_id = "[0-9]+"));
    }
    resource(account, requirements(id = "[0-9]+"));
}

fn main() {}
