// Converted from mounts.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// test_head_fetch_with_mount_on_root (a Rack app mounted at `/` after a GET route: HEAD goes
// to the GET route first, and to the app for everything else) and TestRackAppRouteGeneration
// (mounted apps, one under a dynamic segment, are never what `url_for` generates).
resourceful::draw! {
    // TestRackAppRouteGeneration#test_mounted_application_doesnt_match_unnamed_route
    // TODO: Rails mounted the Rack app `rack_app` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/account", as = "account");
    // TODO: Rails mounted the Rack app `rack_app` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/:locale/account", as = "localized_account");

    // Mount points with optional groups: their own, and a scope's.
    // TODO: Rails mounted the Rack app `rack_app` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/docs(/:version)", as = "docs");
    scope("(:lang)") {
        // TODO: Rails mounted the Rack app `rack_app` here: bind a service to this mount's action
        //       when the application starts, or remove the mount
        mount("/jobs", as = "jobs");
    }

    // test_head_fetch_with_mount_on_root
    get("/home", to = "test#index");
    // NOTE: Rails gives this mount no name; `draw!` needs one for its action and its helper:
    //       `mount_20`
    // TODO: Rails mounted the Rack app `->(env) { [200, {}, [env["REQUEST_METHOD"]]] }` here: bind
    //       a service to this mount's action when the application starts, or remove the mount
    mount("/", as = "mount_20");
}

// request: HEAD /home
// request: HEAD /foobar
// request: GET /foobar
// request: GET /account/settings
// request: GET /de/account
// request: GET /de/account/settings
// helper: account_path
// helper: localized_account_path(locale: "de")
// url_for: controller: "products", action: "index"
// url_for: controller: "products", action: "index", locale: "de"
// request: GET /account.json
// request: GET /account-x/y
// request: GET /de/account.json/settings
// request: GET /de/account%2Fx/y
// request: GET /docs
// request: GET /docs/v2/intro
// request: GET /jobs/queue
// request: GET /fr/jobs
// request: GET /fr/jobs/queue
