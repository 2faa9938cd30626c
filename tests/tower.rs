//! The tower layer: method override from form bodies (bounded, the body passed on whole),
//! recognition into the request's extensions, and what becomes of requests no route takes.
use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::header::{CONTENT_TYPE, HeaderMap};
use http::{Request, Response, StatusCode};
use http_body::{Body, Frame};
use http_body_util::BodyExt;
use resourceful::tower::{Replay, RoutingLayer, Unmatched};
use resourceful::{Routed, RoutingError};
use tower_layer::Layer;
use tower_service::Service;

mod routes {
    resourceful::routes! {
        resources(articles) { resources(comments); }
    }
}

/// Runs a future whose every step is ready, as everything here is.
fn block_on<F: Future>(future: F) -> F::Output {
    let mut cx = Context::from_waker(std::task::Waker::noop());
    let mut future = std::pin::pin!(future);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
    }
}

/// A body of given frames, one per poll.
struct Frames(VecDeque<Result<Frame<Bytes>, &'static str>>);

fn frames(chunks: &[&'static str]) -> Frames {
    Frames(
        chunks
            .iter()
            .map(|c| Ok(Frame::data(Bytes::from_static(c.as_bytes()))))
            .collect(),
    )
}

impl Body for Frames {
    type Data = Bytes;
    type Error = &'static str;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, &'static str>>> {
        Poll::Ready(self.0.pop_front())
    }
}

/// What the inner service saw: the method, the route, and the body it read, or the error
/// reading it gave.
#[derive(Clone)]
struct Record;

impl Service<Request<Replay<Frames>>> for Record {
    type Response = Response<String>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response<String>, Infallible>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<Replay<Frames>>) -> Self::Future {
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let route = match (
                parts.extensions.get::<Routed>(),
                parts.extensions.get::<RoutingError>(),
            ) {
                (Some(routed), None) => {
                    let found = routed.recognized();
                    format!("{}#{}", found.controller(), found.action())
                }
                (None, Some(error)) => format!("error {}", error.status().as_u16()),
                other => panic!("extensions hold {other:?}"),
            };
            let body = match body.collect().await {
                Ok(collected) => {
                    let trailers = collected.trailers().cloned();
                    let bytes = collected.to_bytes();
                    let mut text = String::from_utf8_lossy(&bytes).into_owned();
                    if let Some(trailers) = trailers {
                        text.push_str(&format!(" +{} trailers", trailers.len()));
                    }
                    text
                }
                Err(error) => format!("body error: {error}"),
            };
            Ok(Response::new(format!("{} {route} [{body}]", parts.method)))
        })
    }
}

fn send<U>(layer: &RoutingLayer<U>, request: Request<Frames>) -> Response<String>
where
    U: Unmatched<Record, Replay<Frames>>,
{
    let mut service = layer.layer(Record);
    block_on(service.call(request)).unwrap()
}

fn form(method: &str, uri: &str, body: Frames) -> Request<Frames> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(
            CONTENT_TYPE,
            "application/x-www-form-urlencoded; charset=UTF-8",
        )
        .body(body)
        .unwrap()
}

#[test]
fn a_form_body_overrides_a_post_and_is_passed_on_whole() {
    let layer = RoutingLayer::new(&routes::ROUTES);
    let cases: &[(&str, &[&str], &str)] = &[
        (
            "POST",
            &["_method=put&title=Hi"],
            "PUT articles#update [_method=put&title=Hi]",
        ),
        (
            "POST",
            &["_meth", "od=de", "lete&x=1"],
            "DELETE articles#destroy [_method=delete&x=1]",
        ),
        (
            "POST",
            &["title=a+b&_method=patch"],
            "PATCH articles#update [title=a+b&_method=patch]",
        ),
        ("POST", &["_method=get"], "POST error 405 [_method=get]"),
        ("POST", &["title=x"], "POST error 405 [title=x]"),
        ("POST", &[], "POST error 405 []"),
        (
            "GET",
            &["_method=delete"],
            "GET articles#show [_method=delete]",
        ),
        (
            "PUT",
            &["_method=delete"],
            "PUT articles#update [_method=delete]",
        ),
    ];
    for &(method, chunks, expected) in cases {
        let response = send(
            &layer.clone().pass_through(),
            form(method, "/articles/1", frames(chunks)),
        );
        assert_eq!(response.body(), expected, "{method} {chunks:?}");
    }
}

#[test]
fn only_form_bodies_are_read() {
    let layer = RoutingLayer::new(&routes::ROUTES).pass_through();
    let json = Request::post("/articles/1")
        .header(CONTENT_TYPE, "application/json")
        .body(frames(&["_method=delete"]))
        .unwrap();
    assert_eq!(send(&layer, json).body(), "POST error 405 [_method=delete]");
    let untyped = Request::post("/articles/1")
        .body(frames(&["_method=delete"]))
        .unwrap();
    assert_eq!(
        send(&layer, untyped).body(),
        "POST error 405 [_method=delete]"
    );
}

#[test]
fn the_form_limit_bounds_what_is_read_for_the_method() {
    let padding: &'static str = Box::leak("x=".repeat(10).into_boxed_str());
    let late = [padding, "&_method=delete&y=1"];
    let layer = RoutingLayer::new(&routes::ROUTES).pass_through();
    let within = send(
        &layer.clone().form_limit(64),
        form("POST", "/articles/1", frames(&late)),
    );
    assert!(
        within.body().starts_with("DELETE articles#destroy"),
        "{}",
        within.body()
    );
    // The limit falls inside the pair: it is not read whole, so it does not count.
    let cut = send(
        &layer.clone().form_limit(30),
        form("POST", "/articles/1", frames(&late)),
    );
    assert!(cut.body().starts_with("POST error 405"), "{}", cut.body());
    let none = send(
        &layer.form_limit(0),
        form("POST", "/articles/1", frames(&late)),
    );
    assert!(none.body().starts_with("POST error 405"), "{}", none.body());
    for response in [within, cut, none] {
        assert!(
            response
                .body()
                .ends_with(&format!("[{padding}&_method=delete&y=1]"))
        );
    }
}

#[test]
fn trailers_and_errors_are_passed_on() {
    let layer = RoutingLayer::new(&routes::ROUTES).pass_through();
    let mut trailers = HeaderMap::new();
    trailers.insert("x-checksum", "1".parse().unwrap());
    let mut body = frames(&["_method=delete"]);
    body.0.push_back(Ok(Frame::trailers(trailers)));
    let response = send(&layer, form("POST", "/articles/1", body));
    assert_eq!(
        response.body(),
        "DELETE articles#destroy [_method=delete +1 trailers]"
    );
    let mut broken = frames(&["_method=put&a"]);
    broken.0.push_back(Err("connection reset"));
    let response = send(&layer, form("POST", "/articles/1", broken));
    assert_eq!(
        response.body(),
        "PUT articles#update [body error: connection reset]"
    );
}

#[test]
fn the_header_is_honoured_only_when_asked() {
    let request = || {
        Request::post("/articles/1")
            .header("x-http-method-override", "DELETE")
            .body(frames(&[]))
            .unwrap()
    };
    let layer = RoutingLayer::new(&routes::ROUTES).pass_through();
    assert_eq!(send(&layer, request()).body(), "POST error 405 []");
    let layer = layer.method_override_header(true);
    assert_eq!(send(&layer, request()).body(), "DELETE articles#destroy []");
}

#[test]
fn requests_no_route_takes_are_answered_or_handed_on() {
    let answer = RoutingLayer::new(&routes::ROUTES);
    let missing = || Request::get("/nowhere").body(frames(&[])).unwrap();
    let response = send(&answer, missing());
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(response.body(), "no route matches `GET /nowhere`\n");
    let response = send(
        &answer,
        Request::delete("/articles").body(frames(&[])).unwrap(),
    );
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(response.headers()["allow"], "GET, POST");

    let fallback = answer.clone().fallback(Record);
    assert_eq!(send(&fallback, missing()).body(), "GET error 404 []");
    let through = answer.pass_through();
    assert_eq!(send(&through, missing()).body(), "GET error 404 []");
    let found = send(
        &through,
        Request::get("/articles/2/comments")
            .body(frames(&[]))
            .unwrap(),
    );
    assert_eq!(found.body(), "GET comments#index []");
}
