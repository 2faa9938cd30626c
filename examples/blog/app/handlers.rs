//! One handler per action, bound through `Action` in `super::router`. Each reads its params
//! with its action's extractor (`routes::params::ArticlesShow`), whose fields are the params
//! of every route reaching the action: an id is an `i64` before any handler runs (recognition
//! refuses one that is no number, or not written as the blog writes ids), and a misnamed
//! param does not compile.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::rejection::FormRejection;
use axum::extract::{ConnectInfo, RawQuery, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, HeaderMap, RETRY_AFTER, SET_COOKIE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::{Extension, Form as Posted};
use resourceful::{ParamError, RoutingError};

use super::db::{self, Db};
use super::guard::return_path;
use super::policy::Visitor;
use super::routes::{self, params};
use super::session::{self, Auth};
use super::views::{self, Form};

/// What goes wrong in a handler, as a page with its status.
pub enum Failure {
    /// No such record, or an id that names none: 404.
    NotFound,
    /// A query string that means nothing here: 400.
    BadQuery(String),
    /// A body that is not a form, too large (413), of another type (415) or malformed (422).
    Unreadable(StatusCode, String),
    /// The database failed: 503 when it stayed locked, else 500.
    Storage(db::Error),
    /// A handler reached by a route it does not serve, or without the route it was bound
    /// through, or unable to build a link to a page of its own: a mistake in the program, 500.
    Misrouted,
    /// The operating system gave no random bytes for a session's token: 503.
    NoRandomness,
}

impl From<db::Error> for Failure {
    fn from(error: db::Error) -> Self {
        Failure::Storage(error)
    }
}

/// An action's params that cannot be read: a value of the default route (`/articles/show/x`)
/// that names no record is a 404; anything else means the handler was reached without its
/// route, a mistake in the program.
impl From<ParamError> for Failure {
    fn from(error: ParamError) -> Self {
        match error {
            ParamError::Invalid { .. } => Failure::NotFound,
            _ => Failure::Misrouted,
        }
    }
}

impl From<FormRejection> for Failure {
    fn from(rejection: FormRejection) -> Self {
        Failure::Unreadable(rejection.status(), rejection.body_text())
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            Failure::NotFound => (StatusCode::NOT_FOUND, "There is nothing here.".to_owned()),
            Failure::BadQuery(why) => (StatusCode::BAD_REQUEST, why),
            Failure::Unreadable(status, why) => {
                (status, format!("The form could not be read: {why}"))
            }
            Failure::Storage(db::Error::Busy) => {
                let status = StatusCode::SERVICE_UNAVAILABLE;
                let page = views::error(status, "The database is busy; try again in a moment.");
                return (
                    status,
                    [(RETRY_AFTER, HeaderValue::from_static("5"))],
                    Html(page),
                )
                    .into_response();
            }
            Failure::Storage(db::Error::Full) => (
                StatusCode::INSUFFICIENT_STORAGE,
                "The blog holds as much as it may: nothing more can be added.".to_owned(),
            ),
            Failure::Storage(error) => {
                eprintln!("storage error: {error}");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Something went wrong on our side.".to_owned(),
                )
            }
            Failure::NoRandomness => {
                eprintln!("the operating system gave no random bytes for a session");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    "Signing in is unavailable for now; try again in a moment.".to_owned(),
                )
            }
            Failure::Misrouted => {
                eprintln!(
                    "a handler was reached by a route it does not serve, or could not build a \
                     link to its own page"
                );
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

/// An action's params, or why they cannot be read.
type Params<P> = Result<P, ParamError>;

type Fields = Result<Posted<HashMap<String, String>>, FormRejection>;

/// A field of a form: its name, its label and the most characters it may hold.
pub struct Field {
    pub name: &'static str,
    pub label: &'static str,
    pub max: usize,
}

/// The named fields of a posted form, trimmed, with an error for each one left blank or too
/// long.
fn read(posted: Fields, names: &[Field]) -> Result<Form, Failure> {
    let Posted(mut fields) = posted?;
    let mut form = Form::default();
    for &Field { name, label, max } in names {
        let value = fields.remove(name).unwrap_or_default().trim().to_owned();
        let length = value.chars().count();
        if value.is_empty() {
            form.errors.push(format!("{label} can't be blank"));
        } else if length > max {
            form.errors.push(format!(
                "{label} is too long ({length} characters; at most {max})"
            ));
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

const fn field(name: &'static str, label: &'static str, max: usize) -> Field {
    Field { name, label, max }
}

pub const ARTICLE_FIELDS: &[Field] = &[field("title", "Title", 200), field("body", "Text", 20_000)];
pub const COMMENT_FIELDS: &[Field] = &[
    field("author", "Name", 100),
    field("body", "Comment", 2_000),
];
const ACCOUNT_FIELDS: &[Field] = &[field("name", "Name", 100), field("bio", "Biography", 2_000)];
const SIGN_IN_FIELDS: &[Field] = &[field("name", "Name", 100)];

/// The longest password read: longer is no password of the editor's, and is not hashed.
const PASSWORD_MAX: usize = 1_000;

/// How many articles the index lists to a page.
pub const PER_PAGE: u32 = 20;

/// How many comments an article's page, and the moderation page, list to a page: at most
/// 2,000 characters each, so that no page grows with what visitors post.
pub const COMMENTS_PER_PAGE: u32 = 20;

/// The page a query string asks for: `page=N` from 1, the first when absent. The query is
/// decoded as a form is (`page=%32` is page 2), and the last `page` counts, as in Rack.
fn page_number(query: Option<&str>) -> Result<u32, Failure> {
    let asked = form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .filter(|(key, _)| key == "page")
        .map(|(_, value)| value)
        .last();
    match asked {
        None => Ok(1),
        Some(text) => text.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(|| {
            Failure::BadQuery(format!(
                "There is no page {text:?}: pages are numbered from 1."
            ))
        }),
    }
}

pub async fn index(State(db): State<Db>, visitor: Visitor, RawQuery(query): RawQuery) -> Page {
    let number = page_number(query.as_deref())?;
    let page = db.articles_page(number, PER_PAGE).await?;
    if number > page.pages {
        return Err(Failure::NotFound);
    }
    let html = views::index(
        &visitor,
        "Articles",
        &page.items,
        Some((number, page.pages)),
    );
    Ok(Html(html).into_response())
}

pub async fn recent(State(db): State<Db>, visitor: Visitor) -> Page {
    let articles = db.recent_articles(5).await?;
    Ok(Html(views::index(&visitor, "Recent articles", &articles, None)).into_response())
}

/// The article and a page of its comments (`?page=N`).
pub async fn show(
    State(db): State<Db>,
    visitor: Visitor,
    params: Params<params::ArticlesShow>,
    RawQuery(query): RawQuery,
) -> Page {
    // `/articles/show` (the default route, without an id) names no article.
    let id = params?.id.ok_or(Failure::NotFound)?;
    let number = page_number(query.as_deref())?;
    let (article, comments) = db
        .article_with_comments(id, number, COMMENTS_PER_PAGE)
        .await?
        .ok_or(Failure::NotFound)?;
    if number > comments.pages {
        return Err(Failure::NotFound);
    }
    let page = views::show(&visitor, &article, &comments, number, &Form::default());
    Ok(Html(page).into_response())
}

/// The article as a text file.
pub async fn download(State(db): State<Db>, params: Params<params::ArticlesDownload>) -> Page {
    let id = params?.id.ok_or(Failure::NotFound)?;
    let article = db.article(id).await?.ok_or(Failure::NotFound)?;
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
    Html(views::article_form(&visitor, None, &Form::default(), false))
}

/// The draft of a new article, shown above its form, not saved.
pub async fn preview(visitor: Visitor, posted: Fields) -> Page {
    let form = read(posted, ARTICLE_FIELDS)?;
    Ok(Html(views::article_form(&visitor, None, &form, true)).into_response())
}

pub async fn create(State(db): State<Db>, visitor: Visitor, posted: Fields) -> Page {
    let mut form = read(posted, ARTICLE_FIELDS)?;
    if !form.errors.is_empty() {
        return invalid(views::article_form(&visitor, None, &form, false));
    }
    let id = db
        .create_article(form.take("title"), form.take("body"))
        .await?;
    see(routes::article_path(id))
}

pub async fn edit(
    State(db): State<Db>,
    visitor: Visitor,
    params: Params<params::ArticlesEdit>,
) -> Page {
    let id = params?.id.ok_or(Failure::NotFound)?;
    let article = db.article(id).await?.ok_or(Failure::NotFound)?;
    let form = Form {
        fields: vec![
            ("title", article.title.clone()),
            ("body", article.body.clone()),
        ],
        errors: Vec::new(),
    };
    let page = views::article_form(&visitor, Some(&article), &form, false);
    Ok(Html(page).into_response())
}

pub async fn update(
    State(db): State<Db>,
    visitor: Visitor,
    params: Params<params::ArticlesUpdate>,
    posted: Fields,
) -> Page {
    let id = params?.id;
    let article = db.article(id).await?.ok_or(Failure::NotFound)?;
    let mut form = read(posted, ARTICLE_FIELDS)?;
    if !form.errors.is_empty() {
        return invalid(views::article_form(&visitor, Some(&article), &form, false));
    }
    // Deleted since it was read (another request, between the two): the edit has nothing
    // to go to.
    if !db
        .update_article(article.id, form.take("title"), form.take("body"))
        .await?
    {
        return Err(Failure::NotFound);
    }
    see(routes::article_path(article.id))
}

pub async fn destroy(State(db): State<Db>, params: Params<params::ArticlesDestroy>) -> Page {
    let id = params?.id;
    if !db.delete_article(id).await? {
        return Err(Failure::NotFound);
    }
    see(routes::articles_path())
}

pub async fn create_comment(
    State(db): State<Db>,
    visitor: Visitor,
    params: Params<params::CommentsCreate>,
    posted: Fields,
) -> Page {
    let article_id = params?.article_id;
    let article = db.article(article_id).await?.ok_or(Failure::NotFound)?;
    let mut form = read(posted, COMMENT_FIELDS)?;
    if !form.errors.is_empty() {
        let comments = db.comments(article.id, 1, COMMENTS_PER_PAGE).await?;
        return invalid(views::show(&visitor, &article, &comments, 1, &form));
    }
    let count = db
        .create_comment(article.id, form.take("author"), form.take("body"))
        .await?
        .ok_or(Failure::NotFound)?;
    // The page that shows the new comment: the last, as comments are listed oldest first.
    let last = db::pages(count, COMMENTS_PER_PAGE);
    let path = views::Pages::of_comments(article.id)
        .path(last)
        .ok_or(Failure::Misrouted)?;
    see(path)
}

pub async fn destroy_comment(
    State(db): State<Db>,
    params: Params<params::CommentsDestroy>,
) -> Page {
    let params::CommentsDestroy { article_id, id, .. } = params?;
    if !db.delete_comment(Some(article_id), id).await? {
        return Err(Failure::NotFound);
    }
    see(format!("{}#comments", routes::article_path(article_id)))
}

pub async fn account(State(db): State<Db>, visitor: Visitor) -> Page {
    Ok(Html(views::account(&visitor, &db.account().await?)).into_response())
}

pub async fn edit_account(State(db): State<Db>, visitor: Visitor) -> Page {
    let account = db.account().await?;
    let form = Form {
        fields: vec![("name", account.name), ("bio", account.bio)],
        errors: Vec::new(),
    };
    Ok(Html(views::account_form(&visitor, &form)).into_response())
}

pub async fn update_account(State(db): State<Db>, visitor: Visitor, posted: Fields) -> Page {
    let mut form = read(posted, ACCOUNT_FIELDS)?;
    // A biography may be left empty.
    form.errors
        .retain(|error| error != "Biography can't be blank");
    if !form.errors.is_empty() {
        return invalid(views::account_form(&visitor, &form));
    }
    db.update_account(form.take("name"), form.take("bio"))
        .await?;
    see(routes::account_path())
}

/// A page of every comment, newest first (`?page=N`).
pub async fn moderation(State(db): State<Db>, visitor: Visitor, RawQuery(query): RawQuery) -> Page {
    let number = page_number(query.as_deref())?;
    let comments = db.all_comments(number, COMMENTS_PER_PAGE).await?;
    if number > comments.pages {
        return Err(Failure::NotFound);
    }
    Ok(Html(views::moderation(&visitor, &comments, number)).into_response())
}

pub async fn remove_comment(
    State(db): State<Db>,
    params: Params<params::AdminCommentsDestroy>,
) -> Page {
    let id = params?.id;
    if !db.delete_comment(None, id).await? {
        return Err(Failure::NotFound);
    }
    see(routes::admin_comments_path())
}

/// The sign-in form, with the page to go back to (`?return_to=`, where the guard sent the
/// visitor from) in a hidden field.
pub async fn sign_in_form(visitor: Visitor, RawQuery(query): RawQuery) -> Html<String> {
    let back = form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .filter(|(key, _)| key == "return_to")
        .map(|(_, value)| return_path(&value))
        .last()
        .unwrap_or_else(routes::root_path);
    let form = Form {
        fields: vec![("name", visitor.name().unwrap_or_default().to_owned())],
        errors: Vec::new(),
    };
    Html(views::sign_in(&visitor, &form, &back))
}

/// Signs in: with the editor's password as an editor, without one as a reader whose name
/// signs their comments. Either way the session is a new one, under a new token (a token
/// the visitor held before, perhaps planted by someone else, names nothing after it), and
/// the visitor goes back to the page they asked for.
pub async fn sign_in(
    State(auth): State<Arc<Auth>>,
    visitor: Visitor,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    posted: Fields,
) -> Page {
    let Posted(mut fields) = posted?;
    let password = fields.remove("password").unwrap_or_default();
    let back = return_path(&fields.remove("return_to").unwrap_or_default());
    let mut form = read(Ok(Posted(fields)), SIGN_IN_FIELDS)?;
    let editor = !password.is_empty();
    if editor && (password.len() > PASSWORD_MAX || !auth.password().matches(&password)) {
        let from = peer.map_or(
            "an unknown address".to_owned(),
            |Extension(ConnectInfo(peer))| peer.ip().to_string(),
        );
        eprintln!("sign-in refused: a wrong editor password from {from}");
        form.errors
            .push("That is not the editor's password.".to_owned());
    }
    if !form.errors.is_empty() {
        return invalid(views::sign_in(&visitor, &form, &back));
    }
    if let Some(token) = session::token(&headers) {
        auth.sessions.close(token);
    }
    let token = auth
        .sessions
        .open(form.value("name"), editor)
        .map_err(|_| Failure::NoRandomness)?;
    let cookie = HeaderValue::from_str(&auth.cookie(&token)).map_err(|_| Failure::Misrouted)?;
    Ok(([(SET_COOKIE, cookie)], Redirect::to(&back)).into_response())
}

/// Ends the session, on the server and in the browser.
pub async fn sign_out(State(auth): State<Arc<Auth>>, headers: HeaderMap) -> Page {
    if let Some(token) = session::token(&headers) {
        auth.sessions.close(token);
    }
    let cookie = HeaderValue::from_str(&auth.expired_cookie()).map_err(|_| Failure::Misrouted)?;
    Ok(([(SET_COOKIE, cookie)], Redirect::to(&routes::root_path())).into_response())
}

/// Requests no route takes: the error's status and a page saying why (the dispatcher adds
/// `Allow` to a 405).
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
        RoutingError::FormTooLarge { .. } | RoutingError::FormTimeout { .. } => {
            format!("The form could not be read: {error}.")
        }
        _ => "There is nothing here.".to_owned(),
    };
    (status, Html(views::error(status, &message))).into_response()
}
