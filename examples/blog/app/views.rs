//! The blog's pages, as plain strings. Every link comes from a generated helper, and every
//! form from the typed route it sends to, which brings its own method (a hidden `_method` for
//! PUT and DELETE); every value from the database or a form is escaped. A link or a button
//! is shown to a visitor only when the policy lets them run the action it leads to.

use std::fmt::Write;

use resourceful::UrlFor;
use resourceful::form::{button_for, escape_html as e, form_for};

use super::db::{Account, Article, Comment, Page, Summary};
use super::policy::Visitor;
use super::routes::{self, Action, Route};

/// What a form held, and what is wrong with it.
#[derive(Debug, Default, Clone)]
pub struct Form {
    pub fields: Vec<(&'static str, String)>,
    pub errors: Vec<String>,
}

impl Form {
    pub fn value(&self, name: &str) -> &str {
        self.fields
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// The value of `name`, moved out (to be stored: the form is not shown again).
    pub fn take(&mut self, name: &str) -> String {
        self.fields
            .iter_mut()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| std::mem::take(v))
            .unwrap_or_default()
    }
}

/// `html` when `visitor` may run `action`, else nothing.
fn if_may(visitor: &Visitor, action: Action, html: impl FnOnce() -> String) -> String {
    if visitor.may(action) {
        html()
    } else {
        String::new()
    }
}

fn layout(visitor: &Visitor, title: &str, body: &str) -> String {
    let session = match visitor {
        Visitor::Anonymous => format!(r#"<a href="{}">Sign in</a>"#, e(&routes::login_path())),
        Visitor::Reader(name) | Visitor::Editor(name) => format!(
            "<span>Signed in as {}{}</span> {}",
            e(name),
            if matches!(visitor, Visitor::Editor(_)) {
                " (editor)"
            } else {
                ""
            },
            button_for("Sign out", &Route::SessionsDestroy { format: None })
        ),
    };
    let new = if_may(visitor, Action::ArticlesNew, || {
        format!(
            r#"<a href="{}">New article</a>"#,
            e(&routes::new_article_path())
        )
    });
    let admin = if_may(visitor, Action::AdminCommentsIndex, || {
        format!(
            r#"<a href="{}">Moderation</a>"#,
            e(&routes::admin_comments_path())
        )
    });
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title} · resourceful blog</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }}
nav a {{ margin-right: 1rem; }} label {{ display: block; margin: .5rem 0; }}
input[type=text], textarea {{ width: 100%; }} .errors {{ color: #a00; }} .preview {{ background: #f6f6f6; padding: .5rem 1rem; }}
.button-to {{ display: inline; }} article {{ border-bottom: 1px solid #ddd; padding: .5rem 0; }}
</style></head>
<body>
<nav><a href="{root}">Blog</a><a href="{recent}">Recent</a>{new}<a href="{account}">Account</a>{admin}{session}</nav>
<main>
<h1>{title}</h1>
{body}
</main>
</body>
</html>
"#,
        title = e(title),
        root = e(&routes::root_path()),
        recent = e(&routes::recent_articles_path()),
        account = e(&routes::account_path()),
    )
}

fn errors(form: &Form) -> String {
    if form.errors.is_empty() {
        return String::new();
    }
    let mut html = String::from(r#"<ul class="errors">"#);
    for error in &form.errors {
        let _ = write!(html, "<li>{}</li>", e(error));
    }
    html.push_str("</ul>");
    html
}

fn paragraphs(text: &str) -> String {
    text.split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .map(|p| format!("<p>{}</p>", e(p.trim())))
        .collect()
}

/// How to link to the pages of a list: the path of its first page, and its helper's hash,
/// which takes `page` for the others; `fragment` (`#comments`) follows either.
pub struct Pages {
    pub first: String,
    pub hash: UrlFor,
    pub fragment: &'static str,
}

impl Pages {
    pub fn of_articles() -> Self {
        Pages {
            first: routes::articles_path(),
            hash: routes::hash_for_articles_path(),
            fragment: "",
        }
    }

    pub fn of_comments(article_id: i64) -> Self {
        Pages {
            first: routes::article_path(article_id),
            hash: routes::hash_for_article_path(article_id),
            fragment: "#comments",
        }
    }

    pub fn of_moderation() -> Self {
        Pages {
            first: routes::admin_comments_path(),
            hash: routes::hash_for_admin_comments_path(),
            fragment: "",
        }
    }

    /// The path of page `number`, built by the list's helper; `None` if it cannot be built,
    /// which a page number never causes.
    pub fn path(&self, number: u32) -> Option<String> {
        let path = if number == 1 {
            self.first.clone()
        } else {
            let asked = self.hash.clone().param("page", number);
            routes::ROUTES.url_for(&asked).ok()?
        };
        Some(format!("{path}{}", self.fragment))
    }

    fn link(&self, number: u32, rel: &str, text: &str) -> String {
        match self.path(number) {
            Some(path) => format!(r#"<a rel="{rel}" href="{}">{text}</a>"#, e(&path)),
            None => String::new(),
        }
    }

    /// Links to the pages before and after page `number` of `pages`; nothing for one page.
    fn nav(&self, number: u32, pages: u32) -> String {
        if pages <= 1 {
            return String::new();
        }
        let previous = if number > 1 {
            self.link(number - 1, "prev", "Previous page")
        } else {
            String::new()
        };
        let next = if number < pages {
            self.link(number + 1, "next", "Next page")
        } else {
            String::new()
        };
        format!(r#"<nav class="pages">{previous} Page {number} of {pages} {next}</nav>"#)
    }
}

/// A list of article titles under `title`, with links to the pages before and after when
/// `page` (its number, and how many there are) is given.
pub fn index(
    visitor: &Visitor,
    title: &str,
    articles: &[Summary],
    page: Option<(u32, u32)>,
) -> String {
    let mut body = String::new();
    if articles.is_empty() {
        body.push_str("<p>No articles yet.</p>");
    }
    for article in articles {
        let _ = write!(
            body,
            r#"<article><h2><a href="{}">{}</a></h2></article>"#,
            e(&routes::article_path(article.id)),
            e(&article.title)
        );
    }
    if let Some((number, pages)) = page {
        body.push_str(&Pages::of_articles().nav(number, pages));
    }
    body.push_str(&if_may(visitor, Action::ArticlesNew, || {
        format!(
            r#"<p><a href="{}">Write an article</a></p>"#,
            e(&routes::new_article_path())
        )
    }));
    layout(visitor, title, &body)
}

/// An article and page `number` of its comments.
pub fn show(
    visitor: &Visitor,
    article: &Article,
    comments: &Page<Comment>,
    number: u32,
    comment_form: &Form,
) -> String {
    let mut body = paragraphs(&article.body);
    let edit = if_may(visitor, Action::ArticlesEdit, || {
        format!(
            r#"<a href="{}">Edit</a> "#,
            e(&routes::edit_article_path(article.id))
        )
    });
    let delete = if_may(visitor, Action::ArticlesDestroy, || {
        let route = Route::ArticlesDestroy {
            id: article.id,
            format: None,
        };
        format!(" {}", button_for("Delete article", &route))
    });
    let _ = write!(
        body,
        r#"<p>{edit}<a href="{download}">Download</a>{delete}</p>"#,
        download = e(&routes::download_article_path(article.id)),
    );
    let _ = write!(
        body,
        r#"<h2 id="comments">Comments ({})</h2>"#,
        comments.total
    );
    let pages = Pages::of_comments(article.id).nav(number, comments.pages);
    body.push_str(&pages);
    for comment in &comments.items {
        let _ = write!(
            body,
            r#"<article class="comment"><p><strong>{author}</strong> says:</p>{text}{delete}</article>"#,
            author = e(&comment.author),
            text = paragraphs(&comment.body),
            delete = if_may(visitor, Action::CommentsDestroy, || {
                let route = Route::CommentsDestroy {
                    article_id: article.id,
                    id: comment.id,
                    format: None,
                };
                button_for("Delete comment", &route).to_string()
            }),
        );
    }
    body.push_str(&pages);
    let author = match comment_form.value("author") {
        "" => visitor.name().unwrap_or_default(),
        given => given,
    };
    let _ = write!(
        body,
        r#"<h3>Add a comment</h3>{errors}{form}
<label>Name <input type="text" name="author" value="{author}"></label>
<label>Comment <textarea name="body" rows="4">{text}</textarea></label>
<button type="submit">Add comment</button></form>
<p><a href="{back}">Back to the articles</a></p>"#,
        errors = errors(comment_form),
        form = form_for(&Route::CommentsCreate {
            article_id: article.id,
            format: None,
        }),
        author = e(author),
        text = e(comment_form.value("body")),
        back = e(&routes::articles_path()),
    );
    layout(visitor, &article.title, &body)
}

/// The form of a new article (`article` is `None`) or of an existing one; a new one has a
/// Preview button, which posts the draft to `preview_new_article_path()`.
pub fn article_form(
    visitor: &Visitor,
    article: Option<&Article>,
    form: &Form,
    preview: bool,
) -> String {
    let (title, tag, button) = match article {
        Some(article) => (
            format!("Edit “{}”", article.title),
            form_for(&Route::ArticlesUpdate {
                id: article.id,
                format: None,
            }),
            "Update article",
        ),
        None => (
            "New article".to_owned(),
            form_for(&Route::ArticlesCreate { format: None }),
            "Create article",
        ),
    };
    let back = match article {
        Some(article) => routes::article_path(article.id),
        None => routes::articles_path(),
    };
    let shown = if preview {
        format!(
            r#"<section class="preview"><h2>{}</h2>{}</section>"#,
            e(form.value("title")),
            paragraphs(form.value("body"))
        )
    } else {
        String::new()
    };
    let preview_button = if article.is_none() {
        format!(
            r#" <button type="submit" formaction="{}">Preview</button>"#,
            e(&routes::preview_new_article_path())
        )
    } else {
        String::new()
    };
    let body = format!(
        r#"{shown}{errors}{tag}
<label>Title <input type="text" name="title" value="{title}"></label>
<label>Text <textarea name="body" rows="8">{text}</textarea></label>
<button type="submit">{button}</button>{preview_button}</form>
<p><a href="{back}">Back</a></p>"#,
        errors = errors(form),
        title = e(form.value("title")),
        text = e(form.value("body")),
        back = e(&back),
    );
    layout(visitor, &title, &body)
}

pub fn account(visitor: &Visitor, account: &Account) -> String {
    let bio = if account.bio.trim().is_empty() {
        "<p>No biography yet.</p>".to_owned()
    } else {
        paragraphs(&account.bio)
    };
    let edit = if_may(visitor, Action::AccountsEdit, || {
        format!(
            r#"<p><a href="{}">Edit the account</a></p>"#,
            e(&routes::edit_account_path())
        )
    });
    let body = format!(
        r#"<p>This blog is written by <strong>{name}</strong>.</p>{bio}{edit}"#,
        name = e(&account.name),
    );
    layout(visitor, "Account", &body)
}

pub fn account_form(visitor: &Visitor, form: &Form) -> String {
    let body = format!(
        r#"{errors}{tag}
<label>Name <input type="text" name="name" value="{name}"></label>
<label>Biography <textarea name="bio" rows="4">{bio}</textarea></label>
<button type="submit">Update account</button></form>
<p><a href="{back}">Back</a></p>"#,
        errors = errors(form),
        tag = form_for(&Route::AccountsUpdate { format: None }),
        name = e(form.value("name")),
        bio = e(form.value("bio")),
        back = e(&routes::account_path()),
    );
    layout(visitor, "Edit the account", &body)
}

/// Page `number` of every comment, newest first.
pub fn moderation(visitor: &Visitor, comments: &Page<(Comment, String)>, number: u32) -> String {
    let pages = Pages::of_moderation().nav(number, comments.pages);
    let mut body = pages.clone();
    body.push_str("<table><tr><th>Article</th><th>Name</th><th>Comment</th><th></th></tr>");
    for (comment, title) in &comments.items {
        let _ = write!(
            body,
            r#"<tr><td><a href="{link}">{title}</a></td><td>{author}</td><td>{text}</td><td>{delete}</td></tr>"#,
            link = e(&routes::article_path(comment.article_id)),
            title = e(title),
            author = e(&comment.author),
            text = e(&comment.body),
            delete = button_for(
                "Remove",
                &Route::AdminCommentsDestroy {
                    id: comment.id,
                    format: None,
                }
            ),
        );
    }
    body.push_str("</table>");
    body.push_str(&pages);
    layout(visitor, "Moderation", &body)
}

/// The sign-in form: a name, which signs comments, and the editor's password, which lets
/// its holder write; `back` is where a sign-in leads.
pub fn sign_in(visitor: &Visitor, form: &Form, back: &str) -> String {
    let body = format!(
        r#"{errors}{tag}
<input type="hidden" name="return_to" value="{back}">
<label>Your name <input type="text" name="name" value="{name}" autocomplete="username"></label>
<label>Editor's password (leave it empty to sign in to comment) <input type="password" name="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form>"#,
        errors = errors(form),
        tag = form_for(&Route::SessionsCreate { format: None }),
        back = e(back),
        name = e(form.value("name")),
    );
    layout(visitor, "Sign in", &body)
}

/// What a visitor the policy refuses is told: they are signed in, but not as an editor.
pub fn refused(visitor: &Visitor, status: http::StatusCode, message: &str) -> String {
    let body = format!(
        r#"<p>{}</p><p><a href="{}">Sign in as an editor</a></p>"#,
        e(message),
        e(&routes::login_path())
    );
    layout(visitor, &status.to_string(), &body)
}

/// The page of an error: its status, and what went wrong.
pub fn error(status: http::StatusCode, message: &str) -> String {
    let body = format!(
        r#"<p>{}</p><p><a href="{}">Back to the articles</a></p>"#,
        e(message),
        e(&routes::root_path())
    );
    layout(&Visitor::Anonymous, &status.to_string(), &body)
}
