//! The policy applied: a layer given to the dispatcher (`Dispatcher::layer`), which runs once
//! a request is routed, finds who is asking and refuses what `policy` does not let them run,
//! before the handler reads anything. It is keyed on the action, not the path, so an action
//! reached by two routes (`/articles/1/edit`, and the default route's `/articles/edit/1`) is
//! guarded by both.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Redirect, Response};
use resourceful::{Actions, Routed, RoutingError};

use super::policy::Visitor;
use super::routes::{self, Action};
use super::session::Auth;
use super::views;

/// Puts the visitor in the request, and answers in the handler's place when the policy does
/// not let them run the request's action. A request routing refused (404, 405) goes on to
/// the dispatcher's error page, which runs nothing.
pub async fn guard(State(auth): State<Arc<Auth>>, mut request: Request, next: Next) -> Response {
    let visitor = auth.visitor(request.headers());
    let extensions = request.extensions();
    let action = match extensions.get::<RoutingError>() {
        Some(_) => None,
        None => extensions
            .get::<Routed>()
            .and_then(|routed| Action::of(&routed.recognized())),
    };
    if let Some(action) = action
        && !visitor.may(action)
    {
        return refuse(&visitor, &request);
    }
    request.extensions_mut().insert(visitor);
    next.run(request).await
}

/// A signed-in visitor who is no editor is told so (403); anyone else is sent to sign in,
/// and back to the page they asked for when it is one to read.
fn refuse(visitor: &Visitor, request: &Request) -> Response {
    if let Some(name) = visitor.name() {
        let status = StatusCode::FORBIDDEN;
        let message = format!(
            "Only an editor may do this, and {name} signed in without the editor's password."
        );
        let page = views::refused(visitor, status, &message);
        return (status, Html(page)).into_response();
    }
    Redirect::to(&sign_in_path(request)).into_response()
}

/// `/login`, with the page to come back to after signing in: the path and query asked for
/// by a GET (or HEAD), whose `Location` the helper builds; a form posted is not sent again.
fn sign_in_path(request: &Request) -> String {
    let asked = request.uri().path_and_query().map(|asked| asked.as_str());
    let back = match (request.method(), asked) {
        (&Method::GET | &Method::HEAD, Some(asked)) => asked,
        _ => return routes::login_path(),
    };
    let hash = routes::hash_for_login_path().param("return_to", back);
    routes::ROUTES
        .url_for(&hash)
        .unwrap_or_else(|_| routes::login_path())
}

/// Where a sign-in sends its visitor: `asked` when it is a path of this blog that a GET
/// reaches (so never another site: not `//evil.example`, not `https://...`), else the root.
pub fn return_path(asked: &str) -> String {
    let local = asked.starts_with('/')
        && !asked.starts_with("//")
        && asked.bytes().all(|b| b.is_ascii_graphic() && b != b'\\')
        && routes::ROUTES.recognize(&Method::GET, asked).is_ok();
    if local {
        asked.to_owned()
    } else {
        routes::root_path()
    }
}
