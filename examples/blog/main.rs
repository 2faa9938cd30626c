//! A blog on axum and resourceful: `cargo run --example blog`, then open
//! <http://127.0.0.1:3000/>.
//!
//! Articles with nested comments, an account singleton and a moderation page under `admin/`,
//! stored in SQLite (`blog.sqlite3` beside the binary, created on first run, or in memory with
//! `BLOG_DB=:memory:`). The port is 3000 unless `PORT` says otherwise. Edits and deletes go
//! through HTML forms with a hidden `_method` field, as in Rails.

mod app;

use std::process::ExitCode;

use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> ExitCode {
    let port = match std::env::var("PORT") {
        Err(_) => 3000,
        Ok(text) => match text.parse::<u16>() {
            Ok(port) => port,
            Err(_) => {
                eprintln!("PORT must be a port number, not `{text}`");
                return ExitCode::FAILURE;
            }
        },
    };
    let location = app::database_location();
    let db = match app::Db::open(&location) {
        Ok(db) => db,
        Err(error) => {
            eprintln!("cannot open the database at {location}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let router = match app::router(db) {
        Ok(router) => router,
        Err(unbound) => {
            eprintln!("{unbound}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match TcpListener::bind(("127.0.0.1", port)).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("cannot listen on 127.0.0.1:{port}: {error} (set PORT to use another)");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", app::routes::ROUTES);
    println!("Database: {location}");
    println!("Listening on http://127.0.0.1:{port}/ (Ctrl-C to stop)");
    let stop = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match axum::serve(listener, router)
        .with_graceful_shutdown(stop)
        .await
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("server error: {error}");
            ExitCode::FAILURE
        }
    }
}
