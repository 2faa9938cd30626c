// Converted from hosts.rb by resourceful-convert.
// Made up to probe request constraints against the hosts real deployments see: two-level
// public suffixes (`example.co.uk`, where Rails' `tld_length` of 1 makes `api.example` the
// subdomain), IP addresses and `localhost` (no subdomain), upper-case hosts, ports, and
// subdomain constraints written as strings, regexps with and without anchors, `true`/`false`
// and lists, as multi-tenant applications write them.
resourceful::draw! {
    constraints(subdomain = "api") {
        get("status", to = "api#status", as = "api_status");
    }
    constraints(subdomain = regex(r"\A[a-z0-9-]+\z")) {
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
    constraints(host = regex(r"(?i)\A(www\.)?example\.com\z")) {
        get("canonical", to = "pages#canonical");
    }
    get("status", to = "pages#status");
    get("tenant", to = "pages#no_tenant");
    get("portal", to = "pages#no_portal");
}

// request: GET http://api.example.com/status
// request: GET http://api.example.co.uk/status
// request: GET http://API.example.com/status
// request: GET http://api.example.com:3000/status
// request: GET http://127.0.0.1/status
// request: GET http://localhost/status
// request: GET http://localhost:3000/tenant
// request: GET http://acme.example.com/tenant
// request: GET http://a.b.example.com/tenant
// request: GET http://ACME.example.com/tenant
// request: GET http://127.0.0.1/tenant
// request: GET http://10.0.0.1/apex
// request: GET http://example.com/apex
// request: GET http://www.example.com/apex
// request: GET http://localhost/apex
// request: GET http://app.example.com/portal
// request: GET http://www.app.example.com/portal
// request: GET http://www.example.co.uk/uk
// request: GET http://example.co.uk/uk
// request: GET http://www.example.com/canonical
// request: GET http://WWW.EXAMPLE.COM/canonical
// request: GET http://www.example.com.evil.org/canonical
// request: GET http://example.com:8080/canonical
// helper: api_status_url
// helper: api_status_url(subdomain: "other")
// helper: tenant_home_url(subdomain: "acme")
