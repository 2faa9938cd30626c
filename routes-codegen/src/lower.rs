//! Lowering: from the syntax to the flat route table, one function per declaration kind (the
//! patterns written out by `named`, `connect` and `root` in `plain`, the options a
//! `with_options` gives the declarations inside it in `with_options`, the two that hold for
//! the whole route set in `globals`). Options are read (and misused ones reported) by
//! `options`; the routes a resource generates come from `resources`.

use std::collections::HashSet;

use proc_macro2::Span;
use syn::Ident;

use crate::builder::Builder;
use crate::errors::{Errors, hint};
use crate::model::{Dialect, Route, RouteTable, Segment};
use crate::options::Reader;
use crate::parse::{Input, Stmt};
use crate::resources::{Part, Resource, ResourceOptions, Scope};
mod globals;
mod plain;
mod with_options;

use crate::symbol::{
    BLOCK_KEYWORDS, CONNECT, DEFAULT_URL_OPTIONS, FLAGS, KEYWORDS, NAMED, NAMESPACE,
    PLURAL_ONLY_OPTIONS, RESOURCE, RESOURCES, RESOURCES_OPTIONS, RESOURCES_PATH_NAMES, ROOT,
    WITH_OPTIONS,
};

pub fn lower(input: &Input, errors: &Errors) -> RouteTable {
    let mut lowering = Lowering {
        read: Reader {
            errors,
            foreign: crate::symbol::DRAW_IN_ROUTES,
        },
        build: Builder::new(Dialect::Rails2),
        seen_globals: HashSet::new(),
        with: Vec::new(),
    };
    let scope = Scope {
        top_level: true,
        path_names: lowering.resources_path_names(&input.stmts),
        ..Scope::default()
    };
    lowering.stmts(&input.stmts, &scope);
    lowering.build.finish()
}

struct Lowering<'a> {
    read: Reader<'a>,
    build: Builder,
    /// The declarations that hold for the whole route set, seen so far.
    seen_globals: HashSet<String>,
    /// The `with_options` around the declaration being lowered, outermost first.
    with: Vec<&'a Stmt>,
}

impl<'a> Lowering<'a> {
    fn error(&self, span: Span, message: impl std::fmt::Display) {
        self.read.error(span, message);
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
                self.read.foreign.advice(&keyword).unwrap_or_else(|| {
                    format!(
                        "unknown declaration `{keyword}`{}",
                        hint(&keyword, KEYWORDS)
                    )
                }),
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
            .resource_options(&args.options, singleton, &mut self.build);
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
        let decl = self.build.declaration();
        let resource = Resource::new(name, options, scope, singleton);
        for part in resource.layout(options, scope) {
            match part {
                Part::Routes(routes) => {
                    for route in routes {
                        let route = Route { decl, ..route };
                        self.build
                            .push(route, &options.requirements, &options.types);
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
}
