// Route names and dynamic segments that cannot become Rust identifiers, each in an invocation
// of its own.

mod digit_prefix {
    resourceful::routes! {
        resources(articles, name_prefix = "2_", only(index));
    }
}

mod repeated_param {
    resourceful::routes! {
        resources(articles, only(index)) {
            named(feature, "/feature/:article_id", controller = "features");
        }
    }
}

mod keyword_param {
    resourceful::routes! {
        named(owner, "/owners/:self", controller = "owners");
    }
}

fn main() {}
