// The port of tests/rails/routes/rails/custom_routes.rb: Rails 6.1's tests of member,
// collection and new routes written as paths, inside resources, nested resources, a singular
// resource, shallow resources and a namespace. `"path" => "controller#action"` is
// `"path", to = "controller#action"`.

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
