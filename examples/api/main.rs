//! A JSON API on axum and resourceful: `cargo run --example api`, then
//! `curl -i http://127.0.0.1:3001/api/articles -H 'content-type: application/json'
//! -d '{"title": "Hello", "body": "World"}'`.
//!
//! Articles and their comments under `/api`, in memory; `/health` and `/metrics` (requests
//! counted by route) beside them; the first version's `/api/posts/:id` redirecting to
//! `/api/articles/:id`. `PORT` changes the port (3001). It stops on Ctrl-C, letting the
//! requests under way finish.

mod app;

use std::net::SocketAddr;
use std::process::ExitCode;

use axum::extract::ConnectInfo;
use axum::middleware::{self, Next};
use axum::response::Response;
use tokio::net::TcpListener;

/// Names the client in a header of each response: `ConnectInfo` reaches the handlers and
/// layers of an application served with `into_make_service_with_connect_info`.
async fn peer(
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: axum::extract::Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    if let Ok(value) = peer.to_string().parse() {
        response.headers_mut().insert("x-client", value);
    }
    response
}

#[tokio::main]
async fn main() -> ExitCode {
    let port = match std::env::var("PORT").map(|text| text.parse::<u16>()) {
        Err(_) => 3001,
        Ok(Ok(port)) => port,
        Ok(Err(error)) => {
            eprintln!("PORT must be a port number: {error}");
            return ExitCode::FAILURE;
        }
    };
    let app =
        app::app(app::Store::default(), app::Metrics::default()).layer(middleware::from_fn(peer));
    print!("{}", app::routes::ROUTES);
    let listener = match TcpListener::bind(("127.0.0.1", port)).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("cannot listen on port {port}: {error}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "listening on http://127.0.0.1:{port}{}",
        app::routes::articles_path()
    );
    let served = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("server error: {error}");
            ExitCode::FAILURE
        }
    }
}
