// The port of tests/rails/routes/rails/segments.rb: Rails 6.1's tests of segments part
// literal and part dynamic, optional dynamic prefixes, escaping in recognition and
// generation, `~`, `-` and Unicode in paths, and the helpers of optimized named routes.

resourceful::draw! {
    // test_paths_with_partial_dynamic_segments_are_recognised
    get("/songs/song-:song", to = "songs#a");
    get("/songs/:song-song", to = "songs#b");
    get("/:artist/song-:song", to = "songs#c");
    get("/:artist/:song-song", to = "songs#d");
    get("/optional/songs(/song-:song)", to = "songs#e");
    get("/optional/songs(/:song-song)", to = "songs#f");
    get("/optional/:artist(/song-:song)", to = "songs#g");
    get("/optional/:artist(/:song-song)", to = "songs#h");

    // test_url_generator_for_optional_prefix_dynamic_segment,
    // test_url_generator_for_optional_suffix_static_and_dynamic_segment,
    // test_url_generator_for_optional_prefix_static_and_dynamic_segment
    get("(/:username)/followers", to = "followers#index");
    get("/groups(/user/:username)", to = "groups#index");
    get("(/user/:username)/photos", to = "photos#index");

    // TestTildeAndMinusPaths, TestUnicodePaths
    get("/~user", to = "tilde#show");
    get("/young-and-fine", to = "minus#show");
    get("/ほげ", to = "unicode#show", as = "unicode_path");

    // TestOptimizedNamedRoutes
    get("/foo", to = "optimized#foo", as = "foo");
    get("/:foo/:foo_type/bars/:id", to = "optimized#bar", as = "bar");
    get("/projects/:id.:format", to = "optimized#project", as = "project");
    get("/pages/:id", to = "optimized#page", as = "page");
    get("/wiki/*page", to = "optimized#wiki", as = "wiki");

    // TestUriPathEscaping
    get("/:segment", to = "escaping#segment", as = "segment");
    get("/*splat", to = "escaping#splat", as = "splat");
}
