//! The repository browser, over the directory the server was started with (any project id
//! shows that one directory):
//!
//! - `repositories#show` (`/projects/:project_id/repository`) lists the root;
//! - `repositories#browse` (`.../repository/browse/*path`) lists a directory, or shows a file
//!   as `entry` does;
//! - `repositories#entry` (`.../repository/entry/*path`) shows a file's text, escaped, up to
//!   [`ENTRY_LIMIT`](super::tree::ENTRY_LIMIT) (a larger or non-UTF-8 file gets a page
//!   linking to its raw download), or lists a directory as `browse` does;
//! - `repositories#entry` with `format=raw` (`.../repository/raw/*path`, whose route gives that
//!   default) sends a file's bytes as a download, streamed, whatever its size.
//!
//! Every path goes through [`Tree::resolve`], and whatever it refuses, or whatever is missing
//! or unreadable, is the same 404 page, which says nothing of what is outside the tree. Links
//! are written by the route set (the helpers, or the typed route of the `:action/*path` route,
//! which has no helper), which keep a glob's slashes and escape the rest.

use std::fmt::Write;
use std::fs::File;
use std::io::{self, Read};
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header::{
    CONTENT_DISPOSITION, CONTENT_SECURITY_POLICY, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use resourceful::ParamError;
use resourceful::form::escape_html as e;

use super::pages::{self, page};
use super::routes::{self, Route, params};
use super::tree::{self, Content, Listing, Node, Tree};

/// The size of the pieces a raw download is read and sent in.
const CHUNK: usize = 64 * 1024;

/// Why a request gets no page of the browser's.
#[derive(Debug)]
pub enum Failure {
    /// Refused, missing or unreadable: one 404 for all.
    NotFound,
    Params(ParamError),
    /// A blocking task that did not finish.
    Internal,
}

impl From<ParamError> for Failure {
    fn from(error: ParamError) -> Self {
        Failure::Params(error)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        match self {
            Failure::NotFound => page(
                StatusCode::NOT_FOUND,
                "Not found",
                "<p>There is no such file or directory in the repository.</p>",
            ),
            Failure::Params(error) => pages::param_error(&error),
            Failure::Internal => page(
                StatusCode::INTERNAL_SERVER_ERROR,
                "Internal Server Error",
                "<p>The repository could not be read.</p>",
            ),
        }
    }
}

pub type Answer = Result<Response, Failure>;

type Shared = State<Arc<Tree>>;

/// `repositories#show`: the root's listing.
pub async fn show(
    State(tree): Shared,
    params: Result<params::RepositoriesShow, ParamError>,
) -> Answer {
    let params = params?;
    html_only(params.format.as_deref())?;
    view(tree, params.project_id, String::new()).await
}

/// `repositories#browse`: a directory's listing, or a file.
pub async fn browse(
    State(tree): Shared,
    params: Result<params::RepositoriesBrowse, ParamError>,
) -> Answer {
    let params = params?;
    html_only(params.format.as_deref())?;
    view(tree, params.project_id, params.path).await
}

/// `repositories#entry`: a file (or a listing), or with `format=raw` the file's bytes.
pub async fn entry(
    State(tree): Shared,
    params: Result<params::RepositoriesEntry, ParamError>,
) -> Answer {
    let params = params?;
    match params.format.as_deref() {
        Some("raw") => raw(tree, params.path).await,
        format => {
            html_only(format)?;
            view(tree, params.project_id, params.path).await
        }
    }
}

/// The browser's pages are HTML only: `?format=json` and the like are a 404.
fn html_only(format: Option<&str>) -> Result<(), Failure> {
    match format {
        None | Some("html") => Ok(()),
        Some(_) => Err(Failure::NotFound),
    }
}

/// File system work, off the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or(Err(Failure::Internal))
}

/// What a path shows.
enum Shown {
    Listing(Listing),
    File(Content),
}

/// The page of `path` (`""` for the root) under `project`: a listing or a file.
async fn view(tree: Arc<Tree>, project: String, path: String) -> Answer {
    let wanted = path.clone();
    let shown = blocking(move || {
        match tree.resolve(&wanted) {
            Some(Node::Dir(dir)) => tree.list(&dir).map(Shown::Listing),
            Some(Node::File { path, .. }) => tree::read_text(&path).map(Shown::File),
            None => Err(io::ErrorKind::NotFound.into()),
        }
        .map_err(|_| Failure::NotFound)
    })
    .await?;
    let title = format!("{project}: /{path}");
    let nav = breadcrumbs(&project, &path);
    let body = match shown {
        Shown::Listing(listing) => format!("{nav}\n{}", listing_html(&project, &path, &listing)),
        Shown::File(text) => format!("{nav}\n{}", file_html(&project, &path, &text)),
    };
    Ok(page(StatusCode::OK, &title, &body))
}

/// `parent/name`, or `name` at the root.
fn join(parent: &str, name: &str) -> String {
    match parent {
        "" => name.to_owned(),
        _ => format!("{parent}/{name}"),
    }
}

/// The listing of directory `path`: the root's by its own route.
fn browse_path(project: &str, path: &str) -> String {
    if path.is_empty() {
        return routes::project_repository_path(project);
    }
    Route::ProjectsProjectIdRepositoryActionPath {
        project_id: project.into(),
        action: "browse".into(),
        path: path.into(),
    }
    .path()
}

fn entry_path(project: &str, path: &str) -> String {
    Route::ProjectsProjectIdRepositoryActionPath {
        project_id: project.into(),
        action: "entry".into(),
        path: path.into(),
    }
    .path()
}

/// `project / a / b / c`, each directory a link to its listing, the last one text.
fn breadcrumbs(project: &str, path: &str) -> String {
    let mut html = String::from("<p>");
    let root = format!("{} repository", e(project));
    if path.is_empty() {
        html.push_str(&root);
    } else {
        let _ = write!(
            html,
            r#"<a href="{}">{root}</a>"#,
            e(&browse_path(project, ""))
        );
    }
    let mut parts = path.split('/').filter(|part| !part.is_empty()).peekable();
    let mut prefix = String::new();
    while let Some(part) = parts.next() {
        prefix = join(&prefix, part);
        html.push_str(" / ");
        if parts.peek().is_none() {
            html.push_str(&e(part));
        } else {
            let href = browse_path(project, &prefix);
            let _ = write!(html, r#"<a href="{}">{}</a>"#, e(&href), e(part));
        }
    }
    html.push_str("</p>");
    html
}

fn listing_html(project: &str, path: &str, listing: &Listing) -> String {
    let mut html = String::new();
    if listing.entries.is_empty() {
        html.push_str("<p>This directory is empty.</p>\n");
    } else {
        html.push_str("<table>\n<tr><th>Name</th><th class=\"size\">Size</th><th></th></tr>\n");
        for entry in &listing.entries {
            let child = join(path, &entry.name);
            let name = e(&entry.name);
            let _ = if entry.dir {
                writeln!(
                    html,
                    r#"<tr><td><a href="{}">{name}/</a></td><td></td><td></td></tr>"#,
                    e(&browse_path(project, &child))
                )
            } else {
                writeln!(
                    html,
                    r#"<tr><td><a href="{}">{name}</a></td><td class="size">{}</td><td><a href="{}">raw</a></td></tr>"#,
                    e(&entry_path(project, &child)),
                    entry.len,
                    e(&routes::repository_raw_path(project, &child)),
                )
            };
        }
        html.push_str("</table>\n");
    }
    if listing.unservable > 0 {
        let _ = writeln!(
            html,
            "<p>Not shown: {} entries that cannot be served (links out of the repository, \
             special files, names that are not UTF-8).</p>",
            listing.unservable
        );
    }
    if listing.past_limit > 0 {
        let _ = writeln!(
            html,
            "<p>Not shown: {} entries past the first {} read.</p>",
            listing.past_limit,
            tree::LISTING_LIMIT
        );
    }
    html
}

fn file_html(project: &str, path: &str, text: &Content) -> String {
    let raw = e(&routes::repository_raw_path(project, path)).into_owned();
    match text {
        Content::Text(text) => format!(
            "<p>{} bytes · <a href=\"{raw}\">raw</a></p>\n<pre>{}</pre>",
            text.len(),
            e(text)
        ),
        Content::Binary => {
            format!("<p>This file is not UTF-8 text: <a href=\"{raw}\">download it</a>.</p>")
        }
        Content::TooLarge(len) => format!(
            "<p>This file is {len} bytes, more than the {} this page shows: \
             <a href=\"{raw}\">download it</a>.</p>",
            tree::ENTRY_LIMIT
        ),
    }
}

/// The bytes of file `path`, as a download: `application/octet-stream`, never rendered by the
/// browser, whatever the file holds.
async fn raw(tree: Arc<Tree>, path: String) -> Answer {
    let wanted = path.clone();
    let file = blocking(move || {
        let Some(Node::File { path, .. }) = tree.resolve(&wanted) else {
            return Err(Failure::NotFound);
        };
        let file = File::open(path).map_err(|_| Failure::NotFound)?;
        match file.metadata() {
            Ok(meta) if meta.is_file() => Ok(file),
            _ => Err(Failure::NotFound),
        }
    })
    .await?;
    let name = path.rsplit('/').next().unwrap_or_default();
    let headers = [
        (
            CONTENT_TYPE,
            HeaderValue::from_static("application/octet-stream"),
        ),
        (CONTENT_DISPOSITION, attachment(name)),
        (X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (CONTENT_SECURITY_POLICY, HeaderValue::from_static("sandbox")),
    ];
    Ok((headers, Body::from_stream(chunks(file))).into_response())
}

/// `attachment` with the file's name, as ASCII (anything else, quotes and backslashes
/// replaced by `_`) and as UTF-8 (RFC 6266's `filename*`), so that no name breaks the header.
fn attachment(name: &str) -> HeaderValue {
    let ascii: String = name
        .chars()
        .map(|c| match c {
            '"' | '\\' => '_',
            ' ' => ' ',
            c if c.is_ascii_graphic() => c,
            _ => '_',
        })
        .collect();
    let mut encoded = String::new();
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            let _ = write!(encoded, "%{byte:02X}");
        }
    }
    let value = format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}");
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("attachment"))
}

/// The file, read in [`CHUNK`]s off the async threads, as the body's stream.
fn chunks(file: File) -> impl Stream<Item = io::Result<Bytes>> + Send + 'static {
    futures_util::stream::try_unfold(file, |mut file| async move {
        let (file, chunk) = tokio::task::spawn_blocking(move || {
            let mut chunk = vec![0; CHUNK];
            let read = loop {
                match file.read(&mut chunk) {
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    read => break read?,
                }
            };
            chunk.truncate(read);
            Ok::<_, io::Error>((file, chunk))
        })
        .await
        .map_err(io::Error::other)??;
        Ok((!chunk.is_empty()).then(|| (Bytes::from(chunk), file)))
    })
}
