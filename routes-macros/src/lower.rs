//! Lowering: from the syntax to the flat route table, one function per declaration kind (the
//! two that hold for the whole route set in `globals`). Options are read (and misused ones
//! reported) by `options`; the routes a resource generates come from `layout`.

use std::collections::HashSet;

use proc_macro2::Span;
use routes_syntax::pattern::{FormatSuffix, Piece, optional_tail, route_format};
use syn::{Ident, LitStr};

use crate::errors::{Errors, hint};
use crate::layout::{Part, Resource, ResourceOptions, Scope};
use crate::model::{PerParam, Route, RouteTable, Segment, Verb};
use crate::options::{Options, Reader};
use crate::parse::{Arg, Input, Stmt};
// Spelt out so that the fuzz target, which includes this file by path, finds it too.
#[path = "lower/globals.rs"]
mod globals;

use crate::symbol::{
    ACTION, BLOCK_KEYWORDS, CONDITIONS, CONNECT, CONTROLLER, DEFAULT_URL_OPTIONS, FLAGS, INDEX,
    KEYWORDS, NAMED, NAMESPACE, PLURAL_ONLY_OPTIONS, REQUIREMENTS, RESOURCE, RESOURCES,
    RESOURCES_OPTIONS, RESOURCES_PATH_NAMES, ROOT, ROUTE_OPTIONS, TYPES, VIA,
};

pub fn lower(input: &Input, errors: &Errors) -> RouteTable {
    let mut lowering = Lowering {
        read: Reader { errors },
        table: RouteTable {
            routes: Vec::new(),
            url_options: None,
            requirements: Vec::new(),
            types: Vec::new(),
        },
        seen_globals: HashSet::new(),
        decls: 0,
    };
    let scope = Scope {
        top_level: true,
        path_names: lowering.resources_path_names(&input.stmts),
        ..Scope::default()
    };
    lowering.stmts(&input.stmts, &scope);
    lowering.table
}

/// The declarations that write their pattern out, for what differs between them.
#[derive(Clone, Copy, PartialEq)]
enum Plain {
    Named,
    /// Unnamed; a trailing `:action` and `:id` may be left out, as in Rails' default route.
    Connect,
    /// Named `root`; GET unless told otherwise.
    Root,
}

impl Plain {
    fn keyword(self) -> &'static str {
        match self {
            Plain::Named => NAMED,
            Plain::Connect => CONNECT,
            Plain::Root => ROOT,
        }
    }
}

struct Lowering<'a> {
    read: Reader<'a>,
    table: RouteTable,
    /// The declarations that hold for the whole route set, seen so far.
    seen_globals: HashSet<String>,
    decls: usize,
}

impl Lowering<'_> {
    fn error(&self, span: Span, message: impl std::fmt::Display) {
        self.read.error(span, message);
    }

    /// Numbers a new declaration, in the order they are written.
    fn declaration(&mut self) -> usize {
        self.decls += 1;
        self.decls
    }

    fn stmts(&mut self, stmts: &[Stmt], scope: &Scope) {
        for stmt in stmts {
            self.stmt(stmt, scope);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, scope: &Scope) {
        let keyword = stmt.keyword.to_string();
        if let Some(block) = &stmt.block
            && !BLOCK_KEYWORDS.contains(&keyword.as_str())
            && KEYWORDS.contains(&keyword.as_str())
        {
            self.error(block.span, format!("`{keyword}` takes no block"));
        }
        match keyword.as_str() {
            RESOURCES => self.resources(stmt, scope, false),
            RESOURCE => self.resources(stmt, scope, true),
            NAMESPACE => self.namespace(stmt, scope),
            NAMED => self.named(stmt, scope),
            ROOT => self.root(stmt, scope),
            CONNECT => self.connect(stmt, scope),
            DEFAULT_URL_OPTIONS => self.default_url_options(stmt, scope),
            RESOURCES_PATH_NAMES => {
                self.check_global(stmt, scope);
            }
            _ => self.error(
                stmt.keyword.span(),
                format!(
                    "unknown declaration `{keyword}`{}",
                    hint(&keyword, KEYWORDS)
                ),
            ),
        }
    }

    fn namespace(&mut self, stmt: &Stmt, scope: &Scope) {
        let args = self.read.args(stmt, &[], &[], &[]);
        self.read.no_patterns(&stmt.keyword, &args.patterns);
        let [name] = args.names.as_slice() else {
            self.error(
                stmt.keyword.span(),
                "`namespace` takes one name: `namespace(admin) { ... }`",
            );
            return;
        };
        if !self.read.check_name(name, "namespace") {
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
        inner.path_prefix.push(Segment::Static(name.clone()));
        inner.name_prefix.push_str(&format!("{name}_"));
        inner.namespace.push_str(&format!("{name}/"));
        inner.namespace_path.push(Segment::Static(name.clone()));
        inner.namespace_name.push_str(&format!("{name}_"));
        inner.controller = None;
        self.stmts(&block.stmts, &inner);
    }

    fn named(&mut self, stmt: &Stmt, scope: &Scope) {
        let args = self.read.args(stmt, ROUTE_OPTIONS, &[], &[]);
        let (name, pattern) = match (args.names.as_slice(), args.patterns.as_slice()) {
            ([name], [pattern]) => (*name, *pattern),
            _ => {
                self.error(
                    stmt.keyword.span(),
                    "`named` takes a name and a pattern: `named(login, \"/login\", ...)`",
                );
                return;
            }
        };
        if !self.read.check_name(name, "route") {
            return;
        }
        let route_name = format!("{}{}", scope.name_prefix, name);
        let span = name.span();
        let options = &args.options;
        self.plain_route(
            scope,
            Plain::Named,
            span,
            Some(route_name),
            pattern,
            options,
        );
    }

    fn connect(&mut self, stmt: &Stmt, scope: &Scope) {
        let args = self.read.args(stmt, ROUTE_OPTIONS, &[], &[]);
        for name in args.names {
            self.error(
                name.span(),
                "`connect` routes are unnamed; use `named(NAME, \"pattern\")` for a named route",
            );
        }
        let [pattern] = args.patterns.as_slice() else {
            self.error(
                stmt.keyword.span(),
                "`connect` takes one pattern: `connect(\"/:controller/:action/:id\")`",
            );
            return;
        };
        let span = stmt.keyword.span();
        self.plain_route(scope, Plain::Connect, span, None, pattern, &args.options);
    }

    /// `named`, `connect` and `root`: a route from a pattern written out.
    fn plain_route(
        &mut self,
        scope: &Scope,
        kind: Plain,
        span: Span,
        name: Option<String>,
        pattern: &LitStr,
        options: &Options<'_>,
    ) {
        let Some((parsed, suffix)) = self.read.pattern(pattern) else {
            return;
        };
        let controller_option = options.get(CONTROLLER).and_then(|a| self.read.string(a));
        let action_option = options.get(ACTION).and_then(|a| self.read.string(a));
        let mut segments = scope.path_prefix.clone();
        let mut has_controller = false;
        let mut has_action = false;
        let tail = if kind == Plain::Connect {
            scope.path_prefix.len() + optional_tail(&parsed)
        } else {
            usize::MAX
        };
        for piece in parsed {
            let optional = segments.len() >= tail;
            segments.push(match piece {
                Piece::Static(text) => Segment::Static(text),
                Piece::Dynamic(name) if name == CONTROLLER => {
                    has_controller = true;
                    Segment::Controller {
                        namespace: scope.namespace.clone(),
                    }
                }
                Piece::Dynamic(name) if name == ACTION => {
                    has_action = true;
                    Segment::Action { optional }
                }
                Piece::Dynamic(name) => Segment::Param {
                    name,
                    requirement: None,
                    ty: None,
                    optional,
                },
            });
        }
        let keyword = kind.keyword();
        let controller = match (&controller_option, has_controller) {
            (Some(lit), true) => {
                self.error(
                    lit.span(),
                    "the pattern's `:controller` already names the controller",
                );
                return;
            }
            (Some(lit), false) => match self.read.controller_name(lit) {
                Some(c) => format!("{}{c}", scope.namespace),
                None => return,
            },
            (None, true) => String::new(),
            (None, false) => match &scope.controller {
                Some(c) => c.clone(),
                None => {
                    let segment = if kind == Plain::Root {
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
            .any(|s| matches!(s, Segment::Action { optional: true }));
        let action = match (&action_option, has_action) {
            (Some(lit), true) if !optional_action => {
                self.error(
                    lit.span(),
                    "the pattern's `:action` already names the action; a default action \
                     needs a trailing `:action` in `connect`",
                );
                return;
            }
            (Some(lit), _) => match self.read.action_name(lit) {
                Some(a) => a,
                None => return,
            },
            _ => INDEX.to_owned(),
        };
        let (conditions, condition_method) = options
            .get(CONDITIONS)
            .map(|a| self.read.conditions(a, true))
            .unwrap_or_default();
        let via = options.get(VIA).and_then(|arg| match arg {
            Arg::Assign(_, value) => self.read.via(value),
            other => {
                self.error(other.span(), "`via` takes a method: `via = post`");
                None
            }
        });
        if via.is_some() && condition_method.is_some() {
            self.error(
                options.get(VIA).map_or(span, Arg::span),
                "the method is given twice: by `via` and by `conditions(method = ...)`",
            );
        }
        // A root answers GET (and so HEAD) unless told otherwise, unlike Rails 2, where
        // `DELETE /` reached the home page.
        let methods = via.or(condition_method).unwrap_or_else(|| match kind {
            Plain::Root => vec![Verb::Get],
            Plain::Named | Plain::Connect => Vec::new(),
        });
        let requirements = options
            .get(REQUIREMENTS)
            .map(|a| self.read.requirements(a, &mut self.table))
            .unwrap_or_default();
        let types = options
            .get(TYPES)
            .map(|a| self.read.types(a, &mut self.table))
            .unwrap_or_default();
        let format = route_format(segments.len(), suffix);
        let route = Route {
            name,
            decl: self.declaration(),
            span,
            methods,
            segments,
            format,
            controller,
            action,
            conditions,
        };
        self.push(route, &requirements, &types);
    }

    /// `root(...)`: a route named `root` at the scope's path (`/` at the top level).
    fn root(&mut self, stmt: &Stmt, scope: &Scope) {
        let args = self.read.args(stmt, ROUTE_OPTIONS, &[], &[]);
        self.read.no_patterns(&stmt.keyword, &args.patterns);
        let name = format!("{}root", scope.name_prefix);
        let span = stmt.keyword.span();
        match args.names.as_slice() {
            [] => {
                let path = LitStr::new("/", span);
                let options = &args.options;
                self.plain_route(scope, Plain::Root, span, Some(name), &path, options);
            }
            [target] => self.root_like(target, name, span, scope, &args.options),
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
        let decl = self.declaration();
        let wanted = target.to_string();
        let Some(source) = self
            .table
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
        let route = Route {
            name: Some(name),
            decl,
            span,
            methods: source.methods.clone(),
            format: route_format(segments.len(), FormatSuffix::Unspecified),
            segments,
            controller: source.controller.clone(),
            action: source.action.clone(),
            conditions: source.conditions.clone(),
        };
        self.push(route, &[], &[]);
    }

    fn resources(&mut self, stmt: &Stmt, scope: &Scope, singleton: bool) {
        // A singleton accepts the plural-only options here so that `meaningless_for_singleton`
        // can say why they mean nothing, rather than calling them unknown.
        let unlisted = if singleton { PLURAL_ONLY_OPTIONS } else { &[] };
        let args = self.read.args(stmt, RESOURCES_OPTIONS, FLAGS, unlisted);
        self.read.no_patterns(&stmt.keyword, &args.patterns);
        if singleton {
            self.read.meaningless_for_singleton(stmt);
        }
        if args.names.is_empty() {
            self.error(
                stmt.keyword.span(),
                format!("`{}` needs at least one name", stmt.keyword),
            );
            return;
        }
        let options = self
            .read
            .resource_options(&args.options, singleton, &mut self.table);
        let block = stmt.block.as_ref().map(|b| &b.stmts[..]);
        for name in args.names {
            if self.read.check_name(name, "resource") {
                self.map_resource(name, singleton, &options, block, scope);
            }
        }
    }

    /// One name of a resource declaration, or one resource of `has_many`/`has_one`: its
    /// routes and nested declarations where the layout puts them.
    fn map_resource(
        &mut self,
        name: &Ident,
        singleton: bool,
        options: &ResourceOptions,
        block: Option<&[Stmt]>,
        scope: &Scope,
    ) {
        let decl = self.declaration();
        let resource = Resource::new(name, options, scope, singleton);
        for part in resource.layout(options, scope) {
            match part {
                Part::Routes(routes) => {
                    for route in routes {
                        let route = Route { decl, ..route };
                        self.push(route, &options.requirements, &options.types);
                    }
                }
                Part::Nested {
                    name,
                    singleton,
                    options,
                    scope,
                } => self.map_resource(&name, singleton, &options, None, &scope),
                Part::Block(inner) => {
                    if let Some(stmts) = block {
                        self.stmts(stmts, &inner);
                    }
                }
            }
        }
    }

    /// Adds a route to the table, its dynamic segments constrained by `requirements` and
    /// typed by `types` (indexes into the table's).
    fn push(&mut self, mut route: Route, requirements: &[usize], types: &[usize]) {
        for segment in &mut route.segments {
            let Segment::Param {
                name,
                requirement,
                ty,
                ..
            } = segment
            else {
                continue;
            };
            *requirement = apply(&mut self.table.requirements, requirements, name);
            *ty = apply(&mut self.table.types, types, name);
        }
        self.table.routes.push(route);
    }
}

/// The entry of `entries` (among `applicable`) for the dynamic segment `name`, which is now
/// used; the others learn that their routes have `name`, for their hint if they stay unused.
fn apply<T>(entries: &mut [PerParam<T>], applicable: &[usize], name: &str) -> Option<usize> {
    let mut found = None;
    for &index in applicable {
        let entry = &mut entries[index];
        if entry.param == name {
            entry.used = true;
            found = Some(index);
        } else if !entry.segments.iter().any(|s| s == name) {
            entry.segments.push(name.to_owned());
        }
    }
    found
}
