//! The blog application: its routes, storage, pages and handlers, the router that joins
//! them, and the protections and server around it (`service`). `main.rs` serves it;
//! `tests/browser.rs` drives it in a browser.

mod db;
mod handlers;
pub mod service;
mod views;

use axum::Router;
use resourceful::axum::{Handlers, UnboundRoutes};

pub use db::Db;

pub mod routes {
    resourceful::routes! {
        resources(articles, collection(recent: get), member(download: get), new(preview: post)) {
            resources(comments, only(create, destroy));
        }
        resource(account, only(show, edit, update));
        namespace(admin) { resources(comments, only(index, destroy)); }
        named(login, "/login", controller = "sessions", action = "new", via = get);
        connect("/login", controller = "sessions", action = "create", via = post);
        named(logout, "/logout", controller = "sessions", action = "destroy", via = delete);
        root(controller = "articles", action = "index");
        // Rails' default route, for GET only: `/articles/show/1` reaches `articles#show`. The
        // axum adapter keeps it from reaching `articles#destroy`: that action's own route
        // takes DELETE, so `GET /articles/destroy/1` is a 405.
        connect("/:controller/:action/:id", via = get);
    }
}

/// Every action's handler; `into_router` refuses to start when one is missing.
pub fn router(db: Db) -> Result<Router, UnboundRoutes> {
    use handlers::*;
    let router = Handlers::new(&routes::ROUTES)
        .on("articles#index", index)
        .on("articles#recent", recent)
        .on("articles#show", show)
        .on("articles#download", download)
        .on("articles#new", new)
        .on("articles#preview", preview)
        .on("articles#create", create)
        .on("articles#edit", edit)
        .on("articles#update", update)
        .on("articles#destroy", destroy)
        .on("comments#create", create_comment)
        .on("comments#destroy", destroy_comment)
        .on("accounts#show", account)
        .on("accounts#edit", edit_account)
        .on("accounts#update", update_account)
        .on("admin/comments#index", moderation)
        .on("admin/comments#destroy", remove_comment)
        .on("sessions#new", sign_in_form)
        .on("sessions#create", sign_in)
        .on("sessions#destroy", sign_out)
        .on_error(routing_error)
        .into_router()?;
    Ok(router.with_state(db))
}

/// Where the database lives: `BLOG_DB` (`:memory:` for none), else `blog.sqlite3` beside the
/// binary.
pub fn database_location() -> String {
    if let Ok(location) = std::env::var("BLOG_DB") {
        return location;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("blog.sqlite3")))
        .map_or_else(
            || "blog.sqlite3".to_owned(),
            |path| path.display().to_string(),
        )
}
