// The port of tests/rails/routes/apps/hosts.rb: request constraints against the hosts real
// deployments see.

resourceful::draw! {
    constraints(subdomain = "api") {
        get("status", to = "api#status", as = "api_status");
    }
    constraints(subdomain = regex("\\A[a-z0-9-]+\\z")) {
        get("tenant", to = "tenants#show", as = "tenant_home");
    }
    constraints(subdomain = false) {
        get("apex", to = "pages#apex");
    }
    constraints(subdomain = ["www", "app"]) {
        get("portal", to = "pages#portal");
    }
    constraints(domain = "example.co.uk") {
        get("uk", to = "pages#uk");
    }
    constraints(host = regex("(?i)\\A(www\\.)?example\\.com\\z")) {
        get("canonical", to = "pages#canonical");
    }
    get("status", to = "pages#status");
    get("tenant", to = "pages#no_tenant");
    get("portal", to = "pages#no_portal");
}
