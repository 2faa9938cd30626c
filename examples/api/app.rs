//! The JSON API: its routes, handlers and store, and the axum application they make
//! ([`app`]). `main.rs` serves it; `tests/api.rs` sends it requests through `oneshot`.
//!
//! What it shows of resourceful in an axum application:
//! - each handler reads its action's params as a type (`params::ArticlesShow`), `id` a `u64`
//!   before the handler runs;
//! - the route set is nested under `/api` ([`Dispatcher::nest_at`]), and the helpers write
//!   their paths under it (the `Location` of a 201, the `url` of each record);
//! - the first version of the API, a route set of its own, takes what the current one does
//!   not ([`Handlers::fallback`]), and redirects to it;
//! - routes of axum's own (`/health`, `/metrics`) beside it, and one handler ([`problem`]) for
//!   every 404 and 405, of the route sets and of those routes alike, `Allow` included;
//! - layers that label requests by route (tower-http's `TraceLayer`, and a request counter,
//!   read back at `/metrics`), which see the route's `MatchedPath`;
//! - a limit on request bodies (tower-http's `RequestBodyLimitLayer`): 413 past it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use axum::Json;
use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::StatusCode;
use axum::http::header::LOCATION;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use resourceful::RoutingError;
use resourceful::axum::{Dispatcher, Handlers, handler};
use serde::Deserialize;
use serde_json::{Value, json};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::trace::TraceLayer;

pub mod routes {
    resourceful::routes! {
        resources(articles, except(new, edit), types(id = u64)) {
            resources(comments, except(new, edit, update), types(article_id = u64, id = u64));
        }
    }
}

/// The first version of the API, whose posts are now articles.
pub mod v1 {
    resourceful::routes! {
        resources(posts, only(index, show), types(id = u64));
    }
}

use routes::{Action, params};

/// The largest request body read: 413 past it.
pub const BODY_LIMIT: usize = 16 * 1024;

/// The articles and their comments, in memory.
#[derive(Clone, Default)]
pub struct Store(Arc<RwLock<Data>>);

#[derive(Default)]
struct Data {
    last_id: u64,
    articles: BTreeMap<u64, Article>,
    comments: BTreeMap<u64, Comment>,
}

struct Article {
    title: String,
    body: String,
}

struct Comment {
    article_id: u64,
    body: String,
}

impl Store {
    fn read(&self) -> std::sync::RwLockReadGuard<'_, Data> {
        self.0.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Data> {
        self.0.write().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Data {
    fn next_id(&mut self) -> u64 {
        self.last_id += 1;
        self.last_id
    }
}

/// An article as the API shows it, with the paths to it and to its comments.
fn article_json(id: u64, article: &Article) -> Value {
    json!({
        "id": id,
        "title": article.title,
        "body": article.body,
        "url": routes::article_path(id),
        "comments_url": routes::article_comments_path(id),
    })
}

fn comment_json(id: u64, comment: &Comment) -> Value {
    json!({
        "id": id,
        "body": comment.body,
        "url": routes::article_comment_path(comment.article_id, id),
    })
}

/// What goes wrong in a handler.
pub enum Failure {
    /// No such record: 404.
    NotFound,
    /// A field that is missing or empty: 422.
    Invalid(&'static str),
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            Failure::NotFound => (StatusCode::NOT_FOUND, "no such record".to_owned()),
            Failure::Invalid(field) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("`{field}` cannot be empty"),
            ),
        };
        (status, Json(json!({ "error": message }))).into_response()
    }
}

/// The fields of an article, as a client sends them.
#[derive(Deserialize)]
pub struct ArticleFields {
    title: String,
    body: String,
}

impl ArticleFields {
    fn check(self) -> Result<Article, Failure> {
        match (self.title.trim(), self.body.trim()) {
            ("", _) => Err(Failure::Invalid("title")),
            (_, "") => Err(Failure::Invalid("body")),
            (title, body) => Ok(Article {
                title: title.to_owned(),
                body: body.to_owned(),
            }),
        }
    }
}

#[derive(Deserialize)]
pub struct CommentFields {
    body: String,
}

async fn index(State(store): State<Store>) -> Json<Value> {
    let data = store.read();
    let articles: Vec<Value> = data
        .articles
        .iter()
        .map(|(&id, article)| article_json(id, article))
        .collect();
    Json(json!({ "articles": articles }))
}

async fn show(
    State(store): State<Store>,
    params::ArticlesShow { id, .. }: params::ArticlesShow,
) -> Result<Json<Value>, Failure> {
    let data = store.read();
    let article = data.articles.get(&id).ok_or(Failure::NotFound)?;
    Ok(Json(article_json(id, article)))
}

async fn create(
    State(store): State<Store>,
    Json(fields): Json<ArticleFields>,
) -> Result<Response, Failure> {
    let article = fields.check()?;
    let mut data = store.write();
    let id = data.next_id();
    let json = article_json(id, &article);
    data.articles.insert(id, article);
    let created = (
        StatusCode::CREATED,
        [(LOCATION, routes::article_path(id))],
        Json(json),
    );
    Ok(created.into_response())
}

async fn update(
    State(store): State<Store>,
    params::ArticlesUpdate { id, .. }: params::ArticlesUpdate,
    Json(fields): Json<ArticleFields>,
) -> Result<Json<Value>, Failure> {
    let changed = fields.check()?;
    let mut data = store.write();
    let article = data.articles.get_mut(&id).ok_or(Failure::NotFound)?;
    *article = changed;
    Ok(Json(article_json(id, article)))
}

async fn destroy(
    State(store): State<Store>,
    params::ArticlesDestroy { id, .. }: params::ArticlesDestroy,
) -> Result<StatusCode, Failure> {
    let mut data = store.write();
    data.articles.remove(&id).ok_or(Failure::NotFound)?;
    data.comments.retain(|_, comment| comment.article_id != id);
    Ok(StatusCode::NO_CONTENT)
}

async fn comments(
    State(store): State<Store>,
    params::CommentsIndex { article_id, .. }: params::CommentsIndex,
) -> Result<Json<Value>, Failure> {
    let data = store.read();
    data.articles.get(&article_id).ok_or(Failure::NotFound)?;
    let comments: Vec<Value> = data
        .comments
        .iter()
        .filter(|(_, comment)| comment.article_id == article_id)
        .map(|(&id, comment)| comment_json(id, comment))
        .collect();
    Ok(Json(json!({ "comments": comments })))
}

async fn comment(
    State(store): State<Store>,
    params::CommentsShow { article_id, id, .. }: params::CommentsShow,
) -> Result<Json<Value>, Failure> {
    let data = store.read();
    let comment = data
        .comments
        .get(&id)
        .filter(|comment| comment.article_id == article_id)
        .ok_or(Failure::NotFound)?;
    Ok(Json(comment_json(id, comment)))
}

async fn create_comment(
    State(store): State<Store>,
    params::CommentsCreate { article_id, .. }: params::CommentsCreate,
    Json(fields): Json<CommentFields>,
) -> Result<Response, Failure> {
    let body = fields.body.trim();
    if body.is_empty() {
        return Err(Failure::Invalid("body"));
    }
    let mut data = store.write();
    data.articles.get(&article_id).ok_or(Failure::NotFound)?;
    let id = data.next_id();
    let comment = Comment {
        article_id,
        body: body.to_owned(),
    };
    let json = comment_json(id, &comment);
    data.comments.insert(id, comment);
    let location = routes::article_comment_path(article_id, id);
    Ok((StatusCode::CREATED, [(LOCATION, location)], Json(json)).into_response())
}

async fn destroy_comment(
    State(store): State<Store>,
    params::CommentsDestroy { article_id, id, .. }: params::CommentsDestroy,
) -> Result<StatusCode, Failure> {
    let mut data = store.write();
    match data.comments.get(&id) {
        Some(comment) if comment.article_id == article_id => {
            data.comments.remove(&id);
            Ok(StatusCode::NO_CONTENT)
        }
        _ => Err(Failure::NotFound),
    }
}

/// `/api/posts` and `/api/posts/:id`, of the first version: where they are now.
async fn moved_posts() -> Redirect {
    Redirect::permanent(&routes::articles_path())
}

async fn moved_post(v1::params::PostsShow { id, .. }: v1::params::PostsShow) -> Redirect {
    Redirect::permanent(&routes::article_path(id))
}

/// Every request no route takes, and every method a route refuses, as JSON: the route sets'
/// (through `on_error`) and the axum routes' (through their router's fallbacks) alike. A
/// 405's `Allow` is added by the dispatcher, or by axum.
pub async fn problem(error: RoutingError) -> Response {
    (error.status(), Json(json!({ "error": error.to_string() }))).into_response()
}

/// How many requests each route has answered, by its pattern.
#[derive(Clone, Default)]
pub struct Metrics(Arc<Mutex<BTreeMap<String, u64>>>);

/// Counts the request under its route's pattern (`MatchedPath`), which the dispatcher sets
/// before its layers run; requests no route takes under `unmatched`.
async fn count(State(metrics): State<Metrics>, request: Request, next: Next) -> Response {
    let route = match request.extensions().get::<MatchedPath>() {
        Some(matched) => matched.as_str().to_owned(),
        None => "unmatched".to_owned(),
    };
    *metrics
        .0
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .entry(route)
        .or_default() += 1;
    next.run(request).await
}

async fn report(State(metrics): State<Metrics>) -> Json<Value> {
    let counts = metrics.0.lock().unwrap_or_else(PoisonError::into_inner);
    Json(json!(*counts))
}

/// The whole application: the API under `/api` (the first version behind the current one),
/// `/health` and `/metrics` beside it.
pub fn app(store: Store, metrics: Metrics) -> Router {
    // The first version's links live under `/api` too (its `MatchedPath`s say so).
    v1::ROUTES.set_relative_url_root("/api");
    let first: Dispatcher =
        Handlers::new(&v1::ROUTES)
            .on_error(problem)
            .bind(|action| match action {
                v1::Action::PostsIndex => handler(moved_posts),
                v1::Action::PostsShow => handler(moved_post),
            });
    let api = Handlers::new(&routes::ROUTES)
        .on_error(problem)
        .fallback(first)
        .bind(|action| match action {
            Action::ArticlesIndex => handler(index),
            Action::ArticlesShow => handler(show),
            Action::ArticlesCreate => handler(create),
            Action::ArticlesUpdate => handler(update),
            Action::ArticlesDestroy => handler(destroy),
            Action::CommentsIndex => handler(comments),
            Action::CommentsShow => handler(comment),
            Action::CommentsCreate => handler(create_comment),
            Action::CommentsDestroy => handler(destroy_comment),
        })
        .with_state(store)
        // After routing, as axum's `Router::layer`: both see the route's `MatchedPath`.
        .layer(middleware::from_fn_with_state(metrics.clone(), count))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request| {
                let route = request
                    .extensions()
                    .get::<MatchedPath>()
                    .map_or("unmatched", MatchedPath::as_str);
                tracing::info_span!("request", method = %request.method(), route)
            }),
        );
    let beside = Router::new()
        .route("/health", get(|| async { "ok" }))
        .route("/metrics", get(report))
        .with_state(metrics)
        .fallback(problem)
        .method_not_allowed_fallback(problem);
    api.nest_at("/api")
        .merge(beside)
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
}
