//! Lowering: from the syntax to a flat list of routes, in recognition order, as Rails 2.3's
//! `map.resources` lays them out. Options are interpreted here, so misused ones are reported
//! here, each at its own token.

use std::collections::HashSet;

use proc_macro2::Span;
use routes_runtime::__private::{
    Format, FormatSuffix, PatternSegment, is_param_name, optional_tail, parse_pattern, route_format,
};
use routes_runtime::inflector::{pluralize, singularize};
use syn::{Ident, LitStr};

use crate::errors::{Errors, one_of};
use crate::parse::{Arg, Input, Item, Methods, Stmt, Value};

pub struct Model {
    pub routes: Vec<RouteDef>,
    pub url_options: Option<UrlOptionsDef>,
    pub requirements: Vec<RequirementDef>,
}

pub struct UrlOptionsDef {
    pub host: String,
    pub protocol: Option<String>,
    pub port: Option<u16>,
}

pub struct RequirementDef {
    pub param: Ident,
    pub source: LitStr,
    pub used: bool,
}

pub struct RouteDef {
    pub name: Option<String>,
    /// Which declaration (one name of a `resources`, one `named`, ...) the route comes from.
    pub decl: usize,
    /// The token the route comes from: a resource's name, or a declaration's keyword.
    pub span: Span,
    /// Empty when any method is accepted.
    pub methods: Vec<Verb>,
    pub segments: Vec<SegmentDef>,
    pub format: Format,
    /// Empty when a `:controller` segment names it.
    pub controller: String,
    pub action: String,
    pub conditions: Vec<(String, String)>,
}

#[derive(Clone, PartialEq)]
pub enum SegmentDef {
    Static(String),
    Param {
        name: String,
        /// Index into `Model::requirements`.
        requirement: Option<usize>,
        optional: bool,
    },
    Controller {
        namespace: String,
    },
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

impl RouteDef {
    /// The pattern as `rails routes` prints it.
    pub fn pattern(&self) -> String {
        let mut pattern = String::new();
        for segment in &self.segments {
            pattern.push('/');
            match segment {
                SegmentDef::Static(text) => pattern.push_str(text),
                SegmentDef::Param { name, .. } => {
                    pattern.push(':');
                    pattern.push_str(name);
                }
                SegmentDef::Controller { .. } => pattern.push_str(":controller"),
                SegmentDef::Action { .. } => pattern.push_str(":action"),
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

    /// Names of the dynamic segments, in path order: the helpers' arguments.
    pub fn params(&self) -> Vec<&str> {
        self.segments
            .iter()
            .filter_map(|s| match s {
                SegmentDef::Static(_) => None,
                SegmentDef::Param { name, .. } => Some(name.as_str()),
                SegmentDef::Controller { .. } => Some("controller"),
                SegmentDef::Action { .. } => Some("action"),
            })
            .collect()
    }
}

pub(crate) const KEYWORDS: &[&str] = &[
    "resources",
    "resource",
    "namespace",
    "named",
    "root",
    "connect",
    "default_url_options",
    "resources_path_names",
];

const RESOURCES_OPTIONS: &[&str] = &[
    "collection",
    "member",
    "new",
    "controller",
    "singular",
    "requirements",
    "conditions",
    "as",
    "path_prefix",
    "name_prefix",
    "only",
    "except",
    "shallow",
    "path_names",
    "has_many",
    "has_one",
    "param",
    "namespace",
];

/// Options of `resources` that mean nothing for `resource`.
const PLURAL_ONLY_OPTIONS: &[&str] = &["singular", "shallow", "param"];

const ROUTE_OPTIONS: &[&str] = &["controller", "action", "via", "requirements", "conditions"];

const URL_OPTIONS: &[&str] = &["host", "protocol", "port"];

const DEFAULT_ACTIONS: &[&str] = &[
    "index", "create", "new", "edit", "show", "update", "destroy",
];

const SINGLETON_ACTIONS: &[&str] = &["create", "new", "edit", "show", "update", "destroy"];

const METHODS: &[&str] = &["get", "post", "put", "patch", "delete", "any"];

/// What nesting passes down to the declarations inside a block.
#[derive(Clone, Default)]
struct Scope {
    path_prefix: Vec<SegmentDef>,
    name_prefix: String,
    /// Controller prefix of a namespace: `admin/`.
    namespace: String,
    /// The namespace's own path and name prefix, which shallow member routes keep.
    namespace_path: Vec<SegmentDef>,
    namespace_name: String,
    shallow: bool,
    /// The enclosing resource's controller, for `named`/`connect`/`root` inside its block.
    controller: Option<String>,
    top_level: bool,
}

/// A custom action from `collection(...)`, `member(...)` or `new(...)`.
#[derive(Clone)]
struct CustomAction {
    name: String,
    span: Span,
    /// Empty for `any`.
    methods: Vec<Verb>,
}

/// The options of one `resources`/`resource` declaration, interpreted.
#[derive(Clone, Default)]
struct ResourceOptions {
    collection: Vec<CustomAction>,
    member: Vec<CustomAction>,
    new: Vec<CustomAction>,
    controller: Option<String>,
    singular: Option<String>,
    requirements: Vec<usize>,
    conditions: Vec<(String, String)>,
    path_segment: Option<Vec<SegmentDef>>,
    path_prefix: Option<Vec<SegmentDef>>,
    /// `Some(None)` for `name_prefix = None`.
    name_prefix: Option<Option<String>>,
    /// The default actions routed, `None` for all of them.
    allowed: Option<Vec<String>>,
    shallow: Option<bool>,
    path_names: Vec<(String, String, Span)>,
    has_many: Vec<Association>,
    has_one: Vec<Ident>,
    param: Option<String>,
    /// A controller prefix ending in `/`, replacing the enclosing namespace's.
    namespace: Option<String>,
}

#[derive(Clone)]
struct Association {
    name: Ident,
    children: Vec<Association>,
}

pub fn lower(input: &Input, errors: &Errors) -> Model {
    let mut lowering = Lowering {
        errors,
        model: Model {
            routes: Vec::new(),
            url_options: None,
            requirements: Vec::new(),
        },
        path_names: Vec::new(),
        seen_globals: HashSet::new(),
        decls: 0,
    };
    lowering.collect_path_names(&input.stmts);
    let scope = Scope {
        top_level: true,
        ..Scope::default()
    };
    lowering.stmts(&input.stmts, &scope);
    lowering.model
}

struct Lowering<'a> {
    errors: &'a Errors,
    model: Model,
    /// `resources_path_names(...)`: defaults for every resource.
    path_names: Vec<(String, String)>,
    seen_globals: HashSet<String>,
    decls: usize,
}

/// The options given to one declaration, checked against the ones it accepts.
struct Options<'a> {
    args: Vec<&'a Arg>,
}

impl<'a> Options<'a> {
    fn get(&self, key: &str) -> Option<&'a Arg> {
        self.args
            .iter()
            .copied()
            .find(|arg| arg.key().is_some_and(|k| k == key))
    }
}

impl Lowering<'_> {
    fn error(&self, span: Span, message: impl std::fmt::Display) {
        self.errors.error(span, message);
    }

    /// Adds a route, numbering its declaration.
    fn push_route(&mut self, mut route: RouteDef, new_declaration: bool) {
        if new_declaration {
            self.decls += 1;
        }
        route.decl = self.decls;
        self.model.routes.push(route);
    }

    fn stmts(&mut self, stmts: &[Stmt], scope: &Scope) {
        for stmt in stmts {
            self.stmt(stmt, scope);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, scope: &Scope) {
        let keyword = stmt.keyword.to_string();
        let takes_block = matches!(keyword.as_str(), "resources" | "resource" | "namespace");
        if let Some(block) = &stmt.block
            && !takes_block
            && KEYWORDS.contains(&keyword.as_str())
        {
            self.error(block.span, format!("`{keyword}` takes no block"));
        }
        match keyword.as_str() {
            "resources" => self.resources(stmt, scope, false),
            "resource" => self.resources(stmt, scope, true),
            "namespace" => self.namespace(stmt, scope),
            "named" => self.named(stmt, scope),
            "root" => self.root(stmt, scope),
            "connect" => self.connect(stmt, scope),
            "default_url_options" => self.default_url_options(stmt, scope),
            "resources_path_names" => {
                self.check_global(stmt, scope);
            }
            _ => self.error(
                stmt.keyword.span(),
                format!(
                    "unknown declaration `{keyword}`; expected {}",
                    one_of(KEYWORDS)
                ),
            ),
        }
    }

    /// Splits a declaration's arguments into names, patterns and options, reporting unknown
    /// and repeated options; `unlisted` options are accepted but not suggested.
    fn options<'s>(
        &self,
        stmt: &'s Stmt,
        allowed: &[&str],
        flags: &[&str],
        unlisted: &[&str],
    ) -> (Vec<&'s Ident>, Vec<&'s LitStr>, Options<'s>) {
        let keyword = &stmt.keyword;
        let mut names = Vec::new();
        let mut patterns = Vec::new();
        let mut options = Options { args: Vec::new() };
        let mut seen: Vec<String> = Vec::new();
        for arg in &stmt.args {
            let key = match arg {
                Arg::Name(name) if !flags.contains(&name.to_string().as_str()) => {
                    names.push(name);
                    continue;
                }
                Arg::Pattern(lit) => {
                    patterns.push(lit);
                    continue;
                }
                Arg::Name(key) | Arg::Assign(key, _) | Arg::Call(key, _) => key,
            };
            let name = key.to_string();
            if !allowed.contains(&name.as_str()) {
                let listed: Vec<&str> = allowed
                    .iter()
                    .copied()
                    .filter(|o| !unlisted.contains(o))
                    .collect();
                let expected = if listed.is_empty() {
                    format!("`{keyword}` takes no options")
                } else {
                    format!("expected {}", one_of(&listed))
                };
                self.error(
                    key.span(),
                    format!("unknown option `{name}` for `{keyword}`; {expected}"),
                );
                continue;
            }
            if seen.contains(&name) {
                self.error(key.span(), format!("duplicate option `{name}`"));
                continue;
            }
            seen.push(name);
            options.args.push(arg);
        }
        (names, patterns, options)
    }

    fn no_patterns(&self, keyword: &Ident, patterns: &[&LitStr]) {
        for pattern in patterns {
            self.error(pattern.span(), format!("`{keyword}` takes no pattern"));
        }
    }

    // ---- option values -------------------------------------------------------------------

    fn string(&self, arg: &Arg) -> Option<LitStr> {
        match arg {
            Arg::Assign(_, Value::Str(lit)) => Some(lit.clone()),
            Arg::Assign(key, value) => {
                self.error(
                    value.span(),
                    format!("`{key}` takes a string: `{key} = \"...\"`"),
                );
                None
            }
            Arg::Name(key) | Arg::Call(key, _) => {
                self.error(
                    key.span(),
                    format!("`{key}` takes a value: `{key} = \"...\"`"),
                );
                None
            }
            Arg::Pattern(_) => None,
        }
    }

    fn items<'s>(&self, arg: &'s Arg) -> Option<&'s [Item]> {
        match arg {
            Arg::Call(_, items) => Some(items),
            Arg::Name(key) | Arg::Assign(key, _) => {
                self.error(key.span(), format!("`{key}` takes a list: `{key}(...)`"));
                None
            }
            Arg::Pattern(_) => None,
        }
    }

    fn flag(&self, arg: &Arg) -> Option<bool> {
        match arg {
            Arg::Name(_) => Some(true),
            Arg::Assign(_, Value::Bool(b)) => Some(b.value),
            Arg::Assign(key, value) => {
                self.error(
                    value.span(),
                    format!("`{key}` is a flag: write `{key}` or `{key} = false`"),
                );
                None
            }
            Arg::Call(key, _) => {
                self.error(
                    key.span(),
                    format!("`{key}` is a flag: write `{key}` or `{key} = false`"),
                );
                None
            }
            Arg::Pattern(_) => None,
        }
    }

    fn methods(&self, methods: &Methods) -> Option<Vec<Verb>> {
        let mut verbs = Vec::new();
        let mut any = None;
        let mut ok = true;
        for name in &methods.names {
            let verb = match name.to_string().as_str() {
                "get" => Verb::Get,
                "post" => Verb::Post,
                "put" => Verb::Put,
                "patch" => Verb::Patch,
                "delete" => Verb::Delete,
                "any" => {
                    any = Some(name.span());
                    continue;
                }
                "head" => {
                    self.error(
                        name.span(),
                        "`head` cannot be routed: HEAD requests are routed as GET",
                    );
                    ok = false;
                    continue;
                }
                other => {
                    self.error(
                        name.span(),
                        format!("unknown method `{other}`; expected {}", one_of(METHODS)),
                    );
                    ok = false;
                    continue;
                }
            };
            if verbs.contains(&verb) {
                self.error(name.span(), format!("method `{name}` is listed twice"));
                ok = false;
            }
            verbs.push(verb);
        }
        if let Some(span) = any
            && methods.names.len() > 1
        {
            self.error(span, "`any` already accepts every method; list it alone");
            ok = false;
        }
        if methods.names.is_empty() {
            self.error(methods.span, "expected at least one method");
            ok = false;
        }
        ok.then_some(verbs)
    }

    fn via(&self, value: &Value) -> Option<Vec<Verb>> {
        match value {
            Value::Ident(name) => self.methods(&Methods {
                span: name.span(),
                names: vec![name.clone()],
            }),
            Value::List(span, names) => self.methods(&Methods {
                span: *span,
                names: names.clone(),
            }),
            other => {
                self.error(
                    other.span(),
                    format!("expected a method ({}) or a list of them", one_of(METHODS)),
                );
                None
            }
        }
    }

    fn custom_actions(&self, arg: &Arg) -> Vec<CustomAction> {
        let Some(items) = self.items(arg) else {
            return Vec::new();
        };
        let mut actions: Vec<CustomAction> = Vec::new();
        for item in items {
            let Item::Action(name, methods) = item else {
                let key = item.key();
                self.error(
                    key.span(),
                    format!("expected `{key}: METHOD`, such as `{key}: get`"),
                );
                continue;
            };
            if !self.check_name(name, "action") {
                continue;
            }
            if actions.iter().any(|a| name == a.name.as_str()) {
                self.error(name.span(), format!("duplicate action `{name}`"));
                continue;
            }
            if let Some(methods) = self.methods(methods) {
                actions.push(CustomAction {
                    name: name.to_string(),
                    span: name.span(),
                    methods,
                });
            }
        }
        actions
    }

    fn requirements(&mut self, arg: &Arg) -> Vec<usize> {
        let Some(items) = self.items(arg) else {
            return Vec::new();
        };
        let mut indexes = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for item in items {
            match item {
                Item::Assign(param, Value::Str(source)) => {
                    if seen.contains(&param.to_string()) {
                        self.error(param.span(), format!("duplicate requirement for `{param}`"));
                        continue;
                    }
                    seen.push(param.to_string());
                    indexes.push(self.model.requirements.len());
                    self.model.requirements.push(RequirementDef {
                        param: param.clone(),
                        source: source.clone(),
                        used: false,
                    });
                }
                Item::Assign(param, value) => self.error(
                    value.span(),
                    format!("a requirement is a regex string: `{param} = \"[0-9]+\"`"),
                ),
                other => {
                    let key = other.key();
                    self.error(key.span(), format!("expected `{key} = \"regex\"`"));
                }
            }
        }
        indexes
    }

    /// `conditions(KEY = value)`: data on the routes for the application to check. A `method`
    /// condition is taken out as the route's methods, where `allow_method`.
    fn conditions(
        &self,
        arg: &Arg,
        allow_method: bool,
    ) -> (Vec<(String, String)>, Option<Vec<Verb>>) {
        let mut conditions = Vec::new();
        let mut method = None;
        let Some(items) = self.items(arg) else {
            return (conditions, method);
        };
        for item in items {
            let Item::Assign(key, value) = item else {
                let key = item.key();
                self.error(key.span(), format!("expected `{key} = value`"));
                continue;
            };
            if conditions.iter().any(|(k, _)| key == k) || (key == "method" && method.is_some()) {
                self.error(key.span(), format!("duplicate condition `{key}`"));
                continue;
            }
            if key == "method" {
                if allow_method {
                    method = self.via(value);
                } else {
                    self.error(
                        key.span(),
                        "resources set the method of each route; add custom actions with \
                         `collection(...)`, `member(...)` or `new(...)` instead",
                    );
                }
                continue;
            }
            let text = match value {
                Value::Str(lit) => lit.value(),
                Value::Int(lit) => lit.base10_digits().to_owned(),
                Value::Bool(lit) => lit.value.to_string(),
                Value::Ident(ident) => ident.to_string(),
                Value::List(span, _) => {
                    self.error(*span, "a condition takes a single value");
                    continue;
                }
            };
            conditions.push((key.to_string(), text));
        }
        (conditions, method)
    }

    fn name_prefix(&self, arg: &Arg) -> Option<Option<String>> {
        match arg {
            Arg::Assign(_, Value::Ident(none)) if none == "None" => Some(None),
            _ => {
                let lit = self.string(arg)?;
                let value = lit.value();
                if !value
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                {
                    self.error(
                        lit.span(),
                        "a name prefix is lowercase letters, digits and `_`, such as `\"store_\"`",
                    );
                    return None;
                }
                Some(Some(value))
            }
        }
    }

    /// A name that becomes part of route names and helpers: lowercase snake case.
    fn check_name(&self, name: &Ident, what: &str) -> bool {
        let text = name.to_string();
        if text == "true" || text == "false" {
            self.error(
                name.span(),
                format!("`{text}` is a literal, not a {what} name"),
            );
            return false;
        }
        let ok = is_snake_case(text.strip_prefix("r#").unwrap_or(&text));
        if !ok {
            self.error(
                name.span(),
                format!("{what} names are lowercase snake case, such as `blog_posts`"),
            );
        }
        ok
    }

    fn check_word(&self, lit: &LitStr, what: &str) -> Option<String> {
        let value = lit.value();
        if is_snake_case(&value) {
            Some(value)
        } else {
            self.error(
                lit.span(),
                format!("{what} is lowercase snake case, such as `\"blog_post\"`"),
            );
            None
        }
    }

    fn controller_name(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        if is_controller_path(&value) {
            Some(value)
        } else {
            self.error(
                lit.span(),
                "a controller is a name such as `\"articles\"` or `\"admin/users\"`",
            );
            None
        }
    }

    /// Rails' `:namespace` option: a controller prefix, written `"admin/"` (the trailing `/`
    /// may be left out).
    fn namespace_option(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        let bare = value.strip_suffix('/').unwrap_or(&value);
        if is_controller_path(bare) {
            Some(format!("{bare}/"))
        } else {
            self.error(
                lit.span(),
                "a namespace is a controller prefix such as `\"admin/\"` or `\"admin/reports/\"`",
            );
            None
        }
    }

    fn action_name(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        if is_param_name(&value) {
            Some(value)
        } else {
            self.error(lit.span(), "an action is a name such as `\"index\"`");
            None
        }
    }

    /// Parses a pattern written in a string, pointing errors at the string.
    fn pattern(&self, lit: &LitStr) -> Option<(Vec<PatternSegment>, FormatSuffix)> {
        match parse_pattern(&lit.value()) {
            Ok(parsed) => Some((parsed.segments, parsed.format)),
            Err(e) => {
                self.error(
                    lit.span(),
                    format!("malformed pattern: {e} (at byte {})", e.offset),
                );
                None
            }
        }
    }

    /// A path prefix or `as` value: segments without a format.
    fn path_piece(&self, arg: &Arg, statics_only: bool) -> Option<Vec<SegmentDef>> {
        let lit = self.string(arg)?;
        let (segments, format) = self.pattern(&lit)?;
        if format != FormatSuffix::Unspecified {
            self.error(
                lit.span(),
                "a format belongs at the end of a route, not here",
            );
            return None;
        }
        if statics_only && segments.is_empty() {
            self.error(lit.span(), "expected a path segment");
            return None;
        }
        let mut out = Vec::new();
        for segment in segments {
            match segment {
                PatternSegment::Static(text) => out.push(SegmentDef::Static(text)),
                PatternSegment::Dynamic(_) if statics_only => {
                    self.error(
                        lit.span(),
                        "`as` renames the path segment: it cannot be dynamic",
                    );
                    return None;
                }
                PatternSegment::Dynamic(name) => out.push(SegmentDef::Param {
                    name,
                    requirement: None,
                    optional: false,
                }),
            }
        }
        Some(out)
    }

    // ---- declarations --------------------------------------------------------------------

    /// `resources_path_names(new = "...", edit = "...")` holds for every resource wherever it
    /// is declared, as Rails' global setting does; its place is checked by `check_global`.
    fn collect_path_names(&mut self, stmts: &[Stmt]) {
        for stmt in stmts.iter().filter(|s| s.keyword == "resources_path_names") {
            let (names, patterns, options) = self.options(stmt, &["new", "edit"], &[], &[]);
            for name in names {
                self.error(name.span(), "expected `new = \"...\"` or `edit = \"...\"`");
            }
            self.no_patterns(&stmt.keyword, &patterns);
            if options.args.is_empty() {
                self.error(
                    stmt.keyword.span(),
                    "`resources_path_names` needs `new = \"...\"` or `edit = \"...\"`",
                );
            }
            let mut pairs = Vec::new();
            for arg in options.args {
                let Some(lit) = self.string(arg) else {
                    continue;
                };
                if let Some(segment) = self.path_name_segment(&lit) {
                    pairs.push((arg.key().map(Ident::to_string).unwrap_or_default(), segment));
                }
            }
            self.path_names = pairs;
        }
    }

    fn path_name_segment(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        match parse_pattern(&value) {
            Ok(parsed)
                if parsed.format == FormatSuffix::Unspecified
                    && parsed.segments.len() == 1
                    && matches!(parsed.segments[0], PatternSegment::Static(_))
                    && !value.contains('/') =>
            {
                Some(value)
            }
            _ => {
                self.error(
                    lit.span(),
                    "a path name is one static path segment, such as `\"nuevo\"`",
                );
                None
            }
        }
    }

    /// `default_url_options` and `resources_path_names` belong at the top, once.
    fn check_global(&mut self, stmt: &Stmt, scope: &Scope) -> bool {
        let keyword = stmt.keyword.to_string();
        if !scope.top_level {
            self.error(
                stmt.keyword.span(),
                format!("`{keyword}` applies to the whole route set: declare it at the top level"),
            );
            return false;
        }
        if !self.seen_globals.insert(keyword.clone()) {
            self.error(
                stmt.keyword.span(),
                format!("`{keyword}` is declared twice"),
            );
            return false;
        }
        true
    }

    fn default_url_options(&mut self, stmt: &Stmt, scope: &Scope) {
        if !self.check_global(stmt, scope) {
            return;
        }
        let (names, patterns, options) = self.options(stmt, URL_OPTIONS, &[], &[]);
        for name in names {
            self.error(
                name.span(),
                "expected `host = \"...\"`, `protocol = \"...\"` or `port = N`",
            );
        }
        self.no_patterns(&stmt.keyword, &patterns);
        let host = options.get("host").and_then(|a| self.string(a));
        let protocol = options.get("protocol").and_then(|a| self.string(a));
        let port = options.get("port").and_then(|arg| match arg {
            Arg::Assign(_, Value::Int(lit)) => match lit.base10_parse::<u16>() {
                Ok(port) => Some(port),
                Err(_) => {
                    self.error(lit.span(), "a port is a number from 0 to 65535");
                    None
                }
            },
            _ => {
                self.error(arg.span(), "`port` takes a number: `port = 8080`");
                None
            }
        });
        let Some(host) = host else {
            if options.get("host").is_none() {
                self.error(
                    stmt.keyword.span(),
                    "`default_url_options` needs `host = \"...\"`",
                );
            }
            return;
        };
        if host.value().is_empty() || host.value().contains(['/', ' ']) {
            self.error(host.span(), "a host is a name such as `\"example.com\"`");
            return;
        }
        let protocol = protocol.map(|p| {
            let p = p.value();
            p.strip_suffix("://").unwrap_or(&p).to_owned()
        });
        self.model.url_options = Some(UrlOptionsDef {
            host: host.value(),
            protocol,
            port,
        });
    }

    fn namespace(&mut self, stmt: &Stmt, scope: &Scope) {
        let (names, patterns, _) = self.options(stmt, &[], &[], &[]);
        self.no_patterns(&stmt.keyword, &patterns);
        let [name] = names.as_slice() else {
            self.error(
                stmt.keyword.span(),
                "`namespace` takes one name: `namespace(admin) { ... }`",
            );
            return;
        };
        if !self.check_name(name, "namespace") {
            return;
        }
        let Some(block) = &stmt.block else {
            self.error(
                name.span(),
                format!("`namespace({name})` needs a block of declarations"),
            );
            return;
        };
        let name = name.to_string();
        let mut inner = scope.clone();
        inner.top_level = false;
        inner.path_prefix.push(SegmentDef::Static(name.clone()));
        inner.name_prefix.push_str(&format!("{name}_"));
        inner.namespace.push_str(&format!("{name}/"));
        inner.namespace_path.push(SegmentDef::Static(name.clone()));
        inner.namespace_name.push_str(&format!("{name}_"));
        inner.controller = None;
        self.stmts(&block.stmts, &inner);
    }

    fn named(&mut self, stmt: &Stmt, scope: &Scope) {
        let (names, patterns, options) = self.options(stmt, ROUTE_OPTIONS, &[], &[]);
        let (name, pattern) = match (names.as_slice(), patterns.as_slice()) {
            ([name], [pattern]) => (*name, *pattern),
            _ => {
                self.error(
                    stmt.keyword.span(),
                    "`named` takes a name and a pattern: `named(login, \"/login\", ...)`",
                );
                return;
            }
        };
        if !self.check_name(name, "route") {
            return;
        }
        let route_name = format!("{}{}", scope.name_prefix, name);
        self.plain_route(
            stmt,
            scope,
            name.span(),
            Some(route_name),
            pattern,
            &options,
            false,
        );
    }

    fn connect(&mut self, stmt: &Stmt, scope: &Scope) {
        let (names, patterns, options) = self.options(stmt, ROUTE_OPTIONS, &[], &[]);
        for name in names {
            self.error(
                name.span(),
                "`connect` routes are unnamed; use `named(NAME, \"pattern\")` for a named route",
            );
        }
        let [pattern] = patterns.as_slice() else {
            self.error(
                stmt.keyword.span(),
                "`connect` takes one pattern: `connect(\"/:controller/:action/:id\")`",
            );
            return;
        };
        self.plain_route(
            stmt,
            scope,
            stmt.keyword.span(),
            None,
            pattern,
            &options,
            true,
        );
    }

    /// `named` and `connect`: a route from a pattern written out.
    #[allow(clippy::too_many_arguments)]
    fn plain_route(
        &mut self,
        stmt: &Stmt,
        scope: &Scope,
        span: Span,
        name: Option<String>,
        pattern: &LitStr,
        options: &Options<'_>,
        default_route: bool,
    ) {
        let Some((parsed, suffix)) = self.pattern(pattern) else {
            return;
        };
        let controller_option = options.get("controller").and_then(|a| self.string(a));
        let action_option = options.get("action").and_then(|a| self.string(a));
        let mut segments = scope.path_prefix.clone();
        let mut has_controller = false;
        let mut has_action = false;
        let tail = if default_route {
            scope.path_prefix.len() + optional_tail(&parsed)
        } else {
            usize::MAX
        };
        for segment in parsed {
            let optional = segments.len() >= tail;
            segments.push(match segment {
                PatternSegment::Static(text) => SegmentDef::Static(text),
                PatternSegment::Dynamic(name) if name == "controller" => {
                    has_controller = true;
                    SegmentDef::Controller {
                        namespace: scope.namespace.clone(),
                    }
                }
                PatternSegment::Dynamic(name) if name == "action" => {
                    has_action = true;
                    SegmentDef::Action { optional }
                }
                PatternSegment::Dynamic(name) => SegmentDef::Param {
                    name,
                    requirement: None,
                    optional,
                },
            });
        }
        let keyword = &stmt.keyword;
        let controller = match (&controller_option, has_controller) {
            (Some(lit), true) => {
                self.error(
                    lit.span(),
                    "the pattern's `:controller` already names the controller",
                );
                return;
            }
            (Some(lit), false) => match self.controller_name(lit) {
                Some(c) => format!("{}{c}", scope.namespace),
                None => return,
            },
            (None, true) => String::new(),
            (None, false) => match &scope.controller {
                Some(c) => c.clone(),
                None => {
                    let segment = if keyword == "root" {
                        ""
                    } else {
                        " or a `:controller` segment"
                    };
                    self.error(
                        pattern.span(),
                        format!(
                            "`{keyword}` needs a controller: add `controller = \"...\"`{segment}"
                        ),
                    );
                    return;
                }
            },
        };
        // With an `:action` segment, `action = "..."` is its default, which only an optional
        // (trailing, in `connect`) segment can use.
        let optional_action = segments
            .iter()
            .any(|s| matches!(s, SegmentDef::Action { optional: true }));
        let action = match (&action_option, has_action) {
            (Some(lit), true) if !optional_action => {
                self.error(
                    lit.span(),
                    "the pattern's `:action` already names the action; a default action \
                     needs a trailing `:action` in `connect`",
                );
                return;
            }
            (Some(lit), _) => match self.action_name(lit) {
                Some(a) => a,
                None => return,
            },
            _ => "index".to_owned(),
        };
        let (conditions, condition_method) = options
            .get("conditions")
            .map(|a| self.conditions(a, true))
            .unwrap_or_default();
        let via = options.get("via").and_then(|arg| match arg {
            Arg::Assign(_, value) => self.via(value),
            other => {
                self.error(other.span(), "`via` takes a method: `via = post`");
                None
            }
        });
        if via.is_some() && condition_method.is_some() {
            self.error(
                options.get("via").map_or(span, Arg::span),
                "the method is given twice: by `via` and by `conditions(method = ...)`",
            );
        }
        let methods = via.or(condition_method).unwrap_or_default();
        let requirements = options
            .get("requirements")
            .map(|a| self.requirements(a))
            .unwrap_or_default();
        let format = route_format(segments.len(), suffix);
        let mut route = RouteDef {
            name,
            decl: 0,
            span,
            methods,
            segments,
            format,
            controller,
            action,
            conditions,
        };
        self.apply_requirements(&mut route, &requirements);
        self.push_route(route, true);
    }

    /// `root(...)`: a route named `root` at the scope's path (`/` at the top level).
    fn root(&mut self, stmt: &Stmt, scope: &Scope) {
        let (names, patterns, options) = self.options(stmt, ROUTE_OPTIONS, &[], &[]);
        self.no_patterns(&stmt.keyword, &patterns);
        let name = format!("{}root", scope.name_prefix);
        let span = stmt.keyword.span();
        match names.as_slice() {
            [] => {
                let path = LitStr::new("/", span);
                self.plain_route(stmt, scope, span, Some(name), &path, &options, false);
            }
            [target] => self.root_like(target, name, span, scope, &options),
            [_, extra, ..] => self.error(extra.span(), "`root` takes at most one route name"),
        }
    }

    /// `root(login)`: the root goes where an earlier named route goes, as Rails'
    /// `map.root :login`.
    fn root_like(
        &mut self,
        target: &Ident,
        name: String,
        span: Span,
        scope: &Scope,
        options: &Options<'_>,
    ) {
        if let Some(arg) = options.args.first() {
            self.error(
                arg.span(),
                "`root(NAME)` takes its target from route `NAME`; it takes no options",
            );
        }
        let wanted = target.to_string();
        let Some(source) = self
            .model
            .routes
            .iter()
            .find(|r| r.name.as_deref() == Some(wanted.as_str()))
        else {
            self.error(
                target.span(),
                format!("no route named `{wanted}` is declared before this `root`"),
            );
            return;
        };
        if !source.params().is_empty() {
            self.error(
                target.span(),
                format!("route `{wanted}` has dynamic segments; a root cannot fill them"),
            );
            return;
        }
        let segments = scope.path_prefix.clone();
        let route = RouteDef {
            name: Some(name),
            decl: 0,
            span,
            methods: source.methods.clone(),
            format: route_format(segments.len(), FormatSuffix::Unspecified),
            segments,
            controller: source.controller.clone(),
            action: source.action.clone(),
            conditions: source.conditions.clone(),
        };
        self.push_route(route, true);
    }

    // ---- resources -----------------------------------------------------------------------

    fn resources(&mut self, stmt: &Stmt, scope: &Scope, singleton: bool) {
        // A singleton accepts the plural-only options here so that `meaningless_for_singleton`
        // can say why they mean nothing, rather than calling them unknown.
        let unlisted = if singleton { PLURAL_ONLY_OPTIONS } else { &[] };
        let (names, patterns, options) =
            self.options(stmt, RESOURCES_OPTIONS, &["shallow"], unlisted);
        self.no_patterns(&stmt.keyword, &patterns);
        if singleton {
            self.meaningless_for_singleton(stmt);
        }
        if names.is_empty() {
            self.error(
                stmt.keyword.span(),
                format!("`{}` needs at least one name", stmt.keyword),
            );
            return;
        }
        let options = self.resource_options(&options, singleton);
        for name in names {
            if !self.check_name(name, "resource") {
                continue;
            }
            let resource = Resource::new(name, &options, scope, singleton, &self.path_names);
            self.map_resource(
                &resource,
                &options,
                stmt.block.as_ref().map(|b| &b.stmts[..]),
                scope,
            );
        }
    }

    /// Options Rails' `map.resource` ignores, reported rather than silently dropped.
    fn meaningless_for_singleton(&self, stmt: &Stmt) {
        for arg in &stmt.args {
            let Some(key) = arg.key() else { continue };
            let reason = match key.to_string().as_str() {
                "singular" => {
                    "a singleton is already singular; its controller comes from `controller = \"...\"`"
                }
                "param" => "a singleton has no `:id` to rename",
                "shallow" => {
                    "a singleton's own routes have no `:id`, so `shallow` means nothing for it"
                }
                _ => continue,
            };
            self.error(
                key.span(),
                format!("`{key}` means nothing for `resource`: {reason}"),
            );
        }
    }

    fn resource_options(&mut self, options: &Options<'_>, singleton: bool) -> ResourceOptions {
        let mut out = ResourceOptions::default();
        for arg in &options.args {
            let Some(key) = arg.key() else { continue };
            match key.to_string().as_str() {
                "collection" => out.collection = self.custom_actions(arg),
                "member" => out.member = self.custom_actions(arg),
                "new" => out.new = self.custom_actions(arg),
                "controller" => {
                    out.controller = self.string(arg).and_then(|l| self.controller_name(&l))
                }
                "singular" => {
                    out.singular = self
                        .string(arg)
                        .and_then(|l| self.check_word(&l, "a singular"))
                }
                "requirements" => out.requirements = self.requirements(arg),
                "conditions" => out.conditions = self.conditions(arg, false).0,
                "as" => out.path_segment = self.path_piece(arg, true),
                "path_prefix" => out.path_prefix = self.path_piece(arg, false),
                "name_prefix" => out.name_prefix = self.name_prefix(arg),
                "only" | "except" => self.only_except(arg, key, options, singleton, &mut out),
                "shallow" => out.shallow = self.flag(arg),
                "path_names" => out.path_names = self.path_names_option(arg),
                "has_many" => {
                    out.has_many = self
                        .items(arg)
                        .map(|items| self.associations(items))
                        .unwrap_or_default()
                }
                "has_one" => out.has_one = self.has_one(arg),
                "namespace" => {
                    out.namespace = self.string(arg).and_then(|l| self.namespace_option(&l))
                }
                "param" => {
                    out.param = self.string(arg).and_then(|l| {
                        let value = l.value();
                        if is_param_name(&value) && value != "format" {
                            Some(value)
                        } else {
                            self.error(l.span(), "a param is a name such as `\"slug\"`");
                            None
                        }
                    })
                }
                _ => {}
            }
        }
        self.check_path_names(&out, singleton);
        out
    }

    fn only_except(
        &self,
        arg: &Arg,
        key: &Ident,
        options: &Options<'_>,
        singleton: bool,
        out: &mut ResourceOptions,
    ) {
        let Some(items) = self.items(arg) else {
            return;
        };
        let other = if key == "only" { "except" } else { "only" };
        if let Some(first) = options.get(other)
            && options.args.iter().position(|a| std::ptr::eq(*a, first))
                < options.args.iter().position(|a| std::ptr::eq(*a, arg))
        {
            self.error(
                key.span(),
                format!("`{key}` cannot be combined with `{other}`: give one of the two"),
            );
            return;
        }
        let actions = if singleton {
            SINGLETON_ACTIONS
        } else {
            DEFAULT_ACTIONS
        };
        let mut listed: Vec<String> = Vec::new();
        for item in items {
            let Item::Name(action) = item else {
                let key = item.key();
                self.error(key.span(), "expected an action name such as `index`");
                continue;
            };
            let name = action.to_string();
            if name == "all" || name == "none" {
                if items.len() > 1 {
                    self.error(
                        action.span(),
                        format!("`{name}` stands alone in `{key}(...)`"),
                    );
                }
                let all = (name == "all") == (key == "only");
                let chosen: &[&str] = if all { actions } else { &[] };
                out.allowed = Some(chosen.iter().map(|a| a.to_string()).collect());
                return;
            }
            if !actions.contains(&name.as_str()) {
                let hint = did_you_mean(&name, actions)
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_else(|| format!("; expected {}", one_of(actions)));
                self.error(
                    action.span(),
                    format!("unknown action `{name}` in `{key}(...)`{hint}"),
                );
                continue;
            }
            if listed.contains(&name) {
                self.error(action.span(), format!("action `{name}` is listed twice"));
                continue;
            }
            listed.push(name);
        }
        out.allowed = Some(if key == "only" {
            listed
        } else {
            actions
                .iter()
                .filter(|a| !listed.iter().any(|l| l == *a))
                .map(|a| a.to_string())
                .collect()
        });
    }

    fn path_names_option(&self, arg: &Arg) -> Vec<(String, String, Span)> {
        let Some(items) = self.items(arg) else {
            return Vec::new();
        };
        let mut names: Vec<(String, String, Span)> = Vec::new();
        for item in items {
            match item {
                Item::Assign(action, Value::Str(lit)) => {
                    if names.iter().any(|(a, _, _)| action == a) {
                        self.error(action.span(), format!("duplicate path name for `{action}`"));
                        continue;
                    }
                    if let Some(segment) = self.path_name_segment(lit) {
                        names.push((action.to_string(), segment, action.span()));
                    }
                }
                other => {
                    let key = other.key();
                    self.error(key.span(), format!("expected `{key} = \"segment\"`"));
                }
            }
        }
        names
    }

    /// `path_names` may rename `new`, `edit`, member actions and collection actions.
    fn check_path_names(&self, options: &ResourceOptions, singleton: bool) {
        for (action, _, span) in &options.path_names {
            let custom = |list: &[CustomAction]| list.iter().any(|a| &a.name == action);
            let renamable = action == "new"
                || action == "edit"
                || custom(&options.member)
                || custom(&options.collection);
            if renamable {
                continue;
            }
            let reason = if custom(&options.new) {
                format!("`{action}` is a custom `new` action, whose path is never renamed")
            } else {
                let kind = if singleton { "resource" } else { "resources" };
                format!(
                    "this `{kind}` has no `{action}` action to rename; `path_names` renames \
                     `new`, `edit`, member and collection actions"
                )
            };
            self.error(*span, reason);
        }
    }

    fn associations(&self, items: &[Item]) -> Vec<Association> {
        let mut out = Vec::new();
        for item in items {
            match item {
                Item::Name(name) => {
                    if self.check_name(name, "resource") {
                        out.push(Association {
                            name: name.clone(),
                            children: Vec::new(),
                        });
                    }
                }
                Item::Call(name, children) => {
                    if self.check_name(name, "resource") {
                        out.push(Association {
                            name: name.clone(),
                            children: self.associations(children),
                        });
                    }
                }
                other => {
                    let key = other.key();
                    self.error(
                        key.span(),
                        "expected resource names, nested as `messages(comments)`",
                    );
                }
            }
        }
        out
    }

    fn has_one(&self, arg: &Arg) -> Vec<Ident> {
        let Some(items) = self.items(arg) else {
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|item| match item {
                Item::Name(name) if self.check_name(name, "resource") => Some(name.clone()),
                Item::Name(_) => None,
                other => {
                    self.error(other.key().span(), "expected singleton resource names");
                    None
                }
            })
            .collect()
    }

    fn apply_requirements(&mut self, route: &mut RouteDef, requirements: &[usize]) {
        for segment in &mut route.segments {
            if let SegmentDef::Param {
                name, requirement, ..
            } = segment
                && let Some(&index) = requirements
                    .iter()
                    .find(|&&i| self.model.requirements[i].param == name.as_str())
            {
                *requirement = Some(index);
                self.model.requirements[index].used = true;
            }
        }
    }

    fn map_resource(
        &mut self,
        resource: &Resource,
        options: &ResourceOptions,
        block: Option<&[Stmt]>,
        scope: &Scope,
    ) {
        let mut claimed: HashSet<String> = HashSet::new();
        for (i, mut route) in resource.routes(options).into_iter().enumerate() {
            if let Some(name) = &route.name
                && !claimed.insert(name.clone())
            {
                route.name = None;
            }
            route.conditions = options.conditions.clone();
            self.apply_requirements(&mut route, &options.requirements);
            self.push_route(route, i == 0);
        }
        let inner = resource.nested_scope(scope);
        for association in &options.has_many {
            self.map_association(association, &inner);
        }
        for name in &options.has_one {
            let child = Resource::new(
                name,
                &ResourceOptions::default(),
                &inner,
                true,
                &self.path_names,
            );
            self.map_resource(&child, &ResourceOptions::default(), None, &inner);
        }
        if let Some(stmts) = block {
            self.stmts(stmts, &inner);
        }
    }

    fn map_association(&mut self, association: &Association, scope: &Scope) {
        let options = ResourceOptions {
            has_many: association.children.clone(),
            ..ResourceOptions::default()
        };
        let child = Resource::new(&association.name, &options, scope, false, &self.path_names);
        self.map_resource(&child, &options, None, scope);
    }
}

/// Words of letters, digits and `_` joined by `/`: `articles`, `admin/users`.
fn is_controller_path(value: &str) -> bool {
    !value.is_empty()
        && value.split('/').all(|part| {
            !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// Lowercase letters, digits and `_`, not starting with a digit: what route names are made of.
fn is_snake_case(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The closest of `choices` to `word`, when close enough to be a likely misspelling.
fn did_you_mean<'c>(word: &str, choices: &[&'c str]) -> Option<&'c str> {
    choices
        .iter()
        .map(|c| (distance(word, c), *c))
        .filter(|&(d, c)| d <= 2.max(c.len() / 3))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// One resource of a `resources`/`resource` declaration, with its names and paths worked out.
struct Resource {
    span: Span,
    singleton: bool,
    plural: String,
    singular: String,
    controller: String,
    /// The resource's own segment(s): its plural, or `as`.
    segment: Vec<SegmentDef>,
    path: Vec<SegmentDef>,
    /// Prefix of member paths: the path prefix, or only the namespace when shallow.
    shallow_path_prefix: Vec<SegmentDef>,
    name_prefix: String,
    shallow_name_prefix: String,
    shallow: bool,
    member_param: String,
    path_names: Vec<(String, String)>,
    /// The controller prefix (`admin/`), and the path and name prefixes shallow member routes
    /// keep (`/admin`, `admin_`).
    namespace: String,
    namespace_path: Vec<SegmentDef>,
    namespace_name: String,
}

impl Resource {
    fn new(
        name: &Ident,
        options: &ResourceOptions,
        scope: &Scope,
        singleton: bool,
        global_path_names: &[(String, String)],
    ) -> Self {
        let span = name.span();
        let name = name.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        let (plural, singular) = if singleton {
            (name.clone(), name.clone())
        } else {
            let singular = options
                .singular
                .clone()
                .unwrap_or_else(|| singularize(&name));
            (name.clone(), singular)
        };
        let controller_base = options.controller.clone().unwrap_or_else(|| {
            if singleton {
                pluralize(&name)
            } else {
                name.clone()
            }
        });
        let path_prefix = options
            .path_prefix
            .clone()
            .unwrap_or_else(|| scope.path_prefix.clone());
        let name_prefix = match &options.name_prefix {
            Some(Some(prefix)) => prefix.clone(),
            Some(None) => String::new(),
            None => scope.name_prefix.clone(),
        };
        let shallow = !singleton && options.shallow.unwrap_or(scope.shallow);
        let segment = options
            .path_segment
            .clone()
            .unwrap_or_else(|| vec![SegmentDef::Static(plural.clone())]);
        let mut path = path_prefix.clone();
        path.extend(segment.iter().cloned());
        let mut path_names: Vec<(String, String)> = global_path_names.to_vec();
        for (action, segment, _) in &options.path_names {
            path_names.retain(|(a, _)| a != action);
            path_names.push((action.clone(), segment.clone()));
        }
        // Rails' `:namespace` option replaces the enclosing namespace, for the controller and
        // for what shallow member routes keep.
        let (namespace, namespace_path, namespace_name) = match &options.namespace {
            Some(namespace) => (
                namespace.clone(),
                namespace
                    .trim_end_matches('/')
                    .split('/')
                    .map(|part| SegmentDef::Static(part.to_owned()))
                    .collect(),
                namespace.replace('/', "_"),
            ),
            None => (
                scope.namespace.clone(),
                scope.namespace_path.clone(),
                scope.namespace_name.clone(),
            ),
        };
        Resource {
            span,
            singleton,
            plural,
            singular,
            controller: format!("{namespace}{controller_base}"),
            segment,
            path,
            shallow_path_prefix: if shallow {
                namespace_path.clone()
            } else {
                path_prefix
            },
            shallow_name_prefix: if shallow {
                namespace_name.clone()
            } else {
                name_prefix.clone()
            },
            name_prefix,
            shallow,
            member_param: options.param.clone().unwrap_or_else(|| "id".to_owned()),
            path_names,
            namespace,
            namespace_path,
            namespace_name,
        }
    }

    fn path_name<'s>(&'s self, action: &'s str) -> &'s str {
        self.path_names
            .iter()
            .rev()
            .find(|(a, _)| a == action)
            .map_or(action, |(_, segment)| segment.as_str())
    }

    /// `/articles/:id`, or the path itself for a singleton.
    fn member_path(&self) -> Vec<SegmentDef> {
        if self.singleton {
            return self.path.clone();
        }
        let mut path = self.shallow_path_prefix.clone();
        path.extend(self.segment.iter().cloned());
        path.push(param(&self.member_param));
        path
    }

    fn new_path(&self) -> Vec<SegmentDef> {
        let mut path = self.path.clone();
        path.push(SegmentDef::Static(self.path_name("new").to_owned()));
        path
    }

    fn route(
        &self,
        name: String,
        methods: &[Verb],
        segments: Vec<SegmentDef>,
        action: &str,
    ) -> RouteDef {
        RouteDef {
            name: Some(name),
            decl: 0,
            span: self.span,
            methods: methods.to_vec(),
            segments,
            format: Format::Optional,
            controller: self.controller.clone(),
            action: action.to_owned(),
            conditions: Vec::new(),
        }
    }

    fn custom_route(&self, name: String, action: &CustomAction, path: Vec<SegmentDef>) -> RouteDef {
        RouteDef {
            span: action.span,
            ..self.route(name, &action.methods, path, &action.name)
        }
    }

    /// The routes of this resource in Rails 2.3's order; routes sharing a name are all named
    /// here and the first keeps it.
    fn routes(&self, options: &ResourceOptions) -> Vec<RouteDef> {
        let allowed = |action: &str| {
            options
                .allowed
                .as_ref()
                .is_none_or(|list| list.iter().any(|a| a == action))
        };
        let mut routes = Vec::new();
        let np = &self.name_prefix;
        let snp = &self.shallow_name_prefix;
        let with = |mut path: Vec<SegmentDef>, segment: &str| {
            path.push(SegmentDef::Static(segment.to_owned()));
            path
        };

        for action in &options.collection {
            let name = format!("{}_{np}{}", action.name, self.plural);
            let path = with(self.path.clone(), self.path_name(&action.name));
            routes.push(self.custom_route(name, action, path));
        }
        if !self.singleton {
            let mut index_name = format!("{np}{}", self.plural);
            if self.singular == self.plural {
                index_name.push_str("_index");
            }
            if allowed("index") {
                routes.push(self.route(
                    index_name.clone(),
                    &[Verb::Get],
                    self.path.clone(),
                    "index",
                ));
            }
            if allowed("create") {
                routes.push(self.route(index_name, &[Verb::Post], self.path.clone(), "create"));
            }
        }

        let new_name = format!("new_{np}{}", self.singular);
        if allowed("new") {
            routes.push(self.route(new_name.clone(), &[Verb::Get], self.new_path(), "new"));
        }
        for action in &options.new {
            let (name, path) = if action.name == "new" {
                (new_name.clone(), self.new_path())
            } else {
                (
                    format!("{}_{new_name}", action.name),
                    with(self.new_path(), &action.name),
                )
            };
            routes.push(self.custom_route(name, action, path));
        }

        if allowed("edit") {
            let name = format!("edit_{snp}{}", self.singular);
            let path = with(self.member_path(), self.path_name("edit"));
            routes.push(self.route(name, &[Verb::Get], path, "edit"));
        }
        for action in &options.member {
            let name = format!("{}_{snp}{}", action.name, self.singular);
            let path = with(self.member_path(), self.path_name(&action.name));
            routes.push(self.custom_route(name, action, path));
        }
        let member_name = format!("{snp}{}", self.singular);
        for (action, methods) in [
            ("show", &[Verb::Get][..]),
            ("update", &[Verb::Put, Verb::Patch][..]),
            ("destroy", &[Verb::Delete][..]),
        ] {
            if allowed(action) {
                routes.push(self.route(member_name.clone(), methods, self.member_path(), action));
            }
        }
        if self.singleton && allowed("create") {
            routes.push(self.route(member_name, &[Verb::Post], self.path.clone(), "create"));
        }
        routes
    }

    /// What nested declarations inherit: the nesting path and name prefixes, the namespace,
    /// `shallow`, and this resource's controller for plain routes.
    fn nested_scope(&self, scope: &Scope) -> Scope {
        let path_prefix = if self.singleton {
            self.path.clone()
        } else {
            let mut path = self.shallow_path_prefix.clone();
            path.extend(self.segment.iter().cloned());
            path.push(param(&format!("{}_{}", self.singular, self.member_param)));
            path
        };
        Scope {
            path_prefix,
            name_prefix: format!("{}{}_", self.shallow_name_prefix, self.singular),
            namespace: self.namespace.clone(),
            namespace_path: self.namespace_path.clone(),
            namespace_name: self.namespace_name.clone(),
            shallow: self.shallow || (self.singleton && scope.shallow),
            controller: Some(self.controller.clone()),
            top_level: false,
        }
    }
}

fn param(name: &str) -> SegmentDef {
    SegmentDef::Param {
        name: name.to_owned(),
        requirement: None,
        optional: false,
    }
}
