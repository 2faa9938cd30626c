//! The rest of Rails 2.3's routing DSL (SPEC §10), case by case from Rails 2.3's
//! `actionpack/test/controller/routing_test.rb` (MIT): each table's rows name the Rails test
//! they port, in our own words. Recognition rows read `controller#action key=value ...`,
//! generation rows the path built.
//!
//! The route tables are the Rails tests' own routes, as a Rails 2.3 routes file declares them
//! (`tests/convert/NAME.rb`), and what `resourceful-convert` makes of them
//! (`tests/convert/NAME.rs`, which tests/convert.rs holds to the converter's output): these
//! rows check the converter as much as the DSL.

mod support;

use resourceful::http::Method;
use resourceful::{UrlError, UrlFor};

/// Recognition by `recognize`, generation by `url_for`: `(rails test, params, path)`.
fn check_generation(set: &resourceful::RouteSet, rows: &[(&str, UrlFor, &str)]) {
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|(rails, params, want)| {
            let got = set
                .url_for(params)
                .unwrap_or_else(|e| format!("error: {e}"));
            (got != *want).then(|| format!("{rails}: {params} gave `{got}`, want `{want}`"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn params(pairs: &[(&str, &str)]) -> UrlFor {
    pairs
        .iter()
        .fold(UrlFor::new(), |hash, &(key, value)| hash.param(key, value))
}

#[path = "convert/defaults.rs"]
mod defaults;

#[test]
fn defaults_make_trailing_segments_optional_and_give_their_values() {
    support::check_table(
        &defaults::ROUTES,
        &[
            // test_route_with_fixnum_default
            ("GET", "/page", "content#show_page id=1"),
            ("GET", "/page/1", "content#show_page id=1"),
            ("GET", "/page/10", "content#show_page id=10"),
            // test_route_with_text_default
            ("GET", "/page/foo", "content#show_page id=foo"),
            (
                "GET",
                "/page/%D1%82%D0%B5%D0%BA",
                "content#show_page id=тек",
            ),
            // test_both_requirement_and_optional
            ("GET", "/test", "post#show"),
            ("GET", "/test/2009", "post#show year=2009"),
            ("GET", "/test/09", "404"),
            // test_set_to_nil_forgets
            ("GET", "/pages/2005", "content#list_pages year=2005"),
            (
                "GET",
                "/pages/2005/6",
                "content#list_pages year=2005 month=6",
            ),
            (
                "GET",
                "/pages/2005/6/12",
                "content#list_pages year=2005 month=6 day=12",
            ),
            // test_requirement_should_prevent_optional_id: a requirement that refuses an empty
            // value keeps `:id` required
            ("GET", "/post/10", "post#show id=10"),
            ("GET", "/post", "post#index"),
            // A key the pattern does not have is a param of every request the route takes.
            ("GET", "/legacy/people", "people#index legacy=true"),
            ("GET", "/people", "people#index"),
            ("GET", "/journal", "content#list_journal"),
        ],
    );
}

#[test]
fn defaults_are_left_out_of_the_paths_built_and_are_conditions_of_generation() {
    let rows = [
        // test_route_with_fixnum_default
        (
            "test_route_with_fixnum_default",
            params(&[("controller", "content"), ("action", "show_page")]),
            "/page",
        ),
        (
            "test_route_with_fixnum_default",
            params(&[
                ("controller", "content"),
                ("action", "show_page"),
                ("id", "1"),
            ]),
            "/page",
        ),
        (
            "test_route_with_fixnum_default",
            params(&[
                ("controller", "content"),
                ("action", "show_page"),
                ("id", "10"),
            ]),
            "/page/10",
        ),
        (
            "test_both_requirement_and_optional",
            params(&[("controller", "post"), ("action", "show")]),
            "/test",
        ),
        (
            "test_set_to_nil_forgets",
            params(&[
                ("controller", "content"),
                ("action", "list_pages"),
                ("year", "2005"),
            ]),
            "/pages/2005",
        ),
        (
            "test_set_to_nil_forgets",
            params(&[
                ("controller", "content"),
                ("action", "list_pages"),
                ("year", "2005"),
                ("month", "6"),
            ]),
            "/pages/2005/6",
        ),
        (
            "test_set_to_nil_forgets",
            params(&[
                ("controller", "content"),
                ("action", "list_pages"),
                ("year", "2005"),
                ("month", "6"),
                ("day", "12"),
            ]),
            "/pages/2005/6/12",
        ),
        (
            "test_requirement_should_prevent_optional_id",
            params(&[("controller", "post"), ("action", "show"), ("id", "10")]),
            "/post/10",
        ),
        // A key the pattern does not have: picked only when given with that value.
        (
            "test_generate (legacy/people)",
            params(&[
                ("controller", "people"),
                ("action", "index"),
                ("legacy", "true"),
            ]),
            "/legacy/people",
        ),
        (
            "test_generate (legacy/people)",
            params(&[("controller", "people"), ("action", "index")]),
            "/people",
        ),
        (
            "test_generate (legacy/people)",
            params(&[
                ("controller", "people"),
                ("action", "index"),
                ("legacy", "false"),
            ]),
            "/people?legacy=false",
        ),
        // test_nil_defaults: `None` for a key the pattern does not have: picked when the key
        // is not given.
        (
            "test_nil_defaults",
            params(&[("controller", "content"), ("action", "list_journal")]),
            "/journal",
        ),
        (
            "test_nil_defaults",
            params(&[
                ("controller", "content"),
                ("action", "list_journal"),
                ("date", "2005"),
            ]),
            "/content/list_journal?date=2005",
        ),
    ];
    check_generation(&defaults::ROUTES, &rows);
    // test_requirement_should_prevent_optional_id: `/post/:id` cannot be built without `:id`;
    // here `blog`, which needs no year, builds `post#show` instead.
    assert_eq!(
        defaults::ROUTES
            .url_for(&params(&[("controller", "post"), ("action", "show")]))
            .unwrap(),
        "/test"
    );
}

#[test]
fn helpers_of_a_defaulted_param_take_an_option() {
    // test_both_requirement_and_optional: `blog_url` builds `/test` without a year.
    assert_eq!(defaults::blog_path(None::<u32>), "/test");
    assert_eq!(defaults::blog_path(Some(2009)), "/test/2009");
    assert_eq!(
        defaults::formatted_blog_path(Some(2009), "xml"),
        "/test/2009.xml"
    );
    assert_eq!(
        defaults::formatted_blog_path(None::<u32>, "xml"),
        "/test.xml"
    );
    let hash = defaults::hash_for_blog_path(None::<u32>);
    assert_eq!(hash.get("year"), None);
    assert_eq!(defaults::ROUTES.url_for(&hash).unwrap(), "/test");
    // test_failed_requirements_raises_exception_with_violated_requirements
    let refused = std::panic::catch_unwind(|| defaults::blog_path(Some("09")));
    assert!(
        refused.is_err(),
        "a year the requirement refuses does not route"
    );
}

#[path = "convert/globs.rs"]
mod globs;

#[test]
fn a_glob_takes_the_rest_of_the_path() {
    support::check_table(
        &globs::ROUTES,
        &[
            // test_paths_escaped: `+` stays a `+` in a path; escapes are decoded segment by
            // segment, and the segments joined by `/`.
            (
                "GET",
                "/file/hello+world/how+are+you%3F",
                "content#show_file path=hello+world/how+are+you?",
            ),
            (
                "GET",
                "/file/hello%20world/how%20are%20you%3F",
                "content#show_file path=hello world/how are you?",
            ),
            // A glob takes no format: a dot belongs to its value.
            (
                "GET",
                "/file/app/models/user.rb",
                "content#show_file path=app/models/user.rb",
            ),
            ("GET", "/file/a%2Fb", "content#show_file path=a/b"),
            // ... which may be empty.
            ("GET", "/file", "content#show_file path="),
            ("GET", "/file/", "content#show_file path="),
            // A default for a key the pattern does not have: the format of a glob route.
            ("GET", "/raw/README", "files#raw path=README format=txt"),
            // A requirement on a glob applies to its whole value.
            ("GET", "/lib/a/b.rb", "files#lib path=a/b.rb"),
            (
                "GET",
                "/lib/a/b.py",
                "blog#unknown_request anything=lib/a/b.py",
            ),
            // test_route_recognition_unescapes_path_components
            (
                "GET",
                "/content/act%3A%40ion/var%5Eiable/add-1/add-2",
                "content#act:@ion variable=var^iable additional=add-1/add-2",
            ),
            // test_generate_with_optional_params_recalls_last_request: a catch-all last
            (
                "GET",
                "/blog/wibble",
                "blog#unknown_request anything=blog/wibble",
            ),
            ("GET", "/junk", "blog#unknown_request anything=junk"),
            // An empty segment is refused, as everywhere.
            ("GET", "/file/a//b", "404"),
        ],
    );
}

#[test]
fn a_glob_is_written_whole_its_slashes_kept() {
    // test_paths_slashes_unescaped_with_ordered_parameters
    assert_eq!(globs::path_path("hello/world"), "/file/hello/world");
    assert_eq!(
        globs::path_path("app/models/user.rb"),
        "/file/app/models/user.rb"
    );
    assert_eq!(globs::path_path("a b/c?d"), "/file/a%20b/c%3Fd");
    assert_eq!(globs::path_path(""), "/file");
    let rows = [
        // test_dynamic_path_allowed
        (
            "test_dynamic_path_allowed",
            params(&[
                ("controller", "blog"),
                ("action", "unknown_request"),
                ("anything", "pages/boo"),
            ]),
            "/pages/boo",
        ),
        // test_route_generation_escapes_unsafe_path_characters
        (
            "test_route_generation_escapes_unsafe_path_characters",
            params(&[
                ("controller", "content"),
                ("action", "act:@&=+$,;^?#[]ion"),
                ("variable", "var:@&=+$,;^?#[]iable"),
                ("additional", "add-1/add-2"),
            ]),
            "/content/act:@&=+$,;%5E%3F%23%5B%5Dion/var:@&=+$,;%5E%3F%23%5B%5Diable/add-1/add-2",
        ),
        (
            "a glob route's default is a condition",
            params(&[
                ("controller", "files"),
                ("action", "raw"),
                ("path", "README"),
                ("format", "txt"),
            ]),
            "/raw/README",
        ),
    ];
    check_generation(&globs::ROUTES, &rows);
    // A value with an empty part would not route back.
    let refused = std::panic::catch_unwind(|| globs::path_path("a//b"));
    assert!(refused.is_err());
    let unfit = globs::ROUTES.url_for(&params(&[
        ("controller", "files"),
        ("action", "lib"),
        ("path", "a.py"),
    ]));
    assert!(matches!(unfit, Err(UrlError::Unfit { .. })), "{unfit:?}");
}

#[path = "convert/options.rs"]
mod options;

#[test]
fn with_options_give_their_options_to_the_declarations_in_the_block() {
    support::check_table(
        &options::ROUTES,
        &[
            // test_recognize_with_conditions
            ("GET", "/people", "people#index"),
            ("POST", "/people", "people#create"),
            ("PUT", "/people", "405 GET,POST"),
            ("GET", "/people/5", "people#show id=5"),
            ("PUT", "/people/5", "people#update id=5"),
            ("DELETE", "/people/5", "people#destroy id=5"),
            ("POST", "/people/5", "405 GET,PUT,DELETE"),
            // Nested blocks merge requirements key by key, the inner one winning.
            ("GET", "/projects/12/repository", "repositories#show id=12"),
            (
                "GET",
                "/projects/12/repository/browse/app/models",
                "repositories#browse id=12 path=app/models",
            ),
            ("GET", "/projects/12345/repository/browse/app", "404"),
            ("GET", "/projects/12/repository/browse/user.rb", "404"),
            ("POST", "/projects/12/repository", "405 GET"),
            // ... and pass through `namespace`, whose controller they take.
            (
                "GET",
                "/admin/projects/1/repository/settings",
                "admin/settings#settings id=1",
            ),
        ],
    );
    assert_eq!(options::person_path(5), "/people/5");
    assert_eq!(
        options::browse_path(12, "app/models"),
        "/projects/12/repository/browse/app/models"
    );
}

#[test]
fn a_final_format_is_optional() {
    support::check_table(
        &options::ROUTES,
        &[
            // test_segmentation_of_dynamic_dot_path
            ("GET", "/books/list.rss", "books#list format=rss"),
            ("GET", "/books/list.xml", "books#list format=xml"),
            ("GET", "/books/list", "books#list"),
            ("GET", "/books", "books#index"),
            // test_recognize_path (news.:format)
            ("GET", "/news.rss", "news#index format=rss"),
            ("GET", "/news", "news#index"),
        ],
    );
    let rows = [
        (
            "test_segmentation_of_dynamic_dot_path",
            params(&[
                ("controller", "books"),
                ("action", "list"),
                ("format", "rss"),
            ]),
            "/books/list.rss",
        ),
        (
            "test_segmentation_of_dynamic_dot_path",
            params(&[("controller", "books"), ("action", "list")]),
            "/books/list",
        ),
        (
            "test_segmentation_of_dynamic_dot_path",
            params(&[("controller", "books"), ("action", "index")]),
            "/books",
        ),
        (
            "test_format_is_not_inherit",
            params(&[("controller", "news"), ("format", "xml")]),
            "/news.xml",
        ),
        (
            "test_format_is_not_inherit",
            params(&[("controller", "news")]),
            "/news",
        ),
    ];
    check_generation(&options::ROUTES, &rows);
}

#[path = "convert/targets.rs"]
mod targets;

#[test]
fn requirements_restrict_the_controllers_and_actions_a_path_names() {
    support::check_table(
        &targets::ROUTES,
        &[
            // test_route_with_regexp_for_controller
            (
                "GET",
                "/admin/users/foo",
                "admin/users#index admintoken=foo",
            ),
            ("GET", "/content/foo", "content#foo"),
            // test_route_with_regexp_and_dot: `file` takes a dot, as its requirement allows
            ("GET", "/users/download/file", "users#download file=file"),
            (
                "GET",
                "/users/download/file.jpg",
                "users#download file=file.jpg",
            ),
            ("GET", "/users/download", "users#download"),
            ("GET", "/users/list", "users#list"),
            ("GET", "/content/download/file", "content#download id=file"),
        ],
    );
    let rows = [
        (
            "test_route_with_regexp_for_controller",
            params(&[
                ("controller", "admin/users"),
                ("admintoken", "foo"),
                ("action", "index"),
            ]),
            "/admin/users/foo",
        ),
        (
            "test_route_with_regexp_for_controller",
            params(&[("controller", "content"), ("action", "foo")]),
            "/content/foo",
        ),
        (
            "test_route_with_regexp_and_dot",
            params(&[
                ("controller", "users"),
                ("action", "download"),
                ("file", "file.jpg"),
            ]),
            "/users/download/file.jpg",
        ),
    ];
    check_generation(&targets::ROUTES, &rows);
}

/// An action a route's requirement lists is one of the set's actions, so that it can be
/// bound to a handler.
#[test]
fn actions_a_requirement_lists_are_actions_of_the_set() {
    use resourceful::Actions;
    let actions: Vec<String> = targets::Action::ALL.iter().map(|a| a.to_string()).collect();
    // `:controller` takes `admin|users`, of which only `users` is a controller of the set.
    for reached in ["users#upload", "users#download"] {
        assert!(
            actions.iter().any(|a| a == reached),
            "{reached} in {actions:?}"
        );
    }
    let found = targets::ROUTES
        .recognize(&Method::GET, "/users/upload/a.png")
        .unwrap();
    assert_eq!(
        targets::Action::of(&found),
        Some(targets::Action::UsersUpload)
    );
}

#[path = "convert/best_fit.rs"]
mod best_fit;

/// Rails 2.3 generates with the route that leaves the fewest given keys unused
/// (`routes_for_controller_and_action_and_keys`), declaration order breaking ties.
#[test]
fn url_for_picks_the_route_that_uses_the_most_given_keys() {
    let rows = [
        (
            "routes_for_controller_and_action_and_keys",
            params(&[
                ("controller", "timelog"),
                ("action", "destroy"),
                ("id", "55"),
            ]),
            "/time_entries/55",
        ),
        (
            "routes_for_controller_and_action_and_keys",
            params(&[("controller", "timelog"), ("action", "edit"), ("id", "55")]),
            "/time_entries/edit/55",
        ),
        (
            "test_generate_not_first",
            params(&[
                ("controller", "timelog"),
                ("action", "bar"),
                ("id", "15"),
                ("this", "hello"),
            ]),
            "/timelog/bar/15?this=hello",
        ),
        (
            "test_default_route_should_omit_default_action",
            params(&[("controller", "timelog"), ("action", "index")]),
            "/timelog",
        ),
        (
            "test_default_route_should_include_default_action_when_id_present",
            params(&[("controller", "timelog"), ("action", "index"), ("id", "20")]),
            "/timelog/index/20",
        ),
    ];
    check_generation(&best_fit::ROUTES, &rows);
}

mod typed {
    resourceful::routes! {
        named(wiki_diff, "/wiki/:id/diff/:version", controller = "wiki", action = "diff",
              defaults(version = None), types(id = u64, version = u32));
        named(page, "/page/:id", controller = "pages", action = "show", defaults(id = "1"));
        named(entry, "/repository/entry/*path", controller = "repositories", action = "entry");
    }
}

#[test]
fn typed_routes_give_a_defaulted_param_as_an_option_and_a_glob_whole() {
    use resourceful::Value;
    use typed::Route;
    let cases = [
        (
            "/wiki/7/diff",
            Route::WikiDiff {
                id: 7,
                version: None,
                format: None,
            },
        ),
        (
            "/wiki/7/diff/3.json",
            Route::WikiDiff {
                id: 7,
                version: Some(3),
                format: Some(Value::from("json")),
            },
        ),
        // The default fills the field, and a link leaves it out again.
        (
            "/page",
            Route::PagesShow {
                id: Some(Value::from("1")),
                format: None,
            },
        ),
        (
            "/page/2",
            Route::PagesShow {
                id: Some(Value::from("2")),
                format: None,
            },
        ),
        (
            "/repository/entry/app/models/user.rb",
            Route::RepositoriesEntry {
                path: Value::from("app/models/user.rb"),
            },
        ),
        (
            "/repository/entry",
            Route::RepositoriesEntry {
                path: Value::from(""),
            },
        ),
    ];
    for (path, want) in cases {
        let route = typed::recognize(&Method::GET, path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(route, want, "{path}");
        assert_eq!(route.path(), path, "{path}");
    }
    assert_eq!(
        Route::PagesShow {
            id: Some(Value::from("1")),
            format: None,
        }
        .path(),
        "/page"
    );
    assert_eq!(typed::wiki_diff_path(7u64, None), "/wiki/7/diff");
    assert_eq!(typed::wiki_diff_path(7u64, Some(3u32)), "/wiki/7/diff/3");
    assert_eq!(typed::page_path(None::<u32>), "/page");
    assert_eq!(typed::page_path(Some(1)), "/page");
    assert_eq!(typed::page_path(Some(2)), "/page/2");
    assert_eq!(
        typed::entry_path("app/models/user.rb"),
        "/repository/entry/app/models/user.rb"
    );
}

#[test]
fn the_listing_shows_optional_segments_and_globs_as_rails_routes_does() {
    let listing = typed::ROUTES.to_string();
    for line in [
        "wiki_diff      /wiki/:id/diff(/:version)(.:format) wiki#diff",
        "     page      /page(/:id)(.:format)               pages#show",
        "    entry      /repository/entry/*path             repositories#entry",
    ] {
        assert!(listing.contains(line), "`{line}` in\n{listing}");
    }
}
