resourceful::routes! {
    named(search, "/search", controller = "search", via = get);
    named(find, "/search", controller = "find", via = get);
    resources(products, member(images: get)) {
        resources(images);
    }
    connect("/:controller/:action/:id");
    resources(articles, only(index, show));
}

fn main() {}
