//! The fallback for applications whose routes only Ruby can build: what `bin/rails routes`
//! printed (plain, or `--expanded`), which Rails computed by running the application, read
//! back into a flat `draw!`, one verb route per listed route, with its name, methods, pattern
//! (groups and all), target and the constraints and defaults the listing shows.
//!
//! A listing shows each route's requirements and defaults in one hash after its target:
//! regexps are constraints; a string on a required segment of the path is that segment's
//! constraint, on an optional one its default; the request's own keys (`subdomain`, `host`,
//! ...) are request constraints; anything else is a default. A route the listing names gets
//! that name, one it does not gets `as = None` (Rails names a path route itself otherwise).

use crate::error::ConvertError;
use crate::model::{Arg, Decl, Entry, Item, Level, Line, Val};
use crate::options::regex;
use crate::ruby::{self, Locals, Value};
use crate::write::literal;

/// The keys a request constraint tests.
const REQUEST_KEYS: &[&str] = &["protocol", "subdomain", "domain", "host", "port"];

/// One listed route.
#[derive(Debug, Default, Clone)]
struct Row {
    name: Option<String>,
    verb: String,
    path: String,
    target: String,
    /// The engine whose routes these are (a "Routes for X:" section).
    engine: Option<String>,
}

/// Reads a listing into declarations; `Err` when nothing in it is a route.
pub fn read(text: &str) -> Result<Level, ConvertError> {
    let rows = if text.lines().any(|l| l.starts_with("--[ Route ")) {
        expanded(text)
    } else {
        plain(text)
    };
    if rows.is_empty() {
        return Err(ConvertError::NotRoutes(
            "no routes in this listing: give it what `bin/rails routes` printed".into(),
        ));
    }
    let mut entries = Vec::new();
    let mut engines: Vec<String> = Vec::new();
    for row in rows {
        if let Some(engine) = &row.engine {
            if !engines.contains(engine) {
                engines.push(engine.clone());
                entries.push(Entry {
                    blank_before: true,
                    lines: vec![Line::Todo(format!(
                        "the routes of the engine `{engine}` are left out: they belong to the app \
                         mounted for it, which only Ruby can run"
                    ))],
                    ..Entry::default()
                });
            }
            continue;
        }
        entries.push(route(&row));
    }
    Ok(Level {
        entries,
        containers: Vec::new(),
    })
}

/// `bin/rails routes`: a header, then one route per line in columns (name, verb, pattern,
/// target), any of the first two possibly empty.
fn plain(text: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut engine = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with("Prefix ") || trimmed.starts_with('#') {
            continue;
        }
        if let Some(name) = trimmed
            .strip_prefix("Routes for ")
            .and_then(|r| r.strip_suffix(':'))
        {
            engine = Some(name.to_owned());
            continue;
        }
        let tokens: Vec<&str> = trimmed.split_whitespace().collect();
        let Some(at) = tokens
            .iter()
            .position(|t| t.starts_with('/') || t.starts_with('('))
        else {
            continue;
        };
        let (name, verb) = match &tokens[..at] {
            [] => (None, String::new()),
            [one] if is_verb(one) => (None, (*one).to_owned()),
            [one] => (Some((*one).to_owned()), String::new()),
            [name, verb] => (Some((*name).to_owned()), (*verb).to_owned()),
            _ => continue,
        };
        let path = tokens[at].to_owned();
        // The target is the rest of the line, spaces and all (`#<Proc:0x0 app.rb:3 (lambda)>`).
        let after = trimmed
            .find(&path)
            .map(|i| trimmed[i + path.len()..].trim())
            .unwrap_or_default();
        rows.push(Row {
            name,
            verb,
            path,
            target: after.to_owned(),
            engine: engine.clone(),
        });
    }
    rows
}

/// `bin/rails routes --expanded`: one block per route, `Key | value` per line.
fn expanded(text: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut current: Option<Row> = None;
    let mut engine = None;
    for line in text.lines() {
        if line.starts_with("--[ Route ") {
            rows.extend(current.take());
            current = Some(Row {
                engine: engine.clone(),
                ..Row::default()
            });
            continue;
        }
        if let Some(name) = line
            .trim()
            .strip_prefix("Routes for ")
            .and_then(|r| r.strip_suffix(':'))
        {
            rows.extend(current.take());
            engine = Some(name.to_owned());
            continue;
        }
        let (Some(row), Some((key, value))) = (current.as_mut(), line.split_once('|')) else {
            continue;
        };
        let value = value.trim();
        match key.trim() {
            "Prefix" => row.name = (!value.is_empty()).then(|| value.to_owned()),
            "Verb" => row.verb = value.to_owned(),
            "URI" => row.path = value.to_owned(),
            "Controller#Action" => row.target = value.to_owned(),
            _ => {}
        }
    }
    rows.extend(current);
    rows.retain(|r| !r.path.is_empty());
    rows
}

fn is_verb(token: &str) -> bool {
    token
        .split('|')
        .all(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_uppercase()))
}

/// One listed route as a verb route (or a mount).
fn route(row: &Row) -> Entry {
    let mut lines = Vec::new();
    let (target, hash) = split_target(&row.target);
    let mut args = vec![Arg::Pattern(row.path.clone())];
    let methods: Vec<String> = row
        .verb
        .split('|')
        .filter(|v| !v.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let is_target = target.contains('#')
        && target
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '/' | '#'));
    if let Some(redirect) = target.strip_prefix("redirect(") {
        match redirect_target(redirect) {
            Some(to) => args.push(Arg::Assign("to".into(), Val::Raw(to))),
            None => {
                lines.push(Line::Todo(format!(
                    "`{}` is a redirect Ruby computes, which the listing does not show: write its \
                     target by hand",
                    row.target
                )));
                return Entry {
                    lines,
                    ..Entry::default()
                };
            }
        }
    } else if !is_target {
        if methods.is_empty() {
            // A mount: the listed app, bound to a service at run time.
            let name = row.name.clone().unwrap_or_else(|| {
                let from_path = crate::draw::snake(&row.path.replace(['/', '-', '.'], "_"));
                lines.push(Line::Note(format!(
                    "Rails gives this mount no name; `draw!` needs one for its action and its \
                     helper: `{from_path}`"
                )));
                from_path
            });
            lines.push(Line::Todo(format!(
                "Rails mounted the Rack app `{target}` here: bind a service to this mount's \
                 action when the application starts, or remove the mount"
            )));
            return Entry {
                lines,
                decl: Some(Decl {
                    keyword: "mount",
                    args: vec![
                        Arg::Pattern(row.path.clone()),
                        Arg::Assign("as".into(), Val::Str(name)),
                    ],
                    block: None,
                }),
                ..Entry::default()
            };
        }
        lines.push(Line::Todo(format!(
            "`{} {}` is sent to the Rack app `{target}`, which only the application can run: \
             declare it with `mount` and bind it to a service",
            row.verb, row.path
        )));
        return Entry {
            lines,
            ..Entry::default()
        };
    } else {
        args.push(Arg::Assign("to".into(), Val::Str(target.clone())));
    }
    match &row.name {
        Some(name) => args.push(Arg::Assign("as".into(), Val::Str(name.clone()))),
        None => args.push(Arg::Assign("as".into(), Val::Word("None".into()))),
    }
    let keyword = match methods.as_slice() {
        [one] if matches!(one.as_str(), "get" | "post" | "put" | "patch" | "delete") => {
            match one.as_str() {
                "get" => "get",
                "post" => "post",
                "put" => "put",
                "patch" => "patch",
                _ => "delete",
            }
        }
        [] => {
            args.push(Arg::Assign("via".into(), Val::Word("all".into())));
            "match"
        }
        _ => {
            args.push(Arg::Assign("via".into(), Val::Words(methods.clone())));
            "match"
        }
    };
    if !takes_its_format(&row.path) {
        args.push(Arg::Assign("format".into(), Val::Raw("false".into())));
    }
    if let Some(hash) = hash {
        match requirements(&hash, &row.path) {
            Ok(more) => args.extend(more),
            Err(()) => lines.push(Line::Todo(format!(
                "`{hash}` (the route's requirements and defaults) cannot be read; add them by hand"
            ))),
        }
    }
    Entry {
        lines,
        decl: Some(Decl {
            keyword,
            args,
            block: None,
        }),
        ..Entry::default()
    }
}

/// Whether Rails, given `path`, would add no `(.:format)` to it (its `OPTIONAL_FORMAT_REGEX`):
/// it ends with a format or a `/`.
fn takes_its_format(path: &str) -> bool {
    path.ends_with("(.:format)") || path.ends_with(".:format") || path.ends_with('/')
}

/// `posts#index {:format=>"json"}` as the target and the hash after it.
fn split_target(target: &str) -> (String, Option<String>) {
    if target.starts_with("redirect(") {
        return (target.to_owned(), None);
    }
    match target.find(" {") {
        Some(at) => (
            target[..at].trim().to_owned(),
            Some(target[at + 1..].trim().to_owned()),
        ),
        None => (target.trim().to_owned(), None),
    }
}

/// `301, /posts/%{id})` (what follows `redirect(`) as `redirect("/posts/%{id}")`.
fn redirect_target(rest: &str) -> Option<String> {
    let inner = rest.strip_suffix(')')?;
    let (status, target) = inner.split_once(", ")?;
    let target = target.strip_prefix("path: ").unwrap_or(target);
    if target.contains(": ") && !target.starts_with('/') && !target.contains("://") {
        return None;
    }
    let status: u16 = status.trim().parse().ok()?;
    Some(if status == 301 {
        format!("redirect({})", literal(target))
    } else {
        format!("redirect({}, status = {status})", literal(target))
    })
}

/// The hash the listing prints after a target, as constraints and defaults.
fn requirements(hash: &str, path: &str) -> Result<Vec<Arg>, ()> {
    let source = ruby::parse(hash).map_err(|_| ())?;
    let node = source.ast.as_deref().ok_or(())?;
    let Value::Hash(pairs) = ruby::value_in(hash, node, &Locals::default()) else {
        return Err(());
    };
    let mut constraints = Vec::new();
    let mut defaults = Vec::new();
    for (key, value) in pairs {
        let request = REQUEST_KEYS.contains(&key.as_str());
        let segment = segment_of(path, &key);
        match (&value, request, segment) {
            (Value::Regex { .. }, true, _) => constraints.push(Item::Assign(
                key,
                Val::Raw(format!("regex({})", literal(&regex(&value).ok_or(())?))),
            )),
            (Value::Regex { .. }, false, _) => {
                constraints.push(Item::Assign(key, Val::Str(regex(&value).ok_or(())?)));
            }
            (Value::Str(s) | Value::Sym(s), true, _) => {
                constraints.push(Item::Assign(key, Val::Str(s.clone())));
            }
            (Value::Int(n), true, _) => constraints.push(Item::Assign(key, Val::Raw(n.clone()))),
            // A string on a required segment is its constraint, as `constraints: { format:
            // "txt" }` lists.
            (Value::Str(_) | Value::Sym(_) | Value::Int(_), false, Some(false)) => {
                constraints.push(Item::Assign(key, Val::Str(regex(&value).ok_or(())?)));
            }
            (Value::Str(s) | Value::Sym(s), false, _) => {
                defaults.push(Item::Assign(key, Val::Str(s.clone())));
            }
            (Value::Int(n), false, _) => defaults.push(Item::Assign(key, Val::Raw(n.clone()))),
            (Value::Bool(b), _, _) => defaults.push(Item::Assign(key, Val::Raw(b.to_string()))),
            (Value::Nil, _, _) => defaults.push(Item::Assign(key, Val::Word("None".into()))),
            _ => return Err(()),
        }
    }
    let mut args = Vec::new();
    if !constraints.is_empty() {
        args.push(Arg::Call("constraints".into(), constraints));
    }
    if !defaults.is_empty() {
        args.push(Arg::Call("defaults".into(), defaults));
    }
    Ok(args)
}

/// Whether `key` is a segment of `path`: `Some(true)` in an optional group, `Some(false)`
/// outside one, `None` when the path has no such segment.
fn segment_of(path: &str, key: &str) -> Option<bool> {
    let mut depth = 0usize;
    let bytes = path.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b':' | b'*' => {
                let name: String = path[i + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name == key {
                    return Some(depth > 0);
                }
                i += name.len();
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_expanded_listings_read_alike() {
        let plain_text = "\
             Prefix Verb     URI Pattern                  Controller#Action
               root GET      /                            home#index
                    GET|POST /search(/:scope)(.:format)   search#index {:scope=>/posts|users/}
              queue          /queue                       #<Proc:0x0 forms.rb:163 (lambda)>
";
        let expanded_text = "\
--[ Route 1 ]-------------------------------------------------------------------
Prefix            | root
Verb              | GET
URI               | /
Controller#Action | home#index
--[ Route 2 ]-------------------------------------------------------------------
Prefix            | 
Verb              | GET|POST
URI               | /search(/:scope)(.:format)
Controller#Action | search#index {:scope=>/posts|users/}
--[ Route 3 ]-------------------------------------------------------------------
Prefix            | queue
Verb              | 
URI               | /queue
Controller#Action | #<Proc:0x0 forms.rb:163 (lambda)>
";
        let a = plain(plain_text);
        let b = expanded(expanded_text);
        let show = |rows: &[Row]| -> Vec<String> {
            rows.iter()
                .map(|r| format!("{:?} {} {} {}", r.name, r.verb, r.path, r.target))
                .collect()
        };
        assert_eq!(show(&a), show(&b));
        assert_eq!(
            show(&a),
            [
                "Some(\"root\") GET / home#index",
                "None GET|POST /search(/:scope)(.:format) search#index {:scope=>/posts|users/}",
                "Some(\"queue\")  /queue #<Proc:0x0 forms.rb:163 (lambda)>",
            ]
        );
    }

    #[test]
    fn requirements_are_constraints_or_defaults_as_rails_made_them() {
        let cases = [
            (
                "{:format=>\"txt\"}",
                "/robots.:format",
                "constraints(format = \"txt\")",
            ),
            (
                "{:format=>\"atom\"}",
                "/feed(.:format)",
                "defaults(format = \"atom\")",
            ),
            (
                "{:layout=>\"wide\", :id=>/\\d+/}",
                "/albums/:id(.:format)",
                "constraints(id = \"[0-9]+\"), defaults(layout = \"wide\")",
            ),
            (
                "{:subdomain=>\"api\"}",
                "/status(.:format)",
                "constraints(subdomain = \"api\")",
            ),
            (
                "{:port=>8080}",
                "/debug(.:format)",
                "constraints(port = 8080)",
            ),
            (
                "{order: \"score\", limit: 10, featured: true}",
                "/top(.:format)",
                "defaults(order = \"score\", limit = 10, featured = true)",
            ),
        ];
        for (hash, path, want) in cases {
            let args = requirements(hash, path).expect(hash);
            let decl = Decl {
                keyword: "get",
                args,
                block: None,
            };
            let level = Level {
                entries: vec![Entry {
                    decl: Some(decl),
                    ..Entry::default()
                }],
                containers: Vec::new(),
            };
            let text = crate::write::body(&level).text;
            assert_eq!(text.trim(), format!("get({want});"), "{hash}");
        }
    }
}
