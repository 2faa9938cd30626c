resourceful::routes! {
    namespace(admin) {
        default_url_options(host = "admin.example.com");
    }
}

fn main() {}
