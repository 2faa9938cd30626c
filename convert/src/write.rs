//! Declarations as text, formatted as the README writes them: four spaces a level, lines of at
//! most 100 columns with arguments continued under the first, comments and notes before the
//! declaration they are about.

use crate::model::{Arg, Decl, Entry, Item, Level, Line, Val};

const WIDTH: usize = 100;

/// `resourceful::routes! { ... }` holding `level`, after the `header` comment lines (each
/// without its `//`).
pub fn invocation(level: &Level, header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        out.push_str(&format!("//{line}\n"));
    }
    out.push_str("resourceful::routes! {\n");
    block(level, 1, &mut out);
    out.push_str("}\n");
    out
}

fn block(level: &Level, depth: usize, out: &mut String) {
    let mut open: Vec<usize> = Vec::new();
    let mut first = true;
    for entry in &level.entries {
        let common = open
            .iter()
            .zip(&entry.path)
            .take_while(|(a, b)| a == b)
            .count();
        while open.len() > common {
            open.pop();
            out.push_str(&format!("{}}}\n", indent(depth + open.len())));
            first = false;
        }
        if entry.blank_before && !first {
            out.push('\n');
        }
        while open.len() < entry.path.len() {
            let container = &level.containers[entry.path[open.len()]];
            let head = call(container.keyword, &container.args, depth + open.len());
            out.push_str(&format!("{head} {{\n"));
            open.push(entry.path[open.len()]);
        }
        write_entry(entry, depth + open.len(), out);
        first = false;
    }
    while open.pop().is_some() {
        out.push_str(&format!("{}}}\n", indent(depth + open.len())));
    }
}

fn write_entry(entry: &Entry, depth: usize, out: &mut String) {
    let pad = indent(depth);
    for line in &entry.lines {
        match line {
            // `#/` and `#!` would make doc comments, which the macro does not take.
            Line::Comment(text) if text.starts_with(['/', '!']) => {
                out.push_str(&format!("{pad}// {text}\n"));
            }
            Line::Comment(text) => out.push_str(&format!("{pad}//{text}\n")),
            Line::Note(text) => wrapped(&pad, "// NOTE: ", text, out),
            Line::Todo(text) => wrapped(&pad, "// TODO: ", text, out),
        }
    }
    if let Some(decl) = &entry.decl {
        write_decl(decl, depth, out);
    }
}

fn write_decl(decl: &Decl, depth: usize, out: &mut String) {
    let head = call(decl.keyword, &decl.args, depth);
    match &decl.block {
        Some(level) => {
            out.push_str(&format!("{head} {{\n"));
            block(level, depth + 1, out);
            out.push_str(&format!("{}}}\n", indent(depth)));
        }
        None => out.push_str(&format!("{head};\n")),
    }
}

/// `keyword(arg, arg, ...)`, continued on lines that start under the first argument; an
/// argument `key(...)` too long for a line of its own continues under its first item.
fn call(keyword: &str, args: &[Arg], depth: usize) -> String {
    let first = format!("{}{keyword}(", indent(depth));
    let continued = " ".repeat(first.len());
    let mut lines = vec![first];
    let last = args.len().saturating_sub(1);
    for (i, arg) in args.iter().enumerate() {
        let close = if i == last { ")" } else { "," };
        // The last argument is followed by `;` or ` {`.
        let room = if i == last { WIDTH - 2 } else { WIDTH };
        let piece = format!("{}{close}", arg_text(arg));
        match arg {
            Arg::Call(key, items) if continued.len() + piece.len() > room && items.len() > 1 => {
                let parts: Vec<String> = items
                    .iter()
                    .enumerate()
                    .map(|(j, item)| {
                        let text = item_text(item);
                        match j {
                            0 => format!("{key}({text},"),
                            j if j + 1 == items.len() => format!("{text}){close}"),
                            _ => format!("{text},"),
                        }
                    })
                    .collect();
                place(&mut lines, &continued, &parts[0], room);
                let at = lines
                    .last()
                    .map_or(0, |l| l.len() - parts[0].len() + key.len() + 1);
                let inner = " ".repeat(at);
                for part in &parts[1..] {
                    place(&mut lines, &inner, part, room);
                }
            }
            _ => place(&mut lines, &continued, &piece, room),
        }
    }
    if args.is_empty() {
        lines[0].push(')');
    }
    lines.join("\n")
}

/// Adds `piece` to the last line if it fits within `room` columns, else on a line of its own
/// after `continued`.
fn place(lines: &mut Vec<String>, continued: &str, piece: &str, room: usize) {
    let Some(current) = lines.last_mut() else {
        return;
    };
    if current.ends_with('(') {
        current.push_str(piece);
    } else if current.len() + 1 + piece.len() <= room {
        current.push(' ');
        current.push_str(piece);
    } else {
        lines.push(format!("{continued}{piece}"));
    }
}

fn arg_text(arg: &Arg) -> String {
    match arg {
        Arg::Name(name) | Arg::Flag(name) => name.clone(),
        Arg::Pattern(pattern) => literal(pattern),
        Arg::Assign(key, value) => format!("{key} = {}", val_text(value)),
        Arg::Call(key, items) => format!("{key}({})", items_text(items)),
    }
}

fn items_text(items: &[Item]) -> String {
    let items: Vec<String> = items.iter().map(item_text).collect();
    items.join(", ")
}

fn item_text(item: &Item) -> String {
    match item {
        Item::Name(name) => name.clone(),
        Item::Assign(key, value) => format!("{key} = {}", val_text(value)),
        Item::Action(action, via) => format!("{action}: {}", val_text(via)),
        Item::Nested(name, inner) => format!("{name}({})", items_text(inner)),
    }
}

fn val_text(value: &Val) -> String {
    match value {
        Val::Str(text) => literal(text),
        Val::Word(word) => word.clone(),
        Val::Words(words) => format!("[{}]", words.join(", ")),
    }
}

/// A Rust string literal: raw where the text has backslashes (a regex reads better as
/// `r"\d+"` than `"\\d+"`), escaped otherwise.
fn literal(text: &str) -> String {
    if text.contains('\\') && !text.contains('"') {
        format!("r\"{text}\"")
    } else {
        format!("{text:?}")
    }
}

/// A note or to-do, its words wrapped at the width, continued under its first word.
fn wrapped(pad: &str, lead: &str, text: &str, out: &mut String) {
    let continued = format!("{pad}//{}", " ".repeat(lead.len() - 2));
    let mut line = format!("{pad}{lead}");
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.len() + 1 + word.len() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = continued.clone();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
}

fn indent(depth: usize) -> String {
    "    ".repeat(depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_declarations_continue_under_their_first_argument() {
        let args = vec![
            Arg::Name("wiki_diff".into()),
            Arg::Pattern("/projects/:project_id/wiki/:page/diff/:version".into()),
            Arg::Assign("controller".into(), Val::Str("wiki".into())),
            Arg::Assign("action".into(), Val::Str("diff".into())),
            Arg::Call(
                "requirements".into(),
                vec![Item::Assign("version".into(), Val::Str("\\d+".into()))],
            ),
        ];
        assert_eq!(
            call("named", &args, 1),
            "    named(wiki_diff, \"/projects/:project_id/wiki/:page/diff/:version\", \
             controller = \"wiki\",\n          action = \"diff\", requirements(version = \
             r\"\\d+\"))"
        );
        assert_eq!(call("root", &[], 1), "    root()");
        let long = vec![
            Arg::Pattern("/:controller/:action/:file".into()),
            Arg::Call(
                "requirements".into(),
                ["admin|users", "upload|download", "[^/]+([.][^/]+)?"]
                    .iter()
                    .zip(["controller", "action", "file"])
                    .map(|(v, k)| Item::Assign(k.into(), Val::Str(format!("{v}{v}"))))
                    .collect(),
            ),
        ];
        let text = call("connect", &long, 1);
        assert!(text.lines().all(|l| l.len() <= WIDTH), "{text}");
        let under = text
            .find("requirements(")
            .map(|at| at + "requirements(".len());
        let starts: Vec<Option<usize>> = text.lines().map(|l| l.find(|c| c != ' ')).collect();
        assert_eq!(starts, [Some(4), under, under], "{text}");
    }

    #[test]
    fn notes_wrap_at_the_width() {
        let mut out = String::new();
        wrapped("    ", "// NOTE: ", &"word ".repeat(30), &mut out);
        assert!(out.lines().all(|l| l.len() <= WIDTH), "{out}");
        assert!(
            out.lines()
                .nth(1)
                .is_some_and(|l| l.starts_with("    //       word"))
        );
    }
}
