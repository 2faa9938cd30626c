//! The blog example without a server: the pages of the index, of an article's comments and of
//! the moderation page, and their links; ids that are no numbers, and ids kept from reuse
//! across the upgrade of an old database; the methods of its forms, the limits on what a form
//! may hold and how often a client may post, and the protections `app::service::protect`
//! puts in front. (`tests/blog_server.rs` serves it, the browser test drives it as a person
//! would, and `examples/load` runs it as a service.)

#[path = "../examples/blog/app/mod.rs"]
#[allow(dead_code, unused_imports)]
mod app;

#[path = "blog/access.rs"]
mod access;

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use http::header::COOKIE;
use http::{HeaderValue, Request, StatusCode};
use http_body::Frame;
use http_body_util::BodyExt;
use tower::ServiceExt;

/// The editor's password of every blog these tests build.
const PASSWORD: &str = "correct horse battery staple";

/// The blog behind its protections, and the cookie of an editor's session on it.
struct Blog {
    router: Router,
    auth: Arc<app::Auth>,
    editor: String,
}

impl Blog {
    /// Its answer to `request`: the status and the page.
    async fn send(&self, request: Request<Body>) -> (StatusCode, String) {
        let response = self.call(request).await;
        let status = response.status();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    async fn call(&self, request: Request<Body>) -> http::Response<Body> {
        self.router.clone().oneshot(request).await.unwrap()
    }

    /// `request`, sent with the editor's cookie.
    fn signed(&self, mut request: Request<Body>) -> Request<Body> {
        let cookie = HeaderValue::from_str(&self.editor).unwrap();
        request.headers_mut().insert(COOKIE, cookie);
        request
    }

    /// A GET, and a form posted, by the editor.
    fn get(&self, uri: &str) -> Request<Body> {
        self.signed(get(uri))
    }

    fn post(&self, uri: &str, body: String) -> Request<Body> {
        self.signed(post(uri, body))
    }
}

/// The blog with the default limits, but for posting, which these tests do more of than a
/// client may (`posting_is_limited_per_client` keeps the default).
async fn blog() -> Blog {
    blog_holding(app::Caps::default())
}

/// [`blog`], holding at most what `caps` says.
fn blog_holding(caps: app::Caps) -> Blog {
    blog_within(&unlimited(), ":memory:", caps)
}

/// The default limits, but for posting.
fn unlimited() -> app::service::Limits {
    app::service::Limits {
        posts_per_minute: NonZeroU32::MAX,
        post_burst: NonZeroU32::MAX,
        ..app::service::Limits::default()
    }
}

fn blog_within(limits: &app::service::Limits, database: &str, caps: app::Caps) -> Blog {
    let hosts = app::service::Hosts::new([127, 0, 0, 1].into(), ["blog.example".to_owned()]);
    blog_published(limits, database, caps, hosts, app::SessionLimits::default())
}

fn blog_published(
    limits: &app::service::Limits,
    database: &str,
    caps: app::Caps,
    hosts: app::service::Hosts,
    sessions: app::SessionLimits,
) -> Blog {
    let db = app::Db::open(database, caps).expect("a database");
    let password = app::EditorPassword::new(PASSWORD);
    let auth = Arc::new(app::Auth::new(password, hosts.scheme(), sessions));
    let token = auth.sessions.open("Editor", true).expect("random bytes");
    let router = app::router(db, Arc::clone(&auth));
    Blog {
        router: app::service::protect(router, hosts, limits),
        auth,
        editor: format!("blog_session={token}"),
    }
}

fn get(uri: &str) -> Request<Body> {
    Request::get(uri)
        .header("host", "127.0.0.1:3000")
        .body(Body::empty())
        .unwrap()
}

fn post(uri: &str, body: String) -> Request<Body> {
    Request::post(uri)
        .header("host", "127.0.0.1:3000")
        .header("origin", "http://127.0.0.1:3000")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap()
}

#[tokio::test]
async fn the_index_lists_titles_twenty_to_a_page() {
    let blog = blog().await;
    // The welcome article is the first; 24 more make two pages.
    for n in 2..=25 {
        let body = format!("title=Article+{n}&body=Secret+text+{n}");
        let (status, _) = blog.send(blog.post("/articles", body)).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "article {n}");
    }
    let (status, first) = blog.send(blog.get("/")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(first.contains("Article 20<"), "{first}");
    assert!(!first.contains("Article 21<"), "{first}");
    assert!(!first.contains("Secret text"), "bodies are not listed");
    assert!(
        first.contains(r#"<a rel="next" href="/articles?page=2">"#),
        "{first}"
    );
    assert!(first.contains("Page 1 of 2"), "{first}");
    let (status, second) = blog.send(blog.get("/articles?page=2")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        second.contains("Article 25<") && !second.contains("Article 20<"),
        "{second}"
    );
    assert!(
        second.contains(r#"<a rel="prev" href="/articles">"#),
        "{second}"
    );
    // page, status
    let cases = [
        ("/articles?page=3", StatusCode::NOT_FOUND),
        ("/articles?page=0", StatusCode::BAD_REQUEST),
        ("/articles?page=two", StatusCode::BAD_REQUEST),
        ("/articles?page=99999999999", StatusCode::BAD_REQUEST),
        ("/articles?sort=x&page=1", StatusCode::OK),
        // Decoded as a form is; the last `page` counts.
        ("/articles?page=%32", StatusCode::OK),
        ("/articles?page=3&page=2", StatusCode::OK),
        ("/articles?page=2&page=3", StatusCode::NOT_FOUND),
        ("/articles?page=%", StatusCode::BAD_REQUEST),
        ("/articles?page=+2", StatusCode::BAD_REQUEST),
    ];
    for (uri, expected) in cases {
        assert_eq!(blog.send(blog.get(uri)).await.0, expected, "{uri}");
    }
    // The decoded page is named in the answer, escaped.
    let (status, page) = blog.send(blog.get("/articles?page=%3Cb%3Ex")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(page.contains("&quot;&lt;b&gt;x&quot;"), "{page}");
    assert!(!page.contains("<b>"), "{page}");
}

#[tokio::test]
async fn fields_past_their_limit_are_refused_saying_which() {
    let blog = blog().await;
    // fields, status, message on the page
    let cases = [
        (
            format!("title={}&body=x", "é".repeat(201)),
            422,
            "Title is too long (201 characters; at most 200)",
        ),
        (format!("title={}&body=x", "é".repeat(200)), 303, ""),
        (
            format!("title=x&body={}", "a".repeat(20_001)),
            422,
            "Text is too long (20001 characters; at most 20000)",
        ),
        ("title=&body=x".to_owned(), 422, "Title can&#39;t be blank"),
        (format!("title=x&body={}", "a".repeat(300_000)), 413, ""),
    ];
    for (body, status, message) in cases {
        let (got, page) = blog.send(blog.post("/articles", body)).await;
        assert_eq!(got.as_u16(), status, "{message}");
        assert!(page.contains(message), "{message}: {page}");
    }
    let comment = format!("author={}&body=hi", "a".repeat(101));
    let (got, page) = blog.send(blog.post("/articles/1/comments", comment)).await;
    assert_eq!(got, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.contains("Name is too long (101 characters; at most 100)"),
        "{page}"
    );
}

#[tokio::test]
async fn hosts_and_origins_other_than_the_blogs_are_refused() {
    let blog = blog().await;
    // Host, status
    let cases = [
        ("127.0.0.1:3000", StatusCode::OK),
        ("localhost:3000", StatusCode::OK),
        ("LOCALHOST", StatusCode::OK),
        ("blog.example", StatusCode::OK),
        ("evil.example", StatusCode::MISDIRECTED_REQUEST),
        (
            "127.0.0.1.evil.example:3000",
            StatusCode::MISDIRECTED_REQUEST,
        ),
    ];
    for (host, expected) in cases {
        let request = Request::get("/")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(blog.send(request).await.0, expected, "{host}");
    }
    // target, `Host` headers, status: an absolute-form target names the host (its `Host` is
    // ignored, RFC 9112 §3.2.2), and a request names one host (§3.2).
    let cases: [(&str, &[&str], StatusCode); 8] = [
        (
            "http://evil.example/",
            &["127.0.0.1:3000"],
            StatusCode::MISDIRECTED_REQUEST,
        ),
        ("http://127.0.0.1:3000/", &["evil.example"], StatusCode::OK),
        (
            "http://blog.example/articles/1",
            &["blog.example"],
            StatusCode::OK,
        ),
        (
            "https://127.0.0.1:3000/",
            &["127.0.0.1:3000"],
            StatusCode::MISDIRECTED_REQUEST,
        ),
        (
            "http://user@127.0.0.1:3000/",
            &["127.0.0.1:3000"],
            StatusCode::MISDIRECTED_REQUEST,
        ),
        (
            "/",
            &["127.0.0.1:3000", "127.0.0.1:3000"],
            StatusCode::BAD_REQUEST,
        ),
        (
            "/",
            &["127.0.0.1:3000", "evil.example"],
            StatusCode::BAD_REQUEST,
        ),
        ("/", &[], StatusCode::BAD_REQUEST),
    ];
    for (target, hosts, expected) in cases {
        let mut request = Request::get(target);
        for host in hosts {
            request = request.header("host", *host);
        }
        let request = request.body(Body::empty()).unwrap();
        let got = blog.send(request).await.0;
        assert_eq!(got, expected, "{target} with Host {hosts:?}");
    }
    // The forgery check reads `Host`: for an absolute-form target it is the target's, so
    // that a form from the host the request names in `Host` alone is refused.
    let rebound = Request::post("http://127.0.0.1:3000/articles/1")
        .header("host", "evil.example")
        .header("origin", "http://evil.example")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from("_method=delete"))
        .unwrap();
    assert_eq!(blog.send(rebound).await.0, StatusCode::FORBIDDEN);
    // Origin, status, without `Sec-Fetch-Site`: the scheme is compared too.
    let cases = [
        ("https://127.0.0.1:3000", StatusCode::FORBIDDEN),
        ("HTTPS://127.0.0.1:3000", StatusCode::FORBIDDEN),
        ("ftp://127.0.0.1:3000", StatusCode::FORBIDDEN),
        ("http://127.0.0.1:3000", StatusCode::SEE_OTHER),
    ];
    for (origin, expected) in cases {
        let request = Request::post("/login")
            .header("host", "127.0.0.1:3000")
            .header("origin", origin)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from("name=Ada"))
            .unwrap();
        assert_eq!(blog.send(request).await.0, expected, "{origin}");
    }
    let forged = Request::post("/articles/1")
        .header("host", "127.0.0.1:3000")
        .header("origin", "https://evil.example")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from("_method=delete"))
        .unwrap();
    assert_eq!(blog.send(forged).await.0, StatusCode::FORBIDDEN);
    assert_eq!(blog.send(blog.get("/articles/1")).await.0, StatusCode::OK);
    let deleted = blog.post("/articles/1", "_method=delete".to_owned());
    assert_eq!(blog.send(deleted).await.0, StatusCode::SEE_OTHER);
    // Ids are not given again: the next article is not 1.
    let new = blog.post("/articles", "title=New&body=x".to_owned());
    assert_eq!(blog.send(new).await.0, StatusCode::SEE_OTHER);
    assert_eq!(
        blog.send(blog.get("/articles/1")).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(blog.send(blog.get("/articles/2")).await.0, StatusCode::OK);
}

#[tokio::test]
async fn ids_are_numbers_and_forms_carry_their_routes_methods() {
    let blog = blog().await;
    // uri, status: an id that is no number (or too large for an i64), or a number written
    // otherwise than the blog writes it, names no article, through the article's own routes
    // and through the default route alike: each article has one address.
    let cases = [
        ("/articles/1", StatusCode::OK),
        ("/articles/+1", StatusCode::NOT_FOUND),
        ("/articles/01", StatusCode::NOT_FOUND),
        ("/articles/-1", StatusCode::NOT_FOUND),
        ("/articles/show/01", StatusCode::NOT_FOUND),
        ("/articles/show/%2B1", StatusCode::NOT_FOUND),
        ("/articles/abc", StatusCode::NOT_FOUND),
        ("/articles/abc/edit", StatusCode::NOT_FOUND),
        ("/articles/99999999999999999999", StatusCode::NOT_FOUND),
        ("/articles/show/1", StatusCode::OK),
        ("/articles/edit/1", StatusCode::OK),
        ("/articles/download/1", StatusCode::OK),
        ("/articles/show/abc", StatusCode::NOT_FOUND),
        ("/articles/show", StatusCode::NOT_FOUND),
        // The default route reaches only the article pages that take an id.
        ("/articles/recent/1", StatusCode::NOT_FOUND),
        ("/articles/index/1", StatusCode::NOT_FOUND),
        ("/admin/comments/index/1", StatusCode::NOT_FOUND),
        ("/accounts/show/1", StatusCode::NOT_FOUND),
        ("/articles/destroy/1", StatusCode::NOT_FOUND),
    ];
    for (uri, expected) in cases {
        assert_eq!(blog.send(blog.get(uri)).await.0, expected, "{uri}");
    }
    // A 405's `Allow` names only methods that reach an action: no GET that the default route
    // would take for an action no controller has (`articles#1`).
    for (uri, allow) in [
        ("/articles/1/comments", "POST"),
        ("/admin/comments/1", "DELETE"),
        ("/articles/new/preview", "POST"),
    ] {
        let response = blog.call(blog.get(uri)).await;
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{uri}");
        assert_eq!(response.headers()["allow"], allow, "{uri}");
    }
    let comment = "author=Ada&body=Hello".to_owned();
    let (status, _) = blog.send(blog.post("/articles/1/comments", comment)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, page) = blog.send(blog.get("/articles/1")).await;
    let forms = [
        r#"<form action="/articles/1" method="post" class="button-to"><input type="hidden" name="_method" value="delete">"#,
        r#"<form action="/articles/1/comments/1" method="post" class="button-to"><input type="hidden" name="_method" value="delete">"#,
        concat!(
            r#"<form action="/articles/1/comments" method="post">"#,
            "\n"
        ),
    ];
    for form in forms {
        assert!(page.contains(form), "{form}: {page}");
    }
    let (_, edit) = blog.send(blog.get("/articles/1/edit")).await;
    let update = r#"<form action="/articles/1" method="post"><input type="hidden" name="_method" value="put">"#;
    assert!(edit.contains(update), "{edit}");
    let removed = blog.post("/articles/1/comments/1", "_method=delete".to_owned());
    assert_eq!(blog.send(removed).await.0, StatusCode::SEE_OTHER);
    // Gone for the moderator too: the two routes name one record.
    let again = blog.post("/admin/comments/1", "_method=delete".to_owned());
    assert_eq!(blog.send(again).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn pages_answer_no_other_format_and_may_not_be_framed() {
    let blog = blog().await;
    // uri, status: the blog writes HTML (a download, text) whatever a path's extension or
    // the query's `format` says, so a path that names another format is a 404, not the page
    // under a name a cache would take for a picture or a script.
    let cases = [
        ("/articles/1", StatusCode::OK),
        ("/articles/1.html", StatusCode::OK),
        ("/articles/1.json", StatusCode::NOT_FOUND),
        ("/articles/1.png", StatusCode::NOT_FOUND),
        ("/articles/1/edit.php", StatusCode::NOT_FOUND),
        ("/articles/1?format=xml", StatusCode::NOT_FOUND),
        ("/articles/1/download", StatusCode::OK),
        ("/articles/1/download.txt", StatusCode::NOT_FOUND),
        ("/login.exe", StatusCode::NOT_FOUND),
        ("/login", StatusCode::OK),
    ];
    for (uri, expected) in cases {
        assert_eq!(blog.send(blog.get(uri)).await.0, expected, "{uri}");
    }
    // Every response, a page or a refusal, forbids framing and sniffing.
    let unknown_host = Request::get("/")
        .header("host", "evil.example")
        .body(Body::empty())
        .unwrap();
    let requests = [
        (get("/"), StatusCode::OK),
        (get("/articles/1.json"), StatusCode::NOT_FOUND),
        (get("/nowhere/at/all/here"), StatusCode::NOT_FOUND),
        (unknown_host, StatusCode::MISDIRECTED_REQUEST),
    ];
    for (request, expected) in requests {
        let uri = request.uri().clone();
        let response = blog.call(request).await;
        assert_eq!(response.status(), expected, "{uri}");
        let headers = response.headers();
        assert_eq!(headers["x-frame-options"], "DENY", "{uri}");
        assert_eq!(
            headers["content-security-policy"], "frame-ancestors 'none'",
            "{uri}"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff", "{uri}");
    }
}

#[tokio::test]
async fn a_comment_or_an_edit_for_an_article_deleted_meanwhile_finds_nothing() {
    // The handlers read the article, then write: another request may delete it in between.
    // The writes themselves find it gone (a 404), rather than failing on the foreign key.
    let db = app::Db::open(":memory:", app::Caps::default()).expect("a database");
    let id = db
        .create_article("Gone".to_owned(), "Soon".to_owned())
        .await
        .unwrap();
    let comment = db.create_comment(id, "Ada".to_owned(), "Hi".to_owned());
    assert_eq!(comment.await.unwrap(), Some(1));
    assert!(db.delete_article(id).await.unwrap());
    let comment = db.create_comment(id, "Ada".to_owned(), "Late".to_owned());
    assert_eq!(comment.await.unwrap(), None);
    let edit = db.update_article(id, "Back".to_owned(), "Again".to_owned());
    assert!(!edit.await.unwrap());
    assert_eq!(db.comments(id, 1, 20).await.unwrap().total, 0);
}

#[tokio::test]
async fn past_its_caps_the_blog_adds_nothing_and_says_so_with_507() {
    // The welcome article and its comment are one of each; room for one more of each.
    let blog = blog_holding(app::Caps {
        articles: 2,
        comments: 2,
    });
    let article = || blog.post("/articles", "title=More&body=Text".to_owned());
    assert_eq!(blog.send(article()).await.0, StatusCode::SEE_OTHER);
    let (status, page) = blog.send(article()).await;
    assert_eq!(status, StatusCode::INSUFFICIENT_STORAGE);
    assert!(page.contains("nothing more can be added"), "{page}");
    let comment = || blog.post("/articles/1/comments", "author=Ada&body=Hi".to_owned());
    assert_eq!(blog.send(comment()).await.0, StatusCode::SEE_OTHER);
    assert_eq!(
        blog.send(comment()).await.0,
        StatusCode::INSUFFICIENT_STORAGE
    );
    // A comment on no article is still a 404, full or not.
    let stray = blog.post("/articles/9/comments", "author=Ada&body=Hi".to_owned());
    assert_eq!(blog.send(stray).await.0, StatusCode::NOT_FOUND);
    // Deleting makes room again.
    let delete = blog.post("/articles/1/comments/1", "_method=delete".to_owned());
    assert_eq!(blog.send(delete).await.0, StatusCode::SEE_OTHER);
    assert_eq!(blog.send(comment()).await.0, StatusCode::SEE_OTHER);
    let (_, index) = blog.send(blog.get("/")).await;
    assert_eq!(count(&index, "More<"), 1, "{index}");
}

#[test]
fn counting_the_articles_for_the_cap_reads_an_index_not_their_texts() {
    let file = TempDb::new("blog-count");
    drop(app::Db::open(file.path(), app::Caps::default()).expect("a database"));
    let connection = rusqlite::Connection::open(file.path()).expect("the database again");
    let plan: String = connection
        .query_row(
            "EXPLAIN QUERY PLAN SELECT count(*) FROM articles",
            [],
            |row| row.get(3),
        )
        .expect("a plan");
    drop(connection);
    assert_eq!(plan, "SCAN articles USING COVERING INDEX articles_by_id");
}

/// How many times `needle` occurs in `page`.
fn count(page: &str, needle: &str) -> usize {
    page.matches(needle).count()
}

#[tokio::test]
async fn comments_are_listed_twenty_to_a_page_with_links_to_the_others() {
    let blog = blog().await;
    // The welcome article has one comment; 44 more make 45: pages of 20, 20 and 5.
    let mut last = String::new();
    for n in 2..=45 {
        let body = format!("author=Reader+{n}&body=Comment+number+{n}.");
        let request = blog.post("/articles/1/comments", body);
        let response = blog.call(request).await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "comment {n}");
        last = response.headers()["location"].to_str().unwrap().to_owned();
        // Each new comment is shown where it lands: the last page.
        let page = (n + 19) / 20;
        let expected = match page {
            1 => "/articles/1#comments".to_owned(),
            _ => format!("/articles/1?page={page}#comments"),
        };
        assert_eq!(last, expected, "comment {n}");
    }
    assert_eq!(last, "/articles/1?page=3#comments");
    let (status, first) = blog.send(blog.get("/articles/1")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(first.contains("Comments (45)"), "{first}");
    assert_eq!(count(&first, r#"<article class="comment">"#), 20);
    assert!(first.contains("Looks familiar.") && first.contains("Comment number 20."));
    assert!(!first.contains("Comment number 21."), "{first}");
    // Above and below the comments.
    let next = r#"<a rel="next" href="/articles/1?page=2#comments">"#;
    assert_eq!(count(&first, next), 2, "{first}");
    assert!(first.contains("Page 1 of 3"), "{first}");
    let (status, second) = blog.send(blog.get("/articles/1?page=2")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(second.contains("Comment number 21.") && second.contains("Comment number 40."));
    assert!(!second.contains("Comment number 20.") && !second.contains("Comment number 41."));
    assert!(second.contains(r#"<a rel="prev" href="/articles/1#comments">"#));
    assert!(second.contains(r#"<a rel="next" href="/articles/1?page=3#comments">"#));
    let (_, third) = blog.send(blog.get("/articles/show/1?page=3")).await;
    assert_eq!(count(&third, r#"<article class="comment">"#), 5, "{third}");
    assert!(!third.contains(r#"rel="next""#), "{third}");
    // uri, status
    let cases = [
        ("/articles/1?page=4", StatusCode::NOT_FOUND),
        ("/articles/1?page=0", StatusCode::BAD_REQUEST),
        ("/articles/1?page=x", StatusCode::BAD_REQUEST),
        ("/articles/1?page=3", StatusCode::OK),
    ];
    for (uri, expected) in cases {
        assert_eq!(blog.send(blog.get(uri)).await.0, expected, "{uri}");
    }
    // A comment refused is shown with the first page, not all of them.
    let refused = blog.post("/articles/1/comments", "author=&body=x".to_owned());
    let (status, refused) = blog.send(refused).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(count(&refused, r#"<article class="comment">"#), 20);
    assert!(refused.contains("Name can&#39;t be blank"), "{refused}");
}

#[tokio::test]
async fn the_moderation_page_lists_the_newest_comments_twenty_to_a_page() {
    let blog = blog().await;
    for n in 2..=25 {
        let body = format!("author=Reader&body=Comment+number+{n}.");
        let (status, _) = blog.send(blog.post("/articles/1/comments", body)).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "comment {n}");
    }
    let (status, first) = blog.send(blog.get("/admin/comments")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count(&first, "<tr><td>"), 20, "{first}");
    assert!(first.contains("Comment number 25.") && first.contains("Comment number 6."));
    assert!(!first.contains("Comment number 5."), "{first}");
    assert!(first.contains(r#"<a rel="next" href="/admin/comments?page=2">"#));
    let (status, second) = blog.send(blog.get("/admin/comments?page=2")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(count(&second, "<tr><td>"), 5, "{second}");
    assert!(second.contains("Looks familiar.") && second.contains("Comment number 5."));
    assert!(second.contains(r#"<a rel="prev" href="/admin/comments">"#));
    let cases = [
        ("/admin/comments?page=3", StatusCode::NOT_FOUND),
        ("/admin/comments?page=0", StatusCode::BAD_REQUEST),
    ];
    for (uri, expected) in cases {
        assert_eq!(blog.send(blog.get(uri)).await.0, expected, "{uri}");
    }
}

/// A form posted from `peer`, as `serve` passes it on.
fn post_from(peer: &str, uri: &str, body: &str) -> Request<Body> {
    let mut request = post(uri, body.to_owned());
    let peer: SocketAddr = peer.parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    request
}

/// On Tokio's paused clock, which the posting limit reads: no cell comes back unless the test
/// lets time pass, however long the requests take.
#[tokio::test(start_paused = true)]
async fn posting_is_limited_per_client_with_429_and_retry_after() {
    let limits = app::service::Limits::default();
    assert_eq!(
        (limits.post_burst.get(), limits.posts_per_minute.get()),
        (10, 30)
    );
    let blog = blog_within(&limits, ":memory:", app::Caps::default());
    for n in 1..=10 {
        let request = post_from("192.0.2.1:5000", "/login", "name=Ada");
        assert_eq!(blog.send(request).await.0, StatusCode::SEE_OTHER, "{n}");
    }
    // The eleventh at once, from another port of the same address, and a comment.
    for (peer, uri, body) in [
        ("192.0.2.1:5001", "/login", "name=Ada"),
        (
            "192.0.2.1:5002",
            "/articles/1/comments",
            "author=Ada&body=x",
        ),
    ] {
        let response = blog.call(post_from(peer, uri, body)).await;
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "{uri}");
        // One post every 2 s: the next cell is less than 2 s away, rounded up.
        assert_eq!(response.headers()["retry-after"], "2", "{uri}");
        let page = response.into_body().collect().await.unwrap().to_bytes();
        let page = String::from_utf8_lossy(&page);
        assert!(page.contains("try again in 2 seconds"), "{page}");
    }
    // A cell comes back every 2 s.
    tokio::time::advance(Duration::from_millis(1_999)).await;
    let early = post_from("192.0.2.1:5003", "/login", "name=Ada");
    assert_eq!(blog.send(early).await.0, StatusCode::TOO_MANY_REQUESTS);
    tokio::time::advance(Duration::from_millis(1)).await;
    let again = post_from("192.0.2.1:5004", "/login", "name=Ada");
    assert_eq!(blog.send(again).await.0, StatusCode::SEE_OTHER);
    // Reading is not posting; another client, and the same address's /64 in IPv6, are
    // another and one client.
    let mut read = get("/articles/1");
    read.extensions_mut()
        .insert(ConnectInfo("192.0.2.1:5003".parse::<SocketAddr>().unwrap()));
    assert_eq!(blog.send(read).await.0, StatusCode::OK);
    let other = post_from("192.0.2.2:5000", "/login", "name=Bob");
    assert_eq!(blog.send(other).await.0, StatusCode::SEE_OTHER);
    for n in 1..=10 {
        let peer = format!("[2001:db8:1:2::{n:x}]:5000");
        let request = post_from(&peer, "/login", "name=Eve");
        assert_eq!(blog.send(request).await.0, StatusCode::SEE_OTHER, "{peer}");
    }
    let same_block = post_from("[2001:db8:1:2:ffff::1]:5000", "/login", "name=Eve");
    let next_block = post_from("[2001:db8:1:3::1]:5000", "/login", "name=Eve");
    assert_eq!(blog.send(same_block).await.0, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(blog.send(next_block).await.0, StatusCode::SEE_OTHER);
}

/// A body that is never sent, and says whether anyone asked for it.
struct Unsent(Arc<AtomicBool>);

impl http_body::Body for Unsent {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        self.0.store(true, Ordering::SeqCst);
        Poll::Pending
    }
}

/// On Tokio's paused clock: were the body awaited, the timeout would pass at once.
#[tokio::test(start_paused = true)]
async fn a_body_declared_too_large_is_refused_before_it_is_read() {
    let blog = blog().await;
    // uri, declared length, status: a form the routing layer would read for `_method`, and
    // one only the handler would read.
    let cases = [
        ("/articles/1", 256 * 1024 + 1, StatusCode::PAYLOAD_TOO_LARGE),
        ("/articles", 10_000_000, StatusCode::PAYLOAD_TOO_LARGE),
    ];
    for (uri, length, expected) in cases {
        let asked = Arc::new(AtomicBool::new(false));
        let request = Request::post(uri)
            .header("host", "127.0.0.1:3000")
            .header("origin", "http://127.0.0.1:3000")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("content-length", length)
            .header("expect", "100-continue")
            .body(Body::new(Unsent(Arc::clone(&asked))))
            .unwrap();
        let answer = tokio::time::timeout(Duration::from_secs(5), blog.call(request));
        let response = answer.await.expect("an answer without the body");
        assert_eq!(response.status(), expected, "{uri}");
        assert_eq!(response.headers()["connection"], "close", "{uri}");
        assert!(!asked.load(Ordering::SeqCst), "{uri}: the body was read");
    }
}

/// A database file in the temporary directory, removed with its WAL when dropped.
struct TempDb(std::path::PathBuf);

impl TempDb {
    fn new(name: &str) -> TempDb {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let path =
            std::env::temp_dir().join(format!("{name}-{}-{stamp}.sqlite3", std::process::id()));
        TempDb(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path()));
        }
    }
}

/// The id in a `Location` such as `/articles/7`.
fn location_id(response: &http::Response<Body>) -> i64 {
    let location = response.headers()["location"].to_str().unwrap();
    location.rsplit('/').next().unwrap().parse().unwrap()
}

#[tokio::test]
async fn no_id_an_old_database_gave_is_given_again_after_its_upgrade() {
    let file = TempDb::new("blog-upgrade");
    {
        // The blog's schema before ids were AUTOINCREMENT, written as it wrote it: one
        // statement a transaction, in SQLite's default rollback journal.
        let old = rusqlite::Connection::open(file.path()).unwrap();
        old.execute_batch(
            "PRAGMA foreign_keys = ON;
             CREATE TABLE articles (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL);
             CREATE TABLE comments (id INTEGER PRIMARY KEY,
                 article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
                 author TEXT NOT NULL, body TEXT NOT NULL);
             CREATE TABLE account (id INTEGER PRIMARY KEY CHECK (id = 1), name TEXT NOT NULL,
                 bio TEXT NOT NULL);
             INSERT OR IGNORE INTO account (id, name, bio) VALUES (1, 'The author', '');",
        )
        .unwrap();
        for n in 1..=6 {
            old.execute(
                "INSERT INTO articles (title, body) VALUES (?1, 'x')",
                [format!("Article {n}")],
            )
            .unwrap();
            old.execute(
                "INSERT INTO comments (article_id, author, body) VALUES (?1, 'a', 'x')",
                [n],
            )
            .unwrap();
        }
        // The newest two go, with their comments: ids 5 and 6 were given and are nowhere.
        old.execute("DELETE FROM articles WHERE id >= 5", [])
            .unwrap();
        let kept: (i64, i64) = old
            .query_row(
                "SELECT (SELECT max(id) FROM articles), (SELECT max(id) FROM comments)",
                [],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .unwrap();
        assert_eq!(kept, (4, 4));
    }
    let limits = app::service::Limits::default();
    let blog = blog_within(&limits, file.path(), app::Caps::default());
    let created = blog
        .call(blog.post("/articles", "title=After&body=x".to_owned()))
        .await;
    assert_eq!(created.status(), StatusCode::SEE_OTHER);
    let article = location_id(&created);
    assert!(
        article > 6,
        "the new article took id {article}, given before"
    );
    let commented = blog.post(
        &format!("/articles/{article}/comments"),
        "author=a&body=x".to_owned(),
    );
    assert_eq!(blog.send(commented).await.0, StatusCode::SEE_OTHER);
    let (_, page) = blog.send(blog.get(&format!("/articles/{article}"))).await;
    let comment: i64 = page
        .split(&format!("/articles/{article}/comments/"))
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("no comment's delete form: {page}"));
    assert!(
        comment > 6,
        "the new comment took id {comment}, given before"
    );
    // What was kept is where it was.
    for id in 1..=4 {
        let uri = format!("/articles/{id}");
        assert_eq!(blog.send(blog.get(&uri)).await.0, StatusCode::OK, "{uri}");
    }
    assert_eq!(
        blog.send(blog.get("/articles/5")).await.0,
        StatusCode::NOT_FOUND
    );
}
