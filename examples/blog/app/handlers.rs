//! One handler per action, bound by `controller#action` in `super::router`.

use std::collections::HashMap;

use axum::Form as Posted;
use axum::extract::rejection::FormRejection;
use axum::extract::{FromRequestParts, State};
use axum::http::header::{ALLOW, CONTENT_DISPOSITION, CONTENT_TYPE, COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use resourceful::ParamError;
use resourceful::RoutingError;
use resourceful::axum::Params;

use super::db::Db;
use super::routes;
use super::views::{self, Form};

/// What goes wrong in a handler, as a page with its status.
pub enum Failure {
    /// No such record, or an id that names none: 404.
    NotFound,
    /// A body that is not a form: 422.
    Unreadable(String),
    /// The database failed: 500.
    Storage(rusqlite::Error),
}

impl From<rusqlite::Error> for Failure {
    fn from(error: rusqlite::Error) -> Self {
        Failure::Storage(error)
    }
}

impl From<ParamError> for Failure {
    fn from(_: ParamError) -> Self {
        Failure::NotFound
    }
}

impl From<FormRejection> for Failure {
    fn from(rejection: FormRejection) -> Self {
        Failure::Unreadable(rejection.body_text())
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            Failure::NotFound => (StatusCode::NOT_FOUND, "There is nothing here.".to_owned()),
            Failure::Unreadable(why) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("The form could not be read: {why}"),
            ),
            Failure::Storage(error) => {
                eprintln!("storage error: {error}");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Something went wrong on our side.".to_owned(),
                )
            }
        };
        (status, Html(views::error(status, &message))).into_response()
    }
}

/// The name of who signed in, from the `blog_name` cookie (hex-encoded UTF-8, so that any
/// name fits a cookie).
pub struct Visitor(Option<String>);

const COOKIE_NAME: &str = "blog_name";

impl Visitor {
    fn name(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Visitor {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let name = parts
            .headers
            .get_all(COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(';'))
            .find_map(|pair| pair.trim().strip_prefix(COOKIE_NAME)?.strip_prefix('='))
            .and_then(from_hex);
        Ok(Visitor(name))
    }
}

fn to_hex(text: &str) -> String {
    text.bytes().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(hex: &str) -> Option<String> {
    let bytes: Option<Vec<u8>> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect();
    String::from_utf8(bytes?).ok()
}

type Page = Result<Response, Failure>;

type Fields = Result<Posted<HashMap<String, String>>, FormRejection>;

/// The named fields of a posted form, trimmed, with an error for each one left blank.
fn read(posted: Fields, names: &[(&'static str, &'static str)]) -> Result<Form, Failure> {
    let Posted(mut fields) = posted?;
    let mut form = Form::default();
    for &(name, label) in names {
        let value = fields.remove(name).unwrap_or_default().trim().to_owned();
        if value.is_empty() {
            form.errors.push(format!("{label} can't be blank"));
        }
        form.fields.push((name, value));
    }
    Ok(form)
}

/// A page re-shown because its form is invalid.
fn invalid(html: String) -> Page {
    Ok((StatusCode::UNPROCESSABLE_ENTITY, Html(html)).into_response())
}

/// After a change, the page to see (303: the browser follows with a GET).
fn see(path: String) -> Page {
    Ok(Redirect::to(&path).into_response())
}

const ARTICLE_FIELDS: &[(&str, &str)] = &[("title", "Title"), ("body", "Text")];
const COMMENT_FIELDS: &[(&str, &str)] = &[("author", "Name"), ("body", "Comment")];

pub async fn index(State(db): State<Db>, visitor: Visitor) -> Page {
    let articles = db.articles()?;
    Ok(Html(views::index(visitor.name(), "Articles", &articles)).into_response())
}

pub async fn recent(State(db): State<Db>, visitor: Visitor) -> Page {
    let articles = db.recent_articles(5)?;
    Ok(Html(views::index(visitor.name(), "Recent articles", &articles)).into_response())
}

pub async fn show(State(db): State<Db>, visitor: Visitor, params: Params) -> Page {
    let article = db.article(params.parse("id")?)?.ok_or(Failure::NotFound)?;
    let comments = db.comments(article.id)?;
    let page = views::show(visitor.name(), &article, &comments, &Form::default());
    Ok(Html(page).into_response())
}

/// The article as a text file.
pub async fn download(State(db): State<Db>, params: Params) -> Page {
    let article = db.article(params.parse("id")?)?.ok_or(Failure::NotFound)?;
    let disposition = format!("attachment; filename=\"article-{}.txt\"", article.id);
    let headers = [
        (
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        ),
        (
            CONTENT_DISPOSITION,
            HeaderValue::from_str(&disposition).map_err(|_| Failure::NotFound)?,
        ),
    ];
    let text = format!("{}\n\n{}\n", article.title, article.body);
    Ok((headers, text).into_response())
}

pub async fn new(visitor: Visitor) -> Html<String> {
    Html(views::article_form(
        visitor.name(),
        None,
        &Form::default(),
        false,
    ))
}

/// The draft of a new article, shown above its form, not saved.
pub async fn preview(visitor: Visitor, posted: Fields) -> Page {
    let form = read(posted, ARTICLE_FIELDS)?;
    Ok(Html(views::article_form(visitor.name(), None, &form, true)).into_response())
}

pub async fn create(State(db): State<Db>, visitor: Visitor, posted: Fields) -> Page {
    let form = read(posted, ARTICLE_FIELDS)?;
    if !form.errors.is_empty() {
        return invalid(views::article_form(visitor.name(), None, &form, false));
    }
    let id = db.create_article(form.value("title"), form.value("body"))?;
    see(routes::article_path(id))
}

pub async fn edit(State(db): State<Db>, visitor: Visitor, params: Params) -> Page {
    let article = db.article(params.parse("id")?)?.ok_or(Failure::NotFound)?;
    let form = Form {
        fields: vec![
            ("title", article.title.clone()),
            ("body", article.body.clone()),
        ],
        errors: Vec::new(),
    };
    let page = views::article_form(visitor.name(), Some(&article), &form, false);
    Ok(Html(page).into_response())
}

pub async fn update(
    State(db): State<Db>,
    visitor: Visitor,
    params: Params,
    posted: Fields,
) -> Page {
    let article = db.article(params.parse("id")?)?.ok_or(Failure::NotFound)?;
    let form = read(posted, ARTICLE_FIELDS)?;
    if !form.errors.is_empty() {
        return invalid(views::article_form(
            visitor.name(),
            Some(&article),
            &form,
            false,
        ));
    }
    db.update_article(article.id, form.value("title"), form.value("body"))?;
    see(routes::article_path(&article))
}

pub async fn destroy(State(db): State<Db>, params: Params) -> Page {
    if !db.delete_article(params.parse("id")?)? {
        return Err(Failure::NotFound);
    }
    see(routes::articles_path())
}

pub async fn create_comment(
    State(db): State<Db>,
    visitor: Visitor,
    params: Params,
    posted: Fields,
) -> Page {
    let article = db
        .article(params.parse("article_id")?)?
        .ok_or(Failure::NotFound)?;
    let form = read(posted, COMMENT_FIELDS)?;
    if !form.errors.is_empty() {
        let comments = db.comments(article.id)?;
        return invalid(views::show(visitor.name(), &article, &comments, &form));
    }
    db.create_comment(article.id, form.value("author"), form.value("body"))?;
    see(format!("{}#comments", routes::article_path(&article)))
}

pub async fn destroy_comment(State(db): State<Db>, params: Params) -> Page {
    let article_id = params.parse("article_id")?;
    if !db.delete_comment(Some(article_id), params.parse("id")?)? {
        return Err(Failure::NotFound);
    }
    see(format!("{}#comments", routes::article_path(article_id)))
}

pub async fn account(State(db): State<Db>, visitor: Visitor) -> Page {
    Ok(Html(views::account(visitor.name(), &db.account()?)).into_response())
}

pub async fn edit_account(State(db): State<Db>, visitor: Visitor) -> Page {
    let account = db.account()?;
    let form = Form {
        fields: vec![("name", account.name), ("bio", account.bio)],
        errors: Vec::new(),
    };
    Ok(Html(views::account_form(visitor.name(), &form)).into_response())
}

pub async fn update_account(State(db): State<Db>, visitor: Visitor, posted: Fields) -> Page {
    let mut form = read(posted, &[("name", "Name"), ("bio", "Biography")])?;
    // A biography may be left empty.
    form.errors.retain(|error| !error.starts_with("Biography"));
    if !form.errors.is_empty() {
        return invalid(views::account_form(visitor.name(), &form));
    }
    db.update_account(form.value("name"), form.value("bio"))?;
    see(routes::account_path())
}

pub async fn moderation(State(db): State<Db>, visitor: Visitor) -> Page {
    Ok(Html(views::moderation(visitor.name(), &db.all_comments()?)).into_response())
}

pub async fn remove_comment(State(db): State<Db>, params: Params) -> Page {
    if !db.delete_comment(None, params.parse("id")?)? {
        return Err(Failure::NotFound);
    }
    see(routes::admin_comments_path())
}

pub async fn sign_in_form() -> Html<String> {
    Html(views::sign_in(&Form::default()))
}

/// Keeps the name in a cookie (no password: this blog trusts its visitors).
pub async fn sign_in(posted: Fields) -> Page {
    let form = read(posted, &[("name", "Name")])?;
    if !form.errors.is_empty() {
        return invalid(views::sign_in(&form));
    }
    let cookie = format!(
        "{COOKIE_NAME}={}; Path=/; HttpOnly; SameSite=Lax",
        to_hex(form.value("name"))
    );
    let cookie = HeaderValue::from_str(&cookie).map_err(|_| Failure::NotFound)?;
    Ok(([(SET_COOKIE, cookie)], Redirect::to(&routes::root_path())).into_response())
}

pub async fn sign_out() -> Response {
    let expired = format!("{COOKIE_NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    let cookie = HeaderValue::from_str(&expired).unwrap_or(HeaderValue::from_static(""));
    ([(SET_COOKIE, cookie)], Redirect::to(&routes::root_path())).into_response()
}

/// Requests no route takes: the error's status (with `Allow` on a 405) and a page saying why.
pub async fn routing_error(error: RoutingError) -> Response {
    let status = error.status();
    let message = match &error {
        RoutingError::MethodNotAllowed { method, .. } => format!(
            "This page does not answer {method}; it answers {}.",
            error
                .allow_header()
                .and_then(|allow| allow.to_str().ok().map(str::to_owned))
                .unwrap_or_default()
        ),
        RoutingError::PathTooLong { .. } => "That address is too long.".to_owned(),
        RoutingError::BadRequest { .. } => "That address cannot be read.".to_owned(),
        _ => "There is nothing here.".to_owned(),
    };
    let mut response = (status, Html(views::error(status, &message))).into_response();
    if let Some(allow) = error.allow_header() {
        response.headers_mut().insert(ALLOW, allow);
    }
    response
}
