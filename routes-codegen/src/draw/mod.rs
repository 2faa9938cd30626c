//! The `draw!` front: the routing DSL of Rails 3 to 8 lowered into the route table as Rails'
//! mapper (`ActionDispatch::Routing::Mapper`, 6.1) draws it: the scope stack and its merge
//! rules (`scope`), resources and the levels inside them (`resource`), the routes themselves
//! with their names, paths and targets (`route`), each lowered with its constraints, types and
//! defaults into a route of the table (`mapping`), and their patterns read into segments
//! (`pattern`); option values are read in `options`. The table it builds is `routes!`'s; everything after lowering is
//! shared.

mod mapping;
mod options;
mod pattern;
mod resource;
mod route;
mod scope;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use proc_macro2::Span;
use syn::{Ident, LitStr};

use crate::builder::Builder;
use crate::errors::{Errors, hint};
use crate::model::{Dialect, RequestConditions, RouteTable, UrlOptions, Verb};
use crate::options::Reader;
use crate::parse::{Arg, Input, Item, Stmt, Value};
use crate::symbol::draw as words;

use scope::{Frame, Scope};

pub fn lower(input: &Input, errors: &Errors) -> RouteTable {
    let mut mapper = Mapper {
        read: Reader {
            errors,
            foreign: crate::symbol::ROUTES_IN_DRAW,
        },
        build: Builder::new(Dialect::Rails3),
        scope: Scope::new(Vec::new()),
        concerns: HashMap::new(),
        names: HashMap::new(),
        requirements: HashMap::new(),
        resource_span: Span::call_site(),
        url_options: false,
        conditions: Vec::new(),
        types: HashMap::new(),
        types_written: RefCell::new(Vec::new()),
        types_used: HashSet::new(),
        expanding: Vec::new(),
        too_many: false,
    };
    mapper.stmts(&input.stmts);
    mapper.finish()
}

/// The most routes concerns may draw: far past any table a recogniser is compiled for.
const MAX_ROUTES: usize = 50_000;

pub(super) struct Mapper<'a> {
    read: Reader<'a>,
    build: Builder,
    scope: Scope,
    /// `concern(NAME) { ... }`, by name.
    concerns: HashMap<String, &'a [Stmt]>,
    /// The concerns being drawn, innermost last: one that uses itself is an error.
    expanding: Vec<String>,
    /// Whether concerns drew more routes than a table takes (reported once).
    too_many: bool,
    /// The route names taken so far (Rails' `has_named_route?`).
    /// ... and where each was given.
    names: HashMap<String, Span>,
    /// The requirement each constraint written is for a param, by where it is written and the
    /// param: a scope's constraint is one requirement of the table for each param it reaches
    /// (a resource's `id` constrains its nested `post_id` too), however many routes.
    requirements: HashMap<(SpanKey, String), usize>,
    /// The token a resource's own routes point at.
    resource_span: Span,
    url_options: bool,
    conditions: Vec<RequestConditions>,
    /// The entry of the table's types each `types(...)` key written is for a param, by
    /// where it is written and the param (a resource's `id` types its nested `post_id`).
    types: HashMap<(SpanKey, String), usize>,
    /// Every `types(...)` key written, and those some route took: one none took is an error.
    types_written: RefCell<Vec<(SpanKey, Ident)>>,
    types_used: HashSet<SpanKey>,
}

/// A token of the invocation, by its place in the syntax tree.
type SpanKey = usize;

/// A declaration's options, as written, by key.
#[derive(Clone, Default)]
pub(super) struct Options<'a> {
    args: Vec<&'a Arg>,
}

impl<'a> Options<'a> {
    fn get(&self, key: &str) -> Option<&'a Arg> {
        self.args
            .iter()
            .copied()
            .find(|a| a.key().is_some_and(|k| k == key))
    }

    fn is_empty(&self) -> bool {
        self.args.is_empty()
    }

    /// The options but `keys`.
    fn without(&self, keys: &[&str]) -> Options<'a> {
        Options {
            args: self
                .args
                .iter()
                .copied()
                .filter(|a| !a.key().is_some_and(|k| keys.iter().any(|w| k == w)))
                .collect(),
        }
    }
}

impl<'a> Mapper<'a> {
    fn error(&self, span: Span, message: impl std::fmt::Display) {
        self.read.error(span, message);
    }

    fn note(&self, span: Span, message: impl std::fmt::Display) {
        self.read.note(span, message);
    }

    fn finish(mut self) -> RouteTable {
        let mut reported = HashSet::new();
        for (written, key) in self.types_written.borrow().iter() {
            if !self.types_used.contains(written) && reported.insert(*written) {
                self.error(
                    key.span(),
                    format!("type for `{key}` matches no dynamic segment of these routes"),
                );
            }
        }
        let conditions = std::mem::take(&mut self.conditions);
        let mut table = self.build.finish();
        table.request_conditions = conditions;
        table
    }

    fn stmts(&mut self, stmts: &'a [Stmt]) {
        for stmt in stmts {
            self.stmt(stmt);
        }
    }

    fn stmt(&mut self, stmt: &'a Stmt) {
        let keyword = stmt.keyword.to_string();
        let keyword = keyword.strip_prefix("r#").unwrap_or(&keyword);
        if let Some(block) = &stmt.block
            && !words::BLOCK_KEYWORDS.contains(&keyword)
            && words::KEYWORDS.contains(&keyword)
        {
            self.error(block.span, format!("`{keyword}` takes no block"));
        }
        match keyword {
            words::GET => self.verb_route(stmt, Some(Verb::Get)),
            words::POST => self.verb_route(stmt, Some(Verb::Post)),
            words::PUT => self.verb_route(stmt, Some(Verb::Put)),
            words::PATCH => self.verb_route(stmt, Some(Verb::Patch)),
            words::DELETE => self.verb_route(stmt, Some(Verb::Delete)),
            words::MATCH => self.verb_route(stmt, None),
            words::ROOT => self.root(stmt),
            words::MOUNT => self.mount(stmt),
            words::RESOURCES => self.resources(stmt, false),
            words::RESOURCE => self.resources(stmt, true),
            words::NAMESPACE => self.namespace(stmt),
            words::SCOPE => self.scope_stmt(stmt),
            words::CONSTRAINTS => self.constraints_stmt(stmt),
            words::DEFAULTS => self.defaults_stmt(stmt),
            words::CONTROLLER => self.controller_stmt(stmt),
            words::CONCERN => self.concern(stmt),
            words::CONCERNS => self.concerns_stmt(stmt),
            words::COLLECTION | words::MEMBER | words::NEW | words::NESTED => {
                self.resource_scope_stmt(stmt, keyword)
            }
            words::SHALLOW => self.shallow_stmt(stmt),
            words::DEFAULT_URL_OPTIONS => self.default_url_options(stmt),
            words::RESOURCES_PATH_NAMES => self.resources_path_names(stmt),
            _ => self.error(
                stmt.keyword.span(),
                self.read.foreign.advice(keyword).unwrap_or_else(|| {
                    format!(
                        "unknown declaration `{keyword}`{}",
                        hint(keyword, words::KEYWORDS)
                    )
                }),
            ),
        }
    }

    /// The declarations of `stmt`'s block, which it must have.
    fn block(&mut self, stmt: &'a Stmt) {
        match &stmt.block {
            Some(block) => self.stmts(&block.stmts),
            None => self.error(
                stmt.keyword.span(),
                format!(
                    "`{}` needs a block of declarations: `{{ ... }}`",
                    stmt.keyword
                ),
            ),
        }
    }

    /// Splits `stmt`'s arguments into names, patterns and options known to it.
    fn args(
        &self,
        stmt: &'a Stmt,
        allowed: &[&str],
        flags: &[&str],
    ) -> (Vec<&'a Ident>, Vec<&'a LitStr>, Options<'a>) {
        let args = self.read.args(stmt, allowed, flags, &[]);
        let options = Options {
            args: args.options.args,
        };
        (args.names, args.patterns, options)
    }

    fn no_args(&self, stmt: &Stmt) {
        if let Some(arg) = stmt.args.first() {
            self.error(arg.span(), format!("`{}` takes no arguments", stmt.keyword));
        }
    }

    /// `namespace(admin) { ... }`: path `admin`, module `admin`, names `admin_`.
    fn namespace(&mut self, stmt: &'a Stmt) {
        let (names, patterns, options) =
            self.args(stmt, words::NAMESPACE_OPTIONS, &[words::SHALLOW]);
        self.read.no_patterns(&stmt.keyword, &patterns);
        let [name] = names.as_slice() else {
            self.error(
                stmt.keyword.span(),
                "`namespace` takes one name: `namespace(admin) { ... }`",
            );
            return;
        };
        if !self.read.check_name(name, "namespace") {
            return;
        }
        if self.scope.in_resource() {
            self.nested(|this| this.namespace_in(stmt, name, &options));
        } else {
            self.namespace_in(stmt, name, &options);
        }
    }

    fn namespace_in(&mut self, stmt: &'a Stmt, name: &Ident, options: &Options<'a>) {
        let name = name.to_string();
        let path = options
            .get(words::PATH)
            .and_then(|a| self.read.string(a))
            .map_or_else(|| name.clone(), |l| l.value());
        let as_ = match options.get(words::AS) {
            Some(arg) => self.name_or_none(arg),
            None => Some(name.clone()),
        };
        let module = match options.get(words::MODULE) {
            Some(arg) => self.read.string(arg).map(|l| l.value()),
            None => Some(name.clone()),
        };
        self.path_scope(&path);
        let mut frame =
            self.scope_frame(&options.without(&[words::PATH, words::AS, words::MODULE]));
        frame.module = Some(module.map(|m| scope::join_module(self.scope.module().as_deref(), &m)));
        frame.as_ = Some(
            as_.as_deref()
                .map(|a| scope::join_name(self.scope.as_().as_deref(), a)),
        );
        if frame.shallow_path.is_none() {
            frame.shallow_path = Some(Some(scope::join_path(
                &self.scope.shallow_path().unwrap_or_default(),
                &path,
            )));
        }
        if frame.shallow_prefix.is_none() {
            frame.shallow_prefix = Some(
                as_.as_deref()
                    .map(|a| scope::join_name(self.scope.shallow_prefix().as_deref(), a)),
            );
        }
        self.scope.push(frame);
        self.block(stmt);
        self.scope.pop();
        self.scope.pop();
    }

    /// `scope("path", ...) { ... }`; `scope(v2)` and `scope("v3", "admin")` join their words
    /// into the path, as Rails joins `scope(:v3, :admin)`'s.
    fn scope_stmt(&mut self, stmt: &'a Stmt) {
        let (names, patterns, mut options) =
            self.args(stmt, words::SCOPE_OPTIONS, &[words::SHALLOW]);
        if let (Some(name), Some(_)) = (names.first(), patterns.first()) {
            self.error(
                name.span(),
                "`scope` takes a path as names or as strings, not both: `scope(\"api/v1\") { ... }`",
            );
        }
        let parts: Vec<String> = names
            .iter()
            .map(|n| n.to_string())
            .chain(patterns.iter().map(|p| p.value()))
            .collect();
        let path = (!parts.is_empty()).then(|| parts.join("/"));
        if let (Some(path), Some(arg)) = (&path, options.get(words::PATH)) {
            self.error(
                arg.span(),
                format!("the path is given twice: {path:?} and `path`"),
            );
            options = options.without(&[words::PATH]);
        }
        let frame = match path {
            Some(path) => self.scope_frame_with_path(&options, Some(path)),
            None => self.scope_frame(&options),
        };
        self.scope.push(frame);
        self.block(stmt);
        self.scope.pop();
    }

    /// `constraints(KEY = ..., with = predicate) { ... }`.
    fn constraints_stmt(&mut self, stmt: &'a Stmt) {
        let Some(items) = self.call_items(stmt) else {
            return;
        };
        let (constraints, blocks) = self.constraints(items);
        let frame = self.constraint_frame(constraints, blocks);
        self.scope.push(frame);
        self.block(stmt);
        self.scope.pop();
    }

    /// `defaults(KEY = value, ...) { ... }`.
    fn defaults_stmt(&mut self, stmt: &'a Stmt) {
        let Some(items) = self.call_items(stmt) else {
            return;
        };
        let defaults = self.defaults(items);
        let merged = scope::merge(self.scope.get(|f| f.defaults.as_ref()), &defaults);
        self.scope.push(Frame {
            defaults: Some(merged),
            ..Frame::default()
        });
        self.block(stmt);
        self.scope.pop();
    }

    /// `controller("posts") { ... }`.
    fn controller_stmt(&mut self, stmt: &'a Stmt) {
        let (names, patterns, options) = self.args(stmt, &[], &[]);
        let _ = options;
        let controller = match (names.as_slice(), patterns.as_slice()) {
            ([name], []) => Some(name.to_string()),
            ([], [lit]) => self.controller_name(lit),
            _ => {
                self.error(
                    stmt.keyword.span(),
                    "`controller` takes one controller: `controller(\"posts\") { ... }`",
                );
                None
            }
        };
        let Some(controller) = controller else {
            return;
        };
        self.scope.push(Frame {
            controller: Some(controller),
            ..Frame::default()
        });
        self.block(stmt);
        self.scope.pop();
    }

    /// `shallow { ... }`.
    fn shallow_stmt(&mut self, stmt: &'a Stmt) {
        self.no_args(stmt);
        self.scope.push(Frame {
            shallow: Some(true),
            ..Frame::default()
        });
        self.block(stmt);
        self.scope.pop();
    }

    /// `collection { ... }`, `member { ... }`, `new { ... }`, `nested { ... }`: inside a
    /// resource only.
    fn resource_scope_stmt(&mut self, stmt: &'a Stmt, keyword: &str) {
        self.no_args(stmt);
        if !self.scope.in_resource() {
            self.error(
                stmt.keyword.span(),
                format!("`{keyword}` belongs in the block of a `resources` or `resource`"),
            );
            return;
        }
        match keyword {
            words::COLLECTION => self.collection(|this| this.block(stmt)),
            words::MEMBER => self.member(|this| this.block(stmt)),
            words::NEW => self.new_scope(|this| this.block(stmt)),
            _ => self.nested(|this| this.block(stmt)),
        }
    }

    /// `concern(commentable) { ... }`: declarations kept, to be drawn where a resource or a
    /// `concerns(...)` names them.
    fn concern(&mut self, stmt: &'a Stmt) {
        let (names, patterns, _) = self.args(stmt, &[], &[]);
        self.read.no_patterns(&stmt.keyword, &patterns);
        let [name] = names.as_slice() else {
            self.error(
                stmt.keyword.span(),
                "`concern` takes one name: `concern(commentable) { ... }`",
            );
            return;
        };
        let Some(block) = &stmt.block else {
            self.error(name.span(), format!("`concern({name})` needs a block"));
            return;
        };
        self.concerns.insert(name.to_string(), &block.stmts);
    }

    /// `concerns(commentable, ...)`.
    fn concerns_stmt(&mut self, stmt: &'a Stmt) {
        let (names, patterns, _) = self.args(stmt, &[], &[]);
        self.read.no_patterns(&stmt.keyword, &patterns);
        if names.is_empty() && patterns.is_empty() {
            self.error(
                stmt.keyword.span(),
                "`concerns` takes the names of concerns: `concerns(commentable)`",
            );
        }
        for name in names {
            self.concern_by_name(name);
        }
    }

    fn concern_by_name(&mut self, name: &Ident) {
        let key = name.to_string();
        if self.expanding.contains(&key) {
            self.error(
                name.span(),
                format!("the concern `{key}` uses itself: its routes would never end"),
            );
            return;
        }
        // Concerns that use others twice over double at each level: past this many routes,
        // the table could never be compiled.
        if self.build.routes().len() > MAX_ROUTES {
            if !self.too_many {
                self.too_many = true;
                self.error(
                    name.span(),
                    format!("these concerns draw more than {MAX_ROUTES} routes"),
                );
            }
            return;
        }
        match self.concerns.get(&key).copied() {
            Some(stmts) => {
                self.expanding.push(key);
                self.stmts(stmts);
                self.expanding.pop();
            }
            None => {
                let known: Vec<&str> = self.concerns.keys().map(String::as_str).collect();
                self.error(
                    name.span(),
                    format!(
                        "no concern named `{key}` is declared before this{}",
                        hint(&key, &known)
                    ),
                );
            }
        }
    }

    /// `default_url_options(host = "...", protocol = "...", port = N)`.
    fn default_url_options(&mut self, stmt: &'a Stmt) {
        if self.url_options {
            self.error(
                stmt.keyword.span(),
                "`default_url_options` is declared twice",
            );
            return;
        }
        self.url_options = true;
        let (names, patterns, options) = self.args(stmt, crate::symbol::URL_OPTIONS, &[]);
        for name in names {
            self.error(
                name.span(),
                "expected `host = \"...\"`, `protocol = \"...\"` or `port = N`",
            );
        }
        self.read.no_patterns(&stmt.keyword, &patterns);
        let host = options
            .get(crate::symbol::HOST)
            .and_then(|a| self.read.string(a));
        let protocol = options
            .get(crate::symbol::PROTOCOL)
            .and_then(|a| self.read.string(a));
        let port = options.get(crate::symbol::PORT).and_then(|arg| match arg {
            Arg::Assign(_, Value::Int(lit)) => match lit.base10_parse::<u16>() {
                Ok(port) => Some(port),
                Err(_) => {
                    self.error(lit.span(), "a port is a number from 0 to 65535");
                    None
                }
            },
            other => {
                self.error(other.span(), "`port` takes a number: `port = 8080`");
                None
            }
        });
        match host {
            Some(host) => self.build.set_url_options(UrlOptions {
                host: host.value(),
                protocol: protocol.map(|p| p.value()),
                port,
            }),
            None => self.error(
                stmt.keyword.span(),
                "`default_url_options` needs `host = \"...\"`",
            ),
        }
    }

    /// `resources_path_names(new = "neu", ...)`: the paths of those actions for the resources
    /// declared after it in the scope.
    fn resources_path_names(&mut self, stmt: &'a Stmt) {
        let Some(pairs) = self.call_items(stmt) else {
            return;
        };
        let mut names = Vec::new();
        for (key, value) in pairs {
            match value {
                Value::Str(lit) => names.push((key.to_string(), lit.value())),
                other => self.error(other.span(), "a path name is a string: `new = \"neu\"`"),
            }
        }
        self.scope.rename_paths(&names);
    }

    /// The `KEY = value` arguments of a statement written `keyword(KEY = value, ...) { ... }`.
    fn call_items(&self, stmt: &'a Stmt) -> Option<Vec<(&'a Ident, &'a Value)>> {
        let mut pairs = Vec::new();
        for arg in &stmt.args {
            match arg {
                Arg::Assign(key, value) => pairs.push((key, value)),
                other => {
                    self.error(
                        other.span(),
                        format!("expected `key = value` in `{}(...)`", stmt.keyword),
                    );
                    return None;
                }
            }
        }
        if pairs.is_empty() {
            self.error(
                stmt.keyword.span(),
                format!("`{}` needs `key = value` arguments", stmt.keyword),
            );
            return None;
        }
        Some(pairs)
    }
}

/// The `KEY = value` items of an option such as `constraints(...)`.
pub(super) fn pairs<'a>(read: &Reader<'_>, items: &'a [Item]) -> Vec<(&'a Ident, &'a Value)> {
    let mut pairs = Vec::new();
    for item in items {
        match item {
            Item::Assign(key, value) => pairs.push((key, value)),
            other => {
                let key = other.key();
                read.error(key.span(), format!("expected `{key} = value`"));
            }
        }
    }
    pairs
}

/// A value written in the invocation, as a key of a map: the same token however many routes
/// it reaches.
pub(super) fn key_of<T>(written: &T) -> SpanKey {
    std::ptr::from_ref(written) as usize
}
