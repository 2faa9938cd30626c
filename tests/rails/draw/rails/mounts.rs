// The port of tests/rails/routes/rails/mounts.rb: Rails 6.1's test_head_fetch_with_mount_on_root
// and TestRackAppRouteGeneration. The Rack apps are bound at run time; each mount is named as
// Rails names it: `as`, and none for the lambda at `/` (Rails names a mounted lambda only
// with `as`).

resourceful::draw! {
    // TestRackAppRouteGeneration#test_mounted_application_doesnt_match_unnamed_route
    mount("/account", as = "account");
    mount("/:locale/account", as = "localized_account");

    // Mount points with optional groups: their own, and a scope's.
    mount("/docs(/:version)", as = "docs");
    scope("(:lang)") { mount("/jobs", as = "jobs"); }

    // test_head_fetch_with_mount_on_root
    get("/home", to = "test#index");
    mount("/", as = None);
}
