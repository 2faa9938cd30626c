// Mistakes in the options only `resources` and `resource` take, in one invocation.

mod routes {
    resourceful::routes! {
        resource(profile, shallow);
        resources(articles, only(index, show: get));
        resources(comments, only(index, all));
        resources(photos, path_names(edit));
        resources(videos, path_names(new = "make/one"));
        resources(users, has_many(posts: get));
        resources(teams, has_one(logo(images)));
        resources(products, as = "items(.:format)");
        resources(orders, as = "/");
        resources(carts, as = ":slug");
    }
}

fn main() {}
