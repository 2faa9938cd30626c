// Mistakes of `namespace`, `resources_path_names` and `default_url_options`. A second
// `default_url_options` would only be "declared twice", so each of its mistakes has an
// invocation of its own.

mod routes {
    resourceful::routes! {
        resources_path_names(nuevo, edit = "editar");
        namespace(admin, staff) {
            resources(users);
        }
        namespace(shop, path_prefix = "/store") {
            resources(products);
        }
        namespace(api);
        namespace(true) {
            resources(items);
        }
        namespace(Backoffice) {
            resources(reports);
        }
        namespace(internal) {
            resources_path_names(new = "neu");
        }
    }
}

mod url_options_name {
    resourceful::routes! {
        default_url_options(example, host = "example.com");
        resources(articles);
    }
}

mod url_options_port_out_of_range {
    resourceful::routes! {
        default_url_options(host = "example.com", port = 70000);
        resources(articles);
    }
}

mod url_options_port_string {
    resourceful::routes! {
        default_url_options(host = "example.com", port = "8080");
        resources(articles);
    }
}

mod url_options_without_host {
    resourceful::routes! {
        default_url_options(protocol = "https");
        resources(articles);
    }
}

mod url_options_host_with_path {
    resourceful::routes! {
        default_url_options(host = "example.com/app");
        resources(articles);
    }
}

fn main() {}
