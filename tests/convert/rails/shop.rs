// Converted from shop.rb by resourceful-convert.
// An online shop's routes, in the style of today's open-source Rails storefronts: a locale
// scope with an optional segment, products by slug with nested reviews and variants, a
// singular cart with line items, a checkout flow as a singular resource with custom steps,
// orders for the signed-in account, a namespaced admin with shallow nesting, a webhook
// endpoint per provider, a health check answering any verb, a mounted Rack app for the
// background-jobs UI, redirects and a sitemap with a fixed format.
resourceful::draw! {
    // TODO: Rails mounted the Rack app `JobsDashboard` here: bind a service to this mount's action
    //       when the application starts, or remove the mount
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
    get("item/:id", to = redirect("/products/%{id}"));
}

// request: GET /de/products/blue-shirt
// request: GET /products/blue-shirt/reviews
// request: GET /fr/categories/men/shirts
// request: PATCH /checkout/shipping
// request: GET /checkout/confirm/abc123
// request: GET /account/orders/7/invoice
// request: POST /webhooks/stripe
// request: POST /webhooks/venmo
// request: GET /admin/jobs/queues/default
// request: DELETE /up
// request: GET /sitemap.xml
// request: GET /it/products
// helper: product_path("blue-shirt", locale: "de")
// helper: category_path(path: "men/shirts")
// helper: confirm_checkout_path(token: "abc123")
// helper: invoice_account_order_path(7)
// helper: webhook_path("paypal")
// helper: admin_variant_path(4)
