//! The JSON API on actix-web and resourceful: `cargo run -p resourceful-actix-example`, then
//! `curl -i http://127.0.0.1:3002/api/articles -H 'content-type: application/json'
//! -d '{"title": "Hello", "body": "World"}'`.
//!
//! The routes and handlers of `examples/api` (articles and their comments under `/api`, in
//! memory; `/health` and `/metrics` beside them; the first version's `/api/posts/:id`
//! redirecting to `/api/articles/:id`), served by actix-web's `HttpServer`. `PORT` changes the
//! port (3002). It stops on Ctrl-C, letting the requests under way finish.

mod app;

use std::process::ExitCode;

use actix_web::HttpServer;

#[actix_web::main]
async fn main() -> ExitCode {
    let port = match std::env::var("PORT").map(|text| text.parse::<u16>()) {
        Err(_) => 3002,
        Ok(Ok(port)) => port,
        Ok(Err(error)) => {
            eprintln!("PORT must be a port number: {error}");
            return ExitCode::FAILURE;
        }
    };
    app::mount();
    let (store, metrics) = (app::Store::default(), app::Metrics::default());
    let server = HttpServer::new(move || app::app(store.clone(), metrics.clone()));
    let server = match server.bind(("127.0.0.1", port)) {
        Ok(server) => server,
        Err(error) => {
            eprintln!("cannot listen on port {port}: {error}");
            return ExitCode::FAILURE;
        }
    };
    print!("{}", app::routes::ROUTES);
    println!(
        "listening on http://127.0.0.1:{port}{}",
        app::routes::articles_path()
    );
    match server.run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("server error: {error}");
            ExitCode::FAILURE
        }
    }
}
