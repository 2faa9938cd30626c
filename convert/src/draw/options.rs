//! Rails 3+ option hashes in `draw!`'s terms, as Rails' mapper divides them: the options each
//! declaration knows; then, for any other key, a regexp is a constraint and anything else a
//! default (`Mapping#constraints`, `normalize_defaults`), so `id: /\d+/` beside `to:` is
//! `constraints(id = "[0-9]+")` and `full: true` is `defaults(full = true)`. Segment
//! constraints are regexes; request constraints (`subdomain`, `host`, `domain`, `port`,
//! `protocol`) compare whole unless written `regex("...")`, a list takes any of its values and
//! `true`/`false` a value present or absent; a constraint written in Ruby is a predicate stub.

use lib_ruby_parser::Node;

use super::{Key, Reader, is_name};
use crate::model::{Arg, Item, Line, Val};
use crate::options::regex;
use crate::ruby::Value;
use crate::write::literal;

/// The keys a request constraint tests (Rails' `URL_OPTIONS`); any other key constrains a
/// segment of the path.
const REQUEST_KEYS: &[&str] = &["protocol", "subdomain", "domain", "host", "port"];

/// The default actions of `resources`, and of `resource`.
const ACTIONS: &[&str] = &[
    "index", "create", "new", "show", "update", "destroy", "edit",
];
const SINGLETON_ACTIONS: &[&str] = &["create", "new", "show", "update", "destroy", "edit"];

/// Options translated, and what the reader of the output should know about them.
#[derive(Debug, Default)]
pub struct Out {
    pub args: Vec<Arg>,
    pub lines: Vec<Line>,
}

impl Out {
    /// Adds `item` to the `key(...)` argument, which goes where its first item was written.
    fn push_item(&mut self, key: &str, item: Item) {
        for arg in &mut self.args {
            if let Arg::Call(k, items) = arg
                && k == key
            {
                items.push(item);
                return;
            }
        }
        self.args.push(Arg::Call(key.to_owned(), vec![item]));
    }

    fn assign(&mut self, key: &str, value: Val) {
        self.args.push(Arg::Assign(key.to_owned(), value));
    }

    fn todo(&mut self, text: String) {
        self.lines.push(Line::Todo(text));
    }
}

/// What `to:` sends to.
enum To {
    Target(Val),
    /// `to: :action`
    Action(String),
    /// A Rack app: a class, an object, a lambda.
    App,
    /// Something this cannot read; why.
    Unread(String),
}

impl<'s> Reader<'s, '_, '_> {
    /// The options of a verb route, `match` or `root`; `Err(why)` when the route cannot be
    /// declared at all (it is sent to a Rack app, a redirect Ruby computes, or only by
    /// methods `draw!` does not route).
    pub(super) fn route_options(
        &mut self,
        pairs: &[(Key<'s>, &'s Node)],
        path_keys: Option<&[String]>,
    ) -> Result<Out, String> {
        let mut out = Out::default();
        for (key, value) in pairs {
            let Some(key) = self.key(&mut out, key) else {
                continue;
            };
            match key.as_str() {
                "to" => match self.to(value) {
                    To::Target(val) => out.assign("to", val),
                    To::Action(action) => out.assign("action", Val::Str(action)),
                    To::App => {
                        return Err(format!(
                            "a route to the Rack app `{}`, which only the application can run: \
                             declare it with `mount` and bind it to a service",
                            self.ruby(value)
                        ));
                    }
                    To::Unread(why) => return Err(why),
                },
                // A regexp is the constraint of the path's `:controller` or `:action`, as Rails'
                // `check_part` makes it.
                "controller" | "action" if matches!(self.value(value), Value::Regex { .. }) => {
                    self.constraint(&mut out, &key, value, path_keys);
                }
                // `path: nil` is no path at all: Rails' `map_match` passes it by.
                "path" if matches!(self.value(value), Value::Nil) => {}
                "controller" | "action" | "path" => self.word(&mut out, &key, value),
                "as" => match self.value(value) {
                    Value::Nil | Value::Bool(false) => out.assign("as", Val::Word("None".into())),
                    other => match other.word() {
                        Some(name) => out.assign("as", Val::Str(name.to_owned())),
                        None => self.cannot(&mut out, &key, value),
                    },
                },
                "via" => match methods(&self.value(value)) {
                    Some(via) => match routed(via) {
                        Ok((via, left)) => {
                            out.assign("via", via);
                            if !left.is_empty() {
                                out.todo(format!(
                                    "the methods {} are left out: `draw!` routes GET, POST, PUT, \
                                     PATCH, DELETE and OPTIONS (and every method with `via = all`)",
                                    left.join(", ")
                                ));
                            }
                        }
                        Err(left) => {
                            return Err(format!(
                                "a route for {} only, methods `draw!` does not route (it routes \
                                 GET, POST, PUT, PATCH, DELETE and OPTIONS): answer them in a \
                                 layer in front of the routes",
                                left.join(", ")
                            ));
                        }
                    },
                    None => self.cannot(&mut out, &key, value),
                },
                "on" => match self.value(value).word() {
                    Some(on @ ("member" | "collection" | "new")) => {
                        out.assign("on", Val::Word(on.to_owned()));
                    }
                    _ => self.cannot(&mut out, &key, value),
                },
                "constraints" => self.constraints(&mut out, value, path_keys),
                "defaults" => self.defaults(&mut out, value),
                "format" => self.format(&mut out, value),
                "anchor" => out.todo(format!(
                    "`anchor: {}` is left out: `draw!` anchors every route at the path's end",
                    self.ruby(value)
                )),
                "internal" => {}
                _ => self.loose(&mut out, &key, value, path_keys),
            }
        }
        Ok(out)
    }

    /// The options of `resources` and `resource`.
    pub(super) fn resource_options(
        &mut self,
        pairs: &[(Key<'s>, &'s Node)],
        singleton: bool,
    ) -> Out {
        let mut out = Out::default();
        for (key, value) in pairs {
            let Some(key) = self.key(&mut out, key) else {
                continue;
            };
            match key.as_str() {
                "only" | "except" => self.actions(&mut out, &key, value, singleton),
                "controller" | "path" | "as" | "param" | "module" | "shallow_path"
                | "shallow_prefix" => self.word(&mut out, &key, value),
                "concerns" => match names(&self.value(value)) {
                    Some(names) if names.iter().all(|n| is_name(n)) => out.args.push(Arg::Call(
                        "concerns".into(),
                        names.into_iter().map(Item::Name).collect(),
                    )),
                    _ => self.cannot(&mut out, &key, value),
                },
                _ => self.scope_option(&mut out, &key, value),
            }
        }
        out
    }

    /// The options of `scope` and `namespace`.
    pub(super) fn scope_options(&mut self, pairs: &[(Key<'s>, &'s Node)]) -> Out {
        let mut out = Out::default();
        for (key, value) in pairs {
            let Some(key) = self.key(&mut out, key) else {
                continue;
            };
            match key.as_str() {
                "path" | "module" | "controller" | "action" | "shallow_path" => {
                    self.word(&mut out, &key, value)
                }
                "as" | "shallow_prefix" => match self.value(value) {
                    Value::Nil | Value::Bool(false) => out.assign(&key, Val::Word("None".into())),
                    _ => self.word(&mut out, &key, value),
                },
                "only" | "except" => match names(&self.value(value)) {
                    Some(names) => out.args.push(Arg::Call(
                        key.clone(),
                        names
                            .into_iter()
                            .filter(|n| ACTIONS.contains(&n.as_str()))
                            .map(Item::Name)
                            .collect(),
                    )),
                    None => self.cannot(&mut out, &key, value),
                },
                "via" => match methods(&self.value(value)) {
                    Some(via) => out.assign("via", via),
                    None => self.cannot(&mut out, &key, value),
                },
                _ => self.scope_option(&mut out, &key, value),
            }
        }
        out
    }

    /// An option a scope reads (and a resource's scope): constraints, defaults, format,
    /// shallow, path names; any other key as Rails' `scope` keeps it.
    fn scope_option(&mut self, out: &mut Out, key: &str, value: &'s Node) {
        match key {
            "constraints" => self.constraints(out, value, None),
            "defaults" => self.defaults(out, value),
            "format" => self.format(out, value),
            "shallow" => match self.value(value) {
                Value::Bool(true) => out.args.push(Arg::Flag("shallow".into())),
                Value::Bool(false) | Value::Nil => {
                    out.assign("shallow", Val::Raw("false".into()));
                }
                _ => self.cannot(out, key, value),
            },
            "path_names" => match self.value(value) {
                Value::Hash(pairs) => {
                    for (name, segment) in pairs {
                        match segment.word() {
                            Some(segment) => out.push_item(
                                "path_names",
                                Item::Assign(name, Val::Str(segment.to_owned())),
                            ),
                            None => out.todo(format!(
                                "`path_names: {{ {name}: {} }}` has no equivalent; convert it by \
                                 hand",
                                segment.ruby()
                            )),
                        }
                    }
                }
                _ => self.cannot(out, key, value),
            },
            _ => self.loose(out, key, value, None),
        }
    }

    /// A key no declaration knows: a regexp constrains it, anything else is its default.
    fn loose(&mut self, out: &mut Out, key: &str, value: &'s Node, path_keys: Option<&[String]>) {
        match self.value(value) {
            Value::Regex { .. } => self.constraint(out, key, value, path_keys),
            _ => self.default(out, key, value),
        }
    }

    /// An option's key, or a to-do for one that is not a word.
    fn key(&self, out: &mut Out, key: &Key<'s>) -> Option<String> {
        match key {
            Key::Word { text, .. } if is_name(text) || text == "as" => Some(text.clone()),
            Key::Word { text, .. } => {
                out.todo(format!(
                    "the option `{text}` has no equivalent; convert it by hand"
                ));
                None
            }
            Key::Other(node) => {
                out.todo(format!(
                    "the option `{}` has no equivalent; convert it by hand",
                    self.ruby(node)
                ));
                None
            }
        }
    }

    fn cannot(&self, out: &mut Out, key: &str, value: &Node) {
        out.todo(format!(
            "`{key}: {}` has no equivalent in `draw!`; convert it by hand",
            self.ruby(value)
        ));
    }

    /// `key = "word"` from a symbol or a string.
    fn word(&self, out: &mut Out, key: &str, value: &Node) {
        match self.value(value).word() {
            Some(word) => out.assign(key, Val::Str(word.to_owned())),
            None => self.cannot(out, key, value),
        }
    }

    /// `only` and `except`, as Rails reads them (`Array(value)`): names that are no action of
    /// the resource route nothing, and are left out with a note.
    fn actions(&self, out: &mut Out, key: &str, value: &Node, singleton: bool) {
        let Some(names) = names(&self.value(value)) else {
            return self.cannot(out, key, value);
        };
        let known = if singleton {
            SINGLETON_ACTIONS
        } else {
            ACTIONS
        };
        let (kept, unknown): (Vec<String>, Vec<String>) =
            names.into_iter().partition(|n| known.contains(&n.as_str()));
        if !unknown.is_empty() {
            let unknown: Vec<String> = unknown.iter().map(|n| format!("`{n}`")).collect();
            out.lines.push(Line::Note(format!(
                "{} in `{key}` is no action of the resource, and Rails ignored it",
                unknown.join(", ")
            )));
        }
        if kept.is_empty() && key == "except" {
            return;
        }
        out.args.push(Arg::Call(
            key.to_owned(),
            kept.into_iter().map(Item::Name).collect(),
        ));
    }

    /// `to:`: `"controller#action"`, `:action`, `redirect(...)`, or a Rack app.
    fn to(&self, value: &Node) -> To {
        let redirect = match value {
            Node::Send(send) if send.recv.is_none() && send.method_name == "redirect" => {
                Some(&send.args)
            }
            Node::Block(b) => match b.call.as_ref() {
                Node::Send(send) if send.method_name == "redirect" => {
                    return To::Unread(format!(
                        "`to: {}` is a redirect Ruby computes: write its target as \
                         `redirect(\"/path/%{{param}}\")`",
                        self.ruby(value)
                    ));
                }
                _ => None,
            },
            _ => None,
        };
        if let Some(args) = redirect {
            return self.redirect(value, args);
        }
        match self.value(value) {
            Value::Str(to) => To::Target(Val::Str(to)),
            Value::Sym(action) => To::Action(action),
            _ => match value {
                Node::Const(_) | Node::Lambda(_) | Node::Block(_) | Node::Send(_) => To::App,
                _ => To::Unread(format!(
                    "`to: {}` has no equivalent in `draw!`; convert it by hand",
                    self.ruby(value)
                )),
            },
        }
    }

    /// `redirect("/path/%{id}", status: 302)`, or a redirect to parts of the request's URL
    /// (`redirect(subdomain: "m", path: "/%{id}")`), as Rails' `redirect` reads them: options
    /// besides `status` make it a redirect to parts (the path given first is then ignored).
    fn redirect(&self, value: &Node, args: &'s [Node]) -> To {
        let args = self.args(args);
        let unread = || {
            To::Unread(format!(
                "`to: {}` is a redirect this cannot read: write its target as \
                 `redirect(\"/path/%{{param}}\")` or `redirect(subdomain = \"...\", path = \"...\")`",
                self.ruby(value)
            ))
        };
        let mut written = Vec::new();
        let mut status = None;
        for (key, node) in &args.pairs {
            let Some(key) = key.word() else {
                return unread();
            };
            match (key, self.value(node)) {
                ("status", Value::Int(code)) => status = Some(code),
                ("port", Value::Int(port)) => written.push(format!("port = {port}")),
                (
                    "protocol" | "subdomain" | "domain" | "host" | "port" | "path",
                    Value::Str(text) | Value::Sym(text),
                ) => written.push(format!("{key} = {}", literal(&text))),
                _ => return unread(),
            }
        }
        if written.is_empty() {
            match args.positional.first().map(|n| self.value(n)) {
                Some(Value::Str(target)) if args.positional.len() == 1 => {
                    written.push(literal(&target));
                }
                _ => return unread(),
            }
        }
        if let Some(code) = status.filter(|code| code != "301") {
            written.push(format!("status = {code}"));
        }
        To::Target(Val::Raw(format!("redirect({})", written.join(", "))))
    }

    /// `constraints: { ... }`, or a constraint written in Ruby (`constraints: Beta.new`).
    fn constraints(&mut self, out: &mut Out, value: &'s Node, path_keys: Option<&[String]>) {
        match value {
            Node::Hash(h) => {
                for pair in &h.pairs {
                    let Node::Pair(pair) = pair else { continue };
                    match self.value(&pair.key).word() {
                        Some(key) => {
                            let key = key.to_owned();
                            self.constraint(out, &key, &pair.value, path_keys);
                        }
                        None => out.todo(format!(
                            "the constraint `{}` has no equivalent; convert it by hand",
                            self.ruby(&pair.key)
                        )),
                    }
                }
            }
            Node::Kwargs(_) => {}
            predicate => {
                let name = self.stub(predicate, "this route");
                out.push_item("constraints", Item::Assign("with".into(), Val::Word(name)));
            }
        }
    }

    /// One constraint: a segment's regex, or a request's value or `regex("...")`.
    pub(super) fn constraint(
        &mut self,
        out: &mut Out,
        key: &str,
        value: &'s Node,
        _path_keys: Option<&[String]>,
    ) {
        let request = REQUEST_KEYS.contains(&key);
        let value_read = self.value(value);
        let val = match (&value_read, request) {
            (Value::Regex { .. }, true) => {
                regex(&value_read).map(|r| Val::Raw(format!("regex({})", literal(&r))))
            }
            (Value::Regex { .. }, false) => regex(&value_read).map(Val::Str),
            (Value::Str(s) | Value::Sym(s), true) => Some(Val::Str(s.clone())),
            (Value::Int(n), true) => Some(Val::Raw(n.clone())),
            // `subdomain: true`: present or absent, as Rails' `present?` reads it.
            (Value::Bool(b), true) => Some(Val::Raw(b.to_string())),
            // `port: [8080, 8443]`: any of the values, as Rails' `Array#include?` reads it.
            (Value::Array(items), true) => items
                .iter()
                .map(|item| match item {
                    Value::Str(s) | Value::Sym(s) => Some(literal(s)),
                    Value::Int(n) => Some(n.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<String>>>()
                .filter(|values| !values.is_empty())
                .map(|values| Val::Raw(format!("[{}]", values.join(", ")))),
            // Rails matches a string constraint on a segment as the literal it is.
            (Value::Str(_) | Value::Sym(_) | Value::Int(_), false) => {
                regex(&value_read).map(Val::Str)
            }
            _ => None,
        };
        match val {
            Some(val) => out.push_item("constraints", Item::Assign(key.to_owned(), val)),
            None if matches!(value_read, Value::Regex { .. }) => out.todo(format!(
                "the constraint `{key}: {}` is left out: `draw!`'s regexes are Rust's, which take \
                 no look-around and no backreference; convert it by hand",
                self.ruby(value)
            )),
            None => out.todo(format!(
                "the constraint `{key}: {}` has no equivalent in `draw!`; convert it by hand",
                self.ruby(value)
            )),
        }
    }

    /// `defaults: { ... }`.
    fn defaults(&mut self, out: &mut Out, value: &'s Node) {
        match value {
            Node::Hash(h) => {
                for pair in &h.pairs {
                    let Node::Pair(pair) = pair else { continue };
                    match self.value(&pair.key).word() {
                        Some(key) => {
                            let key = key.to_owned();
                            self.default(out, &key, &pair.value);
                        }
                        None => out.todo(format!(
                            "the default `{}` has no equivalent; convert it by hand",
                            self.ruby(&pair.key)
                        )),
                    }
                }
            }
            other => self.cannot(out, "defaults", other),
        }
    }

    /// One default: a string, a number, a bool, or `None` for `nil`.
    pub(super) fn default(&mut self, out: &mut Out, key: &str, value: &'s Node) {
        let val = match self.value(value) {
            Value::Str(s) | Value::Sym(s) => Val::Str(s),
            Value::Int(n) => Val::Raw(n),
            Value::Bool(b) => Val::Raw(b.to_string()),
            Value::Nil => Val::Word("None".into()),
            _ => {
                return out.todo(format!(
                    "the default `{key}: {}` has no equivalent in `draw!`; convert it by hand",
                    self.ruby(value)
                ));
            }
        };
        out.push_item("defaults", Item::Assign(key.to_owned(), val));
    }

    /// `format: false`, `format: true`, a string (the format's constraint and default) or a
    /// regexp (its constraint), as Rails' `normalize_format` reads them; a symbol, which it
    /// ignores, is left out with a note.
    fn format(&mut self, out: &mut Out, value: &'s Node) {
        match self.value(value) {
            Value::Bool(b) => out.assign("format", Val::Raw(b.to_string())),
            Value::Nil => {}
            Value::Str(text) => out.assign("format", Val::Str(text)),
            Value::Sym(text) => out.lines.push(Line::Note(format!(
                "`format: :{text}` is left out: Rails reads a symbol as no format option at \
                 all, so the route takes any format (a string, `format: \"{text}\"`, would \
                 have made it its constraint and default)"
            ))),
            re @ Value::Regex { .. } => match regex(&re) {
                Some(re) => out.assign("format", Val::Raw(format!("regex({})", literal(&re)))),
                None => self.cannot(out, "format", value),
            },
            _ => self.cannot(out, "format", value),
        }
    }
}

/// `via:`'s value: `:get`, `[:get, :post]`, `:all`.
fn methods(value: &Value) -> Option<Val> {
    let words: Vec<String> = match value {
        Value::Array(items) => items
            .iter()
            .map(|i| i.word().map(str::to_ascii_lowercase))
            .collect::<Option<_>>()?,
        single => vec![single.word()?.to_ascii_lowercase()],
    };
    if words.iter().any(|w| w == "all" || w == "any") {
        return Some(Val::Word("all".into()));
    }
    match <[String; 1]>::try_from(words) {
        Ok([one]) => Some(Val::Word(one)),
        Err(many) if many.is_empty() => None,
        Err(many) => Some(Val::Words(many)),
    }
}

/// The methods of `via` that `draw!` routes, and those it does not (`HEAD`, `TRACE`, ...);
/// `Err` with these when it routes none of them.
fn routed(via: Val) -> Result<(Val, Vec<String>), Vec<String>> {
    let known = |m: &String| {
        matches!(
            m.as_str(),
            "get" | "post" | "put" | "patch" | "delete" | "options"
        )
    };
    let words = match via {
        Val::Word(word) if word == "all" => return Ok((Val::Word(word), Vec::new())),
        Val::Word(word) => vec![word],
        Val::Words(words) => words,
        other => return Ok((other, Vec::new())),
    };
    let (kept, left): (Vec<String>, Vec<String>) = words.into_iter().partition(known);
    let left: Vec<String> = left.iter().map(|m| m.to_ascii_uppercase()).collect();
    match <[String; 1]>::try_from(kept) {
        Ok([one]) => Ok((Val::Word(one), left)),
        Err(kept) if kept.is_empty() => Err(left),
        Err(kept) => Ok((Val::Words(kept), left)),
    }
}

/// A list of names as Rails reads one with `Array(value)`: a symbol, a string, an array.
fn names(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::Sym(name) | Value::Str(name) => Some(vec![name.clone()]),
        Value::Array(items) => items.iter().map(|i| i.word().map(str::to_owned)).collect(),
        Value::Nil => Some(Vec::new()),
        _ => None,
    }
}
