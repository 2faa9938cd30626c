//! The routes whose patterns are written out: `named`, `connect` and `root`. Beside their
//! options, what Rails 2.3 gives them: the trailing segments a path may leave out (a trailing
//! `:action` defaults to `index` and a trailing `:id` is optional, unless a requirement
//! refuses that, as `assign_default_route_options` decides; a param given a default), and
//! `defaults(...)` for keys the pattern does not have.

use proc_macro2::Span;
use routes_syntax::pattern::{Format, Piece};
use syn::{Ident, LitStr};

use super::Lowering;
use crate::errors::did_you_mean;
use crate::model::{Route, Segment, Target, Verb};
use crate::options::Options;
use crate::parse::{Arg, Stmt};
use crate::resources::Scope;
use crate::symbol::{
    ACTION, CONNECT, CONNECT_OPTIONS, CONTROLLER, ID, INDEX, NAME_PREFIX, NAMED, PATH_PREFIX, ROOT,
    ROUTE_OPTIONS, VIA,
};

/// The declarations that write their pattern out, for what differs between them.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Plain {
    Named,
    /// Unnamed.
    Connect,
    /// Named `root`; GET unless told otherwise, and without Rails' trailing `:action` and
    /// `:id` (its path is its scope's).
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

impl<'a> Lowering<'a> {
    pub(super) fn named(&mut self, stmt: &'a Stmt, scope: &Scope) {
        let args = self.args(stmt, ROUTE_OPTIONS, &[], &[]);
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
        let Some(prefix) = self.name_prefix(scope, &args.options) else {
            return;
        };
        let route_name = format!("{prefix}{name}");
        let options = &args.options;
        self.plain_route(
            scope,
            Plain::Named,
            name.span(),
            Some(route_name),
            pattern,
            options,
        );
    }

    pub(super) fn connect(&mut self, stmt: &'a Stmt, scope: &Scope) {
        let args = self.args(stmt, CONNECT_OPTIONS, &[], &[]);
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

    /// `root(...)`: a route named `root` at the scope's path (`/` at the top level).
    pub(super) fn root(&mut self, stmt: &'a Stmt, scope: &Scope) {
        let args = self.args(stmt, ROUTE_OPTIONS, &[], &[]);
        self.read.no_patterns(&stmt.keyword, &args.patterns);
        let span = stmt.keyword.span();
        match args.names.as_slice() {
            [] => {
                let Some(prefix) = self.name_prefix(scope, &args.options) else {
                    return;
                };
                let path = LitStr::new("/", span);
                let name = Some(format!("{prefix}root"));
                self.plain_route(scope, Plain::Root, span, name, &path, &args.options);
            }
            [target] => {
                let name = format!("{}root", scope.name_prefix);
                self.root_like(target, name, span, scope, &args.options)
            }
            [_, extra, ..] => self.error(extra.span(), "`root` takes at most one route name"),
        }
    }

    /// The name prefix of a named route: `name_prefix = "..."` (or `None`), else the scope's.
    fn name_prefix(&self, scope: &Scope, options: &Options<'_>) -> Option<String> {
        match options.get(NAME_PREFIX) {
            Some(arg) => Some(self.read.name_prefix(arg)?.unwrap_or_default()),
            None => Some(scope.name_prefix.clone()),
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
        let decl = self.build.declaration();
        let wanted = target.to_string();
        let Some(source) = self
            .build
            .routes()
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
            format: format_of(&segments),
            segments,
            controller: source.controller.clone(),
            action: source.action.clone(),
            conditions: source.conditions.clone(),
            defaults: source.defaults.clone(),
            groups: Vec::new(),
            target: Target::Action,
            request: None,
            regex: None,
            journey: None,
        };
        self.build.push(route, &[], &[]);
    }

    /// `named`, `connect` and `root`: a route from a pattern written out.
    fn plain_route(
        &mut self,
        scope: &Scope,
        kind: Plain,
        span: Span,
        name: Option<String>,
        pattern: &LitStr,
        options: &Options<'a>,
    ) {
        let Some((parsed, _)) = self.read.pattern(pattern) else {
            return;
        };
        let mut segments = match options.get(PATH_PREFIX) {
            Some(arg) => match self.read.path_piece(arg, false) {
                Some(prefix) => prefix,
                None => return,
            },
            None => scope.path_prefix.clone(),
        };
        let controller_option = options.get(CONTROLLER).and_then(|a| self.read.string(a));
        let action_option = options.get(ACTION).and_then(|a| self.read.string(a));
        let mut has_controller = false;
        let mut has_action = false;
        for piece in parsed {
            segments.push(match piece {
                Piece::Static(text) => Segment::Static(text),
                Piece::Dynamic(name) if name == CONTROLLER => {
                    has_controller = true;
                    Segment::Controller {
                        namespace: scope.namespace.clone(),
                        requirement: None,
                    }
                }
                Piece::Dynamic(name) if name == ACTION => {
                    has_action = true;
                    Segment::Action {
                        optional: false,
                        requirement: None,
                    }
                }
                Piece::Dynamic(name) => Segment::param(&name),
                Piece::Glob(name) => Segment::Glob {
                    name,
                    requirement: None,
                    ty: None,
                    optional: false,
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
        let (conditions, condition_method) = self.read.conditions(options, true);
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
        let requirements = self.build.requirements(self.read.requirements(options));
        let types = self.build.types(self.read.types(options));
        self.build.constrain(&mut segments, &requirements, &types);
        for segment in &segments {
            if let Segment::Controller {
                requirement: Some(i),
                ..
            } = segment
                && self
                    .build
                    .requirement(*i)
                    .is_some_and(|r| r.takes("a").is_none())
            {
                self.error(
                    self.build.requirement_span(*i),
                    "a requirement on `:controller` is judged against the route set's \
                     controllers while the macro expands, which this one cannot be: write it \
                     without Unicode classes",
                );
                return;
            }
        }
        let defaults = self.read.defaults(options);
        let rails_tail = kind != Plain::Root;
        let Some(route_defaults) =
            self.defaults(&mut segments, defaults, rails_tail, &action_option)
        else {
            return;
        };
        // With an `:action` segment, `action = "..."` is its default, which only a segment the
        // path may leave out can use.
        let optional_action = segments.iter().any(Segment::is_optional_action);
        let action = match (&action_option, has_action) {
            (Some(lit), true) if !optional_action => {
                self.error(
                    lit.span(),
                    "the pattern's `:action` already names the action; a default action \
                     needs a trailing `:action`",
                );
                return;
            }
            (Some(lit), _) => match self.read.action_name(lit) {
                Some(a) => a,
                None => return,
            },
            _ => INDEX.to_owned(),
        };
        let route = Route {
            name,
            decl: self.build.declaration(),
            span,
            methods,
            format: format_of(&segments),
            segments,
            controller,
            action,
            conditions,
            defaults: route_defaults,
            groups: Vec::new(),
            target: Target::Action,
            request: None,
            regex: None,
            journey: None,
        };
        self.build.push_constrained(route);
    }

    /// Which trailing segments of a route the path may leave out, and the defaults of
    /// `defaults(...)`: those of the route's params, set on them, and those for keys the
    /// pattern does not have, returned. With `rails_tail`, a trailing `:id` the requirement of
    /// which takes an empty value, and a trailing `:action` that has a default (`index` unless
    /// its requirement refuses it), may be left out too. `None` when a default is refused.
    fn defaults(
        &self,
        segments: &mut [Segment],
        defaults: Vec<(Ident, Option<LitStr>)>,
        rails_tail: bool,
        action: &Option<LitStr>,
    ) -> Option<Vec<(String, Option<String>)>> {
        let mut ok = true;
        let names: Vec<String> = segments
            .iter()
            .filter_map(|s| match s {
                Segment::Param { name, .. } | Segment::Glob { name, .. } => Some(name.clone()),
                _ => None,
            })
            .collect();
        let mut route_defaults = Vec::new();
        let mut given: Vec<(usize, Ident, Option<LitStr>)> = Vec::new();
        for (key, value) in defaults {
            let text = key.to_string();
            if text == CONTROLLER || text == ACTION {
                self.error(
                    key.span(),
                    format!("the {text} is an option of its own: write `{text} = \"...\"`"),
                );
                ok = false;
                continue;
            }
            let place = segments.iter().position(|s| s.value_name() == Some(&text));
            match place.map(|i| (i, &segments[i])) {
                Some((_, Segment::Glob { .. })) => {
                    self.error(
                        key.span(),
                        format!(
                            "the glob `*{text}` takes no default: the path may end before it, \
                             which gives it the value `\"\"`"
                        ),
                    );
                    ok = false;
                }
                Some((i, _)) => given.push((i, key, value)),
                None => {
                    let choices: Vec<&str> = names.iter().map(String::as_str).collect();
                    if let Some(close) = did_you_mean(&text, &choices) {
                        self.error(
                            key.span(),
                            format!(
                                "unknown key `{text}`: the pattern has no segment `:{text}`; did \
                                 you mean `{close}`?"
                            ),
                        );
                        ok = false;
                    } else {
                        route_defaults.push((text, value.map(|v| v.value())));
                    }
                }
            }
        }
        let refuses = |requirement: &Option<usize>, text: &str| {
            requirement
                .and_then(|i| self.build.requirement(i))
                .is_some_and(|r| r.takes(text) == Some(false))
        };
        // The segments the path may leave out are trailing: from the end, while each may be.
        let mut tail = segments.len();
        while let Some(segment) = tail.checked_sub(1).map(|i| &segments[i]) {
            let optional = match segment {
                Segment::Glob { .. } => true,
                Segment::Param {
                    name, requirement, ..
                } => {
                    given.iter().any(|(i, ..)| *i == tail - 1)
                        || (rails_tail && name == ID && !refuses(requirement, ""))
                }
                Segment::Action { requirement, .. } => {
                    rails_tail && (action.is_some() || !refuses(requirement, INDEX))
                }
                Segment::Static(_) | Segment::Controller { .. } => false,
            };
            if !optional {
                break;
            }
            tail -= 1;
        }
        for segment in &mut segments[tail..] {
            if let Segment::Param { optional, .. } | Segment::Action { optional, .. } = segment {
                *optional = true;
            }
        }
        for (i, key, value) in given {
            if i < tail {
                self.error(
                    key.span(),
                    format!(
                        "`{key}` is not at the end of the pattern: only the trailing segments of \
                         a path can be left out, so only they take defaults"
                    ),
                );
                ok = false;
                continue;
            }
            let Segment::Param {
                requirement,
                default,
                ..
            } = &mut segments[i]
            else {
                continue;
            };
            if let Some(lit) = &value
                && refuses(requirement, &lit.value())
            {
                self.error(
                    lit.span(),
                    format!("the requirement of `{key}` refuses its default"),
                );
                ok = false;
            }
            *default = value.map(|v| v.value());
        }
        if let (Some(lit), Some(Segment::Action { requirement, .. })) = (
            action,
            segments
                .iter()
                .find(|s| matches!(s, Segment::Action { .. })),
        ) && refuses(requirement, &lit.value())
        {
            self.error(
                lit.span(),
                "the requirement of `:action` refuses this default action",
            );
            ok = false;
        }
        ok.then_some(route_defaults)
    }
}

/// The format a route takes: optional (whatever its pattern writes, as Rails 2.3 reads a
/// final `.:format`), except at `/` and after a glob, whose value keeps its dots.
fn format_of(segments: &[Segment]) -> Format {
    match segments.last() {
        None | Some(Segment::Glob { .. }) => Format::None,
        Some(_) => Format::Optional,
    }
}
