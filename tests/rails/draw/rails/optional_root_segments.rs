// The port of tests/rails/routes/rails/optional_root_segments.rb: Rails 6.1's
// TestOptionalRootSegments, a root whose whole path is an optional group.

resourceful::draw! {
    // test_optional_root_segments
    get("/(page/:page)", to = "pages#index", as = "root");
}
