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

    // test_head_fetch_with_mount_on_root
    get("/home", to = "test#index");
    // NOTE: Rails gives this mount no name; `draw!` needs one for its action and its helper:
    //       `mount_14`
    // TODO: Rails mounted the Rack app `->(env) { [200, {}, [env["REQUEST_METHOD"]]] }` here: bind
    //       a service to this mount's action when the application starts, or remove the mount
    mount("/", as = "mount_14");
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
