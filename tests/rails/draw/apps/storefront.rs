// The port of tests/rails/routes/apps/storefront.rb: an e-commerce platform's routes.
// `draw!`'s concerns take no options (Rails' `concern :positionable do |options|`, called as
// `concerns :positionable, as: :sort`): the port writes out what each call draws. The
// paginatable concern's `(page/:page)` takes every request of the resources' own index, which
// Rails draws after it and `draw!` refuses: the port leaves `index` out of `only`.

resourceful::draw! {
    concern(paginatable) {
        get("(page/:page)", action = "index", on = collection, as = "");
    }
    concern(positionable) {
        post(update_positions, on = collection);
    }

    root(to = "home#index");

    resources(products, only(show), param = "slug", concerns(paginatable)) {
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
                // concerns :positionable, as: :sort
                post(update_positions, on = collection, as = "sort");
            }
            resources(images) {
                // concerns :positionable, as: :reorder
                post(update_positions, on = collection, as = "reorder");
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
        constraints(id = "\\d+") {
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
