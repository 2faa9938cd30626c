//! One handler per action, bound by `controller#action` in `super::router`.

use std::collections::HashMap;

use axum::Form as Posted;
use axum::extract::State;
use axum::extract::rejection::FormRejection;
use axum::http::StatusCode;
use axum::http::header::ALLOW;
use axum::response::{Html, IntoResponse, Redirect, Response};
use resourceful::RoutingError;
use resourceful::axum::{ParamError, Params};

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

pub async fn index(State(db): State<Db>) -> Page {
    Ok(Html(views::index(&db.articles()?)).into_response())
}

pub async fn show(State(db): State<Db>, params: Params) -> Page {
    let article = db.article(params.parse("id")?)?.ok_or(Failure::NotFound)?;
    let comments = db.comments(article.id)?;
    Ok(Html(views::show(&article, &comments, &Form::default())).into_response())
}

pub async fn new() -> Html<String> {
    Html(views::article_form(None, &Form::default()))
}

pub async fn create(State(db): State<Db>, posted: Fields) -> Page {
    let form = read(posted, ARTICLE_FIELDS)?;
    if !form.errors.is_empty() {
        return invalid(views::article_form(None, &form));
    }
    let id = db.create_article(form.value("title"), form.value("body"))?;
    see(routes::article_path(id))
}

pub async fn edit(State(db): State<Db>, params: Params) -> Page {
    let article = db.article(params.parse("id")?)?.ok_or(Failure::NotFound)?;
    let form = Form {
        fields: vec![
            ("title", article.title.clone()),
            ("body", article.body.clone()),
        ],
        errors: Vec::new(),
    };
    Ok(Html(views::article_form(Some(&article), &form)).into_response())
}

pub async fn update(State(db): State<Db>, params: Params, posted: Fields) -> Page {
    let article = db.article(params.parse("id")?)?.ok_or(Failure::NotFound)?;
    let form = read(posted, ARTICLE_FIELDS)?;
    if !form.errors.is_empty() {
        return invalid(views::article_form(Some(&article), &form));
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

pub async fn create_comment(State(db): State<Db>, params: Params, posted: Fields) -> Page {
    let article = db
        .article(params.parse("article_id")?)?
        .ok_or(Failure::NotFound)?;
    let form = read(posted, COMMENT_FIELDS)?;
    if !form.errors.is_empty() {
        let comments = db.comments(article.id)?;
        return invalid(views::show(&article, &comments, &form));
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

pub async fn account(State(db): State<Db>) -> Page {
    Ok(Html(views::account(&db.account()?)).into_response())
}

pub async fn edit_account(State(db): State<Db>) -> Page {
    let account = db.account()?;
    let form = Form {
        fields: vec![("name", account.name), ("bio", account.bio)],
        errors: Vec::new(),
    };
    Ok(Html(views::account_form(&form)).into_response())
}

pub async fn update_account(State(db): State<Db>, posted: Fields) -> Page {
    let mut form = read(posted, &[("name", "Name"), ("bio", "Biography")])?;
    // A biography may be left empty.
    form.errors.retain(|error| !error.starts_with("Biography"));
    if !form.errors.is_empty() {
        return invalid(views::account_form(&form));
    }
    db.update_account(form.value("name"), form.value("bio"))?;
    see(routes::account_path())
}

pub async fn moderation(State(db): State<Db>) -> Page {
    Ok(Html(views::moderation(&db.all_comments()?)).into_response())
}

pub async fn remove_comment(State(db): State<Db>, params: Params) -> Page {
    if !db.delete_comment(None, params.parse("id")?)? {
        return Err(Failure::NotFound);
    }
    see(routes::admin_comments_path())
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
