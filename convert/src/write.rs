//! Declarations as text, formatted as the guide writes them: four spaces a level, lines of at
//! most 100 columns with arguments continued under the first, comments and notes before the
//! declaration they are about.

use crate::model::{Address, Arg, Entry, Item, Level, Line, Val};

const WIDTH: usize = 100;

/// The declarations of an invocation as text, and where each entry's declaration lies in it.
pub struct Body {
    pub text: String,
    /// For each entry with a declaration: the lines (from 1) its head spans, from its keyword
    /// to the `;` or `{` that ends it, and its address.
    pub heads: Vec<(usize, usize, Address)>,
}

impl Body {
    /// The entry whose declaration's head holds `line`.
    pub fn entry_at(&self, line: usize) -> Option<&Address> {
        // Heads are written in order and never overlap.
        let at = self.heads.partition_point(|(_, last, _)| *last < line);
        self.heads
            .get(at)
            .filter(|(first, last, _)| (*first..=*last).contains(&line))
            .map(|(_, _, address)| address)
    }
}

/// `keyword! { ... }` (`resourceful::routes!`) holding `body`, after the `header` comment
/// lines (each without its `//`).
pub fn invocation(keyword: &str, body: &Body, header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        out.push_str(&format!("//{line}\n"));
    }
    out.push_str(&format!("{keyword} {{\n"));
    out.push_str(&body.text);
    out.push_str("}\n");
    out
}

/// A comment of the routes file, its `#` made `//` (and `#/` or `#!`, which would make doc
/// comments, `// /` and `// !`).
pub fn comment(text: &str) -> String {
    if text.starts_with(['/', '!']) {
        format!("// {text}\n")
    } else {
        format!("//{text}\n")
    }
}

/// The predicates `constraints(with = ...)` calls, each after its to-do, as functions of the
/// request that answer no until a person writes them.
pub fn stubs(stubs: &[crate::draw::Stub]) -> String {
    let mut out = String::new();
    for stub in stubs {
        out.push('\n');
        let lead = if stub.answer.is_some() {
            "// NOTE: "
        } else {
            "// TODO: "
        };
        wrapped("", lead, &stub.todo, &mut out);
        for line in &stub.ruby {
            out.push_str(&format!("//     {line}\n"));
        }
        out.push_str(&format!(
            "fn {}(_request: &resourceful::http::request::Parts) -> bool {{\n    {}\n}}\n",
            stub.name,
            stub.answer.unwrap_or(false)
        ));
    }
    out
}

/// The declarations of `level`, one level of indentation in.
pub fn body(level: &Level) -> Body {
    let mut writer = Writer {
        out: String::new(),
        line: 1,
        heads: Vec::new(),
    };
    writer.block(level, 1, &mut Vec::new());
    Body {
        text: writer.out,
        heads: writer.heads,
    }
}

struct Writer {
    out: String,
    /// The line the next text starts on.
    line: usize,
    heads: Vec<(usize, usize, Address)>,
}

impl Writer {
    fn push(&mut self, text: &str) {
        self.line += text.matches('\n').count();
        self.out.push_str(text);
    }

    fn block(&mut self, level: &Level, depth: usize, address: &mut Address) {
        let mut open: Vec<usize> = Vec::new();
        let mut first = true;
        for (i, entry) in level.entries.iter().enumerate() {
            let common = open
                .iter()
                .zip(&entry.path)
                .take_while(|(a, b)| a == b)
                .count();
            while open.len() > common {
                open.pop();
                self.push(&format!("{}}}\n", indent(depth + open.len())));
                first = false;
            }
            if entry.blank_before && !first {
                self.push("\n");
            }
            while open.len() < entry.path.len() {
                let container = &level.containers[entry.path[open.len()]];
                let head = call(container.keyword, &container.args, depth + open.len());
                self.push(&format!("{head} {{\n"));
                open.push(entry.path[open.len()]);
            }
            address.push(i);
            self.entry(entry, depth + open.len(), address);
            address.pop();
            first = false;
        }
        while open.pop().is_some() {
            self.push(&format!("{}}}\n", indent(depth + open.len())));
        }
    }

    fn entry(&mut self, entry: &Entry, depth: usize, address: &mut Address) {
        let pad = indent(depth);
        for line in &entry.lines {
            let mut out = String::new();
            match line {
                // `#/` and `#!` would make doc comments, which the macro does not take.
                Line::Comment(text) if text.starts_with(['/', '!']) => {
                    out.push_str(&format!("{pad}// {text}\n"));
                }
                Line::Comment(text) => out.push_str(&format!("{pad}//{text}\n")),
                Line::Note(text) => wrapped(&pad, "// NOTE: ", text, &mut out),
                Line::Todo(text) => wrapped(&pad, "// TODO: ", text, &mut out),
            }
            self.push(&out);
        }
        if let Some(decl) = &entry.decl {
            // `collection { ... }`: a block without arguments has no parentheses.
            let head = if decl.args.is_empty() && decl.block.is_some() {
                format!("{}{}", indent(depth), decl.keyword)
            } else {
                call(decl.keyword, &decl.args, depth)
            };
            let first = self.line;
            match &decl.block {
                Some(level) => {
                    self.push(&format!("{head} {{\n"));
                    self.heads.push((first, self.line - 1, address.clone()));
                    self.block(level, depth + 1, address);
                    self.push(&format!("{}}}\n", indent(depth)));
                }
                None => {
                    self.push(&format!("{head};\n"));
                    self.heads.push((first, self.line - 1, address.clone()));
                }
            }
        }
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
        Val::Raw(text) => text.clone(),
    }
}

/// A Rust string literal: raw where the text has backslashes (a regex reads better as
/// `r"\d+"` than `"\\d+"`), escaped otherwise.
pub(crate) fn literal(text: &str) -> String {
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
