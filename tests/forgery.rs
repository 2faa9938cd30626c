//! Protection from cross-site request forgery: unsafe methods from another origin are
//! refused by `Sec-Fetch-Site` and `Origin` against the request's own host, with trusted
//! origins and an opt-out; behind it, the routing layer and a handler.

use axum::body::Body;
use http::{Request, StatusCode};
use http_body_util::BodyExt;
use resourceful::axum::{Handlers, Params, handler};
use resourceful::forgery::{ForgeryError, ForgeryProtectionLayer};
use tower_service::Service;

mod routes {
    resourceful::routes! { resources(articles, only(show, update, destroy)); }
}

fn parts(method: &str, uri: &str, headers: &[(&str, &str)]) -> http::request::Parts {
    let mut builder = Request::builder().method(method).uri(uri);
    for &(name, value) in headers {
        builder = builder.header(name, value);
    }
    builder.body(()).unwrap().into_parts().0
}

type Headers<'a> = &'a [(&'a str, &'a str)];

#[test]
fn unsafe_requests_from_other_origins_are_refused() {
    let layer = ForgeryProtectionLayer::new()
        .trust_origin("https://admin.blog.example")
        .unwrap()
        .trust_origin("HTTP://Localhost:8080")
        .unwrap();
    let host = ("host", "blog.example");
    // method, uri, headers, refused by (None: let through)
    let cases: &[(&str, &str, Headers, Option<&str>)] = &[
        // Safe methods are never checked.
        ("GET", "/a", &[host, ("sec-fetch-site", "cross-site")], None),
        (
            "HEAD",
            "/a",
            &[host, ("origin", "https://evil.example")],
            None,
        ),
        ("OPTIONS", "/a", &[host, ("origin", "null")], None),
        // Fetch Metadata decides when it is sent.
        (
            "POST",
            "/a",
            &[host, ("sec-fetch-site", "same-origin")],
            None,
        ),
        ("POST", "/a", &[host, ("sec-fetch-site", "none")], None),
        (
            "POST",
            "/a",
            &[host, ("sec-fetch-site", "cross-site")],
            Some("site"),
        ),
        (
            "DELETE",
            "/a",
            &[host, ("sec-fetch-site", "same-site")],
            Some("site"),
        ),
        (
            "PUT",
            "/a",
            &[host, ("sec-fetch-site", "bogus")],
            Some("site"),
        ),
        // ... even when the Origin looks like ours: the browser knows better.
        (
            "POST",
            "/a",
            &[
                host,
                ("sec-fetch-site", "cross-site"),
                ("origin", "https://blog.example"),
            ],
            Some("site"),
        ),
        // Without it, Origin against the site's scheme (http here) and the request's host.
        (
            "POST",
            "/a",
            &[host, ("origin", "http://BLOG.example")],
            None,
        ),
        (
            "POST",
            "/a",
            &[host, ("origin", "https://blog.example")],
            Some("origin"),
        ),
        (
            "POST",
            "/a",
            &[
                ("host", "blog.example:80"),
                ("origin", "http://blog.example"),
            ],
            None,
        ),
        (
            "POST",
            "/a",
            &[
                ("host", "blog.example:8443"),
                ("origin", "http://blog.example"),
            ],
            Some("origin"),
        ),
        // Two hosts name none.
        (
            "POST",
            "/a",
            &[host, host, ("origin", "http://blog.example")],
            Some("origin"),
        ),
        (
            "POST",
            "/a",
            &[
                ("host", "127.0.0.1:3000"),
                ("origin", "http://127.0.0.1:3000"),
            ],
            None,
        ),
        (
            "POST",
            "/a",
            &[
                ("host", "127.0.0.1:3000"),
                ("origin", "http://127.0.0.1:3001"),
            ],
            Some("origin"),
        ),
        (
            "POST",
            "/a",
            &[host, ("origin", "https://evil.example")],
            Some("origin"),
        ),
        (
            "POST",
            "/a",
            &[host, ("origin", "https://blog.example.evil.example")],
            Some("origin"),
        ),
        ("PATCH", "/a", &[host, ("origin", "null")], Some("origin")),
        (
            "POST",
            "/a",
            &[("origin", "https://blog.example")],
            Some("origin"),
        ),
        // An absolute target (or HTTP/2's :authority and :scheme) names the request's host
        // and scheme, whatever `Host` says (RFC 9112, 3.2.2).
        (
            "POST",
            "https://blog.example/a",
            &[("origin", "https://blog.example")],
            None,
        ),
        (
            "POST",
            "http://blog.example/a",
            &[("host", "evil.example"), ("origin", "http://evil.example")],
            Some("origin"),
        ),
        (
            "POST",
            "http://blog.example/a",
            &[("host", "evil.example"), ("origin", "http://blog.example")],
            None,
        ),
        // Neither header: not a browser's request.
        ("POST", "/a", &[host], None),
        ("DELETE", "/a", &[], None),
        // Trusted origins, however the browser calls them.
        (
            "POST",
            "/a",
            &[
                host,
                ("sec-fetch-site", "same-site"),
                ("origin", "https://admin.blog.example"),
            ],
            None,
        ),
        (
            "POST",
            "/a",
            &[host, ("origin", "http://localhost:8080")],
            None,
        ),
        (
            "POST",
            "/a",
            &[host, ("origin", "https://localhost:8080")],
            Some("origin"),
        ),
        (
            "CONNECT",
            "/a",
            &[host, ("sec-fetch-site", "cross-site")],
            Some("site"),
        ),
    ];
    for &(method, uri, headers, refused) in cases {
        let outcome = layer.check(&parts(method, uri, headers));
        let by = match &outcome {
            Ok(()) => None,
            Err(ForgeryError::CrossSite { .. }) => Some("site"),
            Err(ForgeryError::CrossOrigin { .. }) => Some("origin"),
            Err(other) => panic!("{other}"),
        };
        assert_eq!(by, refused, "{method} {uri} {headers:?}: {outcome:?}");
    }
}

#[test]
fn behind_a_proxy_that_ends_tls_origins_are_compared_as_https() {
    let layer = ForgeryProtectionLayer::new().scheme(http::uri::Scheme::HTTPS);
    let host = ("host", "blog.example");
    let cases: &[(Headers, bool)] = &[
        (&[host, ("origin", "https://blog.example")], true),
        (&[host, ("origin", "http://blog.example")], false),
        (
            &[
                ("host", "blog.example:443"),
                ("origin", "https://blog.example"),
            ],
            true,
        ),
        (
            &[
                ("host", "blog.example:8443"),
                ("origin", "https://blog.example"),
            ],
            false,
        ),
        (&[host, ("origin", "https://blog.example:8443")], false),
    ];
    for &(headers, allowed) in cases {
        let outcome = layer.check(&parts("POST", "/a", headers));
        assert_eq!(outcome.is_ok(), allowed, "{headers:?}: {outcome:?}");
    }
}

#[test]
fn trusted_origins_are_origins() {
    for origin in [
        "https://a.example",
        "http://a.example:8080",
        "HTTPS://A.EXAMPLE",
        "http://[::1]:3000",
    ] {
        assert!(
            ForgeryProtectionLayer::new().trust_origin(origin).is_ok(),
            "{origin}"
        );
    }
    for origin in [
        "a.example",
        "https://a.example/",
        "https://a.example/path",
        "https://user@a.example",
        "ftp://a.example",
        "null",
        "",
    ] {
        let error = ForgeryProtectionLayer::new()
            .trust_origin(origin)
            .unwrap_err();
        assert_eq!(error.origin(), origin);
    }
}

#[test]
fn the_opt_out_sees_the_request() {
    let layer = ForgeryProtectionLayer::new().skip_if(|request| {
        request.uri.path().starts_with("/hooks/") && request.headers.contains_key("x-signature")
    });
    let forged = [("sec-fetch-site", "cross-site")];
    let signed = [("sec-fetch-site", "cross-site"), ("x-signature", "abc")];
    assert!(layer.check(&parts("POST", "/hooks/pay", &signed)).is_ok());
    assert!(layer.check(&parts("POST", "/hooks/pay", &forged)).is_err());
    assert!(layer.check(&parts("POST", "/articles/1", &signed)).is_err());
}

#[tokio::test]
async fn in_front_of_the_router_a_forged_delete_never_reaches_its_handler() {
    async fn destroyed(params: Params) -> String {
        format!("destroyed {}", params.param("id").unwrap_or("-"))
    }
    let router = Handlers::<()>::new(&routes::ROUTES)
        .bind(|_: routes::Action| handler(destroyed))
        .layer(ForgeryProtectionLayer::new());
    // origin, Sec-Fetch-Site, status, body
    let cases = [
        (
            "https://evil.example",
            "cross-site",
            StatusCode::FORBIDDEN,
            "cross-origin request refused: `Sec-Fetch-Site` is `cross-site`\n",
        ),
        (
            "http://blog.example",
            "same-origin",
            StatusCode::OK,
            "destroyed 3",
        ),
    ];
    for (origin, site, status, text) in cases {
        let request = Request::post("/articles/3")
            .header("host", "blog.example")
            .header("origin", origin)
            .header("sec-fetch-site", site)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from("_method=delete"))
            .unwrap();
        let response = router.clone().call(request).await.unwrap();
        assert_eq!(response.status(), status, "{origin}");
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(body, text.as_bytes(), "{origin}");
    }
}
