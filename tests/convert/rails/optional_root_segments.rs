// Converted from optional_root_segments.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// TestOptionalRootSegments, a root whose whole path is an optional group.
resourceful::draw! {
    // test_optional_root_segments
    get("/(page/:page)", to = "pages#index", as = "root");
}

// request: GET /
// request: GET /page/1
// helper: root_path
// helper: root_path("1")
// helper: root_path(page: "1")
