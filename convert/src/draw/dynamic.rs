//! Routes with a `:controller` or `:action` segment, which Rails 7 removed and `draw!` does
//! not take, written out as one route per controller and action they reached: the
//! controllers and their actions read from the application (`--app`), or the actions from a
//! constraint that lists them (`action: /twitter|github/`).

use lib_ruby_parser::Node;

use super::{Key, Reader, is_name};
use crate::model::{Arg, Decl, Entry, Line, Val};
use crate::ruby::Value;

impl<'s> Reader<'s, '_, '_> {
    /// A route with a `:controller` or `:action` segment, which Rails 7 removed and `draw!`
    /// does not take: one route per controller and action it reached, the controllers and
    /// their actions read from the application (`--app`), or the actions from a constraint
    /// that lists them (`action: /twitter|github/`).
    pub(super) fn default_route(
        &mut self,
        node: &'s Node,
        keyword: &'static str,
        paths: &[Arg],
        pairs: &[(Key<'s>, &'s Node)],
        out: &mut Vec<Entry>,
    ) {
        let [Arg::Pattern(path)] = paths else {
            let entry = self.todo(
                node,
                "a `:controller` or `:action` route with several paths",
            );
            out.push(entry);
            return;
        };
        let word = |key: &str| -> Option<Value> {
            pairs
                .iter()
                .find(|(k, _)| k.word() == Some(key))
                .map(|(_, v)| self.value(v))
        };
        let constraint = |key: &str| -> Option<Value> {
            match word("constraints") {
                Some(Value::Hash(c)) => c.into_iter().find(|(k, _)| k == key).map(|(_, v)| v),
                _ => None,
            }
            .or_else(|| word(key).filter(|v| matches!(v, Value::Regex { .. })))
        };
        let module = self.state.module();
        let controllers = self
            .state
            .context
            .app
            .as_deref()
            .map(crate::app::controllers);
        // A controller written absolute (`/bar`) leaves the module; none at all is the
        // module itself, as Rails' `add_controller_module` makes them.
        let full = |c: &str| match (&module, c.strip_prefix('/')) {
            (_, Some(absolute)) => absolute.to_owned(),
            (Some(m), None) if c.is_empty() => m.clone(),
            (Some(m), None) => format!("{m}/{c}"),
            (None, None) => c.to_owned(),
        };
        let has = |segment: &str| {
            crate::options::pattern_keys(path)
                .iter()
                .any(|k| k == segment)
        };
        // The controllers, as the route writes them (relative to the scope's module).
        let chosen: Vec<String> = if has("controller") {
            if constraint("controller").is_some() {
                let entry = self.todo(
                    node,
                    "a `:controller` route with a constraint on the controller, which `draw!` \
                     does not take (Rails 7 removed `:controller`): declare the routes it reaches",
                );
                out.push(entry);
                return;
            }
            let Some(controllers) = &controllers else {
                let entry = self.todo(
                    node,
                    "a `:controller` route, which `draw!` does not take (Rails 7 removed it): \
                     run with `--app DIR` to declare a route for each action of each controller \
                     of the application, or declare them by hand",
                );
                out.push(entry);
                return;
            };
            let prefix = module.as_ref().map(|m| format!("{m}/")).unwrap_or_default();
            controllers
                .iter()
                .filter_map(|c| c.path.strip_prefix(&prefix).map(str::to_owned))
                .collect()
        } else {
            let from_to = match word("to") {
                Some(Value::Str(to)) => to.split('#').next().map(str::to_owned),
                _ => None,
            };
            let given = word("controller")
                .and_then(|v| v.word().map(str::to_owned))
                .or(from_to)
                .or_else(|| {
                    self.state
                        .scopes
                        .iter()
                        .rev()
                        .find_map(|f| f.controller.clone())
                });
            match given {
                Some(c) if !c.is_empty() => vec![c],
                // Inside a module, a route without a controller goes to the module itself.
                _ if module.is_some() => vec![String::new()],
                _ => {
                    let entry = self.todo(
                        node,
                        "an `:action` route whose controller is not known here, which `draw!` \
                         does not take (Rails 7 removed it): declare the routes it reaches",
                    );
                    out.push(entry);
                    return;
                }
            }
        };
        let listed: Option<Vec<String>> = constraint("action").and_then(|v| match v {
            Value::Regex { source, flags } if flags.is_empty() => {
                // `/(browse|show)/` as `/browse|show/`: one group around the whole.
                let inner = source
                    .strip_prefix("(?:")
                    .or_else(|| source.strip_prefix('('))
                    .and_then(|s| s.strip_suffix(')'))
                    .filter(|s| !s.contains(['(', ')']))
                    .unwrap_or(&source);
                let words: Vec<String> = inner.split('|').map(str::to_owned).collect();
                words.iter().all(|w| is_name(w)).then_some(words)
            }
            _ => None,
        });
        let mut routes: Vec<(String, String, String)> = Vec::new();
        for controller in &chosen {
            let actions: Vec<String> = if has("action") {
                match (&listed, &controllers) {
                    (Some(words), _) => words.clone(),
                    (None, Some(all)) => match all.iter().find(|c| c.path == full(controller)) {
                        Some(c) => c.actions.clone(),
                        None => Vec::new(),
                    },
                    (None, None) => {
                        let entry = self.todo(
                            node,
                            "an `:action` route, which `draw!` does not take (Rails 7 removed \
                             it): run with `--app DIR` to declare a route for each action of its \
                             controller, or declare them by hand",
                        );
                        out.push(entry);
                        return;
                    }
                }
            } else {
                vec![String::new()]
            };
            for action in actions {
                for pattern in expand(path, controller, &action) {
                    routes.push((
                        pattern.0,
                        controller.clone(),
                        pattern.1.unwrap_or(action.clone()),
                    ));
                }
            }
        }
        let name = word("as").and_then(|v| v.word().map(str::to_owned));
        let kept: Vec<(Key<'s>, &'s Node)> = pairs
            .iter()
            .filter(|(k, _)| !matches!(k.word(), Some("controller" | "action" | "to" | "as")))
            .cloned()
            .collect();
        let mut translated = match self.route_options(&kept, None) {
            Ok(translated) => translated,
            Err(why) => {
                let entry = self.todo(node, &why);
                out.push(entry);
                return;
            }
        };
        if keyword == "match" && !translated.args.iter().any(|a| a.key() == Some("via")) {
            translated
                .args
                .push(Arg::Assign("via".into(), Val::Word("all".into())));
        }
        // The constraints on `:controller` and `:action` are in the paths now.
        for arg in &mut translated.args {
            if let Arg::Call(key, items) = arg
                && key == "constraints"
            {
                items.retain(|i| {
                    !matches!(i, crate::model::Item::Assign(k, _) if k == "controller" || k == "action")
                });
            }
        }
        translated
            .args
            .retain(|a| !matches!(a, Arg::Call(_, items) if items.is_empty()));
        let (comments, blank_before) = self.cursor.leaf_comments(node);
        let source = self.cite(node);
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
        let mut lines: Vec<Line> = comments.into_iter().map(Line::Comment).collect();
        let from = if listed.is_some() {
            "the actions its constraint lists"
        } else {
            "the actions of app/controllers"
        };
        lines.push(Line::Note(format!(
            "{} has a `:controller` or `:action` segment, which `draw!` does not take (Rails 7 \
             removed them): a route for each of {from}",
            source.cite()
        )));
        if routes.is_empty() {
            lines.push(Line::Todo(
                "no controller of the application has an action this route reaches".into(),
            ));
        }
        lines.extend(translated.lines);
        if let Some(name) = &name {
            lines.push(Line::Note(format!(
                "its name, `{name}`, goes to the first of them; its helper no longer takes the \
                 controller or the action"
            )));
        }
        let mut first = true;
        for (pattern, controller, action) in routes {
            let as_ = match (&name, first) {
                (Some(name), true) => Val::Str(name.clone()),
                _ => Val::Word("None".into()),
            };
            let target = if controller.is_empty() {
                Arg::Assign("action".into(), Val::Str(action))
            } else {
                Arg::Assign("to".into(), Val::Str(format!("{controller}#{action}")))
            };
            let mut args = vec![Arg::Pattern(pattern), target, Arg::Assign("as".into(), as_)];
            args.extend(translated.args.iter().cloned());
            out.push(Entry {
                blank_before: blank_before && first,
                lines: if first {
                    std::mem::take(&mut lines)
                } else {
                    Vec::new()
                },
                decl: Some(Decl {
                    keyword,
                    args,
                    block: None,
                }),
                source: Some(source.clone()),
                ..Entry::default()
            });
            first = false;
        }
        if first {
            out.push(Entry {
                blank_before,
                lines,
                ..Entry::default()
            });
        }
    }
}

/// The paths a `:controller`/`:action` pattern takes for one controller and action (an
/// empty action when the pattern has no `:action`): the segments written out, and where
/// `:action` is in an optional group, the path without the group too, for `index`, the
/// action Rails gives it then. Each with the action it routes to, when not `action`.
fn expand(path: &str, controller: &str, action: &str) -> Vec<(String, Option<String>)> {
    let with = path.replace(":controller", controller);
    let Some(at) = find_segment(&with, "action") else {
        return vec![(with, None)];
    };
    // The group that holds `:action`, if any: its `(` is the last unclosed one before it.
    let mut open: Vec<usize> = Vec::new();
    for (i, c) in with[..at].char_indices() {
        match c {
            '(' => open.push(i),
            ')' => {
                open.pop();
            }
            _ => {}
        }
    }
    let Some(&group) = open.last() else {
        return vec![(with.replacen(":action", action, 1), None)];
    };
    let mut depth = 0;
    let mut close = with.len();
    for (i, c) in with[group..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    close = group + i;
                    break;
                }
            }
            _ => {}
        }
    }
    let inside = &with[group + 1..close.min(with.len())];
    let filled = format!(
        "{}{}{}",
        &with[..group],
        inside.replacen(":action", action, 1),
        with.get(close + 1..).unwrap_or_default()
    );
    let mut out = vec![(filled, None)];
    if action == "index" {
        let without = format!(
            "{}{}",
            &with[..group],
            with.get(close + 1..).unwrap_or_default()
        );
        out.push((without, Some("index".into())));
    }
    out
}

/// Where the dynamic segment `:name` starts in `path`.
fn find_segment(path: &str, name: &str) -> Option<usize> {
    let needle = format!(":{name}");
    path.match_indices(&needle)
        .find(|(i, _)| {
            !path[i + needle.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
        .map(|(i, _)| i + 1)
}
