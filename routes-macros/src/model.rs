//! What an invocation means once lowered: a flat list of routes in recognition order, each
//! keeping the span of the token it comes from, with the requirements and types its segments
//! refer to.

use proc_macro2::Span;
use routes_syntax::pattern::Format;
use syn::{Ident, LitStr, Type};

use crate::symbol::{ACTION, CONTROLLER};

/// The lowered invocation: what `check` judges and `expand` writes out.
pub struct RouteTable {
    pub routes: Vec<Route>,
    pub url_options: Option<UrlOptions>,
    pub requirements: Vec<Requirement>,
    pub types: Vec<ParamType>,
}

/// `default_url_options(...)`: the host `_url` helpers use.
pub struct UrlOptions {
    pub host: String,
    pub protocol: Option<String>,
    pub port: Option<u16>,
}

/// A value given to one dynamic segment by name, by `requirements(PARAM = "regex")` or
/// `types(PARAM = Type)`, shared by the routes of its declaration.
pub struct PerParam<T> {
    pub param: Ident,
    pub value: T,
    /// Whether some route has a dynamic segment `param`.
    pub used: bool,
    /// The dynamic segments of the routes it applies to, for a hint when it is not used.
    pub segments: Vec<String>,
}

/// A regex the segment's value must match whole.
pub type Requirement = PerParam<LitStr>;

/// The Rust type of the segment's value, which its helpers take (`u64`, `uuid::Uuid`).
pub type ParamType = PerParam<Type>;

impl<T> PerParam<T> {
    pub fn new(param: &Ident, value: T) -> Self {
        PerParam {
            param: param.clone(),
            value,
            used: false,
            segments: Vec::new(),
        }
    }
}

pub struct Route {
    pub name: Option<String>,
    /// Which declaration (one name of a `resources`, one `named`, ...) the route comes from,
    /// numbered in the order they are written.
    pub decl: usize,
    /// The token the route comes from: a resource's name, a custom action's name, or a
    /// declaration's keyword.
    pub span: Span,
    /// Empty when any method is accepted.
    pub methods: Vec<Verb>,
    pub segments: Vec<Segment>,
    pub format: Format,
    /// Empty when a `:controller` segment names it.
    pub controller: String,
    pub action: String,
    pub conditions: Vec<(String, String)>,
}

/// One `/`-separated piece of a route's path, with what recognition does with it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Segment {
    Static(String),
    Param {
        name: String,
        /// Index into `RouteTable::requirements`.
        requirement: Option<usize>,
        /// Index into `RouteTable::types`.
        ty: Option<usize>,
        optional: bool,
    },
    /// `:controller`: one of the route set's controllers under `namespace`.
    Controller {
        namespace: String,
    },
    /// `:action`.
    Action {
        optional: bool,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verb {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

impl Verb {
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Get => "GET",
            Verb::Post => "POST",
            Verb::Put => "PUT",
            Verb::Patch => "PATCH",
            Verb::Delete => "DELETE",
        }
    }
}

/// The identifier of a param named `name` (a helper's argument, a typed route's field), raw
/// where the name is a Rust keyword (`:type`).
pub fn param_ident(name: &str, span: Span) -> Ident {
    match syn::parse_str::<Ident>(name) {
        Ok(_) => Ident::new(name, span),
        Err(_) => Ident::new_raw(name, span),
    }
}

impl Segment {
    /// A dynamic segment without requirement.
    pub fn param(name: &str) -> Self {
        Segment::Param {
            name: name.to_owned(),
            requirement: None,
            ty: None,
            optional: false,
        }
    }
}

impl Route {
    /// The pattern as `rails routes` prints it.
    pub fn pattern(&self) -> String {
        let mut pattern = String::new();
        for segment in &self.segments {
            pattern.push('/');
            match segment {
                Segment::Static(text) => pattern.push_str(text),
                Segment::Param { name, .. } => {
                    pattern.push(':');
                    pattern.push_str(name);
                }
                Segment::Controller { .. } => pattern.push_str(":controller"),
                Segment::Action { .. } => pattern.push_str(":action"),
            }
        }
        if pattern.is_empty() {
            pattern.push('/');
        }
        match self.format {
            Format::None => {}
            Format::Optional => pattern.push_str("(.:format)"),
            Format::Required => pattern.push_str(".:format"),
        }
        pattern
    }

    /// `` `GET /articles/:id(.:format)` → `articles#show` ``, for messages.
    pub fn describe(&self) -> String {
        let methods: Vec<&str> = self.methods.iter().map(|m| m.as_str()).collect();
        let methods = if methods.is_empty() {
            "ANY".to_owned()
        } else {
            methods.join("|")
        };
        format!("`{methods} {}` → `{}`", self.pattern(), self.target())
    }

    /// `` `GET` `/articles/:id(.:format)` → `articles#show` ``, the first line of the docs of
    /// each of its helpers and of its typed route.
    pub fn summary(&self) -> String {
        let methods = if self.methods.is_empty() {
            "any method".to_owned()
        } else {
            let methods: Vec<&str> = self.methods.iter().map(|m| m.as_str()).collect();
            methods.join(", ")
        };
        format!(" `{methods}` `{}` → `{}`", self.pattern(), self.target())
    }

    /// `controller#action`, with `:controller` and `:action` where segments name them.
    pub fn target(&self) -> String {
        let controller = if self.controller.is_empty() {
            ":controller"
        } else {
            &self.controller
        };
        let action = if self
            .segments
            .iter()
            .any(|s| matches!(s, Segment::Action { .. }))
        {
            ":action"
        } else {
            &self.action
        };
        format!("{controller}#{action}")
    }

    /// Names of the dynamic segments, in path order: the helpers' arguments.
    pub fn params(&self) -> Vec<&str> {
        self.segments
            .iter()
            .filter_map(|s| match s {
                Segment::Static(_) => None,
                Segment::Param { name, .. } => Some(name.as_str()),
                Segment::Controller { .. } => Some(CONTROLLER),
                Segment::Action { .. } => Some(ACTION),
            })
            .collect()
    }
}
