//! What an invocation means once lowered: a flat list of routes in recognition order, each
//! keeping the span of the token it comes from, with the requirements and types its segments
//! refer to.

use std::collections::HashMap;

use proc_macro2::Span;
use routes_syntax::pattern::Format;
use routes_syntax::requirement::Requirement as Regex;
use syn::{Ident, LitStr, Type};

use crate::symbol::{ACTION, CONTROLLER};

/// The lowered invocation: what `check` judges and `expand` writes out.
pub struct RouteTable {
    pub routes: Vec<Route>,
    pub url_options: Option<UrlOptions>,
    pub requirements: Vec<Requirement>,
    pub types: Vec<ParamType>,
    /// The DSL the table was written in, for the rules that differ between them.
    pub dialect: Dialect,
    /// The sets of conditions on the request that routes take (`draw!`'s request
    /// constraints), which `Route::request` numbers.
    pub request_conditions: Vec<RequestConditions>,
}

/// What a request must be, beside its method and path, for some routes to take it.
pub struct RequestConditions {
    pub checks: Vec<RequestCheck>,
    /// The first route that takes them, for messages.
    pub span: Span,
}

/// One condition on the request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RequestCheck {
    /// `subdomain = "api"`: the request's subdomain, host, domain, port or protocol is this.
    Equals(String, String),
    /// `subdomain = regex("admin|staff")`: it matches this regex somewhere, as Ruby's `===`
    /// matches a regex.
    Matches(String, String),
    /// `subdomain = true`: the request's subdomain is not empty (`false`: is empty).
    Present(String, bool),
    /// `port = [80, 8080]`: it is one of these.
    OneOf(String, Vec<String>),
    /// `with = path::to::function`: a function of the request says whether it takes it.
    Predicate(Predicate),
}

/// A function of the request, by the path written, which is what tells two apart.
#[derive(Clone)]
pub struct Predicate {
    pub path: Box<Type>,
    pub key: String,
}

impl Predicate {
    pub fn new(path: Type) -> Self {
        let key = type_key(&path);
        Predicate {
            path: Box::new(path),
            key,
        }
    }
}

impl PartialEq for Predicate {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for Predicate {}

impl std::fmt::Debug for Predicate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.key)
    }
}

/// The routing DSL an invocation is written in: where the two differ after parsing (which
/// helpers a named route has), the table says which rules hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// `routes!`, Rails 2.3's `map.resources`.
    Rails2,
    /// `draw!`, the DSL of Rails 3 to 8.
    Rails3,
}

/// One kind of helper a named route `N` has: `N_path`, `hash_for_N_url`, ...
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HelperFamily {
    Path,
    Url,
    HashForPath,
    HashForUrl,
    FormattedPath,
    FormattedUrl,
}

impl HelperFamily {
    /// The helper of this family for the route named `name`.
    pub fn name(self, name: &str) -> String {
        match self {
            HelperFamily::Path => format!("{name}_path"),
            HelperFamily::Url => format!("{name}_url"),
            HelperFamily::HashForPath => format!("hash_for_{name}_path"),
            HelperFamily::HashForUrl => format!("hash_for_{name}_url"),
            HelperFamily::FormattedPath => format!("formatted_{name}_path"),
            HelperFamily::FormattedUrl => format!("formatted_{name}_url"),
        }
    }
}

impl Dialect {
    /// The helpers of each named route, in the order the facade's `__helpers!` takes them:
    /// Rails 2.3's six, or the two Rails 3 kept (a format or extra keys go through the typed
    /// route or `url_for`).
    pub fn families(self) -> &'static [HelperFamily] {
        match self {
            Dialect::Rails2 => &[
                HelperFamily::Path,
                HelperFamily::Url,
                HelperFamily::HashForPath,
                HelperFamily::HashForUrl,
                HelperFamily::FormattedPath,
                HelperFamily::FormattedUrl,
            ],
            Dialect::Rails3 => &[HelperFamily::Path, HelperFamily::Url],
        }
    }

    /// The helpers of the route named `name`, in [`Dialect::families`] order.
    pub fn helper_names(self, name: &str) -> Vec<String> {
        self.families().iter().map(|f| f.name(name)).collect()
    }
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
    /// The declaration a `with_options` gave it to, for its messages.
    pub given_to: Option<String>,
    /// What tells one value from another of its kind: for a type, its tokens as text without
    /// spaces (`uuid::Uuid`), set by the builder; two types of one key are the same type.
    pub key: String,
}

/// A regex the segment's value must match whole.
pub type Requirement = PerParam<LitStr>;

/// The Rust type of the segment's value, which its helpers take (`u64`, `uuid::Uuid`).
pub type ParamType = PerParam<Type>;

impl RouteTable {
    /// The controllers `:controller` may name, in the order the recogniser tries them: most
    /// path segments first, then longest, then by name.
    pub fn controllers(&self) -> Vec<String> {
        let mut controllers: Vec<String> = self
            .routes
            .iter()
            .filter(|r| !r.controller.is_empty())
            .map(|r| r.controller.clone())
            .collect();
        controllers.sort_by(|a, b| {
            let depth = |c: &str| c.matches('/').count();
            depth(b)
                .cmp(&depth(a))
                .then(b.len().cmp(&a.len()))
                .then(a.cmp(b))
        });
        controllers.dedup();
        controllers
    }

    /// Whether requirement number `requirement` (if any) takes `text`, a word the macro knows:
    /// a controller's name, an action's. A requirement that cannot be judged here (a Unicode
    /// class, which none of these words need) is taken to take it.
    pub fn takes(&self, requirement: Option<usize>, text: &str) -> bool {
        requirement
            .and_then(|i| self.requirements.get(i))
            .and_then(|r| Regex::new(&r.value.value()).ok())
            .is_none_or(|r| r.takes(text) != Some(false))
    }

    /// The words requirement number `requirement` takes, when they are a finite list
    /// (`browse|entry`).
    pub fn words(&self, requirement: Option<usize>) -> Option<Vec<String>> {
        let requirement = self.requirements.get(requirement?)?;
        Regex::new(&requirement.value.value()).ok()?.words()
    }
}

/// The requirements of a table as the route set holds them: each source once, numbered in
/// order of first use, so that two routes with one requirement make one test.
pub struct Requirements {
    pub sources: Vec<String>,
    /// The number of each requirement of the table.
    numbers: Vec<u16>,
    /// The regexes of routes matched whole (`RouteRegex`), each once.
    pub patterns: Vec<String>,
}

impl Requirements {
    pub fn of(table: &RouteTable) -> Self {
        let mut sources: Vec<String> = Vec::new();
        let mut by_source: HashMap<String, u16> = HashMap::new();
        let numbers = table
            .requirements
            .iter()
            .map(|requirement| {
                let source = requirement.value.value();
                *by_source.entry(source.clone()).or_insert_with(|| {
                    sources.push(source);
                    // A route set has fewer than 65,536 distinct requirements: each is a
                    // string literal in its invocation.
                    (sources.len() - 1) as u16
                })
            })
            .collect();
        let mut patterns: Vec<String> = Vec::new();
        let written = table
            .routes
            .iter()
            .filter_map(|r| r.regex.as_ref().map(|regex| &regex.source))
            .chain(table.request_conditions.iter().flat_map(|c| {
                c.checks.iter().filter_map(|check| match check {
                    RequestCheck::Matches(_, source) => Some(source),
                    _ => None,
                })
            }));
        for source in written {
            if !patterns.contains(source) {
                patterns.push(source.clone());
            }
        }
        Requirements {
            sources,
            numbers,
            patterns,
        }
    }

    /// The number of a route's regex among the patterns.
    pub fn pattern(&self, source: &str) -> u16 {
        self.patterns
            .iter()
            .position(|p| p == source)
            .unwrap_or_default() as u16
    }

    /// The number of requirement `i` of the table.
    pub fn number(&self, i: usize) -> u16 {
        self.numbers.get(i).copied().unwrap_or_default()
    }
}

impl<T> PerParam<T> {
    pub fn new(param: &Ident, value: T) -> Self {
        PerParam {
            param: param.clone(),
            value,
            used: false,
            segments: Vec::new(),
            given_to: None,
            key: String::new(),
        }
    }
}

/// The key of a type: its tokens as text, without the spaces that printing puts between them.
pub fn type_key(ty: &Type) -> String {
    quote::quote!(#ty).to_string().replace(' ', "")
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
    /// `defaults(KEY = ...)` for keys that are not segments of the pattern (and the format's):
    /// params of every request the route takes, and conditions of generation.
    pub defaults: Vec<(String, Option<String>)>,
    /// `draw!`'s optional groups, each a range of `segments` matched or left out whole; a
    /// group inside another comes after it. A `routes!` route has none: its optional
    /// segments say so themselves.
    pub groups: Vec<Group>,
    /// What the route answers with.
    pub target: Target,
    /// The conditions on the request besides its method and path that the route takes
    /// (`draw!`'s request constraints), by their number among the table's.
    pub request: Option<usize>,
    /// Where the tree of segments cannot read the route (a `draw!` glob, a value that may
    /// hold `/`, several values in one segment): how its path is matched whole.
    pub regex: Option<RouteRegex>,
    /// A `draw!` route's pattern as Rails writes it (`/archive/:year(/:month)(.:format)`),
    /// which its listing shows and its links are written from.
    pub journey: Option<String>,
}

/// An optional group of a `draw!` pattern: segments `start..end` of its route.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Group {
    pub start: usize,
    pub end: usize,
}

/// What a route answers a request with.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum Target {
    /// Its `controller#action`.
    #[default]
    Action,
    /// A redirect, answered without a handler: `location` with `%{param}` filled from the
    /// request's params; or, with `url`, the request's URL with those parts replaced.
    Redirect {
        location: String,
        status: u16,
        url: Option<RedirectParts>,
    },
    /// A service mounted at the route's path, which takes every path under it.
    Mount,
}

/// The parts of the URL a redirect declared with options gives (`redirect(subdomain = "m")`).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RedirectParts {
    pub protocol: Option<String>,
    pub subdomain: Option<String>,
    pub domain: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: Option<String>,
}

/// A route matched as Journey matches it: the tree reads the static segments `prefix`, then
/// matches the rest of the path (from the `/` before the next segment) with `source`, whose
/// capture groups are, in order, the slots of `slots` (`None`: the format).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RouteRegex {
    pub prefix: Vec<String>,
    pub source: String,
    pub slots: Vec<Option<usize>>,
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
        /// Whether the path may leave it out (it and every segment after it).
        optional: bool,
        /// What recognition gives when the path leaves it out: `defaults(NAME = "...")`.
        default: Option<String>,
    },
    /// `:controller`: one of the route set's controllers under `namespace` that its
    /// requirement takes.
    Controller {
        namespace: String,
        requirement: Option<usize>,
    },
    /// `:action`, which the route's action stands for when it is left out.
    Action {
        optional: bool,
        requirement: Option<usize>,
    },
    /// `*name`: the rest of the path, possibly empty; the last segment of its route.
    Glob {
        name: String,
        requirement: Option<usize>,
        ty: Option<usize>,
        /// In a `draw!` group: left out, it is no param (Rails 3), where a `routes!` glob the
        /// path ends before is `""` (Rails 2.3).
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
    Options,
}

impl Verb {
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Get => "GET",
            Verb::Post => "POST",
            Verb::Put => "PUT",
            Verb::Patch => "PATCH",
            Verb::Delete => "DELETE",
            Verb::Options => "OPTIONS",
        }
    }
}

/// The identifier of a param named `name` (a helper's argument, a typed route's field), raw
/// where the name is a Rust keyword (`:type`). `check` refuses the keywords that cannot be
/// raw (`self`, `Self`, `super`, `crate`).
pub fn param_ident(name: &str, span: Span) -> Ident {
    if KEYWORDS.binary_search(&name).is_ok() {
        Ident::new_raw(name, span)
    } else {
        Ident::new(name, span)
    }
}

/// Rust's strict and reserved keywords in any edition, sorted: the names but `_` that `syn`
/// will not take as an identifier, and `gen`, which `syn` takes but edition 2024 reserves (a raw
/// identifier is valid in every edition). A list rather than `syn::parse_str` per name, which
/// cost about 1% of a large invocation's expansion; a test holds the two to the same answers.
const KEYWORDS: [&str; 52] = [
    "Self", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if",
    "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

impl Segment {
    /// A dynamic segment without requirement.
    pub fn param(name: &str) -> Self {
        Segment::Param {
            name: name.to_owned(),
            requirement: None,
            ty: None,
            optional: false,
            default: None,
        }
    }

    /// The name of the value the segment holds (`controller`, `action` for those), if it is
    /// dynamic.
    pub fn value_name(&self) -> Option<&str> {
        match self {
            Segment::Static(_) => None,
            Segment::Param { name, .. } | Segment::Glob { name, .. } => Some(name),
            Segment::Controller { .. } => Some(CONTROLLER),
            Segment::Action { .. } => Some(ACTION),
        }
    }

    /// Whether the path may leave the segment out (with the segments after it): an optional
    /// param or action, or a glob, which may be empty.
    pub fn is_optional(&self) -> bool {
        matches!(
            self,
            Segment::Param { optional: true, .. }
                | Segment::Action { optional: true, .. }
                | Segment::Glob { .. }
        )
    }

    /// Whether the segment is an `:action` the path may leave out, whose default is the
    /// route's action.
    pub fn is_optional_action(&self) -> bool {
        matches!(self, Segment::Action { optional: true, .. })
    }

    /// Whether the segment's value is one of the answer's slots: a param, `:action` or a
    /// glob (`:controller` is read as the static segments of one of the set's controllers).
    pub fn is_slot(&self) -> bool {
        matches!(
            self,
            Segment::Param { .. } | Segment::Action { .. } | Segment::Glob { .. }
        )
    }
}

impl Route {
    /// The pattern as `rails routes` prints it, the segments a path may leave out in
    /// parentheses: `/:controller(/:action(/:id))(.:format)`.
    pub fn pattern(&self) -> String {
        if let Some(journey) = &self.journey {
            return journey.clone();
        }
        let mut pattern = String::new();
        // Optional segments are trailing: from the first, each opens a group closed at the end.
        let first_optional = self
            .segments
            .iter()
            .position(|s| {
                matches!(
                    s,
                    Segment::Param { optional: true, .. } | Segment::Action { optional: true, .. }
                )
            })
            .unwrap_or(self.segments.len());
        let mut open = 0;
        for (i, segment) in self.segments.iter().enumerate() {
            if i >= first_optional {
                pattern.push('(');
                open += 1;
            }
            pattern.push('/');
            match segment {
                Segment::Static(text) => pattern.push_str(text),
                Segment::Param { name, .. } => {
                    pattern.push(':');
                    pattern.push_str(name);
                }
                Segment::Glob { name, .. } => {
                    pattern.push('*');
                    pattern.push_str(name);
                }
                Segment::Controller { .. } => pattern.push_str(":controller"),
                Segment::Action { .. } => pattern.push_str(":action"),
            }
        }
        pattern.extend(std::iter::repeat_n(')', open));
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

    /// How many values the route's path holds: its params, `:action`, `:controller` and
    /// glob. The answer has a slot for each but `:controller`, and its path spec marks each in
    /// a 16-bit set: `check` holds it to `MAX_PARAMS`, so that every phase after may count on
    /// that.
    pub fn values(&self) -> usize {
        self.segments
            .iter()
            .filter(|s| s.value_name().is_some())
            .count()
    }

    /// Names of the dynamic segments, in path order: the helpers' arguments.
    pub fn params(&self) -> Vec<&str> {
        self.segments
            .iter()
            .filter_map(Segment::value_name)
            .collect()
    }
}

#[cfg(test)]
mod tests;
