//! What the dispatcher knows of its route set before any request: the `MatchedPath` of each
//! route, and the methods that guard each action.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Context;

use ::axum::Router;
use ::axum::body::Body;
use ::axum::extract::{MatchedPath, Request};
use http::{Method, Uri};

use crate::{MethodSet, RouteSet};

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

/// By action number, the methods the routes that name the action (controller and action
/// both fixed) take; none for an action no such route names, or one that some such route
/// takes with any method.
pub(super) fn guarded_actions(set: &RouteSet) -> Vec<Option<MethodSet>> {
    let mut guarded = vec![None; set.actions().len()];
    let mut open = vec![false; guarded.len()];
    for route in set.routes() {
        let Some(number) = route.action_number() else {
            continue;
        };
        if route.methods().is_empty() {
            open[number] = true;
            continue;
        }
        let methods = guarded[number].get_or_insert_with(MethodSet::default);
        *methods = methods.union(route.method_set());
    }
    for (methods, open) in guarded.iter_mut().zip(open) {
        if open {
            *methods = None;
        }
    }
    guarded
}

/// Whether `method` (HEAD counted as GET) is among `allowed`.
pub(super) fn allows(allowed: MethodSet, method: &Method) -> bool {
    allowed.contains(method) || (method == Method::HEAD && allowed.contains(&Method::GET))
}
