//! The tracker example's server (examples/tracker) through `oneshot`, on a directory made for
//! each test: the repository browser's listings, pages and downloads, and their links, made by
//! the route set's helpers and followed back; every way out of the directory (`..`, decoded
//! from `%2e%2e` too, absolute paths, links leading out, special files) refused with the same
//! 404 as a missing file, leaking nothing; and the page every other action answers with.

#![cfg(unix)]

#[path = "../examples/tracker/app/mod.rs"]
mod app;

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

use axum::body::Body;
use http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use resourceful::axum::Dispatcher;
use resourceful::form::escape_html;
use tower::ServiceExt;

use app::cli::{self, Command};
use app::routes;
use app::tree::ENTRY_LIMIT;

/// What a file of the test trees holds, which no response may show unless it serves that file.
const SECRET: &str = "TOP SECRET: the key is 42";
const SCRIPT: &str = r#"<script>alert("owned")</script> & 'quoted'"#;
const BINARY: &[u8] = &[0, 159, 146, 150, 255, b'\n'];
const ODD_NAME: &str = "a b#?%.txt";

/// A directory of its own, removed (links and all, never what they point to) when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `base/root`, the tree served, beside `base/outside`, which holds the secret:
///
/// ```text
/// root/README                 text
/// root/src/main.rs            SCRIPT
/// root/src/nested/deep.txt
/// root/a b#?%.txt
/// root/binary.bin             BINARY
/// root/big.txt                ENTRY_LIMIT + 1 bytes
/// root/empty/
/// root/inner -> src           a link that stays inside
/// root/out -> ../outside      links that lead out
/// root/leak -> ../outside/secret.txt
/// root/etc -> /etc
/// root/socket                 a Unix socket
/// outside/secret.txt          SECRET
/// ```
fn scratch(name: &str) -> (Scratch, Dispatcher) {
    let base = std::env::temp_dir().join(format!("tracker-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let scratch = Scratch(base.clone());
    let root = base.join("root");
    let write = |path: &str, bytes: &[u8]| {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    };
    write("README", b"The tracker's sources.\n");
    write("src/main.rs", SCRIPT.as_bytes());
    write("src/nested/deep.txt", b"deep\n");
    write(ODD_NAME, b"odd\n");
    write("binary.bin", BINARY);
    write("big.txt", &vec![b'x'; ENTRY_LIMIT as usize + 1]);
    std::fs::create_dir(root.join("empty")).unwrap();
    symlink("src", root.join("inner")).unwrap();
    symlink("../outside", root.join("out")).unwrap();
    symlink("../outside/secret.txt", root.join("leak")).unwrap();
    symlink("/etc", root.join("etc")).unwrap();
    drop(std::os::unix::net::UnixListener::bind(root.join("socket")).unwrap());
    std::fs::create_dir(base.join("outside")).unwrap();
    std::fs::write(base.join("outside/secret.txt"), SECRET).unwrap();
    let tree = app::Tree::open(&root).unwrap();
    assert_eq!(tree.root(), std::fs::canonicalize(&root).unwrap());
    (scratch, app::router(tree))
}

/// The status, headers and body of `method uri`.
async fn send(app: &Dispatcher, method: &str, uri: &str) -> (StatusCode, HeaderMap, Vec<u8>) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes().to_vec();
    (parts.status, parts.headers, bytes)
}

async fn get(app: &Dispatcher, uri: &str) -> (StatusCode, String) {
    let (status, _, body) = send(app, "GET", uri).await;
    (status, String::from_utf8(body).unwrap())
}

/// The `(href, text)` of every link of the page's `<main>` part (after its `<h1>`), unescaped.
fn links(page: &str) -> Vec<(String, String)> {
    let unescape = |text: &str| {
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    };
    let main = &page[page.find("<h1>").expect("a title")..];
    main.split(r#"<a href=""#)
        .skip(1)
        .map(|rest| {
            let (href, rest) = rest.split_once(r#"">"#).unwrap();
            let (text, _) = rest.split_once("</a>").unwrap();
            (unescape(href), unescape(text))
        })
        .collect()
}

fn browse(path: &str) -> String {
    format!("/projects/demo/repository/browse/{path}")
}

fn entry(path: &str) -> String {
    format!("/projects/demo/repository/entry/{path}")
}

#[tokio::test]
async fn the_root_is_listed_sorted_with_links_from_the_helpers() {
    let (_scratch, app) = scratch("root");
    let (status, page) = get(&app, &routes::project_repository_path("demo")).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let found = links(&page);
    let raw = |path| routes::repository_raw_path("demo", path);
    let want: Vec<(String, String)> = [
        (browse("empty"), "empty/"),
        (browse("inner"), "inner/"),
        (browse("src"), "src/"),
        (entry("README"), "README"),
        (raw("README"), "raw"),
        (entry("a%20b%23%3F%25.txt"), ODD_NAME),
        (raw(ODD_NAME), "raw"),
        (entry("big.txt"), "big.txt"),
        (raw("big.txt"), "raw"),
        (entry("binary.bin"), "binary.bin"),
        (raw("binary.bin"), "raw"),
    ]
    .into_iter()
    .map(|(href, text)| (href, text.to_owned()))
    .collect();
    assert_eq!(found, want);
    assert_eq!(
        raw(ODD_NAME),
        "/projects/demo/repository/raw/a%20b%23%3F%25.txt"
    );
    // The links out, and the socket, are left out of the listing, and counted.
    assert!(
        page.contains("Not shown: 4 entries that cannot be served"),
        "{page}"
    );
    for absent in ["out", "leak", "etc", "socket", "secret"] {
        assert!(!found.iter().any(|(_, text)| text.contains(absent)));
    }
    assert!(
        page.contains(r#"<td class="size">23</td>"#),
        "README's size: {page}"
    );
    // Every link leads to a page or a download.
    for (href, _) in &found {
        let (status, headers, _) = send(&app, "GET", href).await;
        assert_eq!(status, StatusCode::OK, "{href}");
        let html = headers["content-type"] == "text/html; charset=utf-8";
        assert_eq!(href.contains("/raw/"), !html, "{href}");
    }
}

#[tokio::test]
async fn directories_are_listed_under_any_project_with_their_path_as_links() {
    let (_scratch, app) = scratch("subdir");
    let (status, page) = get(&app, "/projects/redmine/repository/browse/src/nested").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<h1>redmine: /src/nested</h1>"), "{page}");
    assert_eq!(
        links(&page),
        [
            (
                routes::project_repository_path("redmine"),
                "redmine repository".to_owned()
            ),
            (
                "/projects/redmine/repository/browse/src".to_owned(),
                "src".to_owned()
            ),
            (
                "/projects/redmine/repository/entry/src/nested/deep.txt".to_owned(),
                "deep.txt".to_owned()
            ),
            (
                routes::repository_raw_path("redmine", "src/nested/deep.txt"),
                "raw".to_owned()
            ),
        ]
    );
    // `browse/` is the root; an empty directory says so; a link inside the tree is followed.
    let (status, root) = get(&app, "/projects/redmine/repository/browse").await;
    assert_eq!(status, StatusCode::OK);
    assert!(root.contains(">README</a>"));
    let (_, empty) = get(&app, &browse("empty")).await;
    assert!(empty.contains("<p>This directory is empty.</p>"), "{empty}");
    let (status, inner) = get(&app, &entry("inner/main.rs")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(inner.contains("&lt;script&gt;"));
    // `entry` of a directory lists it, and `browse` of a file shows it.
    let (_, listed) = get(&app, &entry("src")).await;
    assert!(listed.contains(">main.rs</a>"));
    let (_, shown) = get(&app, &browse("README")).await;
    assert!(
        shown.contains("<pre>The tracker&#39;s sources.\n</pre>"),
        "{shown}"
    );
}

#[tokio::test]
async fn a_file_is_shown_escaped_and_downloaded_as_it_is() {
    let (_scratch, app) = scratch("files");
    let (status, headers, page) = send(&app, "GET", &entry("src/main.rs")).await;
    let page = String::from_utf8(page).unwrap();
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains(&format!("<pre>{}</pre>", escape_html(SCRIPT))),
        "{page}"
    );
    assert!(
        page.contains(
            "&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;"
        )
    );
    assert!(!page.contains("<script"));
    assert!(
        headers["content-security-policy"]
            .to_str()
            .unwrap()
            .starts_with("default-src 'none'")
    );

    let (status, headers, bytes) =
        send(&app, "GET", &routes::repository_raw_path("x", "binary.bin")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bytes, BINARY);
    assert_eq!(headers["content-type"], "application/octet-stream");
    assert_eq!(
        headers["content-disposition"],
        r#"attachment; filename="binary.bin"; filename*=UTF-8''binary.bin"#
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let (_, headers, bytes) = send(&app, "GET", &routes::repository_raw_path("x", ODD_NAME)).await;
    assert_eq!(bytes, b"odd\n");
    assert_eq!(
        headers["content-disposition"],
        r#"attachment; filename="a b#?%.txt"; filename*=UTF-8''a%20b#%3F%25.txt"#
    );
    // As in Rails, `entry` with `format=raw` is the download too.
    let (_, _, bytes) = send(&app, "GET", &format!("{}?format=raw", entry("src/main.rs"))).await;
    assert_eq!(bytes, SCRIPT.as_bytes());

    // Past the limit the page links to the download, which sends it all.
    let (status, big) = get(&app, &entry("big.txt")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        big.contains(&format!("This file is {} bytes", ENTRY_LIMIT + 1)),
        "{big}"
    );
    assert!(!big.contains("xxxx"));
    let (_, _, bytes) = send(&app, "GET", &routes::repository_raw_path("demo", "big.txt")).await;
    assert_eq!(bytes.len() as u64, ENTRY_LIMIT + 1);
    assert!(bytes.iter().all(|&b| b == b'x'));
    let (status, binary) = get(&app, &entry("binary.bin")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(binary.contains("This file is not UTF-8 text"), "{binary}");
    // HEAD sends the headers alone.
    let (status, _, bytes) =
        send(&app, "HEAD", &routes::repository_raw_path("demo", "README")).await;
    assert_eq!((status, bytes.len()), (StatusCode::OK, 0));
}

#[tokio::test]
async fn nothing_outside_the_tree_is_served() {
    let (_scratch, app) = scratch("escape");
    let (status, missing) = get(&app, &entry("no/such/file.txt")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(missing.contains("There is no such file or directory in the repository."));
    let refused = [
        // `..` as sent, and as decoded from `%2e%2e` (the router decodes glob segments).
        browse(".."),
        entry("src/../../outside/secret.txt"),
        entry("%2e%2e/outside/secret.txt"),
        routes::repository_raw_path("demo", "../outside/secret.txt"),
        "/projects/demo/repository/raw/%2E%2E%2Foutside%2Fsecret.txt".to_owned(),
        "/projects/demo/repository/raw/src/%2e%2e/%2e%2e/outside/secret.txt".to_owned(),
        // `.`, absolute paths, backslashes, NUL.
        entry("."),
        entry("src/./main.rs"),
        entry("%2Fetc%2Fpasswd"),
        "/projects/demo/repository/raw/%2Fetc/passwd".to_owned(),
        entry("src%5C..%5C..%5Coutside%5Csecret.txt"),
        entry("README%00.txt"),
        // Links that lead out: to a sibling directory, to a file there, to `/etc`.
        browse("out"),
        entry("out/secret.txt"),
        routes::repository_raw_path("demo", "leak"),
        entry("leak"),
        browse("etc"),
        routes::repository_raw_path("demo", "etc/passwd"),
        entry("etc/hostname"),
        // Neither a directory nor a regular file; a directory as a download; a missing file.
        routes::repository_raw_path("demo", "socket"),
        entry("socket"),
        routes::repository_raw_path("demo", "src"),
        routes::repository_raw_path("demo", ""),
        routes::repository_raw_path("demo", "missing.txt"),
        // A format the browser has no page in.
        format!("{}?format=json", browse("src")),
        "/projects/demo/repository.json".to_owned(),
    ];
    for uri in &refused {
        let (status, headers, body) = send(&app, "GET", uri).await;
        let body = String::from_utf8(body).unwrap();
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
        assert_eq!(body, missing, "{uri}: the same page as a missing file");
        assert_eq!(headers["content-type"], "text/html; charset=utf-8", "{uri}");
    }
    // What the router refuses itself (an empty segment) is a 404 of its own; none leaks.
    for uri in [
        "/projects/demo/repository/raw//etc/passwd",
        "/projects/demo/repository/entry/out//secret.txt",
    ] {
        let (status, body) = get(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(
            !body.contains("TOP SECRET") && !body.contains("root:"),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn every_other_action_says_what_it_reached() {
    let (_scratch, app) = scratch("reached");
    let cases = [
        ("GET", "/issues/64", "issues#show", "id=64"),
        (
            "POST",
            "/projects/redmine/wiki/Guide/rename",
            "wiki#rename",
            "page=Guide",
        ),
        (
            "GET",
            "/projects/redmine/wiki/Guide/diff/7/vs",
            "wiki#diff",
            "version=7",
        ),
        (
            "GET",
            "/projects/redmine/repository/changes/src/main.rs",
            "repositories#changes",
            "path=src/main.rs",
        ),
        ("DELETE", "/admin/users/8", "admin/users#destroy", "id=8"),
        ("GET", "/activity.atom", "activities#index", "format=atom"),
    ];
    for (method, uri, action, param) in cases {
        let (status, _, body) = send(&app, method, uri).await;
        let body = String::from_utf8(body).unwrap();
        assert_eq!(status, StatusCode::OK, "{method} {uri}");
        assert!(
            body.contains(&format!("<h1>{action}</h1>")),
            "{uri}: {body}"
        );
        let (name, value) = param.split_once('=').unwrap();
        let row = format!("<tr><th><code>{name}</code></th><td><code>{value}</code></td></tr>");
        assert!(body.contains(&row), "{uri}: {body}");
        assert!(
            body.contains(&format!("<code>{method} {uri}</code>")),
            "{body}"
        );
    }
    // A project id is any text, escaped in the page and in the links.
    let (status, page) = get(&app, "/projects/%2e%2e%3Ci%3E/repository").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<h1>..&lt;i&gt;: /</h1>"), "{page}");
    let readme = routes::repository_raw_path("..<i>", "README");
    assert_eq!(readme, "/projects/%2E%2E%3Ci%3E/repository/raw/README");
    assert!(
        links(&page).iter().any(|(href, _)| *href == readme),
        "{page}"
    );
    assert_eq!(send(&app, "GET", &readme).await.0, StatusCode::OK);
    // Params are escaped.
    let (_, body) = get(&app, "/projects/%3Cb%3E/issues").await;
    assert!(body.contains("<code>&lt;b&gt;</code>"), "{body}");
    assert!(!body.contains("<b>"));
    // The home page links to the browser; the catch-all is a 404, other methods a 405.
    let (status, home) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        links(&home)
            .iter()
            .any(|(href, _)| *href == routes::project_repository_path(app::DEMO_PROJECT))
    );
    let (status, body) = get(&app, "/nowhere/at/all").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains("There is nothing at <code>/nowhere/at/all</code>."),
        "{body}"
    );
    let (status, headers, _) = send(&app, "PUT", "/nowhere").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(headers["allow"], "GET, HEAD");
}

#[test]
fn the_command_line_is_read() {
    let run = |args: &[&str], env| cli::command(args.iter().map(Into::into), env);
    let serve = |dir: &str, port| {
        Ok(Command::Serve {
            dir: dir.into(),
            port,
        })
    };
    assert_eq!(run(&["repo"], None), serve("repo", cli::DEFAULT_PORT));
    assert_eq!(run(&["repo"], Some("4000")), serve("repo", 4000));
    assert_eq!(
        run(&["--port", "5000", "repo"], Some("4000")),
        serve("repo", 5000)
    );
    assert_eq!(run(&["repo", "--port=5001"], None), serve("repo", 5001));
    assert_eq!(run(&["--help"], None), Ok(Command::Help));
    assert!(cli::USAGE.starts_with("usage: tracker DIR [--port PORT]"));
    assert!(run(&[], None).unwrap_err().contains("DIR"));
    assert!(run(&["a", "b"], None).is_err());
    assert!(run(&["repo", "--port"], None).is_err());
    assert!(run(&["repo", "--port", "http"], None).is_err());
    assert!(run(&["repo"], Some("70000")).unwrap_err().contains("PORT"));
    assert!(run(&["repo", "--verbose"], None).is_err());
}

#[test]
fn a_root_that_is_no_directory_is_refused_with_a_message() {
    let base = std::env::temp_dir().join(format!("tracker-{}-open", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let _scratch = Scratch(base.clone());
    std::fs::create_dir(&base).unwrap();
    std::fs::write(base.join("file"), "x").unwrap();
    let error = app::Tree::open(&base.join("file")).unwrap_err();
    assert!(error.ends_with("file is not a directory"), "{error}");
    let error = app::Tree::open(Path::new("/no/such/dir")).unwrap_err();
    assert!(error.starts_with("cannot open /no/such/dir: "), "{error}");
}
