//! The blog application: its routes, storage, pages and handlers, who may run each action
//! (`policy`, applied by `guard`) and the sessions of those signed in (`session`), the router
//! that joins them, and the protections and server around it (`service`). `main.rs` serves
//! it; `tests/browser.rs` drives it in a browser.

mod db;
pub mod guard;
mod handlers;
pub mod policy;
pub mod service;
pub mod session;
mod views;

use std::sync::Arc;

use axum::extract::FromRef;
use axum::response::{IntoResponse, Response};
use resourceful::Routed;
use resourceful::axum::{Dispatcher, Handlers, handler};

pub use db::{Caps, Db};
pub use session::{Auth, EditorPassword, SessionLimits};

pub mod routes {
    resourceful::routes! {
        resources(
            articles,
            collection(recent: get),
            member(download: get),
            new(preview: post),
            // Ids are numbers, written one way only (no sign, no leading zero), so that a
            // record has one address and anything else is a 404 before a query runs.
            types(id = i64),
            requirements(id = "[1-9][0-9]{0,17}")
        ) {
            resources(
                comments,
                only(create, destroy),
                types(article_id = i64, id = i64),
                requirements(article_id = "[1-9][0-9]{0,17}", id = "[1-9][0-9]{0,17}")
            );
        }
        resource(account, only(show, edit, update));
        namespace(admin) {
            resources(
                comments,
                only(index, destroy),
                types(id = i64),
                requirements(id = "[1-9][0-9]{0,17}")
            );
        }
        named(login, "/login", controller = "sessions", action = "new", via = get);
        connect("/login", controller = "sessions", action = "create", via = post);
        named(logout, "/logout", controller = "sessions", action = "destroy", via = delete);
        root(controller = "articles", action = "index");
        // Rails' default route, for GET only, and only to the article pages it has an id
        // for: `/articles/show/1` reaches `articles#show`. Its requirements keep it from
        // taking any other path (`GET /articles/1/comments` would be `articles#1`), so that a
        // 405's `Allow` names no method that would only find a 404. (Without them the axum
        // adapter would still keep `GET /articles/destroy/1` from `articles#destroy`, whose
        // own route takes DELETE.)
        connect(
            "/:controller/:action/:id",
            via = get,
            requirements(controller = "articles", action = "show|edit|download")
        );
    }
}

/// What the handlers share: the database, and who may sign in with the sessions of those who
/// did. Each handler takes the part it needs (`State<Db>`, `State<Arc<Auth>>`).
#[derive(Clone)]
pub struct Blog {
    db: Db,
    auth: Arc<Auth>,
}

impl FromRef<Blog> for Db {
    fn from_ref(blog: &Blog) -> Db {
        blog.db.clone()
    }
}

impl FromRef<Blog> for Arc<Auth> {
    fn from_ref(blog: &Blog) -> Arc<Auth> {
        Arc::clone(&blog.auth)
    }
}

/// Every action's handler, bound through the route set's `Action` enum: rustc refuses to
/// build the blog while an action has none. The guard, given to the dispatcher as a layer,
/// runs after routing and before any handler, and refuses what `policy::policy`, the other
/// `match` over `Action`, does not allow.
pub fn router(db: Db, auth: Arc<Auth>) -> Dispatcher {
    use handlers::*;
    use routes::Action;
    let router =
        Handlers::new(&routes::ROUTES)
            .on_error(routing_error)
            .bind(|action| match action {
                Action::ArticlesIndex => handler(index),
                Action::ArticlesRecent => handler(recent),
                Action::ArticlesShow => handler(show),
                Action::ArticlesDownload => handler(download),
                Action::ArticlesNew => handler(new),
                Action::ArticlesPreview => handler(preview),
                Action::ArticlesCreate => handler(create),
                Action::ArticlesEdit => handler(edit),
                Action::ArticlesUpdate => handler(update),
                Action::ArticlesDestroy => handler(destroy),
                Action::CommentsCreate => handler(create_comment),
                Action::CommentsDestroy => handler(destroy_comment),
                Action::AccountsShow => handler(account),
                Action::AccountsEdit => handler(edit_account),
                Action::AccountsUpdate => handler(update_account),
                Action::AdminCommentsIndex => handler(moderation),
                Action::AdminCommentsDestroy => handler(remove_comment),
                Action::SessionsNew => handler(sign_in_form),
                Action::SessionsCreate => handler(sign_in),
                Action::SessionsDestroy => handler(sign_out),
            });
    router
        .with_state(Blog {
            db,
            auth: Arc::clone(&auth),
        })
        .layer(axum::middleware::from_fn_with_state(auth, guard::guard))
        .layer(axum::middleware::from_fn(html_only))
}

/// Every page is HTML (an article's download, text), whatever format its path or query
/// names: a request that names another (`/articles/1.json`, `/login.png`, `?format=xml`) is
/// a 404, so that a cache that goes by a path's extension never keeps a page, signed in as
/// its visitor, under a name that says it is a picture or a script (web cache deception).
async fn html_only(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let format = request
        .extensions()
        .get::<Routed>()
        .and_then(Routed::format);
    if format.is_some_and(|format| format != "html") {
        return handlers::Failure::NotFound.into_response();
    }
    next.run(request).await
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
