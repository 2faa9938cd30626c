//! An issue tracker's routes file, served: `cargo run --example tracker -- DIR`, then open
//! <http://127.0.0.1:3001/projects/demo/repository>.
//!
//! `routes.rb` is an issue tracker's Rails 2.3 `config/routes.rb`, and `routes.rs` what
//! `cargo run -p resourceful-convert -- examples/tracker/routes.rb` makes of it (123 routes);
//! every action it reaches has a handler. Those of the repository browser show DIR,
//! read-only, under any project id (`/projects/demo/repository` and
//! `/projects/other/repository` are the same tree): `.../repository` lists it,
//! `.../repository/browse/*path` lists a directory (or shows a file), `.../repository/entry/*path`
//! shows a file's text (up to 1 MiB; past that, or for a file that is not UTF-8, a link to the
//! download), `.../repository/raw/*path` downloads a file, streamed, whatever its size. Nothing
//! outside DIR is served: `..`, absolute paths and links that lead out of it are a 404 (see
//! `app/tree.rs`). Every other action answers with a page naming the `controller#action` the
//! request reached and its params.
//!
//! It listens on 127.0.0.1, on the port given by `--port`, else by `PORT`, else 3001, and
//! stops on Ctrl-C, letting the requests under way finish.

mod app;

use std::process::ExitCode;

use tokio::net::TcpListener;

use app::cli::{self, Command};

#[tokio::main]
async fn main() -> ExitCode {
    let env_port = std::env::var("PORT").ok();
    let (dir, port) = match cli::command(std::env::args_os().skip(1), env_port.as_deref()) {
        Ok(Command::Serve { dir, port }) => (dir, port),
        Ok(Command::Help) => {
            println!("{}", cli::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("tracker: {message}\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    let tree = match app::Tree::open(&dir) {
        Ok(tree) => tree,
        Err(message) => {
            eprintln!("tracker: {message}");
            return ExitCode::FAILURE;
        }
    };
    println!("serving {} under every project id", tree.root().display());
    let listener = match TcpListener::bind(("127.0.0.1", port)).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("tracker: cannot listen on 127.0.0.1:{port}: {error} (try --port)");
            return ExitCode::FAILURE;
        }
    };
    let repository = app::routes::project_repository_path(app::DEMO_PROJECT);
    println!("listening on http://127.0.0.1:{port}{repository}");
    let served = axum::serve(listener, app::router(tree).into_make_service())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tracker: server error: {error}");
            ExitCode::FAILURE
        }
    }
}
