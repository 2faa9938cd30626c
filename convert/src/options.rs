//! Rails' option hashes in the DSL's terms: a route's (`map.connect`, a named route,
//! `map.root`, `map.with_options`) and a resource's (`map.resources`), each key to its option,
//! with a note where Rails meant something the DSL says differently and a to-do where it has
//! no equivalent.

use routes_syntax::spelling::did_you_mean;

use crate::model::{Arg, Item, Line, Val};
use crate::ruby::Value;

/// Options in the DSL, and what the reader of the output should know about them.
#[derive(Debug, Default)]
pub struct Translated {
    pub args: Vec<Arg>,
    pub notes: Vec<String>,
    pub todos: Vec<String>,
}

impl Translated {
    /// Adds the options to a declaration's `args`, and the notes and to-dos to the `lines`
    /// before it.
    pub fn settle(self, args: &mut Vec<Arg>, lines: &mut Vec<Line>) {
        args.extend(self.args);
        lines.extend(self.notes.into_iter().map(Line::Note));
        lines.extend(self.todos.into_iter().map(Line::Todo));
    }

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

    fn cannot(&mut self, key: &str, value: &Value) {
        self.todos.push(format!(
            "`:{key} => {}` has no equivalent in routes!; convert it by hand",
            value.ruby()
        ));
    }
}

/// What a route's options are for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum For {
    Named,
    Connect,
    Root,
}

/// The options of `named`, `connect` and `root`, in the order written; `pattern` is `None`
/// where it is not known (`with_options`).
pub fn route(options: &[(String, Value)], pattern: Option<&str>, route: For) -> Translated {
    let keys = pattern.map(pattern_keys);
    let in_pattern = |key: &str| keys.as_ref().is_none_or(|k| k.iter().any(|p| p == key));
    let mut out = Translated::default();
    let mut namespace = None;
    for (key, value) in options {
        match (key.as_str(), value) {
            ("controller" | "action", Value::Str(word) | Value::Sym(word)) => {
                out.assign(key, Val::Str(word.clone()));
            }
            ("controller" | "action", Value::Regex { .. }) => {
                requirement(&mut out, key, value, true);
            }
            ("conditions", Value::Hash(conditions)) => {
                for (condition, value) in conditions {
                    if condition == "method" {
                        match methods(value) {
                            Ok(Some(via)) => out.assign("via", via),
                            Ok(None) => {}
                            Err(()) => out.cannot("conditions", value),
                        }
                    } else if let Some(word) = value.word() {
                        let item = Item::Assign(condition.clone(), Val::Str(word.to_owned()));
                        out.push_item("conditions", item);
                    } else {
                        out.cannot(condition, value);
                    }
                }
            }
            ("requirements", Value::Hash(requirements)) => {
                for (key, value) in requirements {
                    requirement(&mut out, key, value, in_pattern(key));
                }
            }
            ("defaults", Value::Hash(defaults)) => {
                for (key, value) in defaults {
                    default(&mut out, key, value, keys.as_deref());
                }
            }
            ("path_prefix", Value::Str(prefix) | Value::Sym(prefix)) => {
                out.assign("path_prefix", Val::Str(leading_slash(prefix)));
            }
            // Rails names no unnamed route, so `connect` has no name prefix to take.
            ("name_prefix", _) if route == For::Connect => {}
            ("name_prefix", Value::Nil) => out.assign("name_prefix", Val::Word("None".into())),
            ("name_prefix", Value::Str(prefix) | Value::Sym(prefix)) => {
                out.assign("name_prefix", Val::Str(prefix.clone()));
            }
            ("namespace", Value::Str(prefix) | Value::Sym(prefix)) => {
                namespace = Some(prefix.clone());
            }
            ("controller" | "action" | "conditions" | "requirements" | "defaults", _)
            | ("path_prefix" | "name_prefix" | "namespace", _) => out.cannot(key, value),
            // Any other key, as Rails' `divide_route_options` reads it: a regexp is a
            // requirement, anything else a default.
            (_, Value::Regex { .. }) => requirement(&mut out, key, value, in_pattern(key)),
            (_, _) => default(&mut out, key, value, keys.as_deref()),
        }
    }
    if let Some(namespace) = namespace {
        // `:namespace` prefixes the controller, as Rails' builder does.
        match out.args.iter_mut().find(|a| a.key() == Some("controller")) {
            Some(Arg::Assign(_, Val::Str(controller))) => {
                *controller = format!("{}/{controller}", namespace.trim_end_matches('/'));
            }
            _ => out.cannot("namespace", &Value::Str(namespace)),
        }
    }
    out
}

fn requirement(out: &mut Translated, key: &str, value: &Value, in_pattern: bool) {
    let Some(regex) = regex(value) else {
        return out.cannot(key, value);
    };
    if in_pattern || key == "controller" || key == "action" {
        out.push_item(
            "requirements",
            Item::Assign(key.to_owned(), Val::Str(regex)),
        );
    } else {
        out.notes.push(format!(
            "`:{key} => {}` is left out: the path has no `:{key}`, and Rails checked such a \
             requirement only when generating a URL",
            value.ruby()
        ));
    }
}

/// A default; `keys`, the pattern's, where it is known.
fn default(out: &mut Translated, key: &str, value: &Value, keys: Option<&[String]>) {
    if let Some(keys) = keys
        && !keys.iter().any(|k| k == key)
    {
        let names: Vec<&str> = keys.iter().map(String::as_str).collect();
        if let Some(close) = did_you_mean(key, &names) {
            out.todos.push(format!(
                "`:{key} => {}` is left out: `:{key}` is close to the path's `:{close}`, which \
                 `routes!` refuses as a misspelling, where Rails made it a param of its own: \
                 rename one of them, and add it back",
                value.ruby()
            ));
            return;
        }
    }
    let value = match value {
        Value::Nil => Val::Word("None".into()),
        Value::Str(s) | Value::Sym(s) | Value::Int(s) => Val::Str(s.clone()),
        Value::Bool(b) => Val::Str(b.to_string()),
        other => return out.cannot(key, other),
    };
    out.push_item("defaults", Item::Assign(key.to_owned(), value));
}

/// The options of `resources` and `resource`, in the order written.
pub fn resources(options: &[(String, Value)]) -> Translated {
    let mut out = Translated::default();
    for (key, value) in options {
        match (key.as_str(), value) {
            ("collection" | "member" | "new", Value::Hash(actions)) => {
                for (action, method) in actions {
                    match methods(method) {
                        Ok(via) => {
                            let via = via.unwrap_or_else(|| Val::Word("any".into()));
                            out.push_item(key, Item::Action(action.clone(), via));
                        }
                        Err(()) => out.cannot(key, value),
                    }
                }
            }
            (
                "controller" | "singular" | "as" | "namespace",
                Value::Str(word) | Value::Sym(word),
            ) => {
                out.assign(key, Val::Str(word.clone()));
            }
            ("path_prefix", Value::Str(prefix) | Value::Sym(prefix)) => {
                out.assign(key, Val::Str(leading_slash(prefix)));
            }
            ("name_prefix", Value::Nil) => out.assign(key, Val::Word("None".into())),
            ("name_prefix", Value::Str(prefix) | Value::Sym(prefix)) => {
                out.assign(key, Val::Str(prefix.clone()));
            }
            ("requirements", Value::Hash(requirements)) => {
                for (key, value) in requirements {
                    requirement(&mut out, key, value, true);
                }
            }
            ("conditions", Value::Hash(conditions)) => {
                for (condition, value) in conditions {
                    match (condition.as_str(), value.word()) {
                        ("method", _) => out.notes.push(format!(
                            "`:conditions => {{ :method => {} }}` is left out: Rails' resources \
                             give each route its own method",
                            value.ruby()
                        )),
                        (_, Some(word)) => {
                            let item = Item::Assign(condition.clone(), Val::Str(word.to_owned()));
                            out.push_item("conditions", item);
                        }
                        (_, None) => out.cannot(condition, value),
                    }
                }
            }
            ("has_many" | "has_one", v) => match nested(v) {
                Some(items) => out.args.push(Arg::Call(key.clone(), items)),
                None => out.cannot(key, value),
            },
            ("only" | "except", v) => match names(v) {
                Some(items) if items.is_empty() && key == "only" => {
                    out.args
                        .push(Arg::Call(key.clone(), vec![Item::Name("none".into())]));
                }
                Some(items) if items.is_empty() => {}
                Some(items) => out.args.push(Arg::Call(key.clone(), items)),
                None => out.cannot(key, value),
            },
            ("shallow", Value::Bool(true)) => out.args.push(Arg::Flag("shallow".into())),
            ("shallow", Value::Bool(false)) => {}
            ("path_names", Value::Hash(names)) => {
                for (name, segment) in names {
                    match segment.word() {
                        Some(segment) => {
                            let item = Item::Assign(name.clone(), Val::Str(segment.to_owned()));
                            out.push_item("path_names", item);
                        }
                        None => out.cannot(name, segment),
                    }
                }
            }
            _ => out.cannot(key, value),
        }
    }
    out
}

/// `:get`, `'post'`, `[:get, :post]` as `via`'s value; `None` for `:any`.
fn methods(value: &Value) -> Result<Option<Val>, ()> {
    let words: Vec<String> = match value {
        Value::Array(items) => items
            .iter()
            .map(|i| i.word().map(str::to_ascii_lowercase).ok_or(()))
            .collect::<Result<_, _>>()?,
        single => vec![single.word().ok_or(())?.to_ascii_lowercase()],
    };
    if words.iter().any(|w| w == "any") || words.is_empty() {
        return Ok(None);
    }
    Ok(Some(match <[String; 1]>::try_from(words) {
        Ok([one]) => Val::Word(one),
        Err(many) => Val::Words(many),
    }))
}

/// `has_many`'s value: `:comments`, `[:comments, :tags]`, `{ :messages => :replies }`.
fn nested(value: &Value) -> Option<Vec<Item>> {
    match value {
        Value::Sym(name) | Value::Str(name) => Some(vec![Item::Name(name.clone())]),
        Value::Array(items) => items
            .iter()
            .map(nested)
            .collect::<Option<Vec<_>>>()
            .map(|n| n.concat()),
        Value::Hash(pairs) => pairs
            .iter()
            .map(|(name, inner)| Some(Item::Nested(name.clone(), nested(inner)?)))
            .collect(),
        _ => None,
    }
}

/// `only`'s value: `:index`, `[:index, :show]`, `:all`, `:none`. Rails reads it as
/// `Array(value)`, so a string is one action, and `%[index show]` (a string, where `%w[]`
/// was meant) names an action no resource has: only the names of actions are kept.
fn names(value: &Value) -> Option<Vec<Item>> {
    let words: Vec<&str> = match value {
        Value::Sym(name) | Value::Str(name) => vec![name],
        Value::Array(items) => items.iter().map(Value::word).collect::<Option<_>>()?,
        Value::Nil => Vec::new(),
        _ => return None,
    };
    Some(
        words
            .into_iter()
            .filter(|w| is_action(w))
            .map(|w| Item::Name(w.to_owned()))
            .collect(),
    )
}

/// A word that can name an action: what `only(...)` takes.
fn is_action(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A requirement as the DSL's regex: Ruby's syntax where Rust's regex differs (Ruby's `\d`,
/// `\w` and `\s` are ASCII only, `\h` is a hex digit, a `/` may be escaped, the `i`, `m` and
/// `x` flags), or a string matched as it is; `None` for a regexp Rust's regex does not take
/// (look-around, backreferences).
pub fn regex(value: &Value) -> Option<String> {
    match value {
        Value::Regex { source, flags } => {
            let mut regex = String::new();
            for (flag, rust) in [('i', 'i'), ('m', 's'), ('x', 'x')] {
                if flags.contains(flag) {
                    regex.push_str(&format!("(?{rust})"));
                }
            }
            let mut in_class = false;
            let mut chars = source.chars();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    match c {
                        '[' => in_class = true,
                        ']' => in_class = false,
                        _ => {}
                    }
                    regex.push(c);
                    continue;
                }
                let (ascii, negated) = match chars.next() {
                    Some('d') => ("0-9", false),
                    Some('w') => ("a-zA-Z0-9_", false),
                    Some('s') => (" \\t\\n\\r\\f\\v", false),
                    Some('h') => ("0-9a-fA-F", false),
                    Some('D') if !in_class => ("0-9", true),
                    Some('W') if !in_class => ("a-zA-Z0-9_", true),
                    Some('S') if !in_class => (" \\t\\n\\r\\f\\v", true),
                    Some('H') if !in_class => ("0-9a-fA-F", true),
                    Some('/') => {
                        regex.push('/');
                        continue;
                    }
                    Some(other) => {
                        regex.push('\\');
                        regex.push(other);
                        continue;
                    }
                    None => {
                        regex.push('\\');
                        continue;
                    }
                };
                match (in_class, negated) {
                    (true, _) => regex.push_str(ascii),
                    (false, false) => regex.push_str(&format!("[{ascii}]")),
                    (false, true) => regex.push_str(&format!("[^{ascii}]")),
                }
            }
            // Ruby's look-around and backreferences have no equivalent in Rust's regex.
            routes_syntax::requirement::validate_pattern(&regex)
                .ok()
                .map(|()| regex)
        }
        Value::Str(literal) | Value::Sym(literal) | Value::Int(literal) => Some(
            literal
                .chars()
                .flat_map(|c| {
                    let escape = "\\.+*?()|[]{}^$".contains(c);
                    escape.then_some('\\').into_iter().chain([c])
                })
                .collect(),
        ),
        _ => None,
    }
}

/// `prefix` (or a pattern) starting with a `/`.
pub(crate) fn leading_slash(prefix: &str) -> String {
    if prefix.starts_with('/') {
        prefix.to_owned()
    } else {
        format!("/{prefix}")
    }
}

/// The names of a pattern's dynamic segments and glob: `:id`, `*path`.
pub fn pattern_keys(pattern: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let mut rest = pattern;
    while let Some(at) = rest.find([':', '*']) {
        let name: String = rest[at + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        rest = &rest[at + 1 + name.len()..];
        if !name.is_empty() {
            keys.push(name);
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(pairs: &[(&str, Value)]) -> Vec<(String, Value)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect()
    }

    fn sym(s: &str) -> Value {
        Value::Sym(s.into())
    }

    fn re(s: &str) -> Value {
        Value::Regex {
            source: s.into(),
            flags: String::new(),
        }
    }

    #[test]
    fn inline_keys_are_requirements_or_defaults_as_rails_divides_them() {
        let options = hash(&[
            ("controller", Value::Str("wiki".into())),
            ("id", re("\\d+")),
            ("version", Value::Nil),
            ("format", Value::Str("raw".into())),
            ("conditions", Value::Hash(hash(&[("method", sym("get"))]))),
            ("page", re("[a-z]+")),
        ]);
        let out = route(&options, Some("wiki/:id/:version"), For::Connect);
        assert_eq!(
            out.args,
            [
                Arg::Assign("controller".into(), Val::Str("wiki".into())),
                Arg::Call(
                    "requirements".into(),
                    vec![Item::Assign("id".into(), Val::Str("[0-9]+".into()))]
                ),
                Arg::Call(
                    "defaults".into(),
                    vec![
                        Item::Assign("version".into(), Val::Word("None".into())),
                        Item::Assign("format".into(), Val::Str("raw".into())),
                    ]
                ),
                Arg::Assign("via".into(), Val::Word("get".into())),
            ]
        );
        assert_eq!(
            out.notes.len(),
            1,
            "`:page` is not in the path: {:?}",
            out.notes
        );
        assert!(out.todos.is_empty());
    }

    #[test]
    fn a_default_close_to_a_path_key_is_said_to_be_refused() {
        let options = hash(&[("verison", Value::Nil), ("date", Value::Nil)]);
        let out = route(&options, Some("wiki/:id/:version"), For::Connect);
        assert_eq!(out.todos.len(), 1, "{:?}", out.todos);
        assert!(out.todos[0].contains("`:verison` is close to the path's `:version`"));
    }

    #[test]
    fn a_namespace_prefixes_the_controller_and_any_method_is_no_via() {
        let options = hash(&[
            ("namespace", Value::Str("admin/".into())),
            ("controller", Value::Str("users".into())),
            ("conditions", Value::Hash(hash(&[("method", sym("any"))]))),
        ]);
        let out = route(&options, Some("users"), For::Named);
        assert_eq!(
            out.args,
            [Arg::Assign(
                "controller".into(),
                Val::Str("admin/users".into())
            )]
        );
        let bare = hash(&[
            ("namespace", Value::Str("admin".into())),
            ("controller", Value::Str("users".into())),
        ]);
        let out = route(&bare, Some("users"), For::Named);
        assert_eq!(
            out.args[0],
            Arg::Assign("controller".into(), Val::Str("admin/users".into()))
        );
    }

    #[test]
    fn resource_options_keep_their_order_and_shape() {
        let options = hash(&[
            (
                "member",
                Value::Hash(hash(&[
                    ("publish", sym("put")),
                    ("preview", Value::Array(vec![sym("get"), sym("post")])),
                ])),
            ),
            (
                "has_many",
                Value::Array(vec![
                    sym("comments"),
                    Value::Hash(hash(&[("messages", sym("replies"))])),
                ]),
            ),
            ("only", Value::Array(vec![sym("index"), sym("show")])),
            ("shallow", Value::Bool(true)),
            ("name_prefix", Value::Nil),
            ("member_path", Value::Str("x".into())),
        ]);
        let out = resources(&options);
        assert_eq!(
            out.args,
            [
                Arg::Call(
                    "member".into(),
                    vec![
                        Item::Action("publish".into(), Val::Word("put".into())),
                        Item::Action(
                            "preview".into(),
                            Val::Words(vec!["get".into(), "post".into()])
                        ),
                    ]
                ),
                Arg::Call(
                    "has_many".into(),
                    vec![
                        Item::Name("comments".into()),
                        Item::Nested("messages".into(), vec![Item::Name("replies".into())]),
                    ]
                ),
                Arg::Call(
                    "only".into(),
                    vec![Item::Name("index".into()), Item::Name("show".into())]
                ),
                Arg::Flag("shallow".into()),
                Arg::Assign("name_prefix".into(), Val::Word("None".into())),
            ]
        );
        assert_eq!(out.todos.len(), 1, "an unknown option is a to-do");
    }

    #[test]
    fn ruby_regexps_read_as_rust_regexes() {
        let cases = [
            (re("\\d+"), "[0-9]+"),
            (re("[^\\/]+"), "[^/]+"),
            (re("[\\w.]+\\.rb"), "[a-zA-Z0-9_.]+\\.rb"),
            (re("\\h{6}"), "[0-9a-fA-F]{6}"),
            (re("\\D\\S"), "[^0-9][^ \\t\\n\\r\\f\\v]"),
            (
                Value::Regex {
                    source: "[a-z]+".into(),
                    flags: "i".into(),
                },
                "(?i)[a-z]+",
            ),
            (Value::Str("1.0".into()), "1\\.0"),
        ];
        for (value, want) in cases {
            assert_eq!(regex(&value).as_deref(), Some(want), "{value:?}");
        }
        // Rust's regex takes no look-around and no backreference.
        for source in ["([^\\/]+?)(?=\\.json|$)", "(?<!x)y", "(a)\\1"] {
            assert_eq!(regex(&re(source)), None, "{source}");
        }
        assert_eq!(
            pattern_keys("/:controller/:action/*path.:format"),
            ["controller", "action", "path", "format"]
        );
    }
}
