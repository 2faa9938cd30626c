//! The pages that are not the repository browser's: the layout every page shares, the home
//! page, the page of every action this example does not implement (which says where the
//! route table sent the request, and with which params), and the error pages.

use std::fmt::Write;

use axum::http::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use resourceful::axum::Params;
use resourceful::form::escape_html as e;
use resourceful::{ParamError, RoutingError};

use super::routes;

/// The project whose repository the home page links to: any project id shows the same
/// directory.
pub const DEMO_PROJECT: &str = "demo";

/// A whole HTML page: `title` is text (escaped here), `body` is HTML. Pages run no script and
/// load nothing (`Content-Security-Policy`), so that a file's content, shown escaped, could do
/// nothing even if an escape were missed.
pub fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let title = e(title);
    let html = format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title} · tracker</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }}
table {{ border-collapse: collapse; }} td, th {{ padding: .1rem .8rem .1rem 0; text-align: left; }}
pre {{ background: #f6f6f6; padding: .5rem; overflow-x: auto; }} .size {{ text-align: right; }}
</style></head>
<body>
<nav><a href="{home}">tracker</a></nav>
<h1>{title}</h1>
{body}
</body>
</html>
"#,
        home = e(&routes::root_path()),
    );
    let headers = [
        (
            CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        ),
        (
            CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"),
        ),
        (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    ];
    (status, headers, html).into_response()
}

/// `welcome#index`: where to go.
pub async fn welcome() -> Response {
    let body = format!(
        r#"<p>An issue tracker's Rails 2.3 routes file, served by resourceful. Of its actions,
only the repository browser is implemented: it shows the directory given on the command line,
under any project id.</p>
<p><a href="{}">Browse the repository</a></p>
<p>Every other route answers with a page naming the <code>controller#action</code> it reached
and its params: try <a href="{}">an issue</a> or <a href="{}">a wiki diff</a>.</p>"#,
        e(&routes::project_repository_path(DEMO_PROJECT)),
        e(&routes::issue_path(64)),
        e(&routes::wiki_diff_path(DEMO_PROJECT, "Guide", 7, Some(4))),
    );
    page(StatusCode::OK, "Tracker", &body)
}

/// Every action this example does not implement: which `controller#action` the request
/// reached, by which route, and with which params. Nothing else is made up.
pub async fn reached(method: Method, params: Params) -> Response {
    let found = params.recognized();
    let mut rows = String::new();
    for (name, value) in params.params() {
        let _ = write!(
            rows,
            "<tr><th><code>{}</code></th><td><code>{}</code></td></tr>",
            e(name),
            e(value)
        );
    }
    if rows.is_empty() {
        rows.push_str("<tr><td>none</td></tr>");
    }
    let name = found
        .route_name()
        .map_or_else(String::new, |name| format!(" (<code>{}</code>)", e(name)));
    let body = format!(
        "<p><code>{method} {path}</code> reached <code>{controller}#{action}</code>, through \
         the route <code>{pattern}</code>{name}. This example does not implement that action: \
         it serves the repository browser only.</p>\n<h2>Params</h2>\n<table>{rows}</table>",
        path = e(params.uri().path()),
        controller = e(params.controller()),
        action = e(params.action()),
        pattern = e(found.route().pattern()),
    );
    let title = format!("{}#{}", params.controller(), params.action());
    page(StatusCode::OK, &title, &body)
}

/// `errors#not_found`, which the last route (`/*path`, for GET) reaches: a 404.
pub async fn not_found(params: Result<routes::params::ErrorsNotFound, ParamError>) -> Response {
    match params {
        Ok(params) => missing(&format!("/{}", params.path)),
        Err(error) => param_error(&error),
    }
}

/// The 404 page for `path`.
pub fn missing(path: &str) -> Response {
    let body = format!("<p>There is nothing at <code>{}</code>.</p>", e(path));
    page(StatusCode::NOT_FOUND, "Not found", &body)
}

/// A handler's params that could not be read: a 404 for a value that does not parse, a 500
/// for a handler bound to the wrong action.
pub fn param_error(error: &ParamError) -> Response {
    let status = error.status();
    let body = match status {
        StatusCode::NOT_FOUND => "<p>There is nothing here.</p>".to_owned(),
        _ => format!("<p>{}</p>", e(&error.to_string())),
    };
    page(status, status.canonical_reason().unwrap_or("Error"), &body)
}

/// Requests no route takes (the dispatcher adds `Allow` to a 405).
pub async fn routing_error(error: RoutingError) -> Response {
    let status = error.status();
    let message = match &error {
        RoutingError::MethodNotAllowed { method, .. } => format!(
            "This address does not answer {method}; it answers {}.",
            error
                .allow_header()
                .and_then(|allow| allow.to_str().ok().map(str::to_owned))
                .unwrap_or_default()
        ),
        _ => error.to_string(),
    };
    let body = format!("<p>{}</p>", e(&message));
    page(status, status.canonical_reason().unwrap_or("Error"), &body)
}
