resourceful::routes! {
    resource(account, param = "slug");
}

fn main() {}
