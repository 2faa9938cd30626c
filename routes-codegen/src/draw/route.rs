//! The routes of `draw!`: the verb routes and `match`, `root` and `mount`, placed, named and
//! built as Rails' mapper does (`map_match`, `decomposed_match`, `add_route`, `Mapping`),
//! into routes of the table.

use proc_macro2::Span;
use routes_syntax::journey;
use syn::{Ident, LitStr};

use super::scope::{Constraint, Formatted, Frame, Level, Typed, Via};
use super::{Mapper, Options};
use crate::model::{RedirectParts, Verb};
use crate::parse::{Arg, Stmt, Value};
use crate::symbol::draw as words;
use crate::symbol::{CREATE, DESTROY, INDEX, NEW, SHOW, UPDATE};

/// What a route sends to, as `to = ...` writes it.
#[derive(Clone)]
pub(super) enum To {
    /// `"controller#action"`, either part possibly missing.
    Target(Option<String>, Option<String>),
    /// `redirect("/path/%{param}", status = 301)`, or `redirect(subdomain = "m", ...)`.
    Redirect {
        location: String,
        status: u16,
        url: Option<RedirectParts>,
    },
}

/// The options of one route, read.
#[derive(Clone, Default)]
pub(super) struct RouteOptions {
    pub(super) to: Option<To>,
    pub(super) controller: Option<String>,
    pub(super) action: Option<String>,
    /// `Some(None)`: `as = None`.
    pub(super) as_: Option<Option<String>>,
    /// Where the target and the name were written, for their errors.
    pub(super) to_span: Option<Span>,
    pub(super) as_span: Option<Span>,
    pub(super) via: Option<Via>,
    pub(super) on: Option<Level>,
    pub(super) constraints: Vec<(String, Constraint)>,
    pub(super) blocks: Vec<syn::Type>,
    pub(super) types: Vec<(String, Typed)>,
    pub(super) format: Option<Option<Formatted>>,
    pub(super) path: Option<String>,
    pub(super) mount: bool,
}

/// The parts of the URL a redirect may give, as Rails' `redirect(subdomain: ...)` takes them.
const REDIRECT_PARTS: &[&str] = &["protocol", "subdomain", "domain", "host", "port", "path"];

/// Rails' canonical actions, which a resource's scopes route at their own path.
const CANONICAL: &[&str] = &[INDEX, CREATE, NEW, SHOW, UPDATE, DESTROY];

impl<'a> Mapper<'a> {
    /// `get(...)`, `post(...)`, ..., and `match(...)` (`verb` `None`), which needs `via`.
    pub(super) fn verb_route(&mut self, stmt: &'a Stmt, verb: Option<Verb>) {
        let allowed = if verb.is_some() {
            words::VERB_OPTIONS
        } else {
            words::MATCH_OPTIONS
        };
        // Rails takes `get "404" => "about#show", via: :all` and answers GET only: the verb's
        // own `via` wins. Said here, rather than as an unknown option.
        if verb.is_some()
            && let Some(via) = stmt
                .args
                .iter()
                .filter_map(Arg::key)
                .find(|key| *key == words::VIA)
        {
            let keyword = &stmt.keyword;
            self.error(
                via.span(),
                format!(
                    "`{keyword}` takes no `via`: Rails ignores it there, and the route answers \
                     {} only; drop `via`, or write `match(\"path\", ..., via = [...])` for \
                     other methods",
                    keyword.to_string().to_uppercase()
                ),
            );
            return;
        }
        let (names, patterns, options) = self.args(stmt, allowed, &[]);
        if names.is_empty() && patterns.is_empty() {
            self.error(
                stmt.keyword.span(),
                format!(
                    "`{}` needs a path or an action: `{}(\"path\", to = \"controller#action\")`",
                    stmt.keyword, stmt.keyword
                ),
            );
            return;
        }
        let Some(mut route) = self.route_options(&options, stmt.keyword.span()) else {
            return;
        };
        if let Some(verb) = verb {
            route.via = Some(Via::Verbs(vec![verb]));
        }
        let defaults = options
            .get(words::DEFAULTS)
            .map(|arg| self.option_pairs(arg));
        if let Some(pairs) = defaults {
            let defaults = self.defaults(pairs);
            let merged = super::scope::merge(self.scope.get(|f| f.defaults.as_ref()), &defaults);
            self.scope.push(Frame {
                defaults: Some(merged),
                ..Frame::default()
            });
        }
        let patterns: Vec<(String, Span)> =
            patterns.iter().map(|p| (p.value(), p.span())).collect();
        self.map_match(&names, &patterns, route, stmt.keyword.span());
        if options.get(words::DEFAULTS).is_some() {
            self.scope.pop();
        }
    }

    /// `root(to = "home#index")` or `root("home#index")`.
    pub(super) fn root(&mut self, stmt: &'a Stmt) {
        let (names, patterns, options) = self.args(stmt, words::ROOT_OPTIONS, &[]);
        for name in names {
            self.error(
                name.span(),
                "`root` takes its target as `to = \"controller#action\"`",
            );
        }
        let span = stmt.keyword.span();
        let Some(mut route) = self.route_options(&options, span) else {
            return;
        };
        match patterns.as_slice() {
            [] => {}
            [to] if route.to.is_none() => {
                route.to = Some(self.target(to));
                route.to_span = Some(to.span());
            }
            [extra, ..] => {
                self.error(extra.span(), "`root` takes one target");
                return;
            }
        }
        if route.as_.is_none() {
            route.as_ = Some(Some("root".to_owned()));
        }
        if route.via.is_none() {
            route.via = Some(Via::Verbs(vec![Verb::Get]));
        }
        let root = [("/".to_owned(), span)];
        let defaults = options
            .get(words::DEFAULTS)
            .map(|arg| self.option_pairs(arg));
        let pushed = defaults.is_some();
        if let Some(pairs) = defaults {
            let defaults = self.defaults(pairs);
            let merged = super::scope::merge(self.scope.get(|f| f.defaults.as_ref()), &defaults);
            self.scope.push(Frame {
                defaults: Some(merged),
                ..Frame::default()
            });
        }
        match self.scope.resource() {
            Some(resource) if self.scope.level() == Level::Resources => {
                self.scope.push_level(Level::Root);
                self.path_scope(resource.collection_scope());
                self.map_match(&[], &root, route, span);
                self.scope.pop();
                self.scope.pop();
            }
            _ => self.map_match(&[], &root, route, span),
        }
        if pushed {
            self.scope.pop();
        }
    }

    /// `mount("/jobs", as = "jobs")`: every method, every path under it, no format.
    pub(super) fn mount(&mut self, stmt: &'a Stmt) {
        let (names, patterns, options) = self.args(stmt, words::MOUNT_OPTIONS, &[]);
        for name in names {
            self.error(
                name.span(),
                "`mount` takes its path as a string: `mount(\"/jobs\")`",
            );
        }
        let [path] = patterns.as_slice() else {
            self.error(
                stmt.keyword.span(),
                "`mount` takes one path: `mount(\"/jobs\", as = \"jobs\")`",
            );
            return;
        };
        let span = path.span();
        let Some(mut route) = self.route_options(&options, span) else {
            return;
        };
        route.mount = true;
        route.via = route.via.or(Some(Via::All));
        route.format = Some(Some(Formatted::No));
        if route.as_.is_none() {
            self.error(
                span,
                "a mount needs a name, for its action and its helper: `as = \"jobs\"`",
            );
            return;
        }
        // Rails names a mount from `as` and its path as it names an action's route.
        let as_ = route.as_.clone().flatten();
        route.as_ = Some(as_);
        self.decomposed_match(&path.value(), None, Some(path.value()), route, span);
    }

    /// A resource's own route to `action`, by `verb`, in the scope its layout put it in.
    pub(super) fn add_action_route(&mut self, action: &str, verb: Option<Verb>, span: Span) {
        let route = RouteOptions {
            via: verb.map(|v| Via::Verbs(vec![v])),
            controller: self.scope.get(|f| f.controller.as_ref()).cloned(),
            ..RouteOptions::default()
        };
        self.add_route(action, None, route, span);
    }

    fn route_options(&self, options: &Options<'a>, span: Span) -> Option<RouteOptions> {
        let mut route = RouteOptions::default();
        let mut ok = true;
        if let Some(arg) = options.get(words::TO) {
            match arg {
                Arg::Assign(_, Value::Str(lit)) => {
                    route.to = Some(self.target(lit));
                    route.to_span = Some(lit.span());
                }
                Arg::Assign(_, Value::Call(call, args)) if call == words::REDIRECT => {
                    route.to = self.redirect(call, args);
                    ok &= route.to.is_some();
                }
                other => {
                    self.error(
                        other.span(),
                        "`to` takes `\"controller#action\"` or `redirect(\"/path\")`",
                    );
                    ok = false;
                }
            }
        }
        if let Some(arg) = options.get(words::CONTROLLER) {
            route.controller = self.read.string(arg).and_then(|l| self.controller_name(&l));
        }
        if let Some(arg) = options.get(words::ACTION) {
            route.action = self.word(arg);
        }
        if let Some(arg) = options.get(words::AS) {
            route.as_span = Some(match arg {
                Arg::Assign(_, value) => value.span(),
                other => other.span(),
            });
            route.as_ = Some(self.name_or_none(arg));
        }
        if let Some(arg) = options.get(words::VIA) {
            route.via = self.via(arg);
            ok &= route.via.is_some();
        }
        if let Some(arg) = options.get(words::ON) {
            route.on = match self.word(arg).as_deref() {
                Some(words::MEMBER) => Some(Level::Member),
                Some(words::COLLECTION) => Some(Level::Collection),
                Some(words::NEW) => Some(Level::New),
                Some(other) => {
                    self.error(
                        arg.span(),
                        format!("unknown scope `{other}` for `on`; expected `member`, `collection` or `new`"),
                    );
                    return None;
                }
                None => return None,
            };
        }
        if let Some(arg) = options.get(words::CONSTRAINTS) {
            let (constraints, blocks) = self.constraints(self.option_pairs(arg));
            route.constraints = constraints;
            route.blocks = blocks;
        }
        if let Some(arg) = options.get(words::TYPES) {
            route.types = self.types(self.option_pairs(arg));
        }
        if let Some(arg) = options.get(words::FORMAT) {
            route.format = self.formatted(arg);
        }
        if let Some(arg) = options.get(words::PATH) {
            route.path = self.read.string(arg).map(|l| l.value());
        }
        let _ = span;
        ok.then_some(route)
    }

    /// `"controller#action"`.
    fn target(&self, lit: &LitStr) -> To {
        match lit.value().split_once('#') {
            Some((controller, action)) => To::Target(
                (!controller.is_empty()).then(|| controller.to_owned()),
                (!action.is_empty()).then(|| action.to_owned()),
            ),
            None => {
                self.error(lit.span(), "a target is written `\"controller#action\"`");
                To::Target(None, None)
            }
        }
    }

    /// `redirect("/posts/%{id}")`, `redirect("/posts", status = 302)`.
    fn redirect(&self, call: &Ident, args: &[Arg]) -> Option<To> {
        let mut location = None;
        let mut status = 301;
        let mut url = RedirectParts::default();
        let mut parts = false;
        for arg in args {
            match arg {
                Arg::Pattern(lit) if location.is_none() => location = Some(lit.value()),
                Arg::Assign(key, Value::Int(lit)) if key == words::STATUS => {
                    match lit.base10_parse::<u16>() {
                        Ok(code) if (300..400).contains(&code) => status = code,
                        _ => {
                            self.error(lit.span(), "a redirect's status is a 3xx code");
                            return None;
                        }
                    }
                }
                // `redirect(subdomain = "m", path = "/%{id}")`: parts of the request's URL.
                Arg::Assign(key, value) if REDIRECT_PARTS.contains(&key.to_string().as_str()) => {
                    let text = match value {
                        Value::Str(lit) => lit.value(),
                        Value::Int(lit) if key == "port" => lit.base10_digits().to_owned(),
                        other => {
                            self.error(other.span(), format!("`{key}` takes a string"));
                            return None;
                        }
                    };
                    let slot = match key.to_string().as_str() {
                        "protocol" => &mut url.protocol,
                        "subdomain" => &mut url.subdomain,
                        "domain" => &mut url.domain,
                        "host" => &mut url.host,
                        "port" => &mut url.port,
                        _ => &mut url.path,
                    };
                    *slot = Some(text);
                    parts = true;
                }
                other => {
                    self.error(
                        other.span(),
                        format!(
                            "`redirect` takes a path or parts of the URL ({}), and `status = 3xx`: \
                             `redirect(\"/posts/%{{id}}\", status = 302)`",
                            crate::errors::one_of(REDIRECT_PARTS)
                        ),
                    );
                    return None;
                }
            }
        }
        match (location, parts) {
            (Some(_), true) => {
                self.error(
                    call.span(),
                    "`redirect` takes a path or parts of the URL, not both: the path is `path = \"...\"`",
                );
                None
            }
            (Some(location), false) => Some(To::Redirect {
                location,
                status,
                url: None,
            }),
            (None, true) => Some(To::Redirect {
                location: url.path.clone().unwrap_or_default(),
                status,
                url: Some(url),
            }),
            (None, false) => {
                self.error(
                    call.span(),
                    "`redirect` needs where to: `redirect(\"/posts\")` or `redirect(subdomain = \"m\")`",
                );
                None
            }
        }
    }

    /// Rails' `map_match`: each path (a string) or action (a name) of the declaration.
    fn map_match(
        &mut self,
        names: &[&'a Ident],
        patterns: &[(String, Span)],
        mut route: RouteOptions,
        span: Span,
    ) {
        if route.to.is_none()
            && let (Some(controller), Some(action)) = (
                self.scope.get(|f| f.controller.as_ref()).cloned(),
                self.scope.get(|f| f.action.as_ref()).cloned(),
            )
        {
            route.to = Some(To::Target(Some(controller), Some(action)));
        }
        if route.via.is_none() {
            route.via = self.scope.get(|f| f.via.as_ref()).cloned();
        }
        if route.via.is_none() {
            self.error(
                span,
                "`match` needs the methods it takes: `via = [get, post]` (or `via = all`)",
            );
            return;
        }
        let controller = route
            .controller
            .clone()
            .or_else(|| self.scope.get(|f| f.controller.as_ref()).cloned());
        for (path, span) in patterns {
            if route.path.is_some() {
                self.error(
                    *span,
                    "the path is given twice: as the route's path and as `path = ...`",
                );
                return;
            }
            let mut route = route.clone();
            if route.to.is_none() && route.action.is_none() {
                route.to = shorthand(path).map(|(c, a)| To::Target(Some(c), Some(a)));
            }
            self.decomposed_match(path, controller.clone(), Some(path.clone()), route, *span);
        }
        for name in names {
            let action = name.to_string();
            let path = route.path.clone();
            self.decomposed_match(
                &action,
                controller.clone(),
                path,
                route.clone(),
                name.span(),
            );
        }
    }

    /// Rails' `decomposed_match`: into `on`'s scope, or the resource's member or nesting.
    fn decomposed_match(
        &mut self,
        action: &str,
        controller: Option<String>,
        path: Option<String>,
        mut route: RouteOptions,
        span: Span,
    ) {
        if let Some(on) = route.on.take() {
            if !self.scope.in_resource() {
                self.error(span, "`on` is for a route in a resource's block");
                return;
            }
            let again = |this: &mut Self| {
                this.decomposed_match(
                    action,
                    controller.clone(),
                    path.clone(),
                    route.clone(),
                    span,
                )
            };
            match on {
                Level::Member => self.member(|this| again(this)),
                Level::Collection => self.collection(|this| again(this)),
                _ => self.new_scope(|this| again(this)),
            }
            return;
        }
        match self.scope.level() {
            Level::Resources => self.nested(|this| {
                this.decomposed_match(
                    action,
                    controller.clone(),
                    path.clone(),
                    route.clone(),
                    span,
                )
            }),
            Level::Resource => self.member(|this| {
                this.decomposed_match(
                    action,
                    controller.clone(),
                    path.clone(),
                    route.clone(),
                    span,
                )
            }),
            _ => {
                route.controller = controller.or(route.controller);
                route.path = path;
                self.add_route(action, route.path.clone(), route, span);
            }
        }
    }

    /// Rails' `add_route`: the route's path, action and name, then its mapping.
    fn add_route(&mut self, action: &str, path: Option<String>, route: RouteOptions, span: Span) {
        let canonical = self.scope.in_resource_method() && CANONICAL.contains(&action);
        let full = match &path {
            Some(path) => format!("{}/{path}", self.scope.path()),
            None if canonical => self.scope.path(),
            None => format!("{}/{}", self.scope.path(), self.action_path(action)),
        };
        if full.is_empty() {
            self.error(span, "a route needs a path");
            return;
        }
        let plain = !action.is_empty()
            && action
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '/');
        let action_word = plain.then_some(action);
        let default_action = route
            .action
            .clone()
            .or_else(|| self.scope.get(|f| f.action.as_ref()).cloned())
            .or_else(|| {
                action_word
                    .filter(|a| !a.contains('/'))
                    .map(|a| a.replace('-', "_"))
            });
        let name = match &route.as_ {
            Some(None) => None,
            Some(Some(as_)) => self.name_for_action(Some(as_), action_word, canonical),
            None => self.name_for_action(None, action_word, canonical),
        };
        let formatted = route.format.clone().unwrap_or_else(|| self.scope.format());
        let format = match formatted {
            None => None,
            Some(Formatted::No) => Some(false),
            Some(Formatted::Required) => Some(true),
            Some(Formatted::Pattern { .. }) => None,
        };
        let normalized = journey::normalize(
            &uri_escape(&full),
            if route.mount { Some(false) } else { format },
        );
        let nodes = match journey::parse(&normalized) {
            Ok(nodes) => nodes,
            Err(e) => {
                self.error(span, format!("malformed path: {}", e.message));
                return;
            }
        };
        self.mapping(nodes, normalized, name, default_action, route, span);
    }

    /// Rails' `name_for_action`: the route's name from `as` or its action, the scope's name
    /// prefix and the resource's names, as the level puts them; a name already taken goes to
    /// the first route that took it, unless `as` gives it again (an error).
    fn name_for_action(
        &self,
        as_: Option<&str>,
        action: Option<&str>,
        canonical: bool,
    ) -> Option<String> {
        let prefix = match as_ {
            Some(as_) => Some(as_.to_owned()),
            None if !canonical => action.map(ToOwned::to_owned),
            None => None,
        };
        let prefix = prefix
            .filter(|p| !p.is_empty() && p != "/")
            .map(|p| normalize_name(&p.replace('-', "_")));
        let name_prefix = self.scope.as_();
        let resource = self.scope.resource();
        if resource.is_some() && as_.is_none() && action.is_none() {
            return None;
        }
        let collection = resource.as_ref().map(|r| r.collection_name());
        let member = resource.as_ref().map(|r| r.member_name());
        let parts: Vec<Option<String>> = match self.scope.level() {
            Level::Nested => vec![name_prefix, prefix],
            Level::Collection => vec![prefix, name_prefix, collection],
            Level::New => vec![prefix, Some("new".to_owned()), name_prefix, member],
            Level::Member => vec![prefix, name_prefix, member],
            Level::Root => vec![name_prefix, collection, prefix],
            _ => vec![name_prefix, member, prefix],
        };
        let candidate: Vec<String> = parts
            .into_iter()
            .flatten()
            .filter(|p| !p.trim().is_empty())
            .collect();
        let candidate = candidate.join("_");
        if candidate.is_empty() {
            return None;
        }
        if as_.is_none()
            && (!candidate.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                || self.names.contains_key(&candidate))
        {
            return None;
        }
        Some(candidate)
    }
}

/// `"settings/edit"` (no target given) to `settings#edit`, as Rails' `get_to_from_path` reads
/// a path of words.
fn shorthand(path: &str) -> Option<(String, String)> {
    let path = path.strip_suffix("(.:format)").unwrap_or(path);
    let path = path.strip_prefix('/').unwrap_or(path);
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let (first, rest) = path.split_once('/')?;
    if first.is_empty()
        || !first.chars().all(word)
        || rest.is_empty()
        || !rest.chars().all(|c| word(c) || c == '/')
    {
        return None;
    }
    let (controller, action) = path.rsplit_once('/')?;
    Some((controller.replace('-', "_"), action.replace('-', "_")))
}

/// `Mapper.normalize_name`: a name from a path, `/` as `_`.
fn normalize_name(name: &str) -> String {
    let path = journey::normalize_path(name);
    path[1..].replace('/', "_")
}

/// What `URI::DEFAULT_PARSER.escape` does to a path: escapes what a URI may not hold as it is.
fn uri_escape(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        let keep = byte.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]%#".contains(&byte);
        if keep {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
