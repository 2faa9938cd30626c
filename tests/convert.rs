//! `resourceful-convert` held to Rails 2.3: each routes file here is converted and the
//! conversion compared with the table beside it, which the tests compile; the tables' routes
//! are then recognised and generated as Rails 2.3 would (here for `constructs.rb` and
//! `needs_review.rb`; in tests/routes_file.rs for the Rails tests' own tables; in
//! tests/tracker.rs for the tracker's routes file).

mod support;

use std::path::Path;

use resourceful::UrlFor;
use resourceful::http::Method;

#[path = "convert/constructs.rs"]
mod constructs;
#[path = "convert/mended.rs"]
mod mended;
#[path = "convert/needs_review.rs"]
mod needs_review;

/// Each routes file, the table it converts to, and how many notes and to-dos that has.
const FILES: &[(&str, &str, usize, usize)] = &[
    ("convert/defaults.rb", "convert/defaults.rs", 1, 0),
    ("convert/globs.rb", "convert/globs.rs", 1, 0),
    ("convert/options.rb", "convert/options.rs", 0, 0),
    ("convert/targets.rb", "convert/targets.rs", 3, 0),
    ("convert/best_fit.rb", "convert/best_fit.rs", 1, 0),
    ("convert/constructs.rb", "convert/constructs.rs", 5, 0),
    ("convert/needs_review.rb", "convert/needs_review.rs", 0, 4),
    ("convert/mended.rb", "convert/mended.rs", 7, 0),
    (
        "../examples/tracker/routes.rb",
        "../examples/tracker/routes.rs",
        1,
        0,
    ),
];

fn read(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn each_routes_file_converts_to_the_table_beside_it() {
    for &(ruby, table, notes, todos) in FILES {
        let name = Path::new(ruby).file_name().map(|n| n.to_string_lossy());
        let converted = resourceful_convert::convert(&read(ruby), &name.unwrap_or_default())
            .unwrap_or_else(|e| panic!("{ruby}: {e}"));
        let want = read(table);
        if converted.text != want {
            let line = converted
                .text
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(converted.text.lines().count().min(want.lines().count()));
            panic!(
                "{ruby} converts to a table other than {table}, from line {}:\n{}\nwhere the \
                 file has\n{}",
                line + 1,
                converted
                    .text
                    .lines()
                    .skip(line)
                    .take(5)
                    .collect::<Vec<_>>()
                    .join("\n"),
                want.lines()
                    .skip(line)
                    .take(5)
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
        assert_eq!(
            (converted.notes, converted.todos),
            (notes, todos),
            "{ruby}: notes and to-dos"
        );
        assert_eq!(converted.needs_review(), todos > 0);
    }
}

#[test]
fn every_route_of_the_constructs_file_routes_as_rails_routes_it() {
    support::check_table(
        &constructs::ROUTES,
        &[
            // map.resources with every option; has_many, has_one and the block's resources
            // come before the resource's own routes.
            ("GET", "/articles", "articles#index"),
            ("GET", "/articles/recent", "articles#recent"),
            ("POST", "/articles/new/draft", "articles#draft"),
            ("PUT", "/articles/1/publish", "articles#publish id=1"),
            ("GET", "/articles/1/preview", "articles#preview id=1"),
            ("POST", "/articles/1/preview", "articles#preview id=1"),
            ("GET", "/articles/1/comments", "comments#index article_id=1"),
            (
                "GET",
                "/articles/1/revisions/2/diffs",
                "diffs#index article_id=1 revision_id=2",
            ),
            ("GET", "/articles/1/author", "authors#show article_id=1"),
            ("POST", "/articles/1/tags", "tags#create article_id=1"),
            ("GET", "/articles/1/tags/2", "tags#show article_id=1 id=2"),
            ("GET", "/articles/1/tags/x", "404"),
            ("GET", "/articles/1/cover/edit", "covers#edit article_id=1"),
            ("GET", "/articles/1", "articles#show id=1"),
            ("GET", "/folks/abc", "users#show id=abc"),
            (
                "GET",
                "/stores/4/products/9",
                "products#show store_id=4 id=9",
            ),
            ("GET", "/photos/upload", "photos#new"),
            ("GET", "/photos/1/change", "photos#edit id=1"),
            ("GET", "/photos/1/notes", "notes#index photo_id=1"),
            ("GET", "/notes/5", "notes#show id=5"),
            ("GET", "/account", "settings/accounts#show"),
            ("GET", "/account/keys", "settings/keys#index"),
            ("GET", "/admin/reports", "admin/reports#index"),
            ("GET", "/admin/tools/3", "admin/tools#show id=3"),
            // with_options, and the call on the outer mapper that takes none of its options.
            ("GET", "/about", "pages#about"),
            ("GET", "/pages/intro", "pages#show name=intro"),
            ("POST", "/pages", "directory#index"),
            ("GET", "/legal", "pages#legal"),
            ("GET", "/legal/privacy", "pages#legal section=privacy"),
            ("GET", "/feeds/latest", "feeds#latest"),
            ("GET", "/feeds/7", "feeds#show id=7"),
            // Globs, defaults, formats.
            (
                "GET",
                "/downloads/a/b.zip",
                "downloads#show path=a/b.zip format=bin",
            ),
            ("GET", "/archive/2009", "archive#month year=2009 month=1"),
            ("GET", "/archive/2009/5", "archive#month year=2009 month=5"),
            ("GET", "/feed", "feeds#index"),
            ("GET", "/feed.rss", "feeds#index format=rss"),
            ("GET", "/sitemap", "sitemaps#show"),
            ("GET", "/sitemap.xml", "sitemaps#show format=xml"),
            // The helper defined twice, and the root that takes every method, as in Rails.
            ("GET", "/help", "help#index"),
            ("GET", "/support", "help#support"),
            ("GET", "/", "home#index"),
            ("POST", "/", "home#index"),
            // The default route, with and without its format.
            ("GET", "/home/index", "home#index"),
            ("GET", "/articles/show/1", "articles#show id=1"),
            (
                "GET",
                "/articles/show/1.xml",
                "articles#show id=1 format=xml",
            ),
        ],
    );
}

#[test]
fn the_constructs_files_helpers_are_rails_helpers() {
    use constructs::*;
    assert_eq!(recent_articles_path(), "/articles/recent");
    assert_eq!(draft_new_article_path(), "/articles/new/draft");
    assert_eq!(
        article_revision_diffs_path(1, 2),
        "/articles/1/revisions/2/diffs"
    );
    assert_eq!(article_author_path(1), "/articles/1/author");
    assert_eq!(person_path("abc"), "/folks/abc");
    assert_eq!(store_product_path(4, 9), "/stores/4/products/9");
    assert_eq!(new_photo_path(), "/photos/upload");
    assert_eq!(photo_notes_path(1), "/photos/1/notes");
    assert_eq!(note_path(5), "/notes/5");
    assert_eq!(keys_path(), "/account/keys");
    assert_eq!(admin_tool_path(3), "/admin/tools/3");
    assert_eq!(page_path("intro"), "/pages/intro");
    assert_eq!(legal_path(None::<&str>), "/legal");
    assert_eq!(feed_latest_path(), "/feeds/latest");
    assert_eq!(download_path("a/b c.zip"), "/downloads/a/b%20c.zip");
    assert_eq!(archive_path(2009, Some(5)), "/archive/2009/5");
    assert_eq!(archive_path(2009, None::<u32>), "/archive/2009");
    assert_eq!(formatted_feed_path("rss"), "/feed.rss");
    assert_eq!(formatted_sitemap_path("xml"), "/sitemap.xml");
    // Rails gives `help` to the later declaration; the earlier one is renamed.
    assert_eq!(help_path(), "/support");
    assert_eq!(help_1_path(), "/help");
    assert_eq!(root_path(), "/");
    let rows = [
        (
            UrlFor::new()
                .param("controller", "feeds")
                .param("action", "show")
                .param("id", 7),
            "/feeds/7",
        ),
        (
            UrlFor::new()
                .param("controller", "articles")
                .param("action", "show")
                .param("id", 1),
            "/articles/1",
        ),
        (
            UrlFor::new()
                .param("controller", "home")
                .param("action", "about"),
            "/home/about",
        ),
    ];
    for (hash, want) in rows {
        let built = ROUTES.url_for(&hash).map_err(|e| e.to_string());
        assert_eq!(built.as_deref(), Ok(want), "{hash}");
    }
}

#[test]
fn what_needs_review_is_left_out_and_the_routes_around_it_are_not() {
    let routes = &needs_review::ROUTES;
    support::check_table(
        routes,
        &[
            ("GET", "/articles/1", "articles#show id=1"),
            ("GET", "/photos", "photos#index"),
            ("GET", "/old/a/b", "legacy#index path=a/b"),
            ("GET", "/help", "help#index"),
            // The loop over a literal list is unrolled.
            ("GET", "/about", "pages#about"),
            ("GET", "/contact", "pages#contact"),
            ("GET", "/debug/x", "404"),
        ],
    );
    assert!(routes.recognize(&Method::GET, "/p/1").is_err());
}

#[test]
fn what_rails_decided_silently_is_mended_as_rails_decided_it() {
    support::check_table(
        &mended::ROUTES,
        &[
            // The second `issues` resource routes, without the names the first keeps.
            ("GET", "/issues/1", "issues#show id=1"),
            ("GET", "/projects/2/issues", "issues#index project_id=2"),
            (
                "GET",
                "/projects/2/issues/1",
                "issues#show project_id=2 id=1",
            ),
            ("POST", "/projects/2/issues", "405 GET"),
            // The resource's show keeps routing, unnamed; `page` is the later route's.
            ("GET", "/pages/3", "pages#show id=3"),
            ("GET", "/p/3", "pages#show id=3"),
            ("GET", "/admin/articles/new", "admin/articles#new"),
            ("GET", "/admin/write", "admin/drafts#new"),
            ("GET", "/compose", "composer#new"),
            ("GET", "/about", "pages#about"),
            // `/feed.rss` reaches the route Rails 2.3 gave it.
            ("GET", "/feed.rss", "feeds#rss"),
            ("GET", "/feed", "feeds#index"),
            ("GET", "/feed.atom", "feeds#index format=atom"),
            ("GET", "/", "welcome#index"),
            ("POST", "/", "welcome#index"),
            ("GET", "/welcome/about", "welcome#about"),
        ],
    );
    use mended::*;
    assert_eq!(issues_path(), "/issues");
    assert_eq!(issue_path(1), "/issues/1");
    assert_eq!(page_path(Some(3)), "/p/3");
    assert_eq!(pages_path(), "/pages");
    assert_eq!(new_admin_article_path(), "/compose");
    assert_eq!(admin_new_article_path(), "/admin/write");
    assert_eq!(edit_admin_article_path(4), "/admin/articles/4/edit");
    assert_eq!(about_path(), "/about");
    assert_eq!(rss_path(), "/feed.rss");
    assert_eq!(root_path(), "/");
}
