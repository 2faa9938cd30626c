// The port of tests/rails/routes/apps/shop.rb: an online shop's routes. `JobsDashboard`, the
// mounted Rack app, is bound at run time: its mount is named as Rails names it, `as`.

resourceful::draw! {
    mount("/admin/jobs", as = "jobs_dashboard");

    match("up", to = "health#show", via = all);
    post("webhooks/:provider", to = "webhooks#receive", as = "webhook",
         constraints(provider = "stripe|paypal|adyen"));
    get("sitemap.xml", to = "sitemaps#show", format = false, defaults(format = "xml"));
    get("robots.:format", to = "pages#robots", constraints(format = "txt"));

    scope("(:locale)", constraints(locale = "en|de|fr")) {
        root(to = "storefront#home");

        resources(products, only(index, show), param = "slug") {
            resources(reviews, only(index, create));
            resources(variants, only(show));
            get(compare, on = collection);
        }
        get("categories/*path", to = "categories#show", as = "category");

        resource(cart, only(show, destroy)) {
            resources(line_items, only(create, update, destroy), path = "items");
            post(apply_coupon);
        }

        resource(checkout, only(show, create), controller = "checkout") {
            get(shipping);
            patch(shipping, action = "update_shipping");
            get(payment);
            get("confirm/:token", action = "confirm", as = "confirm");
        }

        resource(account, only(show, edit, update)) {
            resources(orders, only(index, show)) {
                get(invoice, on = member, defaults(format = "pdf"));
                post(reorder, on = member);
            }
            resources(addresses, except(show));
        }

        get("search", to = "search#index");
        get("pages/:slug", to = "pages#show", as = "static_page");
    }

    namespace(admin) {
        root(to = "dashboard#index");
        resources(products) {
            resources(variants, shallow);
            collection {
                post(import);
                get(export, defaults(format = "csv"));
            }
        }
        resources(orders, only(index, show, update)) {
            member {
                post(refund);
                post(ship);
            }
        }
        resources(coupons, except(show));
    }

    get("shop", to = redirect("/"));
    get("item/:id", to = redirect("/products/%{id}", status = 301));
}
