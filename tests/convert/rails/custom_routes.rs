// Converted from custom_routes.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// member, collection and new routes written as paths (`"secret/profile" => "customers#secret"`,
// `"aged/:months"`), with `as:` and `action:`, inside resources, nested resources, a singular
// resource, shallow resources and a namespace; and a route at the resources scope level
// (`get "export"` inside `resources :customers`).
resourceful::draw! {
    // test_custom_resource_routes_are_scoped
    resources(customers) {
        get(recent, on = collection);
        get("profile", on = member);
        get("secret/profile", to = "customers#secret", on = member);
        post("preview", to = "customers#preview", as = "another_preview", on = new);
        resource(avatar) {
            get("thumbnail", to = "avatars#thumbnail", as = "thumbnail", on = member);
        }
        resources(invoices) {
            get("outstanding", to = "invoices#outstanding", on = collection);
            get("overdue", action = "overdue", on = collection);
            get("print", to = "invoices#print", as = "print", on = member);
            post("preview", to = "invoices#preview", as = "preview", on = new);
            get("aged/:months", on = collection, action = "aged", as = "aged");
        }
        resources(notes, shallow) {
            get("preview", to = "notes#preview", as = "preview", on = new);
            get("print", to = "notes#print", as = "print", on = member);
        }
        // test_custom_resource_actions_defined_using_string (with "aged/:months" above)
        get("inactive", on = collection);
        post("deactivate", on = member);
        get("old", on = collection, as = "stale");
        // test_route_defined_in_resources_scope_level
        get("export");
    }

    namespace(api) {
        resources(customers) {
            get("recent", to = "customers#recent", as = "recent", on = collection);
            get("profile", to = "customers#profile", as = "profile", on = member);
            post("preview", to = "customers#preview", as = "preview", on = new);
        }
    }
}

// request: GET /customers/1/invoices/overdue
// request: GET /customers/1/secret/profile
// request: GET /customers/inactive
// request: POST /customers/1/deactivate
// request: GET /customers/old
// request: GET /customers/1/invoices/aged/3
// request: GET /customers/1/export
// helper: recent_customers_path
// helper: profile_customer_path(id: "1")
// helper: secret_profile_customer_path(id: "1")
// helper: another_preview_new_customer_path
// helper: thumbnail_customer_avatar_path(customer_id: "1", format: :jpg)
// helper: outstanding_customer_invoices_path(customer_id: "1")
// helper: print_customer_invoice_path(customer_id: "1", id: "2")
// helper: preview_new_customer_invoice_path(customer_id: "1")
// helper: preview_new_customer_note_path(customer_id: "1")
// helper: print_note_path(id: "1")
// helper: recent_api_customers_path
// helper: profile_api_customer_path(id: "1")
// helper: preview_new_api_customer_path
// helper: inactive_customers_path
// helper: deactivate_customer_path(id: "1")
// helper: stale_customers_path
// helper: aged_customer_invoices_path(customer_id: "1", months: "3")
// helper: customer_export_path(customer_id: "1")
