//! HTML forms that reach PUT, PATCH and DELETE routes, as Rails' `form_tag`, `method_field`
//! and `button_to` write them.
//!
//! A browser form sends only GET or POST, so a form for another method is a POST carrying a
//! hidden `_method` field, which recognition honours ([`MethodOverride`](crate::MethodOverride)
//! and the tower layer read it). Every helper returns a value that is [`Display`](fmt::Display)
//! (and so `to_string()`s), with every attribute HTML-escaped, to use from any template engine.
//!
//! ```
//! use http::Method;
//! use resourceful::form::{button_to, form_tag, method_field};
//!
//! assert_eq!(
//!     form_tag("/articles/7", Method::PUT).to_string(),
//!     r#"<form action="/articles/7" method="post"><input type="hidden" name="_method" value="put">"#
//! );
//! assert_eq!(
//!     form_tag("/search?q=a&b", Method::GET).to_string(),
//!     r#"<form action="/search?q=a&amp;b" method="get">"#
//! );
//! assert_eq!(
//!     method_field(Method::DELETE).to_string(),
//!     r#"<input type="hidden" name="_method" value="delete">"#
//! );
//! assert_eq!(
//!     button_to("Delete", "/articles/7", Method::DELETE).to_string(),
//!     concat!(
//!         r#"<form action="/articles/7" method="post" class="button-to">"#,
//!         r#"<input type="hidden" name="_method" value="delete">"#,
//!         r#"<button type="submit">Delete</button></form>"#,
//!     )
//! );
//! ```
//!
//! The helpers add no CSRF token: the application must, with [`FormTag::hidden`] (see the
//! threat model in `SECURITY.md`).

use std::borrow::Cow;
use std::fmt;

use http::Method;

/// `text` with `& < > " '` replaced by character references, safe inside an element or a
/// quoted attribute.
///
/// ```
/// use resourceful::form::escape_html;
///
/// assert_eq!(escape_html(r#"<a href="x">Tom & 'Jerry'</a>"#),
///            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
/// assert!(matches!(escape_html("plain"), std::borrow::Cow::Borrowed("plain")));
/// ```
pub fn escape_html(text: &str) -> Cow<'_, str> {
    let special = |c: char| matches!(c, '&' | '<' | '>' | '"' | '\'');
    let Some(first) = text.find(special) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The method a form's `method` attribute can say: `get` for GET, `post` for every other.
fn form_method(method: &Method) -> &'static str {
    if method == Method::GET { "get" } else { "post" }
}

/// The hidden `_method` field that makes a POST form act as `method`; see [`method_field`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodField(Method);

/// The hidden field that makes a POST form act as `method` (`put`, `patch`, `delete`); it
/// writes nothing for GET and POST, which a form says itself.
pub fn method_field(method: Method) -> MethodField {
    MethodField(method)
}

impl fmt::Display for MethodField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == Method::GET || self.0 == Method::POST {
            return Ok(());
        }
        let name = self.0.as_str().to_ascii_lowercase();
        write!(
            f,
            r#"<input type="hidden" name="_method" value="{}">"#,
            escape_html(&name)
        )
    }
}

/// The opening tag of a form and its hidden fields; see [`form_tag`]. The template closes it
/// with `</form>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormTag {
    action: String,
    method: Method,
    attributes: Vec<(String, String)>,
    hidden: Vec<(String, String)>,
}

/// Opens a form that sends to `action` with `method`: `method="get"` for GET, else a POST
/// with a hidden `_method` field for PUT, PATCH and DELETE, as Rails'
/// `form_tag(path, :method => :put)` writes it.
pub fn form_tag(action: &str, method: Method) -> FormTag {
    FormTag {
        action: action.to_owned(),
        method,
        attributes: Vec::new(),
        hidden: Vec::new(),
    }
}

impl FormTag {
    /// Adds an attribute to the `<form>` tag (`class`, `id`, `enctype`...).
    pub fn attribute(mut self, name: &str, value: &str) -> Self {
        self.attributes.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Adds a hidden field after `_method`: a CSRF token, say.
    pub fn hidden(mut self, name: &str, value: &str) -> Self {
        self.hidden.push((name.to_owned(), value.to_owned()));
        self
    }
}

impl fmt::Display for FormTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            r#"<form action="{}" method="{}""#,
            escape_html(&self.action),
            form_method(&self.method)
        )?;
        for (name, value) in &self.attributes {
            write!(f, r#" {}="{}""#, escape_html(name), escape_html(value))?;
        }
        f.write_str(">")?;
        method_field(self.method.clone()).fmt(f)?;
        for (name, value) in &self.hidden {
            write!(
                f,
                r#"<input type="hidden" name="{}" value="{}">"#,
                escape_html(name),
                escape_html(value)
            )?;
        }
        Ok(())
    }
}

/// Where a form sends, and with which method: what a typed route (a variant of the `Route` enum
/// that `routes!` generates) knows of itself, so that [`form_for`] and [`button_for`] cannot
/// be given a path and a method that disagree.
pub trait Target {
    /// The path the form sends to.
    fn path(&self) -> String;
    /// The method the route takes (its first, when it takes several; GET when it takes any).
    fn method(&self) -> Method;
}

/// Opens a form that sends to `target` with its own method, as [`form_tag`] writes it: a
/// POST with a hidden `_method` for PUT, PATCH and DELETE. Rails' `form_for`, for a typed
/// route.
///
/// ```
/// use resourceful::form::form_for;
///
/// mod routes {
///     resourceful::routes! { resources(articles, types(id = u64)); }
/// }
/// let update = routes::Route::ArticlesUpdate { id: 7, format: None };
/// assert_eq!(
///     form_for(&update).to_string(),
///     r#"<form action="/articles/7" method="post"><input type="hidden" name="_method" value="put">"#
/// );
/// ```
pub fn form_for(target: &impl Target) -> FormTag {
    form_tag(&target.path(), target.method())
}

/// A form of one button that sends to `target` with its own method, as [`button_to`] writes
/// it.
///
/// ```
/// use resourceful::form::button_for;
///
/// mod routes {
///     resourceful::routes! { resources(articles, types(id = u64)); }
/// }
/// let destroy = routes::Route::ArticlesDestroy { id: 7, format: None };
/// assert_eq!(
///     button_for("Delete", &destroy).to_string(),
///     concat!(
///         r#"<form action="/articles/7" method="post" class="button-to">"#,
///         r#"<input type="hidden" name="_method" value="delete">"#,
///         r#"<button type="submit">Delete</button></form>"#,
///     )
/// );
/// ```
pub fn button_for(label: &str, target: &impl Target) -> ButtonTo {
    button_to(label, &target.path(), target.method())
}

/// A whole form holding one button; see [`button_to`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButtonTo {
    label: String,
    form: FormTag,
}

/// A form of one button that sends to `action` with `method`, as Rails' `button_to` writes it:
/// the way to offer a DELETE (or any other change) without a link, which a crawler or a
/// prefetch would follow.
pub fn button_to(label: &str, action: &str, method: Method) -> ButtonTo {
    ButtonTo {
        label: label.to_owned(),
        form: form_tag(action, method).attribute("class", "button-to"),
    }
}

impl ButtonTo {
    /// Adds a hidden field to the form: a CSRF token, say.
    pub fn hidden(mut self, name: &str, value: &str) -> Self {
        self.form = self.form.hidden(name, value);
        self
    }
}

impl fmt::Display for ButtonTo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            r#"{}<button type="submit">{}</button></form>"#,
            self.form,
            escape_html(&self.label)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_gets_the_form_rails_writes() {
        let cases = [
            (Method::GET, r#"<form action="/a" method="get">"#),
            (Method::POST, r#"<form action="/a" method="post">"#),
            (
                Method::PUT,
                r#"<form action="/a" method="post"><input type="hidden" name="_method" value="put">"#,
            ),
            (
                Method::PATCH,
                r#"<form action="/a" method="post"><input type="hidden" name="_method" value="patch">"#,
            ),
            (
                Method::DELETE,
                r#"<form action="/a" method="post"><input type="hidden" name="_method" value="delete">"#,
            ),
        ];
        for (method, html) in cases {
            assert_eq!(form_tag("/a", method.clone()).to_string(), html, "{method}");
        }
    }

    #[test]
    fn everything_written_is_escaped() {
        let form = form_tag(r#"/a?x="><script>"#, Method::PUT)
            .attribute("data-x", "a'b")
            .hidden("authenticity_token", r#"t<"&>"#);
        assert_eq!(
            form.to_string(),
            concat!(
                r#"<form action="/a?x=&quot;&gt;&lt;script&gt;" method="post" data-x="a&#39;b">"#,
                r#"<input type="hidden" name="_method" value="put">"#,
                r#"<input type="hidden" name="authenticity_token" value="t&lt;&quot;&amp;&gt;">"#,
            )
        );
        let button = button_to("<b>Delete</b>", "/a/1", Method::DELETE).hidden("t", "1");
        assert_eq!(
            button.to_string(),
            concat!(
                r#"<form action="/a/1" method="post" class="button-to">"#,
                r#"<input type="hidden" name="_method" value="delete">"#,
                r#"<input type="hidden" name="t" value="1">"#,
                r#"<button type="submit">&lt;b&gt;Delete&lt;/b&gt;</button></form>"#,
            )
        );
    }

    #[test]
    fn method_fields_only_for_what_a_form_cannot_say() {
        assert_eq!(method_field(Method::GET).to_string(), "");
        assert_eq!(method_field(Method::POST).to_string(), "");
        let purge = Method::from_bytes(b"PURGE").unwrap();
        assert_eq!(
            method_field(purge).to_string(),
            r#"<input type="hidden" name="_method" value="purge">"#
        );
    }
}
