//! Recognition semantics: order, methods, 404 against 405, formats, slashes, queries and
//! percent-decoding, and the default route.

mod support;

use http::Method;
use resourceful::{MethodSet, RouteAction, RouteController, RoutingError, effective_method};
use support::{check_table, method, route};

mod blog {
    resourceful::routes! {
        resources(articles, member(publish: put)) { resources(comments); }
        resource(account);
        namespace(admin) { resources(users); }
        named(login, "/login", controller = "sessions", action = "new", via = get);
        named(logout, "/logout", controller = "sessions", action = "destroy", via = [post, delete]);
        named(search, "/search/:query", controller = "search");
        root(controller = "home");
    }
}

mod with_default_route {
    resourceful::routes! {
        resources(articles);
        namespace(admin) { resources(users); }
        resource(account);
        connect("/:controller/:action/:id");
    }
}

#[test]
fn methods_404_and_405() {
    check_table(
        &blog::ROUTES,
        &[
            ("GET", "/", "home#index"),
            ("HEAD", "/", "home#index"),
            ("DELETE", "/", "405 GET"),
            ("HEAD", "/articles", "articles#index"),
            ("HEAD", "/articles/1", "articles#show id=1"),
            ("POST", "/articles/new", "405 GET,PUT,PATCH,DELETE"),
            ("PUT", "/articles", "405 GET,POST"),
            ("DELETE", "/articles", "405 GET,POST"),
            ("POST", "/articles/1", "405 GET,PUT,PATCH,DELETE"),
            ("GET", "/articles/1/publish", "405 PUT"),
            ("OPTIONS", "/articles", "405 GET,POST"),
            ("GET", "/account/new", "accounts#new"),
            ("DELETE", "/account/edit", "405 GET"),
            ("GET", "/login", "sessions#new"),
            ("POST", "/login", "405 GET"),
            ("POST", "/logout", "sessions#destroy"),
            ("DELETE", "/logout", "sessions#destroy"),
            ("GET", "/logout", "405 POST,DELETE"),
            ("PATCH", "/search/rust", "search#index query=rust"),
            ("GET", "/nope", "404"),
            ("GET", "/articles/1/comments/2/extra", "404"),
            ("PURGE", "/articles", "405 GET,POST"),
            ("GET", "/admin/users/3", "admin/users#show id=3"),
        ],
    );
}

#[test]
fn errors_carry_the_request() {
    let err = blog::ROUTES
        .recognize(&Method::POST, "/articles/new?x=1")
        .unwrap_err();
    assert_eq!(
        err,
        RoutingError::MethodNotAllowed {
            method: Method::POST,
            path: "/articles/new".into(),
            allowed: MethodSet::from_iter([
                Method::GET,
                Method::PUT,
                Method::PATCH,
                Method::DELETE
            ]),
        }
    );
    assert_eq!(err.status(), http::StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(
        err.allowed_methods(),
        [Method::GET, Method::PUT, Method::PATCH, Method::DELETE]
    );
    let err = blog::ROUTES
        .recognize(&Method::HEAD, "/missing")
        .unwrap_err();
    assert_eq!(
        err,
        RoutingError::NotFound {
            method: Method::HEAD,
            path: "/missing".into()
        }
    );
    assert_eq!(err.status(), http::StatusCode::NOT_FOUND);
    assert_eq!(err.to_string(), "no route matches `HEAD /missing`");
}

#[test]
fn slashes_queries_and_formats() {
    check_table(
        &blog::ROUTES,
        &[
            ("GET", "/articles/", "articles#index"),
            ("GET", "/articles//", "404"),
            ("GET", "articles", "articles#index"),
            ("GET", "", "home#index"),
            ("GET", "/?page=2", "home#index"),
            ("GET", "/articles?sort=title&x=/y.z", "articles#index"),
            ("GET", "/articles/1.xml?x", "articles#show id=1 format=xml"),
            ("GET", "/articles/1.xml/", "articles#show id=1 format=xml"),
            ("GET", "/articles.atom", "articles#index format=atom"),
            ("GET", "/articles/1.tar.gz", "404"),
            ("GET", "/articles/1.", "404"),
            ("GET", "/articles/.xml", "404"),
            ("GET", "/articles//comments", "404"),
            ("GET", "/login.json", "sessions#new format=json"),
            ("GET", "/.json", "404"),
            ("GET", "/articles#top", "articles#index"),
        ],
    );
}

#[test]
fn segments_are_split_before_they_are_decoded() {
    check_table(
        &blog::ROUTES,
        &[
            ("GET", "/articles/a%2Fb", "articles#show id=a/b"),
            (
                "GET",
                "/articles/a%2Fb/comments/c%2F%2Fd",
                "comments#show article_id=a/b id=c//d",
            ),
            ("GET", "/articles/1%2Exml", "articles#show id=1.xml"),
            (
                "GET",
                "/articles/1%2Exml.json",
                "articles#show id=1.xml format=json",
            ),
            ("GET", "/articles/caf%C3%A9", "articles#show id=café"),
            ("GET", "/articles/caf%c3%a9", "articles#show id=café"),
            ("GET", "/articles/100%", "articles#show id=100%"),
            ("GET", "/articles/%2", "articles#show id=%2"),
            ("GET", "/articles/a+b", "articles#show id=a+b"),
            ("GET", "/articles/%20", "articles#show id= "),
            ("GET", "/%61rticles", "articles#index"),
            ("GET", "/articles/%3F%23", "articles#show id=?#"),
            ("GET", "/articles/%00", "articles#show id=\0"),
            ("GET", "/search/a%2Eb", "search#index query=a.b"),
            ("GET", "/articles/%FF", "400"),
            ("GET", "/articles/%C3%28", "400"),
        ],
    );
    let err = blog::ROUTES
        .recognize(&Method::GET, "/articles/%FF")
        .unwrap_err();
    assert_eq!(err.status(), http::StatusCode::BAD_REQUEST);
}

#[test]
fn recognized_exposes_route_name_and_params() {
    let found = blog::ROUTES
        .recognize(&Method::GET, "/articles/7/comments/9.json")
        .unwrap();
    assert_eq!(found.route_name(), Some("article_comment"));
    assert_eq!(
        found.route().pattern(),
        "/articles/:article_id/comments/:id(.:format)"
    );
    assert_eq!(found.param("article_id"), Some("7"));
    assert_eq!(found.param("format"), Some("json"));
    assert_eq!(found.format(), Some("json"));
    assert_eq!(found.param("controller"), None);
    assert_eq!(found.params().len(), 3);
    let unnamed = blog::ROUTES.recognize(&Method::PUT, "/articles/7").unwrap();
    assert_eq!(unnamed.route_name(), None);
    assert_eq!(unnamed.action(), "update");
}

#[test]
fn the_default_route_catches_what_resources_refuse() {
    check_table(
        &with_default_route::ROUTES,
        &[
            ("POST", "/articles/new", "articles#new"),
            ("GET", "/articles/new", "articles#new"),
            ("GET", "/articles", "articles#index"),
            ("GET", "/articles/show/5", "articles#show id=5"),
            (
                "GET",
                "/articles/show/5.xml",
                "articles#show id=5 format=xml",
            ),
            ("PUT", "/articles", "articles#index"),
            ("GET", "/articles/archive", "articles#show id=archive"),
            ("POST", "/articles/archive", "articles#archive"),
            ("GET", "/accounts/edit", "accounts#edit"),
            ("GET", "/admin/users/edit/5", "admin/users#edit id=5"),
            ("POST", "/admin/users", "admin/users#create"),
            (
                "DELETE",
                "/admin/users/purge",
                "admin/users#destroy id=purge",
            ),
            ("PATCH", "/admin/users", "admin/users#index"),
            ("GET", "/admin", "404"),
            ("GET", "/unknown/show/1", "404"),
            ("GET", "/articles/show/1/2", "404"),
        ],
    );
    let found = with_default_route::ROUTES
        .recognize(&Method::POST, "/admin/users/purge/9")
        .unwrap();
    assert_eq!(found.controller(), "admin/users");
    assert_eq!(found.action(), "purge");
    assert_eq!(found.params().collect::<Vec<_>>(), [("id", "9")]);
    assert_eq!(
        found.route().controller(),
        RouteController::FromPath { namespace: "" }
    );
    assert_eq!(
        found.route().action(),
        RouteAction::FromPath { default: "index" }
    );
    assert_eq!(found.route().methods(), &[] as &[Method]);
}

#[test]
fn declaration_order_wins() {
    mod routes {
        resourceful::routes! {
            named(recent, "/articles/recent", controller = "feeds", action = "recent");
            resources(articles);
            named(shadowed, "/articles/new", controller = "never", action = "reached");
        }
    }
    check_table(
        &routes::ROUTES,
        &[
            ("GET", "/articles/recent", "feeds#recent"),
            ("DELETE", "/articles/recent", "feeds#recent"),
            ("GET", "/articles/new", "articles#new"),
            ("POST", "/articles/new", "never#reached"),
        ],
    );
}

#[test]
fn method_override_only_turns_posts_into_put_patch_or_delete() {
    let cases = [
        ("POST", Some("put"), "PUT"),
        ("POST", Some("PATCH"), "PATCH"),
        ("POST", Some("Delete"), "DELETE"),
        ("POST", Some("get"), "POST"),
        ("POST", Some("head"), "POST"),
        ("POST", Some(""), "POST"),
        ("POST", None, "POST"),
        ("GET", Some("delete"), "GET"),
        ("PUT", Some("delete"), "PUT"),
    ];
    for (verb, param, expected) in cases {
        assert_eq!(
            effective_method(&method(verb), param),
            method(expected),
            "{verb} with {param:?}"
        );
    }
    let overridden = effective_method(&Method::POST, Some("put"));
    assert_eq!(
        route(&blog::ROUTES, overridden.as_str(), "/articles/3"),
        "articles#update id=3"
    );
}

#[test]
fn values_deeper_than_sixteen_segments_are_answered_in_order() {
    mod deep {
        resourceful::routes! {
            named(deep, "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/:near/p/:far", controller = "deep", via = get);
        }
    }
    let path = "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/1/p/2.json";
    let found = deep::ROUTES.recognize(&Method::GET, path).unwrap();
    assert_eq!(
        found.params().collect::<Vec<_>>(),
        [("near", "1"), ("far", "2"), ("format", "json")]
    );
    assert_eq!(found.param("far"), Some("2"));
    assert_eq!(found.parse::<u8>("near"), Ok(1));
    assert_eq!(deep::deep_path(1, 2), path.trim_end_matches(".json"));
}
