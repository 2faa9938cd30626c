//! Rails' `Mapping`: a route declared, with its scope, lowered into a route of the table,
//! its target, requirements, types, defaults and conditions on the request; and the
//! bookkeeping that shares a constraint or a type written once among the routes it reaches.

use proc_macro2::Span;
use routes_syntax::journey::{self, Node};
use syn::{Ident, LitStr};

use super::Mapper;
use super::options::REQUEST_KEYS;
use super::pattern::{self, Converted};
use super::route::{RouteOptions, To};
use super::scope::{Constraint, Formatted, Typed, Via};
use crate::model::{PerParam, Predicate, RequestCheck, RequestConditions, Route, Target};

impl<'a> Mapper<'a> {
    /// Rails' `Mapping`: the route's target, requirements, defaults and conditions, and the
    /// route of the table they make.
    pub(super) fn mapping(
        &mut self,
        nodes: Vec<Node>,
        normalized: String,
        name: Option<String>,
        default_action: Option<String>,
        route: RouteOptions,
        span: Span,
    ) {
        let params: Vec<String> = journey::names(&nodes)
            .into_iter()
            .map(str::to_owned)
            .collect();
        for special in ["controller", "action"] {
            if params.iter().any(|p| p == special) {
                self.error(
                    span,
                    format!(
                        "a `:{special}` segment is not taken by `draw!` (Rails 5 deprecated it, as any \
                         public method became reachable): \
                         declare the routes of each {special}"
                    ),
                );
                return;
            }
        }
        let module = self.scope.module();
        let (target, controller, action) = match &route.to {
            Some(To::Redirect {
                location,
                status,
                url,
            }) => (
                Target::Redirect {
                    location: location.clone(),
                    status: *status,
                    url: url.clone(),
                },
                String::new(),
                String::new(),
            ),
            // A mount's action is named after it: `Action::Jobs` binds the service.
            _ if route.mount => (
                Target::Mount,
                name.clone().unwrap_or_default(),
                String::new(),
            ),
            to => {
                let (c, a) = match to {
                    Some(To::Target(c, a)) => (c.clone(), a.clone()),
                    _ => (None, None),
                };
                let action = a.or(default_action);
                // A module alone is the controller (`namespace(account) { get("x") }`
                // routes to `account#x`), as Rails' `add_controller_module` makes it.
                let controller = match (c.or(route.controller.clone()), &module) {
                    (Some(controller), _) => controller,
                    (None, Some(module)) => format!("/{module}"),
                    (None, None) => {
                        self.error(
                            route.to_span.unwrap_or(span),
                            "this route needs a controller: `to = \"controller#action\"` or \
                             `controller = \"...\"`",
                        );
                        return;
                    }
                };
                let Some(action) = action else {
                    self.error(
                        route.to_span.unwrap_or(span),
                        "this route needs an action: `to = \"controller#action\"` or \
                         `action = \"...\"`",
                    );
                    return;
                };
                let controller = match (&module, controller.strip_prefix('/')) {
                    (Some(_), Some(absolute)) => absolute.to_owned(),
                    // Rails keeps the `/` where no module is left out, and refuses it.
                    (None, Some(_)) => {
                        self.error(
                            route.to_span.unwrap_or(span),
                            format!(
                                "`{controller}` is not a controller name: a leading `/` leaves \
                                 out the enclosing module, and there is none here"
                            ),
                        );
                        return;
                    }
                    (Some(module), None) => format!("{module}/{controller}"),
                    (None, None) => controller,
                };
                if !is_controller(&controller) {
                    self.error(
                        route.to_span.unwrap_or(span),
                        format!(
                            "`{controller}` is not a controller name: lowercase, `/` between parts"
                        ),
                    );
                    return;
                }
                (Target::Action, controller, action)
            }
        };
        // Constraints: the scope's, then the route's own; a key of the path is a requirement
        // of its value, a key of the request a condition.
        let mut constraints: Vec<(String, Constraint)> =
            self.current_constraints().cloned().unwrap_or_default();
        for (key, constraint) in &route.constraints {
            if !params.contains(key) && !REQUEST_KEYS.contains(&key.as_str()) {
                let span = constraint_span(constraint);
                self.error(
                    span,
                    format!(
                        "`{key}` is neither a segment of this route's path nor a key of the \
                         request ({})",
                        crate::errors::one_of(REQUEST_KEYS)
                    ),
                );
            }
        }
        constraints = super::scope::merge(Some(&constraints), &route.constraints);
        let mut requirements = Vec::new();
        let mut checks = Vec::new();
        for (key, constraint) in &constraints {
            // The format's constraint is part of the regex its route is matched with.
            if key == crate::symbol::FORMAT {
                continue;
            }
            if params.contains(key) {
                if let Some(index) = self.requirement(key, constraint) {
                    requirements.push(index);
                }
            } else if REQUEST_KEYS.contains(&key.as_str()) {
                checks.push(match constraint {
                    Constraint::Str(lit, _) => RequestCheck::Equals(key.clone(), lit.value()),
                    Constraint::Int(n, _) => RequestCheck::Equals(key.clone(), n.to_string()),
                    Constraint::Regex(lit, _) => RequestCheck::Matches(key.clone(), lit.value()),
                    Constraint::Bool(present, _) => RequestCheck::Present(key.clone(), *present),
                    Constraint::OneOf(values, _) => {
                        RequestCheck::OneOf(key.clone(), values.clone())
                    }
                });
            }
        }
        let mut blocks = self
            .scope
            .get(|f| f.blocks.as_ref())
            .cloned()
            .unwrap_or_default();
        blocks.extend(route.blocks.iter().cloned());
        checks.extend(
            blocks
                .into_iter()
                .map(|b| RequestCheck::Predicate(Predicate::new(b))),
        );
        let request = (!checks.is_empty()).then(|| self.request_conditions(checks, span));
        // Types: the scope's, then the route's own, for the keys of the path.
        for (key, typed) in &route.types {
            if !params.contains(key) {
                // Reported here, not again with the types no route took.
                self.types_used.insert(typed.written);
                self.error(
                    typed.param.span(),
                    format!(
                        "type for `{key}` matches no dynamic segment of this route{}",
                        crate::errors::hint(
                            key,
                            &params.iter().map(String::as_str).collect::<Vec<_>>()
                        )
                    ),
                );
            }
        }
        let typed = super::scope::merge(self.current_types(), &route.types);
        let types: Vec<usize> = typed
            .iter()
            .filter(|(key, _)| params.contains(key))
            .map(|(key, typed)| self.param_type(key, typed))
            .collect();
        // Defaults: the route's request keys given as values, under the scope's; a default
        // of a path key is the value recognition gives where the path leaves it out.
        let mut defaults: Vec<(String, Option<String>)> = route
            .constraints
            .iter()
            .filter(|(key, _)| REQUEST_KEYS.contains(&key.as_str()))
            .filter_map(|(key, c)| match c {
                Constraint::Str(lit, _) => Some((key.clone(), Some(lit.value()))),
                Constraint::Int(n, _) => Some((key.clone(), Some(n.to_string()))),
                Constraint::Regex(..) | Constraint::Bool(..) | Constraint::OneOf(..) => None,
            })
            .collect();
        if let Some(scope) = self.scope.get(|f| f.defaults.as_ref()) {
            defaults = super::scope::merge(Some(&defaults), scope);
        }
        // `format = "xml"`'s default, under the defaults given (Rails merges them over it).
        let formatted = route.format.clone().unwrap_or_else(|| self.scope.format());
        if let Some(Formatted::Pattern {
            default: Some(format),
            ..
        }) = &formatted
        {
            defaults = super::scope::merge(
                Some(&vec![(
                    crate::symbol::FORMAT.to_owned(),
                    Some(format.clone()),
                )]),
                &defaults,
            );
        }
        let methods = match route.via.clone().unwrap_or(Via::All) {
            Via::All => Vec::new(),
            Via::Verbs(verbs) => verbs,
        };
        let lazy = formatted != Some(Formatted::No);
        // `format = true` requires a format of anything (Rails' `/.+/`), dots included;
        // `format = "xml"` constrains it.
        let any_format = match &formatted {
            Some(Formatted::Required) => Some(".+".to_owned()),
            Some(Formatted::Pattern { pattern, .. }) => Some(pattern.clone()),
            _ => None,
        };
        let converted = pattern::convert(
            &nodes,
            &|key| {
                let constraint = constraints
                    .iter()
                    .find(|(k, _)| k == key)
                    .and_then(|(_, c)| match c {
                        Constraint::Str(lit, _) | Constraint::Regex(lit, _) => Some(lit.value()),
                        Constraint::Int(n, _) => Some(n.to_string()),
                        Constraint::Bool(..) | Constraint::OneOf(..) => None,
                    });
                match key {
                    crate::symbol::FORMAT => constraint.or_else(|| any_format.clone()),
                    _ => constraint,
                }
            },
            lazy,
        );
        let converted = if route.mount {
            pattern::mount(&nodes, &|key| {
                constraints
                    .iter()
                    .find(|(k, _)| k == key)
                    .and_then(|(_, c)| match c {
                        Constraint::Str(lit, _) | Constraint::Regex(lit, _) => Some(lit.value()),
                        Constraint::Int(n, _) => Some(n.to_string()),
                        Constraint::Bool(..) | Constraint::OneOf(..) => None,
                    })
            })
        } else {
            converted
        };
        let Converted {
            segments,
            groups,
            format,
            regex,
        } = converted;
        let mut route_defaults = Vec::new();
        let mut segments = segments;
        for (key, value) in defaults {
            match segments
                .iter_mut()
                .find(|s| s.value_name() == Some(key.as_str()))
            {
                Some(crate::model::Segment::Param { default, .. }) => *default = value,
                Some(_) => {}
                None => route_defaults.push((key, value)),
            }
        }
        if let Some(name) = &name {
            let at = route.as_span.unwrap_or(span);
            if !is_route_name(name) {
                self.error(
                    at,
                    format!(
                        "`{name}` is not a route name: a letter or `_`, then letters, digits \
                         and `_` (Rails: \"Invalid route name\")"
                    ),
                );
                return;
            }
            if let Some(&first) = self.names.get(name) {
                self.error(
                    at,
                    format!(
                        "the route name `{name}` is taken by an earlier route; Rails refuses a \
                         name given twice with `as`"
                    ),
                );
                self.note(first, format!("`{name}` is first the name of this route"));
                return;
            }
            self.names.insert(name.clone(), at);
        }
        let model = Route {
            name,
            decl: self.build.declaration(),
            span,
            methods,
            segments,
            format,
            controller,
            action,
            conditions: Vec::new(),
            defaults: route_defaults,
            groups,
            target,
            request,
            regex,
            journey: Some(normalized),
        };
        self.build.push(model, &requirements, &types);
    }

    /// The table's entry for the type `typed` of the param `key`, added the first time a
    /// route has the key.
    fn param_type(&mut self, key: &str, typed: &Typed) -> usize {
        self.types_used.insert(typed.written);
        let build = &mut self.build;
        *self
            .types
            .entry((typed.written, key.to_owned()))
            .or_insert_with(|| {
                let param = Ident::new(key, typed.param.span());
                build.types(vec![PerParam::new(&param, typed.ty.clone())])[0]
            })
    }

    /// The requirement a constraint of `key` is, added to the table the first time a route
    /// has the key.
    fn requirement(&mut self, key: &str, constraint: &Constraint) -> Option<usize> {
        let (lit, written) = match constraint {
            Constraint::Str(lit, written) | Constraint::Regex(lit, written) => {
                (lit.clone(), *written)
            }
            // A number is written once per route: its own requirement.
            Constraint::Int(n, span) => (LitStr::new(&n.to_string(), *span), usize::MAX),
            Constraint::Bool(_, span) | Constraint::OneOf(_, span) => {
                self.error(
                    *span,
                    format!(
                        "`{key}` is a segment of the path: its constraint is a regex string, \
                         `{key} = \"...\"`"
                    ),
                );
                return None;
            }
        };
        if let Some(&index) = self
            .requirements
            .get(&(written, key.to_owned()))
            .filter(|_| written != usize::MAX)
        {
            return Some(index);
        }
        let param = Ident::new(key, lit.span());
        let index = self.build.requirements(vec![PerParam::new(&param, lit)])[0];
        self.requirements.insert((written, key.to_owned()), index);
        Some(index)
    }

    fn request_conditions(&mut self, checks: Vec<RequestCheck>, span: Span) -> usize {
        if let Some(at) = self.conditions.iter().position(|c| c.checks == checks) {
            return at;
        }
        self.conditions.push(RequestConditions { checks, span });
        self.conditions.len() - 1
    }
}

/// Rails' test of a route name, `/\A[_a-z]\w*\z/i`: what a helper's name can begin with.
fn is_route_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn is_controller(controller: &str) -> bool {
    let mut chars = controller.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '/')
}

fn constraint_span(constraint: &Constraint) -> Span {
    match constraint {
        Constraint::Str(lit, _) | Constraint::Regex(lit, _) => lit.span(),
        Constraint::Int(_, span) | Constraint::Bool(_, span) | Constraint::OneOf(_, span) => *span,
    }
}
