//! The tower layer: method override from form bodies (bounded in size and time, read only
//! where it could matter, the body passed on whole), targets that are not paths, recognition
//! into the request's extensions, and what becomes of requests no route takes.
use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

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
        resource(account);
        // Any method: a CONNECT must not reach it either.
        connect("/legacy/:id", controller = "legacy", action = "show");
    }
}

/// A default route beside resources, for the routing policy: any method, and GET only.
mod catch_all {
    resourceful::routes! {
        resources(articles, only(index, destroy));
        connect("/:controller/:action/:id");
    }
}

mod get_only {
    resourceful::routes! {
        resources(articles, only(index, destroy));
        connect("/:controller/:action/:id", via = get);
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
    // The limit falls inside the pair: it is not read whole, so it does not count, and the
    // method asked for cannot be known.
    let cut = send(
        &layer.clone().form_limit(30),
        form("POST", "/articles/1", frames(&late)),
    );
    assert!(cut.body().starts_with("POST error 413"), "{}", cut.body());
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
    assert_eq!(response.headers()["allow"], "GET, HEAD, POST");

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

/// What the inner service saw, without reading the body: the method, the route or the error's
/// status, and the `Content-Type`.
#[derive(Clone)]
struct Peek;

impl<B> Service<Request<B>> for Peek {
    type Response = Response<String>;
    type Error = Infallible;
    type Future = std::future::Ready<Result<Response<String>, Infallible>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let route = match request.extensions().get::<Routed>() {
            Some(routed) => format!("{}#{}", routed.controller(), routed.action()),
            None => match request.extensions().get::<RoutingError>() {
                Some(error) => format!("error {}", error.status().as_u16()),
                None => "unrouted".to_owned(),
            },
        };
        let media = request
            .headers()
            .get(CONTENT_TYPE)
            .map_or("-", |value| value.to_str().unwrap_or("?"));
        let text = format!("{} {route} {media}", request.method());
        std::future::ready(Ok(Response::new(text)))
    }
}

/// A form body that counts how often it is polled.
struct Counted {
    data: Option<Bytes>,
    polls: Arc<AtomicUsize>,
}

impl Body for Counted {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.polls.fetch_add(1, Ordering::SeqCst);
        Poll::Ready(self.data.take().map(|data| Ok(Frame::data(data))))
    }
}

#[test]
fn a_form_is_read_only_where_an_override_could_route_it() {
    // path, content type, what routing gave, whether the layer read the body
    let cases = [
        (
            "/articles/1",
            "application/x-www-form-urlencoded",
            "DELETE articles#destroy",
            true,
        ),
        (
            "/articles",
            "application/x-www-form-urlencoded",
            "POST articles#create",
            false,
        ),
        (
            "/articles/1/comments",
            "application/x-www-form-urlencoded",
            "POST comments#create",
            false,
        ),
        (
            "/nowhere",
            "application/x-www-form-urlencoded",
            "POST error 404",
            false,
        ),
        ("/articles/1", "application/json", "POST error 405", false),
        (
            "/account",
            "application/x-www-form-urlencoded",
            "DELETE accounts#destroy",
            true,
        ),
        (
            "/legacy/1",
            "application/x-www-form-urlencoded",
            "DELETE legacy#show",
            true,
        ),
    ];
    for (path, media, routed, read) in cases {
        let polls = Arc::new(AtomicUsize::new(0));
        let body = Counted {
            data: Some(Bytes::from_static(b"_method=delete")),
            polls: Arc::clone(&polls),
        };
        let request = Request::post(path)
            .header(CONTENT_TYPE, media)
            .body(body)
            .unwrap();
        let mut service = RoutingLayer::new(&routes::ROUTES)
            .pass_through()
            .layer(Peek);
        let response = block_on(service.call(request)).unwrap();
        assert_eq!(
            response.body(),
            &format!("{routed} {media}"),
            "{path} {media}"
        );
        assert_eq!(
            polls.load(Ordering::SeqCst) > 0,
            read,
            "{path} {media}: read?"
        );
    }
}

#[test]
fn a_form_past_the_limit_without_method_is_413_only_where_post_is_refused() {
    let padding: &'static str = Box::leak("x=".repeat(40).into_boxed_str());
    let layer = RoutingLayer::new(&routes::ROUTES)
        .form_limit(32)
        .pass_through();
    // uri, body, what the inner service saw
    let cases: &[(&str, &[&str], &str)] = &[
        ("/articles/1", &[padding, "&_method=put"], "POST error 413"),
        (
            "/articles/1",
            &["_method=put&", padding],
            "PUT articles#update",
        ),
        // Routes take a POST here: the form is one, as it says nothing else.
        (
            "/account",
            &[padding, "&_method=put"],
            "POST accounts#create",
        ),
        // The query says what the body's first bytes do not.
        (
            "/articles/1?_method=patch",
            &[padding],
            "PATCH articles#update",
        ),
        // Within the limit, no `_method`: a POST, refused as routes answer it.
        ("/articles/1", &["title=x"], "POST error 405"),
    ];
    for &(uri, chunks, expected) in cases {
        let response = send(&layer, form("POST", uri, frames(chunks)));
        let (seen, passed) = response.body().split_once(" [").unwrap();
        assert_eq!(seen, expected, "{uri} {chunks:?}");
        assert_eq!(
            passed,
            format!("{}]", chunks.concat()),
            "the body is passed on whole"
        );
    }
    let answered = send(
        &RoutingLayer::new(&routes::ROUTES).form_limit(32),
        form("POST", "/articles/1", frames(&[padding, "&_method=put"])),
    );
    assert_eq!(answered.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        answered.body(),
        "form body has no `_method` in its first 32 bytes and goes on: send `_method` first, \
         or in the query\n"
    );
}

#[test]
fn targets_that_are_not_paths_and_connect_are_never_routed() {
    let layer = RoutingLayer::new(&routes::ROUTES);
    // method, target, status, Allow
    let cases = [
        ("CONNECT", "127.0.0.1:22", 400, ""),
        ("CONNECT", "example.com:443", 400, ""),
        ("OPTIONS", "*", 400, ""),
        ("GET", "127.0.0.1:80", 400, ""),
        (
            "CONNECT",
            "/articles/1",
            405,
            "GET, HEAD, PUT, PATCH, DELETE",
        ),
        (
            "CONNECT",
            "/legacy/1",
            405,
            "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, TRACE",
        ),
        ("CONNECT", "/nowhere", 404, ""),
    ];
    for (method, target, status, allow) in cases {
        let request = Request::builder()
            .method(method)
            .uri(target)
            .body(frames(&[]))
            .unwrap();
        let response = send(&layer, request);
        assert_eq!(response.status(), status, "{method} {target}");
        let allowed = response.headers().get("allow").map(|v| v.to_str().unwrap());
        assert_eq!(allowed.unwrap_or(""), allow, "{method} {target}");
    }
    let bad = send(
        &layer,
        Request::connect("127.0.0.1:22").body(frames(&[])).unwrap(),
    );
    assert_eq!(
        bad.body(),
        "cannot read path `127.0.0.1:22`: the request's target is not a path\n"
    );
    // What is a path, in absolute form too, and other methods on an any-method route, still
    // routes.
    let through = layer.pass_through();
    let cases = [
        (
            "GET",
            "http://example.com/articles/1",
            "GET articles#show []",
        ),
        ("OPTIONS", "/legacy/1", "OPTIONS legacy#show []"),
    ];
    for (method, target, expected) in cases {
        let request = Request::builder()
            .method(method)
            .uri(target)
            .body(frames(&[]))
            .unwrap();
        assert_eq!(
            send(&through, request).body(),
            expected,
            "{method} {target}"
        );
    }
}

#[test]
fn media_types_compare_in_any_case_and_are_handed_on_lowercased() {
    let layer = RoutingLayer::new(&routes::ROUTES).pass_through();
    // content type sent, what the inner service saw
    let cases = [
        (
            "APPLICATION/X-WWW-FORM-URLENCODED; charset=UTF-8",
            "DELETE articles#destroy application/x-www-form-urlencoded; charset=UTF-8",
        ),
        (
            "Application/X-Www-Form-Urlencoded",
            "DELETE articles#destroy application/x-www-form-urlencoded",
        ),
        (
            "application/x-www-form-urlencoded",
            "DELETE articles#destroy application/x-www-form-urlencoded",
        ),
        ("Application/JSON", "POST error 405 application/json"),
    ];
    for (media, expected) in cases {
        let request = Request::post("/articles/1")
            .header(CONTENT_TYPE, media)
            .body(frames(&["_method=delete"]))
            .unwrap();
        let mut service = layer.layer(Peek);
        let response = block_on(service.call(request)).unwrap();
        assert_eq!(response.body(), expected, "{media}");
    }
}

/// A body whose chunks arrive `gap` apart, on Tokio's timer.
struct Trickle {
    chunks: VecDeque<&'static str>,
    gap: Duration,
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Trickle {
    fn new(chunks: &[&'static str], gap: Duration) -> Self {
        Trickle {
            chunks: chunks.iter().copied().collect(),
            gap,
            sleep: None,
        }
    }
}

impl Body for Trickle {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if self.chunks.is_empty() {
            return Poll::Ready(None);
        }
        let gap = self.gap;
        let sleep = self
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(gap)));
        if sleep.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        self.sleep = None;
        let chunk = self.chunks.pop_front().unwrap_or_default();
        Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(chunk.as_bytes())))))
    }
}

/// On Tokio's paused clock, which moves only when every task waits on a timer: the times
/// taken are exact, however busy the machine.
#[tokio::test(start_paused = true)]
async fn a_form_read_past_its_deadline_is_a_408_however_it_trickles() {
    let layer = RoutingLayer::new(&routes::ROUTES).form_deadline(Duration::from_millis(300));
    let trickled = |chunks: &[&'static str], gap_ms| {
        Request::post("/articles/1")
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Trickle::new(chunks, Duration::from_millis(gap_ms)))
            .unwrap()
    };
    // chunks, gap before each, status, time taken
    let cases: &[(&[&str], u64, u16, u64)] = &[
        (&["_met", "hod=de", "lete"], 20, 200, 60),
        // Each gap is within the deadline, the whole is not: the deadline counts from the
        // start of the read, so a slow trickle cannot stretch it.
        (&["_met", "hod=de", "lete"], 200, 408, 300),
        (&["_method=delete"], 10_000, 408, 300),
    ];
    for &(chunks, gap, status, expected) in cases {
        let mut service = layer.layer(Peek);
        let started = tokio::time::Instant::now();
        let response = service.call(trickled(chunks, gap)).await.unwrap();
        let took = started.elapsed();
        assert_eq!(response.status(), status, "{chunks:?} every {gap} ms");
        assert_eq!(
            took,
            Duration::from_millis(expected),
            "{chunks:?} every {gap} ms"
        );
        if status == 200 {
            assert_eq!(
                response.body(),
                "DELETE articles#destroy application/x-www-form-urlencoded"
            );
        } else {
            assert_eq!(
                response.body(),
                "form body was not received within 300 ms\n"
            );
        }
    }
}

#[test]
fn the_default_route_reaches_an_action_only_by_its_own_methods() {
    // The layer refuses what the axum dispatcher refuses: a crawler's GET cannot delete.
    // (layer, method, URI, status, what the inner service saw or the 405's `Allow`)
    let any = RoutingLayer::new(&catch_all::ROUTES);
    let get = RoutingLayer::new(&get_only::ROUTES);
    let cases = [
        (&any, "GET", "/articles/destroy/3", 405, "DELETE"),
        (&any, "HEAD", "/articles/destroy/3", 405, "DELETE"),
        (
            &any,
            "DELETE",
            "/articles/destroy/3",
            200,
            "DELETE articles#destroy",
        ),
        (
            &any,
            "POST",
            "/articles/destroy/3?_method=delete",
            200,
            "DELETE articles#destroy",
        ),
        (&any, "GET", "/articles/index/3", 200, "GET articles#index"),
        // No route names `articles#show`: the default route's own methods reach it.
        (&any, "PUT", "/articles/show/3", 200, "PUT articles#show"),
        // By GET only, the default route reaches `articles#destroy` by no method: a 404,
        // and a DELETE there, whose only other method is that GET, is one too.
        (&get, "GET", "/articles/destroy/3", 404, ""),
        (&get, "DELETE", "/articles/destroy/3", 404, ""),
        (&get, "DELETE", "/articles/index/3", 405, "GET, HEAD"),
    ];
    for (layer, method, uri, status, seen) in cases {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .body(frames(&[]))
            .unwrap();
        let response = block_on(layer.layer(Peek).call(request)).unwrap();
        let shown = match response.headers().get("allow") {
            Some(allow) => allow.to_str().unwrap(),
            None if response.status() == 200 => response.body().trim_end_matches(" -"),
            None => "",
        };
        assert_eq!(
            (response.status().as_u16(), shown),
            (status, seen),
            "{method} {uri}"
        );
    }
}
