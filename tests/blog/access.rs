//! Who may do what on the blog: every action's policy, for a visitor signed out, signed in
//! without the editor's password, and signed in with it; session cookies forged, expired and
//! replayed after signing out; guessing the password; the table of sessions; where a
//! sign-in leads; the cookie's attributes.

use std::time::Duration;

use axum::body::Body;
use http::header::{COOKIE, LOCATION, SET_COOKIE};
use http::uri::Scheme;
use http::{HeaderValue, Request, StatusCode};
use resourceful::Actions;

use super::app::policy::{Visitor, Who, policy};
use super::app::routes::Action;
use super::app::{self, EditorPassword, SessionLimits};
use super::{Blog, PASSWORD, blog, blog_published, get, post, post_from, unlimited};

/// A request that reaches `action`, the editor's answer to it, and who the policy must let
/// run it: one arm per action and no wildcard, as in the blog's own policy, so that an action
/// added to the blog is a case here too.
fn reaching(action: Action) -> (Who, &'static str, &'static str, &'static str, u16) {
    use Who::{Anyone, Editor};
    match action {
        Action::ArticlesIndex => (Anyone, "GET", "/articles", "", 200),
        Action::ArticlesRecent => (Anyone, "GET", "/articles/recent", "", 200),
        Action::ArticlesShow => (Anyone, "GET", "/articles/1", "", 200),
        Action::ArticlesDownload => (Anyone, "GET", "/articles/1/download", "", 200),
        Action::ArticlesNew => (Editor, "GET", "/articles/new", "", 200),
        Action::ArticlesPreview => (
            Editor,
            "POST",
            "/articles/new/preview",
            "title=T&body=B",
            200,
        ),
        Action::ArticlesCreate => (Editor, "POST", "/articles", "title=T&body=B", 303),
        Action::ArticlesEdit => (Editor, "GET", "/articles/1/edit", "", 200),
        Action::ArticlesUpdate => (
            Editor,
            "POST",
            "/articles/1",
            "_method=put&title=T&body=B",
            303,
        ),
        Action::ArticlesDestroy => (Editor, "POST", "/articles/1", "_method=delete", 303),
        Action::CommentsCreate => (
            Anyone,
            "POST",
            "/articles/1/comments",
            "author=A&body=B",
            303,
        ),
        Action::CommentsDestroy => (
            Editor,
            "POST",
            "/articles/1/comments/1",
            "_method=delete",
            303,
        ),
        Action::AccountsShow => (Anyone, "GET", "/account", "", 200),
        Action::AccountsEdit => (Editor, "GET", "/account/edit", "", 200),
        Action::AccountsUpdate => (Editor, "POST", "/account", "_method=put&name=N&bio=B", 303),
        Action::AdminCommentsIndex => (Editor, "GET", "/admin/comments", "", 200),
        Action::AdminCommentsDestroy => {
            (Editor, "POST", "/admin/comments/1", "_method=delete", 303)
        }
        Action::SessionsNew => (Anyone, "GET", "/login", "", 200),
        Action::SessionsCreate => (Anyone, "POST", "/login", "name=Ada", 303),
        Action::SessionsDestroy => (Anyone, "POST", "/logout", "_method=delete", 303),
    }
}

fn request(method: &str, uri: &str, body: &str) -> Request<Body> {
    match method {
        "GET" => get(uri),
        _ => post(uri, body.to_owned()),
    }
}

fn with_cookie(mut request: Request<Body>, cookie: &str) -> Request<Body> {
    let cookie = HeaderValue::from_str(cookie).unwrap();
    request.headers_mut().insert(COOKIE, cookie);
    request
}

/// What a visitor sees of everything the blog holds, to tell that a refused request changed
/// nothing: as the editor sees it (every comment, the account), after the request.
async fn everything(blog: &Blog) -> Vec<String> {
    let mut pages = Vec::new();
    for uri in ["/articles", "/articles/1", "/account", "/admin/comments"] {
        let (status, page) = blog.send(blog.get(uri)).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        pages.push(page);
    }
    pages
}

/// The cookie of a session opened for a reader (signed in without the password) on `blog`.
fn reader(blog: &Blog) -> String {
    let token = blog.auth.sessions.open("Reader <b>", false).unwrap();
    format!("blog_session={token}")
}

#[tokio::test]
async fn every_action_is_open_or_an_editors_as_the_policy_says_signed_in_or_not() {
    assert_eq!(Action::ALL.len(), 20);
    let mut failures = Vec::new();
    for &action in Action::ALL {
        let (who, method, uri, body, editors) = reaching(action);
        assert_eq!(policy(action), who, "{action}");
        // Each visitor on a blog of its own, as it was made: a write by one is not another's.
        for visitor in ["signed out", "a reader", "the editor"] {
            let blog = blog().await;
            let before = everything(&blog).await;
            let cookie = match visitor {
                "signed out" => None,
                "a reader" => Some(reader(&blog)),
                _ => Some(blog.editor.clone()),
            };
            let mut sent = request(method, uri, body);
            if let Some(cookie) = &cookie {
                sent = with_cookie(sent, cookie);
            }
            let response = blog.call(sent).await;
            let status = response.status().as_u16();
            let location = response
                .headers()
                .get(LOCATION)
                .map(|location| location.to_str().unwrap().to_owned())
                .unwrap_or_default();
            let refused = who == Who::Editor && visitor != "the editor";
            let expected = match (refused, visitor) {
                (false, _) => status == editors && !location.starts_with("/login"),
                // Sent to sign in, and back to the page afterwards when it is one to read.
                (true, "signed out") => {
                    let back = match method {
                        "GET" => format!("/login?return_to={}", uri.replace('/', "%2F")),
                        _ => "/login".to_owned(),
                    };
                    status == 303 && location == back
                }
                (true, _) => status == 403,
            };
            if !expected {
                failures.push(format!(
                    "{action} ({method} {uri}) by {visitor}: {status} {location}"
                ));
            }
            if refused {
                let page = blog
                    .send(with_cookie(
                        request(method, uri, body),
                        &cookie.unwrap_or_default(),
                    ))
                    .await;
                if visitor == "a reader" {
                    // The 403 page names the reader, escaped.
                    assert!(
                        page.1.contains("Reader &lt;b&gt; signed in without"),
                        "{}",
                        page.1
                    );
                }
                if everything(&blog).await != before {
                    failures.push(format!(
                        "{action} ({method} {uri}) by {visitor} changed the blog"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test]
async fn the_policy_follows_the_action_whichever_route_reaches_it() {
    let blog = blog().await;
    // uri, status for a visitor signed out: the default route reaches `articles#edit` too.
    let cases = [
        ("/articles/edit/1", 303),
        ("/articles/1/edit", 303),
        ("/articles/show/1", 200),
        ("/articles/download/1", 200),
    ];
    for (uri, expected) in cases {
        assert_eq!(blog.send(get(uri)).await.0.as_u16(), expected, "{uri}");
    }
    // A request routing refuses is its error, whoever sends it: nothing runs to be refused.
    for uri in ["/articles/destroy/1", "/admin/comments/1"] {
        let status = blog.send(get(uri)).await.0;
        assert!(status == 404 || status == 405, "{uri}: {status}");
    }
    // Links and buttons to what a visitor may not run are not shown to them.
    let (_, page) = blog.send(get("/articles/1")).await;
    for hidden in [
        "Edit</a>",
        "Delete article",
        "Delete comment",
        "New article",
        "Moderation",
    ] {
        assert!(!page.contains(hidden), "{hidden}: {page}");
    }
    let (_, page) = blog.send(blog.get("/articles/1")).await;
    for shown in [
        "Edit</a>",
        "Delete article",
        "Delete comment",
        "New article",
        "Moderation",
    ] {
        assert!(page.contains(shown), "{shown}: {page}");
    }
}

/// Signs in through the form with `body`, from a client of its own; the session's cookie, as
/// a `Cookie` header sends it back.
async fn sign_in(blog: &Blog, peer: &str, body: &str) -> (StatusCode, Option<String>) {
    let response = blog.call(post_from(peer, "/login", body)).await;
    let cookie = response.headers().get(SET_COOKIE).map(|cookie| {
        cookie
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_owned()
    });
    (response.status(), cookie)
}

/// The answer to a GET of the article's edit form with `cookie`: 200 for an editor.
async fn edit_form(blog: &Blog, cookie: &str) -> u16 {
    let request = with_cookie(get("/articles/1/edit"), cookie);
    blog.send(request).await.0.as_u16()
}

#[tokio::test(start_paused = true)]
async fn a_session_cookie_forged_expired_or_signed_out_signs_no_one_in() {
    let sessions = SessionLimits {
        capacity: 100,
        idle: Duration::from_secs(60),
        lifetime: Duration::from_secs(300),
    };
    let hosts = app::service::Hosts::new([127, 0, 0, 1].into(), []);
    let blog = blog_published(
        &unlimited(),
        ":memory:",
        app::Caps::default(),
        hosts,
        sessions,
    );
    let editor = blog.editor.clone();
    let token = editor.strip_prefix("blog_session=").unwrap().to_owned();
    assert_eq!(edit_form(&blog, &editor).await, 200);
    // Forged: none of these is the token the blog gave.
    let mut changed = token.clone().into_bytes();
    changed[10] = if changed[10] == b'0' { b'1' } else { b'0' };
    let changed = String::from_utf8(changed).unwrap();
    let forged = [
        format!("blog_session={}", "0".repeat(64)),
        format!("blog_session={changed}"),
        format!("blog_session={}", token.to_uppercase()),
        format!("blog_session={}", &token[..63]),
        format!("blog_session={token}0"),
        format!("blog_session=\"{token}\""),
        format!("blog_name=Editor; xblog_session={token}"),
        format!("blog_session={}; {editor}", "f".repeat(64)),
        "blog_session=../../etc/passwd".to_owned(),
    ];
    for cookie in &forged {
        assert_eq!(edit_form(&blog, cookie).await, 303, "{cookie}");
    }
    // Idle for its whole `idle`: over.
    tokio::time::advance(Duration::from_secs(60)).await;
    assert_eq!(edit_form(&blog, &editor).await, 303, "idle");
    // Busy, but past its `lifetime`: over.
    let (status, signed) = sign_in(
        &blog,
        "192.0.2.1:1",
        &format!("name=Ed&password={PASSWORD}"),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let signed = signed.expect("a session cookie");
    for minute in 1..=4 {
        tokio::time::advance(Duration::from_secs(59)).await;
        assert_eq!(edit_form(&blog, &signed).await, 200, "minute {minute}");
    }
    tokio::time::advance(Duration::from_secs(64)).await;
    assert_eq!(edit_form(&blog, &signed).await, 303, "past its lifetime");
    // Signed out: the cookie the browser is told to drop is refused if it is sent again.
    let (_, signed) = sign_in(
        &blog,
        "192.0.2.1:2",
        &format!("name=Ed&password={PASSWORD}"),
    )
    .await;
    let signed = signed.unwrap();
    let out = with_cookie(post("/logout", "_method=delete".to_owned()), &signed);
    let response = blog.call(out).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let dropped = response.headers()[SET_COOKIE].to_str().unwrap();
    assert_eq!(
        dropped,
        "blog_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
    );
    assert_eq!(
        edit_form(&blog, &signed).await,
        303,
        "replayed after signing out"
    );
    // Signing in again ends the session the browser held (one another may have planted).
    let (_, planted) = sign_in(&blog, "192.0.2.1:3", "name=Mallory").await;
    let planted = planted.unwrap();
    let again = with_cookie(
        post_from(
            "192.0.2.1:4",
            "/login",
            &format!("name=Ed&password={PASSWORD}"),
        ),
        &planted,
    );
    let response = blog.call(again).await;
    let fresh = response.headers()[SET_COOKIE]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    assert_ne!(fresh, planted);
    assert_eq!(edit_form(&blog, &fresh).await, 200);
    assert_eq!(edit_form(&blog, &planted).await, 303, "the planted session");
}

/// On Tokio's paused clock, which the posting limit reads.
#[tokio::test(start_paused = true)]
async fn guessing_the_editors_password_is_limited_per_client() {
    let limits = app::service::Limits::default();
    let hosts = app::service::Hosts::new([127, 0, 0, 1].into(), []);
    let blog = blog_published(
        &limits,
        ":memory:",
        app::Caps::default(),
        hosts,
        SessionLimits::default(),
    );
    // Ten guesses at once, from ports of one address; each is refused, and signs no one in.
    let guesses = [
        "",
        "x",
        "correct horse",
        "correct horse battery staple ",
        "CORRECT HORSE BATTERY STAPLE",
    ];
    for n in 0..10 {
        let guess = guesses[n % guesses.len()];
        let peer = format!("192.0.2.7:{}", 1000 + n);
        let (status, cookie) = sign_in(
            &blog,
            &peer,
            &format!("name=Mallory&password={}", guess.replace(' ', "+")),
        )
        .await;
        if guess.is_empty() {
            // No password: a reader, who may not edit.
            assert_eq!(status, StatusCode::SEE_OTHER, "{guess:?}");
            assert_eq!(edit_form(&blog, &cookie.unwrap()).await, 403);
        } else {
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{guess:?}");
            assert_eq!(cookie, None, "{guess:?}");
        }
    }
    // The eleventh is not even looked at, the right password included.
    let (status, cookie) = sign_in(
        &blog,
        "192.0.2.7:2000",
        &format!("name=Mallory&password={PASSWORD}"),
    )
    .await;
    assert_eq!((status, cookie), (StatusCode::TOO_MANY_REQUESTS, None));
    // One more guess every 2 s: thirty a minute.
    tokio::time::advance(Duration::from_secs(2)).await;
    let (status, _) = sign_in(&blog, "192.0.2.7:2001", "name=Mallory&password=guess").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = sign_in(&blog, "192.0.2.7:2002", "name=Mallory&password=guess").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    // Another client signs in.
    let (status, cookie) = sign_in(
        &blog,
        "192.0.2.8:1000",
        &format!("name=Ed&password={PASSWORD}"),
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(edit_form(&blog, &cookie.unwrap()).await, 200);
}

#[test]
fn the_password_is_checked_whole() {
    let password = EditorPassword::new(PASSWORD);
    // given, matches
    let cases = [
        (PASSWORD, true),
        ("", false),
        ("correct horse battery stapl", false),
        ("correct horse battery staples", false),
        ("Correct horse battery staple", false),
        (" correct horse battery staple", false),
    ];
    for (given, expected) in cases {
        assert_eq!(password.matches(given), expected, "{given:?}");
    }
    let (generated, text) = EditorPassword::generate().unwrap();
    assert_eq!(text.len(), 32);
    assert!(text.bytes().all(|b| b.is_ascii_hexdigit()), "{text}");
    assert!(generated.matches(&text) && !generated.matches(PASSWORD));
    let (_, other) = EditorPassword::generate().unwrap();
    assert_ne!(text, other);
}

#[tokio::test(start_paused = true)]
async fn the_table_of_sessions_is_bounded_and_pushes_no_editor_out_for_a_reader() {
    let limits = SessionLimits {
        capacity: 3,
        idle: Duration::from_secs(600),
        lifetime: Duration::from_secs(6000),
    };
    let sessions = app::session::Sessions::new(limits);
    let mut opened = Vec::new();
    for (name, editor) in [
        ("Ed", true),
        ("R1", false),
        ("R2", false),
        ("R3", false),
        ("R4", false),
    ] {
        opened.push(sessions.open(name, editor).unwrap());
        assert!(sessions.len() <= 3);
        tokio::time::advance(Duration::from_secs(1)).await;
    }
    let found: Vec<Visitor> = opened.iter().map(|token| sessions.find(token)).collect();
    assert_eq!(
        found,
        [
            Visitor::Editor("Ed".into()),
            Visitor::Anonymous,
            Visitor::Anonymous,
            Visitor::Reader("R3".into()),
            Visitor::Reader("R4".into()),
        ]
    );
    // Editors alone: the one least recently seen goes.
    let editors = app::session::Sessions::new(SessionLimits {
        capacity: 2,
        ..limits
    });
    let first = editors.open("E1", true).unwrap();
    tokio::time::advance(Duration::from_secs(1)).await;
    let second = editors.open("E2", true).unwrap();
    tokio::time::advance(Duration::from_secs(1)).await;
    assert_eq!(editors.find(&first), Visitor::Editor("E1".into()));
    let third = editors.open("E3", true).unwrap();
    assert_eq!(editors.find(&second), Visitor::Anonymous);
    assert_eq!(editors.find(&first), Visitor::Editor("E1".into()));
    assert_eq!(editors.find(&third), Visitor::Editor("E3".into()));
    // The expired go first, before anyone still signed in.
    tokio::time::advance(Duration::from_secs(599)).await;
    assert_eq!(editors.find(&third), Visitor::Editor("E3".into()));
    tokio::time::advance(Duration::from_secs(1)).await;
    let fourth = editors.open("E4", true).unwrap();
    assert_eq!(editors.len(), 2);
    assert_eq!(editors.find(&first), Visitor::Anonymous);
    assert_eq!(editors.find(&third), Visitor::Editor("E3".into()));
    assert_eq!(editors.find(&fourth), Visitor::Editor("E4".into()));
}

#[tokio::test]
async fn a_sign_in_leads_back_only_to_a_page_of_the_blog() {
    // return_to, where a sign-in leads
    let cases = [
        ("/articles/1/edit", "/articles/1/edit"),
        ("/articles?page=2", "/articles?page=2"),
        ("/articles/show/1", "/articles/show/1"),
        ("//evil.example/", "/"),
        ("https://evil.example/", "/"),
        ("/\\evil.example", "/"),
        ("/%5Cevil.example", "/"),
        ("/nowhere", "/"),
        ("/logout", "/"),
        ("/articles/1\r\nSet-Cookie: x=y", "/"),
        ("javascript:alert(1)", "/"),
        ("", "/"),
    ];
    for (asked, expected) in cases {
        assert_eq!(app::guard::return_path(asked), expected, "{asked:?}");
    }
    let blog = blog().await;
    for (asked, expected) in [
        ("/articles/1/edit", "/articles/1/edit"),
        ("//evil.example/", "/"),
    ] {
        let form = format!(
            "name=Ed&password={}&return_to={}",
            PASSWORD.replace(' ', "+"),
            asked.replace('/', "%2F")
        );
        let response = blog.call(post("/login", form)).await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        assert_eq!(response.headers()[LOCATION], expected, "{asked}");
    }
    // The form carries it, escaped; a query's own parameters go along, encoded by the helper.
    let (_, page) = blog
        .send(get("/login?return_to=%2Farticles%2F1%2Fedit%22%3E"))
        .await;
    assert!(page.contains(r#"name="return_to" value="/"#), "{page}");
    let response = blog.call(get("/articles/1/edit?x=%22&y=2")).await;
    assert_eq!(
        response.headers()[LOCATION],
        "/login?return_to=%2Farticles%2F1%2Fedit%3Fx%3D%2522%26y%3D2"
    );
}

#[tokio::test]
async fn the_session_cookie_is_secure_where_the_blog_is_published_over_https() {
    for (scheme, origin, secure) in [
        (Scheme::HTTP, "http://127.0.0.1:3000", false),
        (Scheme::HTTPS, "https://127.0.0.1:3000", true),
    ] {
        let hosts =
            app::service::Hosts::new([127, 0, 0, 1].into(), []).published_over(scheme.clone());
        let blog = blog_published(
            &unlimited(),
            ":memory:",
            app::Caps::default(),
            hosts,
            SessionLimits::default(),
        );
        let mut form = post(
            "/login",
            format!("name=Ed&password={}", PASSWORD.replace(' ', "+")),
        );
        form.headers_mut()
            .insert("origin", HeaderValue::from_static(origin));
        let response = blog.call(form).await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "{scheme}");
        let cookie = response.headers()[SET_COOKIE].to_str().unwrap();
        let attributes = if secure {
            "; Path=/; HttpOnly; SameSite=Strict; Secure"
        } else {
            "; Path=/; HttpOnly; SameSite=Strict"
        };
        let (token, rest) = cookie.split_at(cookie.find(';').unwrap());
        assert_eq!(rest, attributes, "{cookie}");
        assert_eq!(token.len(), "blog_session=".len() + 64, "{cookie}");
        // A form from the other scheme's origin is another site's.
        let other = if secure {
            "http://127.0.0.1:3000"
        } else {
            "https://127.0.0.1:3000"
        };
        let mut form = post("/login", "name=Ed".to_owned());
        form.headers_mut()
            .insert("origin", HeaderValue::from_str(other).unwrap());
        assert_eq!(blog.send(form).await.0, StatusCode::FORBIDDEN, "{scheme}");
    }
}
