// Converted from segments.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// TestPartialDynamicPathSegments (a segment that is part literal, part dynamic, in fixed and
// optional positions), optional dynamic prefixes and static+dynamic optional groups
// (test_url_generator_for_optional_*), TestUriPathEscaping (escaped segments and globs in
// recognition and generation), TestTildeAndMinusPaths, TestUnicodePaths and
// TestOptimizedNamedRoutes (helpers for optional groups, segments sharing a prefix, segments
// separated by a dot, escaping of `?` and `/` in segments and globs).
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

// request: GET /david-bowie/changes-song
// request: GET /david-bowie/song-changes
// request: GET /songs/song-changes
// request: GET /songs/changes-song
// request: GET /optional/songs/song-changes
// request: GET /optional/songs/changes-song
// request: GET /optional/david-bowie/changes-song
// request: GET /optional/david-bowie/song-changes
// request: GET /bob/followers
// request: GET /followers
// request: GET /groups/user/bob
// request: GET /groups
// request: GET /user/bob/photos
// request: GET /photos
// request: GET /~user
// request: GET /young-and-fine
// request: GET /%E3%81%BB%E3%81%92
// request: GET /a%20b%2Fc+d
// request: GET /a%20b/c+d
// helper: foo_path
// helper: bar_path("foo", "baz", "1")
// helper: project_path(1, :json)
// helper: page_path("foo?bar")
// helper: page_path("foo/bar")
// helper: wiki_path("foo?bar")
// helper: wiki_path("foo/bar")
// helper: segment_path(segment: "a b/c+d")
// helper: splat_path(splat: "a b/c+d")
// helper: unicode_path_path
// url_for: controller: "followers", action: "index", username: "bob"
// url_for: controller: "followers", action: "index", username: nil
// url_for: controller: "groups", action: "index", username: "bob"
// url_for: controller: "groups", action: "index", username: nil
// url_for: controller: "photos", action: "index", username: "bob"
// url_for: controller: "photos", action: "index", username: nil
