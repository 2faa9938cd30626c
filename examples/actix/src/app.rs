//! The JSON API of `examples/api`, served by actix-web: its routes, handlers and store, and the
//! application they make ([`app`]). `main.rs` serves it; `tests/actix_api.rs` sends it
//! requests through `actix_web::test`, without a port.
//!
//! What it shows of resourceful in an actix-web application:
//! - each handler reads its action's params as a type (`params::ArticlesShow`), `id` a `u64`
//!   before the handler runs, beside actix-web's own extractors (`web::Data`, `web::Json`);
//! - the route set is served under `/api` ([`Dispatcher::scope`]), and the helpers write
//!   their paths under it (the `Location` of a 201, the `url` of each record);
//! - the first version of the API, a route set of its own, takes what the current one does
//!   not ([`Handlers::fallback`]), and redirects to it;
//! - routes of actix-web's own (`/health`, `/metrics`) beside it, and one handler
//!   ([`problem`]) for every 404 and 405, of the route sets and of the application alike
//!   (`App::default_service`), `Allow` included;
//! - a middleware that counts requests by route, labelled by `match_pattern()`, which gives
//!   the route set's patterns (`/api/articles/:id(.:format)`), read back at `/metrics`;
//! - actix-web's `Logger`, `Compress` and `DefaultHeaders` around it all;
//! - a limit on JSON bodies (`web::JsonConfig`): 413 past it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::LOCATION;
use actix_web::middleware::{Compress, DefaultHeaders, Logger, Next, from_fn};
use actix_web::{App, Error, HttpResponse, ResponseError, web};
use resourceful::RoutingError;
use resourceful::actix::{Dispatcher, Handlers, handler};
use serde::Deserialize;
use serde_json::{Value, json};

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

/// The largest JSON body read: 413 past it.
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
#[derive(Debug)]
pub enum Failure {
    /// No such record: 404.
    NotFound,
    /// A field that is missing or empty: 422.
    Invalid(&'static str),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::NotFound => f.write_str("no such record"),
            Failure::Invalid(field) => write!(f, "`{field}` cannot be empty"),
        }
    }
}

impl ResponseError for Failure {
    fn status_code(&self) -> StatusCode {
        match self {
            Failure::NotFound => StatusCode::NOT_FOUND,
            Failure::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        }
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code()).json(json!({ "error": self.to_string() }))
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

async fn index(store: web::Data<Store>) -> HttpResponse {
    let data = store.read();
    let articles: Vec<Value> = data
        .articles
        .iter()
        .map(|(&id, article)| article_json(id, article))
        .collect();
    HttpResponse::Ok().json(json!({ "articles": articles }))
}

async fn show(
    store: web::Data<Store>,
    params::ArticlesShow { id, .. }: params::ArticlesShow,
) -> Result<HttpResponse, Failure> {
    let data = store.read();
    let article = data.articles.get(&id).ok_or(Failure::NotFound)?;
    Ok(HttpResponse::Ok().json(article_json(id, article)))
}

async fn create(
    store: web::Data<Store>,
    fields: web::Json<ArticleFields>,
) -> Result<HttpResponse, Failure> {
    let article = fields.into_inner().check()?;
    let mut data = store.write();
    let id = data.next_id();
    let json = article_json(id, &article);
    data.articles.insert(id, article);
    Ok(HttpResponse::Created()
        .insert_header((LOCATION, routes::article_path(id)))
        .json(json))
}

async fn update(
    store: web::Data<Store>,
    params::ArticlesUpdate { id, .. }: params::ArticlesUpdate,
    fields: web::Json<ArticleFields>,
) -> Result<HttpResponse, Failure> {
    let changed = fields.into_inner().check()?;
    let mut data = store.write();
    let article = data.articles.get_mut(&id).ok_or(Failure::NotFound)?;
    *article = changed;
    Ok(HttpResponse::Ok().json(article_json(id, article)))
}

async fn destroy(
    store: web::Data<Store>,
    params::ArticlesDestroy { id, .. }: params::ArticlesDestroy,
) -> Result<HttpResponse, Failure> {
    let mut data = store.write();
    data.articles.remove(&id).ok_or(Failure::NotFound)?;
    data.comments.retain(|_, comment| comment.article_id != id);
    Ok(HttpResponse::NoContent().finish())
}

async fn comments(
    store: web::Data<Store>,
    params::CommentsIndex { article_id, .. }: params::CommentsIndex,
) -> Result<HttpResponse, Failure> {
    let data = store.read();
    data.articles.get(&article_id).ok_or(Failure::NotFound)?;
    let comments: Vec<Value> = data
        .comments
        .iter()
        .filter(|(_, comment)| comment.article_id == article_id)
        .map(|(&id, comment)| comment_json(id, comment))
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "comments": comments })))
}

async fn comment(
    store: web::Data<Store>,
    params::CommentsShow { article_id, id, .. }: params::CommentsShow,
) -> Result<HttpResponse, Failure> {
    let data = store.read();
    let comment = data
        .comments
        .get(&id)
        .filter(|comment| comment.article_id == article_id)
        .ok_or(Failure::NotFound)?;
    Ok(HttpResponse::Ok().json(comment_json(id, comment)))
}

async fn create_comment(
    store: web::Data<Store>,
    params::CommentsCreate { article_id, .. }: params::CommentsCreate,
    fields: web::Json<CommentFields>,
) -> Result<HttpResponse, Failure> {
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
    Ok(HttpResponse::Created()
        .insert_header((LOCATION, location))
        .json(json))
}

async fn destroy_comment(
    store: web::Data<Store>,
    params::CommentsDestroy { article_id, id, .. }: params::CommentsDestroy,
) -> Result<HttpResponse, Failure> {
    let mut data = store.write();
    match data.comments.get(&id) {
        Some(comment) if comment.article_id == article_id => {
            data.comments.remove(&id);
            Ok(HttpResponse::NoContent().finish())
        }
        _ => Err(Failure::NotFound),
    }
}

/// `/api/posts` and `/api/posts/:id`, of the first version: where they are now.
async fn moved_posts() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((LOCATION, routes::articles_path()))
        .finish()
}

async fn moved_post(v1::params::PostsShow { id, .. }: v1::params::PostsShow) -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((LOCATION, routes::article_path(id)))
        .finish()
}

/// Every request no route takes, and every method a route refuses, as JSON: the route sets'
/// (through `on_error`) and the application's (its default service) alike. A 405's `Allow`
/// is added by the dispatcher.
pub async fn problem(error: RoutingError) -> HttpResponse {
    let status = StatusCode::from_u16(error.status().as_u16()).unwrap_or(StatusCode::NOT_FOUND);
    HttpResponse::build(status).json(json!({ "error": error.to_string() }))
}

/// How many requests each route has answered, by its pattern.
#[derive(Clone, Default)]
pub struct Metrics(Arc<Mutex<BTreeMap<String, u64>>>);

/// Counts the request under its route's pattern (`match_pattern()`), which the dispatcher
/// registers for each route; requests no route takes under `unmatched`.
async fn count(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let route = request
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_owned());
    if let Some(metrics) = request.app_data::<web::Data<Metrics>>() {
        *metrics
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(route)
            .or_default() += 1;
    }
    next.call(request).await
}

async fn report(metrics: web::Data<Metrics>) -> HttpResponse {
    let counts = metrics.0.lock().unwrap_or_else(PoisonError::into_inner);
    HttpResponse::Ok().json(json!(*counts))
}

/// The API under `/api`: the current version, with the first one behind it.
pub fn api() -> Dispatcher {
    let first: Dispatcher =
        Handlers::new(&v1::ROUTES)
            .on_error(problem)
            .bind(|action| match action {
                v1::Action::PostsIndex => handler(moved_posts),
                v1::Action::PostsShow => handler(moved_post),
            });
    Handlers::new(&routes::ROUTES)
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
}

/// Where the API is served: the route sets' helpers write their paths under it.
pub const MOUNT: &str = "/api";

/// Mounts both versions of the API under [`MOUNT`], so that their links are written there;
/// [`app`] does it too, and `main` before it prints a link.
pub fn mount() {
    routes::ROUTES.set_relative_url_root(MOUNT);
    v1::ROUTES.set_relative_url_root(MOUNT);
}

/// The whole application: the API under `/api` (the first version behind the current one),
/// `/health` and `/metrics` beside it. `HttpServer::new` calls it once per worker, with the
/// same store and counters.
pub fn app(
    store: Store,
    metrics: Metrics,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = Error,
        InitError = (),
    >,
> {
    mount();
    App::new()
        .app_data(web::Data::new(store))
        .app_data(web::Data::new(metrics))
        .app_data(web::JsonConfig::default().limit(BODY_LIMIT))
        .route("/health", web::get().to(|| async { "ok" }))
        .route("/metrics", web::get().to(report))
        .service(api().scope(MOUNT))
        .default_service(web::to(problem))
        .wrap(from_fn(count))
        .wrap(DefaultHeaders::new().add(("x-content-type-options", "nosniff")))
        .wrap(Compress::default())
        // Lines for the `log` crate (install a logger, such as `env_logger`, to see them),
        // each naming the route's pattern.
        .wrap(
            Logger::new("%r %s %{route}xi").custom_request_replace("route", |request| {
                request.match_pattern().unwrap_or_else(|| "-".to_owned())
            }),
        )
}
