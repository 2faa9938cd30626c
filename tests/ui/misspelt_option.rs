resourceful::routes! {
    resources(articles, memeber(publish: put), controler = "posts");
    default_url_options(hots = "example.com");
}

fn main() {}
