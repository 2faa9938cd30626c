// Converted from storefront.rb by resourceful-convert.
// An e-commerce platform with a storefront and a back office, in the style of Spree's and
// Solidus' routes and of Decidim's participatory spaces: a namespace mounted under another
// path, resources nested three deep with member and collection routes at each level, a
// singular resource with a namespaced `controller:`, concerns called with `concerns` inside a
// block and given options (`concerns :paginatable, ...`), a concern holding a collection
// route named `""`, globs for taxon paths, checkout steps, a token route, `param:` with
// nested resources and `path:` that differ from the name, a scope of two dynamic segments
// holding resources, `shallow` with `shallow_prefix`, `defaults` and `constraints` blocks,
// and `direct`-free helpers only.
resourceful::draw! {
    concern(paginatable) {
        get("(page/:page)", action = "index", on = collection, as = "");
    }
    concern(positionable) {
        post(update_positions, on = collection);
    }

    root(to = "home#index");

    // NOTE: left out of the resource, as no request reaches it: `get "(page/:page)"` (line 13)
    //       takes every request `GET /products(.:format)` → `products#index` could, as in Rails,
    //       which tried the routes in the same order
    resources(products, only(show), param = "slug", concerns(paginatable)) {
        // NOTE: left out of the resource, as no request reaches it: `get "(page/:page)"` (line 13)
        //       takes every request `GET /products/:product_slug/reviews(.:format)` →
        //       `reviews#index` could, as in Rails, which tried the routes in the same order
        resources(reviews, only(new, create)) {
            concerns(paginatable);
        }
    }
    get("/t/*id", to = "taxons#show", as = "nested_taxons");
    get("/cart", to = "orders#edit", as = "cart");
    patch("/cart", to = "orders#update", as = "update_cart");
    put("/cart/empty", to = "orders#empty", as = "empty_cart");
    get("/checkout/:state", to = "checkout#edit", as = "checkout_state",
        constraints(state = "address|delivery|payment|confirm"));
    patch("/checkout/update/:state", to = "checkout#update", as = "update_checkout");
    get("/checkout", to = "checkout#edit", as = "checkout");
    get("/orders/:id/token/:token", to = "orders#show", as = "token_order");
    resources(orders, except(index, new, create, destroy)) {
        post(populate, on = collection);
    }
    get("/content/*path", to = "content#show", as = "content", format = false);
    get("/locale/set", to = "locale#set", as = "select_locale");
    get("/unauthorized", to = "home#unauthorized", as = "unauthorized");

    namespace(admin, path = "backstage") {
        root(to = "dashboard#home");
        get("/search/users", to = "search#users", as = "search_users");
        resources(products) {
            concerns(positionable);
            resources(product_properties) {
                // TODO: `concerns` with options, which only the concern's Ruby reads: write the
                //       routes it draws here (line 47):
                //     concerns :positionable, as: :sort
            }
            resources(images) {
                // TODO: `concerns` with options, which only the concern's Ruby reads: write the
                //       routes it draws here (line 50):
                //     concerns :positionable, as: :reorder
            }
            member {
                post(clone);
                get(stock);
            }
            resources(variants) {
                collection {
                    post(update_positions);
                }
            }
            resources(variants_including_master, only(update));
            resources(prices, only(index, edit, update));
        }
        get("/variants/search", to = "variants#search", as = "search_variants");

        resources(orders, except(show)) {
            member {
                get(cart);
                put(resend);
                put(approve);
            }
            resource(customer, controller = "orders/customer_details");
            resources(adjustments);
            resources(payments) {
                member {
                    put(fire);
                }
                resources(log_entries);
                resources(refunds, only(new, create, edit, update));
            }
        }

        resources(taxonomies) {
            collection {
                post(update_positions);
            }
            resources(taxons);
        }
        defaults(format = "csv") {
            get("reports/sales_total", to = "reports#sales_total", as = "sales_total_report");
        }
        constraints(id = "[0-9]+") {
            resources(users) {
                get(orders, on = member);
                resources(store_credits, except(destroy));
            }
        }
    }

    resources(processes, only(index, show), param = "slug", path = "participatory_processes",
              controller = "participatory_processes") {
        get(all_metrics, on = member);
        resources(steps, only(index), path = "phases");
    }
    scope("/processes/:process_slug/f/:component_id", as = "component") {
        resources(proposals, only(index, show, new, create)) {
            get(compare, on = collection);
            resource(vote, only(create, destroy), controller = "proposal_votes");
            resources(versions, only(show), shallow);
        }
    }
    shallow {
        scope(shallow_prefix = "sp") {
            resources(stores, only(index, show)) {
                resources(stock_locations, only(index, show));
            }
        }
    }
}

// request: GET /products/page/2
// request: GET /products/red-shirt/reviews/page/3
// request: GET /products/red-shirt/reviews
// request: GET /t/categories/clothing/shirts
// request: GET /t/categories/clothing/shirts.json
// request: GET /checkout/payment
// request: GET /checkout/nowhere
// request: GET /orders/R123/token/abc
// request: GET /content/terms/of/service.html
// request: POST /backstage/products/update_positions
// request: POST /backstage/products/5/product_properties/update_positions
// request: GET /backstage/products/5/stock
// request: PUT /backstage/orders/R1/payments/2/fire
// request: GET /backstage/orders/R1/payments/2/refunds/3/edit
// request: GET /backstage/orders/R1/customer/edit
// request: GET /backstage/reports/sales_total
// request: GET /backstage/users/12/orders
// request: GET /backstage/users/abc
// request: GET /backstage/users/12/store_credits/3
// request: GET /participatory_processes/my-process/all_metrics
// request: GET /participatory_processes/my-process/phases
// request: GET /processes/my-process/f/4/proposals/compare
// request: POST /processes/my-process/f/4/proposals/9/vote
// request: GET /processes/my-process/f/4/versions/1
// request: GET /stores/1/stock_locations
// request: GET /stock_locations/2
// helper: products_path
// helper: products_path(page: "2")
// helper: product_reviews_path("x", page: "3")
// helper: nested_taxons_path("a/b")
// helper: update_positions_admin_products_path
// helper: sort_admin_product_product_properties_path("5")
// helper: reorder_admin_product_images_path("5")
// helper: admin_order_customer_path("R1")
// helper: admin_sales_total_report_path
// helper: admin_user_path("12")
// helper: admin_user_path("abc")
// helper: all_metrics_process_path("my-process")
// helper: process_steps_path("my-process")
// helper: component_proposal_vote_path(process_slug: "p", component_id: "4", proposal_id: "9")
// helper: component_version_path(process_slug: "p", component_id: "4", id: "1")
// helper: sp_stock_location_path("2")
// url_for: controller: "products", action: "index", page: "2"
// url_for: controller: "products", action: "index"
// url_for: controller: "admin/reports", action: "sales_total"
// url_for: controller: "admin/reports", action: "sales_total", format: "pdf"
