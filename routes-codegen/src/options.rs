//! Reading what a declaration is given: its names, patterns and options, each option's value
//! checked for its shape and reported at its own token when it does not fit.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Ident, LitStr, Type, TypePath};

use crate::errors::{Errors, hint, one_of};
use crate::model::{ParamType, PerParam, Requirement, Verb};
use crate::parse::{Arg, Item, Methods, Stmt, Value};
use crate::resources::CustomAction;

mod names;

/// A declaration as messages name it: its keyword and its first name or pattern,
/// `named(login)`, `connect("/:controller/:action/:id")`.
pub fn describe(stmt: &Stmt) -> String {
    let first = stmt.args.iter().find_map(|arg| match arg {
        Arg::Name(name) => Some(name.to_string()),
        Arg::Pattern(lit) => Some(format!("{:?}", lit.value())),
        _ => None,
    });
    match first {
        Some(first) => format!("{}({first})", stmt.keyword),
        None => stmt.keyword.to_string(),
    }
}
use crate::symbol::{
    ANY, DELETE, GET, HEAD, METHOD, METHODS, NO_PREFIX, OPTIONS, PATCH, POST, PUT, UNTYPED,
};

/// The options given to one declaration, each known to it and given once: its own, and those
/// of the `with_options` around it that it does not give itself.
pub struct Options<'a> {
    /// One per key: the declaration's own, or the innermost `with_options`'s.
    pub args: Vec<&'a Arg>,
    /// Every option the `with_options` around the declaration give it, outermost first: those
    /// that merge key by key (`requirements`, `conditions`, `defaults`, `types`) are read from
    /// all of them.
    pub inherited: Vec<&'a Arg>,
    /// The declaration, as messages about inherited options name it: `named(login)`.
    pub declaration: String,
}

impl<'a> Options<'a> {
    pub fn get(&self, key: &str) -> Option<&'a Arg> {
        self.args
            .iter()
            .copied()
            .find(|arg| arg.key().is_some_and(|k| k == key))
    }

    /// Every `key` option that applies, outermost `with_options` first and the declaration's
    /// own last, for the options that merge key by key.
    pub fn all(&self, key: &str) -> Vec<&'a Arg> {
        let is_key = |arg: &&Arg| arg.key().is_some_and(|k| k == key);
        let own = self.get(key).filter(|arg| !self.is_inherited(arg));
        self.inherited
            .iter()
            .copied()
            .filter(is_key)
            .chain(own)
            .collect()
    }

    /// Whether `arg` came from a `with_options`.
    pub fn is_inherited(&self, arg: &Arg) -> bool {
        self.inherited.iter().any(|a| std::ptr::eq(*a, arg))
    }
}

/// A declaration's arguments, sorted.
pub struct Args<'s> {
    pub names: Vec<&'s Ident>,
    pub patterns: Vec<&'s LitStr>,
    pub options: Options<'s>,
}

/// Reads option values, reporting those that do not fit.
pub struct Reader<'a> {
    pub errors: &'a Errors,
    /// The words of the other DSL, each with how this one writes it: an option or a
    /// declaration a user brings from it gets that advice rather than a list.
    pub foreign: crate::symbol::Foreign,
}

impl Reader<'_> {
    pub fn error(&self, span: Span, message: impl std::fmt::Display) {
        self.errors.error(span, message);
    }

    pub fn note(&self, span: Span, message: impl std::fmt::Display) {
        self.errors.note(span, message);
    }

    /// Splits a declaration's arguments into names, patterns and options, reporting unknown
    /// and repeated options; `unlisted` options are accepted but not suggested.
    pub fn args<'s>(
        &self,
        stmt: &'s Stmt,
        allowed: &[&str],
        flags: &[&str],
        unlisted: &[&str],
    ) -> Args<'s> {
        let keyword = &stmt.keyword;
        let mut names = Vec::new();
        let mut patterns = Vec::new();
        let mut options = Options {
            args: Vec::new(),
            inherited: Vec::new(),
            declaration: describe(stmt),
        };
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
            if !allowed.contains(&name.as_str())
                && let Some(advice) = self.foreign.advice(&name)
            {
                self.error(key.span(), advice);
                continue;
            }
            if !allowed.contains(&name.as_str()) {
                let listed: Vec<&str> = allowed
                    .iter()
                    .copied()
                    .filter(|o| !unlisted.contains(o))
                    .collect();
                let segment = matches!(arg, Arg::Assign(..))
                    && allowed.contains(&"constraints")
                    && patterns
                        .iter()
                        .any(|p| segment_names(&p.value()).contains(&name));
                if segment {
                    // Rails takes a segment's constraint as an option of its own (`get
                    // "photos/:id", id: /\d+/`, as its guide writes it); here it is a constraint.
                    self.error(
                        key.span(),
                        format!(
                            "`{name}` is a segment of the path: its constraint is \
                             `constraints({name} = \"...\")` (Rails' `{name}: /.../`)"
                        ),
                    );
                    continue;
                }
                let expected = if listed.is_empty() {
                    format!("; `{keyword}` takes no options")
                } else {
                    hint(&name, &listed)
                };
                self.error(
                    key.span(),
                    format!("unknown option `{name}` for `{keyword}`{expected}"),
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
        Args {
            names,
            patterns,
            options,
        }
    }

    pub fn no_patterns(&self, keyword: &Ident, patterns: &[&LitStr]) {
        for pattern in patterns {
            self.error(pattern.span(), format!("`{keyword}` takes no pattern"));
        }
    }

    pub fn string(&self, arg: &Arg) -> Option<LitStr> {
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

    pub fn items<'s>(&self, arg: &'s Arg) -> Option<&'s [Item]> {
        match arg {
            Arg::Call(_, items) => Some(items),
            Arg::Name(key) | Arg::Assign(key, _) => {
                self.error(key.span(), format!("`{key}` takes a list: `{key}(...)`"));
                None
            }
            Arg::Pattern(_) => None,
        }
    }

    pub fn flag(&self, arg: &Arg) -> Option<bool> {
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

    /// The methods of a custom action or a route; empty for `any`.
    pub fn methods(&self, methods: &Methods) -> Option<Vec<Verb>> {
        let mut verbs = Vec::new();
        let mut any = None;
        let mut ok = true;
        for name in &methods.names {
            let verb = match name.to_string().as_str() {
                GET => Verb::Get,
                POST => Verb::Post,
                PUT => Verb::Put,
                PATCH => Verb::Patch,
                DELETE => Verb::Delete,
                OPTIONS => Verb::Options,
                ANY => {
                    any = Some(name.span());
                    continue;
                }
                HEAD => {
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
                        format!("unknown method `{other}`{}", hint(other, METHODS)),
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

    /// `via = post`, `via = [get, post]`, and the same in `conditions(method = ...)`.
    pub fn via(&self, value: &Value) -> Option<Vec<Verb>> {
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

    /// `collection(...)`, `member(...)` or `new(...)`: `ACTION: METHOD` each.
    pub fn custom_actions(&self, arg: &Arg) -> Vec<CustomAction> {
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

    /// `requirements(PARAM = "regex", ...)` of `options` (merged key by key with those of the
    /// `with_options` around them).
    pub fn requirements(&self, options: &Options<'_>) -> Vec<Requirement> {
        self.per_param(
            options,
            crate::symbol::REQUIREMENTS,
            "requirement",
            "\"regex\"",
            |param, value| match value {
                Value::Str(source) => Some(source.clone()),
                other => {
                    self.error(
                        other.span(),
                        format!("a requirement is a regex string: `{param} = \"[0-9]+\"`"),
                    );
                    None
                }
            },
        )
    }

    /// `types(PARAM = Type, ...)` of `options` (merged as requirements are).
    pub fn types(&self, options: &Options<'_>) -> Vec<ParamType> {
        self.per_param(
            options,
            crate::symbol::TYPES,
            "type",
            "u64",
            |param, value| {
                if UNTYPED.iter().any(|u| param == u) {
                    self.error(
                        param.span(),
                        format!(
                            "`{param}` cannot be typed: the controller, the action and the format \
                         are always text"
                        ),
                    );
                    return None;
                }
                match value {
                    Value::Ident(ident) => Some(Type::Path(TypePath {
                        qself: None,
                        path: ident.clone().into(),
                    })),
                    Value::Type(ty) => Some((**ty).clone()),
                    other => {
                        self.error(
                            other.span(),
                            format!("a type is a Rust type such as `u64`: `{param} = u64`"),
                        );
                        None
                    }
                }
            },
        )
    }

    /// The `PARAM = value` entries of the `key` options (`requirements(...)` or `types(...)`,
    /// `what`, whose values look like `example`) that apply to a declaration, each param once:
    /// an inner option's entry replaces an outer one's. Their values are read by `value`.
    fn per_param<T>(
        &self,
        options: &Options<'_>,
        key: &str,
        what: &str,
        example: &str,
        value: impl Fn(&Ident, &Value) -> Option<T>,
    ) -> Vec<PerParam<T>> {
        let mut entries: Vec<PerParam<T>> = Vec::new();
        for arg in options.all(key) {
            let inherited = options.is_inherited(arg);
            for (param, given) in self.assignments(arg, example) {
                match entries.iter().position(|e| e.param == *param) {
                    Some(_) if given.1 => {
                        self.error(param.span(), format!("duplicate {what} for `{param}`"));
                        continue;
                    }
                    Some(at) => {
                        entries.remove(at);
                    }
                    None => {}
                }
                if let Some(v) = value(param, given.0) {
                    let mut entry = PerParam::new(param, v);
                    if inherited {
                        entry.given_to = Some(options.declaration.clone());
                    }
                    entries.push(entry);
                }
            }
        }
        entries
    }

    /// The `KEY = value` items of an option such as `requirements(...)`, reported where an
    /// item is not one; with each, whether an earlier item of the same option has its key
    /// (a duplicate, rather than an override of an outer option's).
    fn assignments<'s>(&self, arg: &'s Arg, example: &str) -> Vec<(&'s Ident, (&'s Value, bool))> {
        let Some(items) = self.items(arg) else {
            return Vec::new();
        };
        let mut out: Vec<(&Ident, (&Value, bool))> = Vec::new();
        for item in items {
            let Item::Assign(key, value) = item else {
                let key = item.key();
                self.error(key.span(), format!("expected `{key} = {example}`"));
                continue;
            };
            let repeated = out.iter().any(|(k, _)| *k == key);
            out.push((key, (value, repeated)));
        }
        out
    }

    /// `conditions(KEY = value)` of `options`, merged key by key with those of the
    /// `with_options` around them: data on the routes for the application to check. A
    /// `method` condition is taken out as the route's methods, where `allow_method`.
    pub fn conditions(
        &self,
        options: &Options<'_>,
        allow_method: bool,
    ) -> (Vec<(String, String)>, Option<Vec<Verb>>) {
        let mut conditions: Vec<(String, String)> = Vec::new();
        let mut method = None;
        for arg in options.all(crate::symbol::CONDITIONS) {
            let mut seen: Vec<&Ident> = Vec::new();
            for (key, (value, repeated)) in self.assignments(arg, "value") {
                if repeated {
                    self.error(key.span(), format!("duplicate condition `{key}`"));
                    continue;
                }
                seen.push(key);
                if key == METHOD {
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
                    Value::List(span, _) | Value::Literals(span, _) => {
                        self.error(*span, "a condition takes a single value");
                        continue;
                    }
                    Value::Type(_) | Value::Call(..) => {
                        self.error(
                            value.span(),
                            "a condition takes a string, a number, a bool or a name",
                        );
                        continue;
                    }
                };
                conditions.retain(|(k, _)| key != k);
                conditions.push((key.to_string(), text));
            }
        }
        (conditions, method)
    }

    /// `defaults(KEY = "value" | None)` of `options`, merged as conditions are: each key with
    /// its value, `None` for none.
    pub fn defaults(&self, options: &Options<'_>) -> Vec<(Ident, Option<LitStr>)> {
        let mut defaults: Vec<(Ident, Option<LitStr>)> = Vec::new();
        for arg in options.all(crate::symbol::DEFAULTS) {
            for (key, (value, repeated)) in self.assignments(arg, "\"value\"") {
                if repeated {
                    self.error(key.span(), format!("duplicate default for `{key}`"));
                    continue;
                }
                let value = match value {
                    Value::Str(lit) => Some(lit.clone()),
                    Value::Ident(none) if none == NO_PREFIX => None,
                    other => {
                        self.error(
                            other.span(),
                            format!(
                                "a default is a string or `None`: `{key} = \"...\"` or `{key} = None`"
                            ),
                        );
                        continue;
                    }
                };
                defaults.retain(|(k, _)| k != key);
                defaults.push((key.clone(), value));
            }
        }
        defaults
    }

    pub fn name_prefix(&self, arg: &Arg) -> Option<Option<String>> {
        match arg {
            Arg::Assign(_, Value::Ident(none)) if none == NO_PREFIX => Some(None),
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
}

/// The names of a pattern's dynamic segments and globs: `id` and `path` of
/// `posts/:id/*path`.
fn segment_names(pattern: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' || c == '*' {
            let mut name = String::new();
            while let Some(&next) = chars
                .peek()
                .filter(|n| n.is_ascii_alphanumeric() || **n == '_')
            {
                name.push(next);
                chars.next();
            }
            if !name.is_empty() {
                names.push(name);
            }
        }
    }
    names
}
