// Option values of the wrong shape, in one invocation.

mod routes {
    resourceful::routes! {
        resources(articles, controller(posts));
        resources(comments, member = "publish");
        resources(products, shallow = "yes");
        resources(photos, member(publish: []));
        resources(videos, member(publish));
        resources(tags, requirements(id = 5));
        resources(labels, requirements(id));
        resources(notes, types(id));
        resources(events, conditions(subdomain));
        resources(orders, conditions(subdomain = [admin, www]));
        resources(carts, conditions(subdomain = my::Subdomain));
        named(checkout, "/checkout", controller = "orders", via = "post");
    }
}

fn main() {}
