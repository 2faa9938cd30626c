//! Who may run each action: one `match` over the route set's `Action`, with no wildcard arm,
//! so that an action added to the routes does not compile until it is classified here. The
//! guard (`super::guard`) applies it to every routed request, whichever route reached the
//! action, and the pages ask it which links and buttons to show.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::routes::Action;

/// Who may run an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Any visitor, signed in or not.
    Anyone,
    /// A visitor signed in with the editor's password.
    Editor,
}

/// Who may run `action`. Reading and commenting are open; writing, deleting and moderating
/// are an editor's, and so is every form that leads only to them (`new`, `edit`, `preview`).
pub const fn policy(action: Action) -> Who {
    match action {
        Action::ArticlesIndex
        | Action::ArticlesRecent
        | Action::ArticlesShow
        | Action::ArticlesDownload
        | Action::CommentsCreate
        | Action::AccountsShow
        | Action::SessionsNew
        | Action::SessionsCreate
        | Action::SessionsDestroy => Who::Anyone,
        Action::ArticlesNew
        | Action::ArticlesPreview
        | Action::ArticlesCreate
        | Action::ArticlesEdit
        | Action::ArticlesUpdate
        | Action::ArticlesDestroy
        | Action::CommentsDestroy
        | Action::AccountsEdit
        | Action::AccountsUpdate
        | Action::AdminCommentsIndex
        | Action::AdminCommentsDestroy => Who::Editor,
    }
}

/// Who is asking, as their session says: the guard puts it in every routed request's
/// extensions, where handlers take it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Visitor {
    /// No session: no cookie, or one that names no session (forged, expired, signed out).
    #[default]
    Anonymous,
    /// Signed in with a name only, which signs their comments.
    Reader(String),
    /// Signed in with the editor's password.
    Editor(String),
}

impl Visitor {
    /// The name they signed in with.
    pub fn name(&self) -> Option<&str> {
        match self {
            Visitor::Anonymous => None,
            Visitor::Reader(name) | Visitor::Editor(name) => Some(name),
        }
    }

    /// Whether the policy lets them run `action`.
    pub fn may(&self, action: Action) -> bool {
        match policy(action) {
            Who::Anyone => true,
            Who::Editor => matches!(self, Visitor::Editor(_)),
        }
    }
}

/// The visitor the guard found; anonymous for a request that did not pass it, which grants
/// nothing.
impl<S: Send + Sync> FromRequestParts<S> for Visitor {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Visitor>()
            .cloned()
            .unwrap_or_default())
    }
}
