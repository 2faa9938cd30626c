//! Lowering: from the syntax to the flat route table, one function per declaration kind (the
//! patterns written out by `named`, `connect` and `root` in `plain`, the options a
//! `with_options` gives the declarations inside it in `with_options`, the two that hold for
//! the whole route set in `globals`). Options are read (and misused ones reported) by
//! `options`; the routes a resource generates come from `resources`.

use std::collections::HashSet;

use proc_macro2::Span;
use syn::Ident;

use crate::errors::{Errors, hint};
use crate::model::{PerParam, Route, RouteTable, Segment};
use crate::options::Reader;
use crate::parse::{Input, Stmt};
use crate::resources::{Part, Resource, ResourceOptions, Scope};
mod globals;
mod plain;
mod with_options;

use crate::symbol::{
    ACTION, BLOCK_KEYWORDS, CONNECT, CONTROLLER, DEFAULT_URL_OPTIONS, FLAGS, KEYWORDS, NAMED,
    NAMESPACE, PLURAL_ONLY_OPTIONS, RESOURCE, RESOURCES, RESOURCES_OPTIONS, RESOURCES_PATH_NAMES,
    ROOT, WITH_OPTIONS,
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
        with: Vec::new(),
    };
    let scope = Scope {
        top_level: true,
        path_names: lowering.resources_path_names(&input.stmts),
        ..Scope::default()
    };
    lowering.stmts(&input.stmts, &scope);
    lowering.table
}

struct Lowering<'a> {
    read: Reader<'a>,
    table: RouteTable,
    /// The declarations that hold for the whole route set, seen so far.
    seen_globals: HashSet<String>,
    decls: usize,
    /// The `with_options` around the declaration being lowered, outermost first.
    with: Vec<&'a Stmt>,
}

impl<'a> Lowering<'a> {
    fn error(&self, span: Span, message: impl std::fmt::Display) {
        self.read.error(span, message);
    }

    /// Numbers a new declaration, in the order they are written.
    fn declaration(&mut self) -> usize {
        self.decls += 1;
        self.decls
    }

    fn stmts(&mut self, stmts: &'a [Stmt], scope: &Scope) {
        for stmt in stmts {
            self.stmt(stmt, scope);
        }
    }

    fn stmt(&mut self, stmt: &'a Stmt, scope: &Scope) {
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
            WITH_OPTIONS => self.with_options(stmt, scope),
            DEFAULT_URL_OPTIONS => {
                self.nothing_inherited(stmt);
                self.default_url_options(stmt, scope);
            }
            RESOURCES_PATH_NAMES => {
                self.nothing_inherited(stmt);
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

    fn namespace(&mut self, stmt: &'a Stmt, scope: &Scope) {
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

    fn resources(&mut self, stmt: &'a Stmt, scope: &Scope, singleton: bool) {
        // A singleton accepts the plural-only options here so that `meaningless_for_singleton`
        // can say why they mean nothing, rather than calling them unknown.
        let unlisted = if singleton { PLURAL_ONLY_OPTIONS } else { &[] };
        let args = self.args(stmt, RESOURCES_OPTIONS, FLAGS, unlisted);
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
        block: Option<&'a [Stmt]>,
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
                        // As Rails' `map.with_options`, the options reach the declarations
                        // written in the block, not those a resource nests in its own.
                        let with = std::mem::take(&mut self.with);
                        self.stmts(stmts, &inner);
                        self.with = with;
                    }
                }
            }
        }
    }

    /// Adds a route to the table, its dynamic segments constrained by `requirements` and
    /// typed by `types` (indexes into the table's).
    fn push(&mut self, mut route: Route, requirements: &[usize], types: &[usize]) {
        self.constrain(&mut route.segments, requirements, types);
        self.table.routes.push(route);
    }

    /// Gives each dynamic segment of `segments` its entry of `requirements` and `types`, by
    /// name (`controller` and `action` for those).
    fn constrain(&mut self, segments: &mut [Segment], requirements: &[usize], types: &[usize]) {
        for segment in segments {
            match segment {
                Segment::Static(_) => {}
                Segment::Param {
                    name,
                    requirement,
                    ty,
                    ..
                }
                | Segment::Glob {
                    name,
                    requirement,
                    ty,
                } => {
                    *requirement = apply(&mut self.table.requirements, requirements, name);
                    *ty = apply(&mut self.table.types, types, name);
                }
                Segment::Controller { requirement, .. } => {
                    *requirement = apply(&mut self.table.requirements, requirements, CONTROLLER);
                }
                Segment::Action { requirement, .. } => {
                    *requirement = apply(&mut self.table.requirements, requirements, ACTION);
                }
            }
        }
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
