//! Reading `draw!`'s option values, each reported at its own token when it does not fit:
//! names, lists, methods, formats, constraints and defaults; and the frame a `scope` (or a
//! resource's scope options) adds, merged as Rails' `scope` merges it.

use syn::{Ident, LitStr};

use super::resource::ResourceOptions;
use super::scope::{self, Constraint, Formatted, Frame, Typed, Via};
use super::{Mapper, Options, pairs};
use crate::parse::{Arg, Item, Methods, Stmt, Value};
use crate::symbol::draw as words;

/// The request keys a constraint may test (Rails' `URL_OPTIONS`): a value given as a string
/// or a number is a default of the route's params too.
pub const REQUEST_KEYS: &[&str] = &["protocol", "subdomain", "domain", "host", "port"];

impl<'a> Mapper<'a> {
    /// A value that is a name or a string: `on = member`, `param = "slug"`.
    pub(super) fn word(&self, arg: &Arg) -> Option<String> {
        match arg {
            Arg::Assign(_, Value::Str(lit)) => Some(lit.value()),
            Arg::Assign(_, Value::Ident(ident)) => Some(ident.to_string()),
            Arg::Assign(key, value) => {
                self.error(
                    value.span(),
                    format!("`{key}` takes a name or a string: `{key} = \"...\"`"),
                );
                None
            }
            other => {
                let key = other.key().map(ToString::to_string).unwrap_or_default();
                self.error(
                    other.span(),
                    format!("`{key}` takes a value: `{key} = \"...\"`"),
                );
                None
            }
        }
    }

    /// `as = "name"` (or a bare name), or `as = None` for no name.
    pub(super) fn name_or_none(&self, arg: &Arg) -> Option<String> {
        match arg {
            Arg::Assign(_, Value::Ident(none)) if none == "None" => None,
            other => self.word(other),
        }
    }

    /// `only(index, show)`, `only = index` or `only = [index, show]`.
    pub(super) fn list(&self, arg: &Arg) -> Option<Vec<String>> {
        match arg {
            Arg::Call(_, items) => {
                let mut words = Vec::new();
                for item in items {
                    match item {
                        Item::Name(name) => words.push(name.to_string()),
                        other => {
                            self.error(other.key().span(), "expected a name");
                            return None;
                        }
                    }
                }
                Some(words)
            }
            Arg::Assign(_, Value::Ident(name)) => Some(vec![name.to_string()]),
            Arg::Assign(_, Value::Str(lit)) => Some(vec![lit.value()]),
            Arg::Assign(_, Value::List(_, names)) => {
                Some(names.iter().map(ToString::to_string).collect())
            }
            other => {
                let key = other.key().map(ToString::to_string).unwrap_or_default();
                self.error(
                    other.span(),
                    format!("`{key}` takes a list: `{key}(index, show)`"),
                );
                None
            }
        }
    }

    /// A controller: `"articles"`, `"admin/users"`, or `"/users"`, which a leading `/` keeps
    /// out of the enclosing module.
    pub(super) fn controller_name(&self, lit: &LitStr) -> Option<String> {
        let value = lit.value();
        match value.strip_prefix('/') {
            Some(absolute) => {
                let bare = LitStr::new(absolute, lit.span());
                self.read.controller_name(&bare).map(|c| format!("/{c}"))
            }
            None => self.read.controller_name(lit),
        }
    }

    /// Whether `lit` is a regex, reported at it when it is not (a constraint on the request
    /// that could never match).
    fn is_regex(&self, lit: &LitStr) -> bool {
        match routes_syntax::requirement::validate_pattern(&lit.value()) {
            Ok(()) => true,
            Err(e) => {
                self.error(lit.span(), e);
                false
            }
        }
    }

    /// `via = get`, `via = [get, post]`, `via = all`.
    pub(super) fn via(&self, arg: &Arg) -> Option<Via> {
        let Arg::Assign(_, value) = arg else {
            self.error(arg.span(), "`via` takes a method: `via = post`");
            return None;
        };
        let names: Vec<Ident> = match value {
            Value::Ident(name) => vec![name.clone()],
            Value::List(_, names) => names.clone(),
            other => {
                self.error(
                    other.span(),
                    "expected a method (`get`, `post`, `put`, `patch`, `delete`), a list of them, \
                     or `all`",
                );
                return None;
            }
        };
        if names.iter().any(|n| n == words::ALL) {
            return Some(Via::All);
        }
        let methods = Methods {
            span: value.span(),
            names,
        };
        self.read.methods(&methods).map(|verbs| {
            if verbs.is_empty() {
                Via::All
            } else {
                Via::Verbs(verbs)
            }
        })
    }

    /// `format = false` or `format = true`.
    pub(super) fn formatted(&self, arg: &Arg) -> Option<Option<Formatted>> {
        match arg {
            Arg::Assign(_, Value::Bool(b)) if b.value => Some(Some(Formatted::Required)),
            Arg::Assign(_, Value::Bool(_)) => Some(Some(Formatted::No)),
            Arg::Assign(_, Value::Str(lit)) => Some(Some(Formatted::Pattern {
                pattern: lit.value(),
                default: Some(lit.value()),
            })),
            Arg::Assign(_, Value::Call(call, args)) if call == "regex" => match args.as_slice() {
                [Arg::Pattern(lit)] if !self.is_regex(lit) => None,
                [Arg::Pattern(lit)] => Some(Some(Formatted::Pattern {
                    pattern: lit.value(),
                    default: None,
                })),
                _ => {
                    self.error(call.span(), "`regex` takes one string: `regex(\"a|b\")`");
                    None
                }
            },
            other => {
                self.error(
                    other.span(),
                    "`format` takes `false` (no format), `true` (a format is required), a format \
                     (`\"xml\"`: its constraint and default) or `regex(\"...\")`",
                );
                None
            }
        }
    }

    /// `constraints(KEY = "regex" | value, with = predicate)`: by key, and the predicates.
    pub(super) fn constraints(
        &self,
        pairs: Vec<(&'a Ident, &'a Value)>,
    ) -> (Vec<(String, Constraint)>, Vec<syn::Type>) {
        let mut constraints: Vec<(String, Constraint)> = Vec::new();
        let mut blocks = Vec::new();
        for (key, value) in pairs {
            let name = key.to_string();
            if name == words::WITH {
                match value {
                    Value::Type(ty) => blocks.push((**ty).clone()),
                    Value::Ident(ident) => blocks.push(syn::Type::Path(syn::TypePath {
                        qself: None,
                        path: ident.clone().into(),
                    })),
                    other => self.error(
                        other.span(),
                        "`with` takes a function of the request: `with = beta_user`",
                    ),
                }
                continue;
            }
            let constraint = match value {
                Value::Str(lit) => Constraint::Str(lit.clone(), super::key_of(lit)),
                Value::Int(lit) => match lit.base10_parse::<u64>() {
                    Ok(n) => Constraint::Int(n, lit.span()),
                    Err(_) => {
                        self.error(lit.span(), "expected a whole number");
                        continue;
                    }
                },
                Value::Bool(lit) => Constraint::Bool(lit.value, lit.span),
                Value::Literals(span, literals) => {
                    let mut values = Vec::new();
                    for literal in literals {
                        match literal {
                            syn::Lit::Str(s) => values.push(s.value()),
                            syn::Lit::Int(n) => values.push(n.base10_digits().to_owned()),
                            other => self.error(other.span(), "expected a string or a number"),
                        }
                    }
                    Constraint::OneOf(values, *span)
                }
                Value::Call(call, args) if call == "regex" => match args.as_slice() {
                    [Arg::Pattern(lit)] if !self.is_regex(lit) => continue,
                    [Arg::Pattern(lit)] => Constraint::Regex(lit.clone(), super::key_of(lit)),
                    _ => {
                        self.error(call.span(), "`regex` takes one string: `regex(\"a|b\")`");
                        continue;
                    }
                },
                other => {
                    self.error(
                        other.span(),
                        format!(
                            "a constraint is a regex string (`{key} = \"[0-9]+\"`), or for the \
                             request a value or `regex(\"...\")`"
                        ),
                    );
                    continue;
                }
            };
            if constraints.iter().any(|(k, _)| *k == name) {
                self.error(key.span(), format!("duplicate constraint for `{name}`"));
                continue;
            }
            constraints.push((name, constraint));
        }
        (constraints, blocks)
    }

    /// `types(KEY = Type, ...)`: the Rust type of each segment's value. Each is recorded, so
    /// that one no route takes is reported.
    pub(super) fn types(&self, pairs: Vec<(&'a Ident, &'a Value)>) -> Vec<(String, Typed)> {
        let mut types: Vec<(String, Typed)> = Vec::new();
        for (key, value) in pairs {
            let name = key.to_string();
            if words::UNTYPED.contains(&name.as_str()) {
                self.error(
                    key.span(),
                    format!(
                        "`{name}` cannot be typed: the controller, the action and the format are \
                         always text"
                    ),
                );
                continue;
            }
            let ty = match value {
                Value::Ident(ident) => syn::Type::Path(syn::TypePath {
                    qself: None,
                    path: ident.clone().into(),
                }),
                Value::Type(ty) => (**ty).clone(),
                other => {
                    self.error(
                        other.span(),
                        format!("a type is a Rust type such as `u64`: `{name} = u64`"),
                    );
                    continue;
                }
            };
            if types.iter().any(|(k, _)| *k == name) {
                self.error(key.span(), format!("duplicate type for `{name}`"));
                continue;
            }
            let written = super::key_of(key);
            self.types_written.borrow_mut().push((written, key.clone()));
            types.push((
                name,
                Typed {
                    param: key.clone(),
                    ty,
                    written,
                },
            ));
        }
        types
    }

    /// The types of the innermost scope that gives some.
    pub(super) fn current_types(&self) -> Option<&Vec<(String, Typed)>> {
        self.scope.get(|f| f.types.as_ref())
    }

    /// `defaults(KEY = value, ...)`: strings, numbers and bools as their text, `None` for none.
    pub(super) fn defaults(
        &self,
        pairs: Vec<(&'a Ident, &'a Value)>,
    ) -> Vec<(String, Option<String>)> {
        let mut defaults: Vec<(String, Option<String>)> = Vec::new();
        for (key, value) in pairs {
            let text = match value {
                Value::Str(lit) => Some(lit.value()),
                Value::Int(lit) => Some(lit.base10_digits().to_owned()),
                Value::Bool(lit) => Some(lit.value.to_string()),
                Value::Ident(none) if none == "None" => None,
                other => {
                    self.error(
                        other.span(),
                        "a default is a string, a number, a bool or `None`",
                    );
                    continue;
                }
            };
            let name = key.to_string();
            if defaults.iter().any(|(k, _)| *k == name) {
                self.error(key.span(), format!("duplicate default for `{name}`"));
                continue;
            }
            defaults.push((name, text));
        }
        defaults
    }

    /// The `KEY = value` items of an option written `key(...)`.
    pub(super) fn option_pairs(&self, arg: &'a Arg) -> Vec<(&'a Ident, &'a Value)> {
        match arg {
            Arg::Call(_, items) => pairs(&self.read, items),
            other => {
                let key = other.key().map(ToString::to_string).unwrap_or_default();
                self.error(
                    other.span(),
                    format!("`{key}` takes `key = value` items: `{key}(id = \"[0-9]+\")`"),
                );
                Vec::new()
            }
        }
    }

    /// The constraints of the innermost scope that gives some.
    pub(super) fn current_constraints(&self) -> Option<&Vec<(String, Constraint)>> {
        self.scope.get(|f| f.constraints.as_ref())
    }

    /// The frame constraints add to the scope: merged with the scope's, their request keys
    /// given as values defaults of the params too (as Rails' `scope` makes them).
    pub(super) fn constraint_frame(
        &self,
        constraints: Vec<(String, Constraint)>,
        blocks: Vec<syn::Type>,
    ) -> Frame {
        let mut frame = Frame::default();
        self.add_constraints(&mut frame, constraints, blocks, Vec::new());
        frame
    }

    fn add_constraints(
        &self,
        frame: &mut Frame,
        constraints: Vec<(String, Constraint)>,
        blocks: Vec<syn::Type>,
        defaults: Vec<(String, Option<String>)>,
    ) {
        let mut request_defaults: Vec<(String, Option<String>)> = constraints
            .iter()
            .filter(|(key, _)| REQUEST_KEYS.contains(&key.as_str()))
            .filter_map(|(key, c)| match c {
                Constraint::Str(lit, _) => Some((key.clone(), Some(lit.value()))),
                Constraint::Int(n, _) => Some((key.clone(), Some(n.to_string()))),
                Constraint::Regex(..) | Constraint::Bool(..) | Constraint::OneOf(..) => None,
            })
            .collect();
        request_defaults = scope::merge(Some(&request_defaults), &defaults);
        frame.constraints = Some(scope::merge(self.current_constraints(), &constraints));
        let mut all_blocks = self
            .scope
            .get(|f| f.blocks.as_ref())
            .cloned()
            .unwrap_or_default();
        all_blocks.extend(blocks);
        frame.blocks = Some(all_blocks);
        frame.defaults = Some(scope::merge(
            self.scope.get(|f| f.defaults.as_ref()),
            &request_defaults,
        ));
    }

    pub(super) fn scope_frame(&self, options: &Options<'a>) -> Frame {
        let path = options
            .get(words::PATH)
            .and_then(|a| self.read.string(a))
            .map(|l| l.value());
        self.scope_frame_with_path(options, path)
    }

    /// The frame of a `scope` with `options` and the path `path`, as Rails' `scope` merges
    /// each key with the scope's.
    pub(super) fn scope_frame_with_path(
        &self,
        options: &Options<'a>,
        path: Option<String>,
    ) -> Frame {
        let scope = &self.scope;
        let string = |key: &str| {
            options
                .get(key)
                .and_then(|a| self.read.string(a))
                .map(|l: LitStr| l.value())
        };
        let mut frame = Frame::default();
        let as_ = options.get(words::AS).map(|a| self.name_or_none(a));
        let mut shallow_path = string(words::SHALLOW_PATH);
        let mut shallow_prefix = options
            .get(words::SHALLOW_PREFIX)
            .map(|a| self.name_or_none(a));
        if scope.level() != super::scope::Level::Nested {
            if shallow_path.is_none() {
                shallow_path.clone_from(&path);
            }
            if shallow_prefix.is_none() {
                shallow_prefix.clone_from(&as_);
            }
        }
        if let Some(path) = &path {
            frame.path = Some(Some(scope::join_path(&scope.path(), path)));
        }
        if let Some(shallow_path) = &shallow_path {
            frame.shallow_path = Some(Some(scope::join_path(
                &scope.shallow_path().unwrap_or_default(),
                shallow_path,
            )));
        }
        let join = |parent: Option<String>, child: &Option<String>| match child {
            Some(child) => Some(scope::join_name(parent.as_deref(), child)),
            None => parent.map(|p| format!("{p}_")),
        };
        if let Some(as_) = &as_ {
            frame.as_ = Some(join(scope.as_(), as_));
        }
        if let Some(prefix) = &shallow_prefix {
            frame.shallow_prefix = Some(join(scope.shallow_prefix(), prefix));
        }
        if let Some(module) = string(words::MODULE) {
            frame.module = Some(Some(scope::join_module(scope.module().as_deref(), &module)));
        }
        if let Some(arg) = options.get(words::CONTROLLER) {
            frame.controller = self.read.string(arg).and_then(|l| self.controller_name(&l));
        }
        if let Some(arg) = options.get(words::ACTION) {
            frame.action = self.word(arg);
        }
        if let Some(arg) = options.get(words::PATH_NAMES) {
            let names: Vec<(String, String)> = self
                .option_pairs(arg)
                .into_iter()
                .filter_map(|(key, value)| match value {
                    Value::Str(lit) => Some((key.to_string(), lit.value())),
                    other => {
                        self.error(other.span(), "a path name is a string: `new = \"neu\"`");
                        None
                    }
                })
                .collect();
            frame.path_names = Some(scope::merge(scope.get(|f| f.path_names.as_ref()), &names));
        }
        let (constraints, blocks) = match options.get(words::CONSTRAINTS) {
            Some(arg) => self.constraints(self.option_pairs(arg)),
            None => (Vec::new(), Vec::new()),
        };
        let defaults = match options.get(words::DEFAULTS) {
            Some(arg) => self.defaults(self.option_pairs(arg)),
            None => Vec::new(),
        };
        self.add_constraints(&mut frame, constraints, blocks, defaults);
        if let Some(arg) = options.get(words::TYPES) {
            let types = self.types(self.option_pairs(arg));
            frame.types = Some(scope::merge(self.current_types(), &types));
        }
        if let Some(arg) = options.get(words::SHALLOW) {
            frame.shallow = self.read.flag(arg);
        }
        if let Some(arg) = options.get(words::FORMAT) {
            frame.format = self.formatted(arg);
        }
        if let Some(arg) = options.get(words::VIA) {
            frame.via = self.via(arg);
        }
        let only = options.get(words::ONLY).and_then(|a| self.list(a));
        let except = options.get(words::EXCEPT).and_then(|a| self.list(a));
        if options.get(words::ONLY).is_some() || options.get(words::EXCEPT).is_some() {
            frame.action_options = Some((only, except));
        }
        frame
    }

    /// A resource declaration's names, the options the resource reads, those that make a scope
    /// around it, and whether it is shallow.
    pub(super) fn resource_args(
        &mut self,
        stmt: &'a Stmt,
        singleton: bool,
    ) -> Option<(Vec<&'a Ident>, ResourceOptions, Options<'a>, bool)> {
        let (names, patterns, options) =
            self.args(stmt, words::RESOURCES_OPTIONS, &[words::SHALLOW]);
        self.read.no_patterns(&stmt.keyword, &patterns);
        if names.is_empty() {
            self.error(
                stmt.keyword.span(),
                format!("`{}` needs at least one name", stmt.keyword),
            );
            return None;
        }
        let names: Vec<&Ident> = names
            .into_iter()
            .filter(|n| self.read.check_name(n, "resource"))
            .collect();
        self.set_resource_span(names.first()?.span());
        let mut out = ResourceOptions::default();
        let actions = if singleton {
            words::SINGLETON_ACTIONS
        } else {
            words::DEFAULT_ACTIONS
        };
        let check_actions = |list: Option<Vec<String>>, arg: &Arg| {
            let list = list?;
            for action in &list {
                if !actions.contains(&action.as_str()) {
                    self.error(
                        arg.span(),
                        format!(
                            "`{action}` is not an action of `{}`{}",
                            stmt.keyword,
                            crate::errors::hint(action, actions)
                        ),
                    );
                }
            }
            Some(list)
        };
        if let Some(arg) = options.get(words::ONLY) {
            out.only = check_actions(self.list(arg), arg);
        }
        if let Some(arg) = options.get(words::EXCEPT) {
            out.except = check_actions(self.list(arg), arg);
        }
        if let Some(arg) = options.get(words::CONTROLLER) {
            out.controller = self.read.string(arg).and_then(|l| self.controller_name(&l));
        }
        if let Some(arg) = options.get(words::PATH) {
            out.path = self.read.string(arg).map(|l| l.value());
        }
        if let Some(arg) = options.get(words::AS) {
            out.as_ = self.word(arg);
        }
        if let Some(arg) = options.get(words::PARAM) {
            out.param = self.word(arg).filter(|param| {
                let ok = routes_syntax::pattern::is_param_name(param);
                if !ok {
                    self.error(arg.span(), "a param is a name such as `slug`");
                }
                ok
            });
        }
        if let Some(arg) = options.get(words::CONCERNS) {
            out.concerns = match arg {
                Arg::Call(_, items) => items
                    .iter()
                    .filter_map(|item| match item {
                        Item::Name(name) => Some(name.clone()),
                        other => {
                            self.error(other.key().span(), "expected the name of a concern");
                            None
                        }
                    })
                    .collect(),
                Arg::Assign(_, Value::Ident(name)) => vec![name.clone()],
                other => {
                    self.error(
                        other.span(),
                        "`concerns` takes names: `concerns(commentable)`",
                    );
                    Vec::new()
                }
            };
        }
        let shallow = match options.get(words::SHALLOW) {
            Some(arg) => self.read.flag(arg).unwrap_or(false),
            None => false,
        };
        let scope = options.without(&[
            words::ONLY,
            words::EXCEPT,
            words::CONTROLLER,
            words::PATH,
            words::AS,
            words::PARAM,
            words::CONCERNS,
            words::SHALLOW,
        ]);
        Some((names, out, scope, shallow))
    }
}
