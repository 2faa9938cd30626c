resourceful::routes! {
    resourcs(articles);
    namespace(admin) {
        rsource(account);
    }
}

fn main() {}
