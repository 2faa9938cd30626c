//! What the dispatcher knows of its route set before any request: the `MatchedPath` of each
//! route.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Context;

use ::axum::Router;
use ::axum::body::Body;
use ::axum::extract::{MatchedPath, Request};
use http::Uri;

use crate::RouteSet;

/// By route number, axum's `MatchedPath` of each route's pattern behind the set's mount.
pub(super) fn matched_paths(set: &RouteSet) -> Vec<Option<MatchedPath>> {
    let root = set.relative_url_root().unwrap_or_default();
    let mut made: HashMap<&str, Option<MatchedPath>> = HashMap::new();
    set.routes()
        .iter()
        .map(|route| {
            made.entry(route.pattern())
                .or_insert_with(|| matched_path(&format!("{root}{}", route.pattern())))
                .clone()
        })
        .collect()
}

/// axum's `MatchedPath` holding `path`. axum gives no way to make one but routing a request:
/// a router of one route at `path` (taken literally, as axum 0.7 syntax is turned off) routes
/// a request for that very path, and its handler keeps the one axum made. A path a request
/// cannot name as it is (braces, which axum reads as captures, spaces, non-ASCII) gets none.
fn matched_path(path: &str) -> Option<MatchedPath> {
    if path.contains(['{', '}']) {
        return None;
    }
    let uri: Uri = path.parse().ok()?;
    if uri.path() != path || uri.query().is_some() {
        return None;
    }
    let slot = Arc::new(Mutex::new(None));
    let keep = {
        let slot = Arc::clone(&slot);
        move |matched: MatchedPath| {
            *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(matched);
            std::future::ready(())
        }
    };
    let mut router: Router = Router::new()
        .without_v07_checks()
        .route(path, ::axum::routing::any(keep));
    let request = Request::builder().uri(uri).body(Body::empty()).ok()?;
    let response = tower_service::Service::call(&mut router, request);
    // The handler is ready at once: one poll runs it, without a runtime.
    let _ = std::pin::pin!(response).poll(&mut Context::from_waker(std::task::Waker::noop()));
    slot.lock().unwrap_or_else(PoisonError::into_inner).take()
}
