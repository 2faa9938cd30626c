//! The route table as a front builds it: the primitives every DSL front drives, whatever its
//! syntax. A front numbers its declarations, adds the requirements and types they give, and
//! pushes routes, each dynamic segment given the requirement and type of its name; the
//! builder keeps the bookkeeping `check` later reads (which requirements and types some
//! segment used, and which segments the unused ones could have meant).

use proc_macro2::Span;
use routes_syntax::requirement::Requirement as Regex;

use crate::model::{Dialect, ParamType, PerParam, Requirement, Route, RouteTable, Segment};
use crate::model::{UrlOptions, type_key};
use crate::symbol::{ACTION, CONTROLLER};

/// A route table being built by a front.
pub struct Builder {
    table: RouteTable,
    decls: usize,
}

impl Builder {
    pub fn new(dialect: Dialect) -> Self {
        Builder {
            table: RouteTable {
                routes: Vec::new(),
                url_options: None,
                requirements: Vec::new(),
                types: Vec::new(),
                dialect,
                request_conditions: Vec::new(),
            },
            decls: 0,
        }
    }

    /// Numbers a new declaration, in the order they are written.
    pub fn declaration(&mut self) -> usize {
        self.decls += 1;
        self.decls
    }

    /// Adds the requirements one declaration gives; their indexes, for [`Builder::push`].
    pub fn requirements(&mut self, entries: Vec<Requirement>) -> Vec<usize> {
        let start = self.table.requirements.len();
        self.table.requirements.extend(entries);
        (start..self.table.requirements.len()).collect()
    }

    /// Adds the types one declaration gives; their indexes, for [`Builder::push`].
    pub fn types(&mut self, entries: Vec<ParamType>) -> Vec<usize> {
        let start = self.table.types.len();
        for mut entry in entries {
            entry.key = type_key(&entry.value);
            self.table.types.push(entry);
        }
        (start..self.table.types.len()).collect()
    }

    /// Requirement number `i`, as the runtime will read it; `None` for one that does not
    /// compile (which `check` reports).
    pub fn requirement(&self, i: usize) -> Option<Regex> {
        Regex::new(&self.table.requirements.get(i)?.value.value()).ok()
    }

    /// Where requirement number `i` was written.
    pub fn requirement_span(&self, i: usize) -> Span {
        self.table.requirements[i].value.span()
    }

    /// The routes pushed so far, in recognition order.
    pub fn routes(&self) -> &[Route] {
        &self.table.routes
    }

    pub fn set_url_options(&mut self, options: UrlOptions) {
        self.table.url_options = Some(options);
    }

    /// Adds a route whose segments are constrained already.
    pub fn push_constrained(&mut self, route: Route) {
        self.table.routes.push(route);
    }

    /// Adds a route to the table, its dynamic segments constrained by `requirements` and
    /// typed by `types` (indexes into the table's).
    pub fn push(&mut self, mut route: Route, requirements: &[usize], types: &[usize]) {
        self.constrain(&mut route.segments, requirements, types);
        self.table.routes.push(route);
    }

    /// Gives each dynamic segment of `segments` its entry of `requirements` and `types`, by
    /// name (`controller` and `action` for those).
    pub fn constrain(&mut self, segments: &mut [Segment], requirements: &[usize], types: &[usize]) {
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
                    ..
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

    pub fn finish(self) -> RouteTable {
        self.table
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
