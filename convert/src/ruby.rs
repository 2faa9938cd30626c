//! The routes file as Ruby: parsed by lib-ruby-parser, then read back as the few kinds of
//! value a routes file passes to its calls, and the calls themselves.

use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lib_ruby_parser::{ErrorLevel, Node, Parser, ParserOptions};

use crate::error::ConvertError;

/// A parsed file: its text, its syntax tree and where its comments lie.
pub struct Source<'t> {
    pub text: &'t str,
    pub ast: Option<Box<Node>>,
    /// Each comment's bytes, in the order of the file.
    pub comments: Vec<Range<usize>>,
    /// Where each line starts.
    lines: Vec<usize>,
}

impl Source<'_> {
    /// The 1-based line and column of byte `at`.
    pub fn line_col(&self, at: usize) -> (usize, usize) {
        line_col(&self.lines, at)
    }
}

/// Parses `text` as Ruby; the parser's first error is the error.
pub fn parse(text: &str) -> Result<Source<'_>, ConvertError> {
    let options = ParserOptions {
        buffer_name: "routes.rb".into(),
        ..Default::default()
    };
    let lines = line_starts(text);
    let bytes = text.as_bytes().to_vec();
    // The parser is not ours: whatever it makes of a file, the converter answers with an
    // error, never a panic.
    let result = catch_unwind(AssertUnwindSafe(move || {
        Parser::new(bytes, options).do_parse()
    }))
    .map_err(|_| ConvertError::Ruby {
        line: 1,
        column: 1,
        message: "the Ruby parser gave up on this file".into(),
    })?;
    if let Some(error) = result
        .diagnostics
        .iter()
        .find(|d| d.level == ErrorLevel::Error)
    {
        let (line, column) = line_col(&lines, error.loc.begin);
        return Err(ConvertError::Ruby {
            line,
            column,
            message: error.render_message(),
        });
    }
    Ok(Source {
        text,
        lines,
        ast: result.ast,
        comments: result
            .comments
            .iter()
            .map(|c| c.location.begin..c.location.end)
            .collect(),
    })
}

/// Where each line of `text` starts.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(at, _)| at + 1))
        .collect()
}

/// The 1-based line and column of byte `at`, given where each line starts.
fn line_col(lines: &[usize], at: usize) -> (usize, usize) {
    let line = lines.partition_point(|&start| start <= at).max(1);
    (line, at.saturating_sub(lines[line - 1]) + 1)
}

/// What a routes file passes to its calls: literals, hashes and arrays of them, and anything
/// else as its source text.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Sym(String),
    Str(String),
    Regex {
        source: String,
        flags: String,
    },
    Nil,
    Bool(bool),
    Int(String),
    /// A hash with symbol or string keys, in the order written.
    Hash(Vec<(String, Value)>),
    Array(Vec<Value>),
    /// Anything else (a method call, an interpolated string, a constant): its source.
    Other(String),
}

impl Value {
    /// The text of a symbol or a string.
    pub fn word(&self) -> Option<&str> {
        match self {
            Value::Sym(s) | Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The value as Ruby would print it in a routes file (for notes and to-dos).
    pub fn ruby(&self) -> String {
        match self {
            Value::Sym(s) => format!(":{s}"),
            Value::Str(s) => format!("'{s}'"),
            Value::Regex { source, flags } => format!("/{source}/{flags}"),
            Value::Nil => "nil".into(),
            Value::Bool(b) => b.to_string(),
            Value::Int(i) => i.clone(),
            Value::Hash(pairs) => {
                let pairs: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| format!(":{k} => {}", v.ruby()))
                    .collect();
                format!("{{ {} }}", pairs.join(", "))
            }
            Value::Array(items) => {
                let items: Vec<String> = items.iter().map(Value::ruby).collect();
                format!("[{}]", items.join(", "))
            }
            // On one line, as notes quote it.
            Value::Other(source) => source.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}

/// The source text of `node`.
pub fn source<'t>(text: &'t str, node: &Node) -> &'t str {
    let loc = node.expression();
    text.get(loc.begin..loc.end).unwrap_or("")
}

/// How deep arrays and hashes are read; deeper ones are [`Value::Other`], so that no file
/// can exhaust the stack.
const DEEPEST: usize = 32;

/// `node` as a [`Value`].
pub fn value(text: &str, node: &Node) -> Value {
    value_at(text, node, 0)
}

fn value_at(text: &str, node: &Node, depth: usize) -> Value {
    let other = || Value::Other(source(text, node).to_owned());
    if depth > DEEPEST {
        return other();
    }
    match node {
        Node::Sym(s) => Value::Sym(s.name.to_string_lossy()),
        Node::Str(s) => Value::Str(s.value.to_string_lossy()),
        // Adjacent literals ('a' 'b') are one string; interpolation is not a literal.
        Node::Dstr(d) => literal_parts(&d.parts).map_or_else(other, Value::Str),
        Node::Dsym(d) => literal_parts(&d.parts).map_or_else(other, Value::Sym),
        Node::Regexp(r) => match literal_parts(&r.parts) {
            Some(source) => {
                let flags = match r.options.as_deref() {
                    Some(Node::RegOpt(o)) => o.options.clone().unwrap_or_default(),
                    _ => String::new(),
                };
                Value::Regex { source, flags }
            }
            None => other(),
        },
        Node::Nil(_) => Value::Nil,
        Node::True(_) => Value::Bool(true),
        Node::False(_) => Value::Bool(false),
        Node::Int(i) => Value::Int(i.value.clone()),
        Node::Hash(h) => pairs(text, &h.pairs, depth).unwrap_or_else(other),
        Node::Kwargs(k) => pairs(text, &k.pairs, depth).unwrap_or_else(other),
        Node::Array(a) => {
            let items: Vec<Value> = a
                .elements
                .iter()
                .map(|e| value_at(text, e, depth + 1))
                .collect();
            if items.iter().any(|i| matches!(i, Value::Other(_))) {
                other()
            } else {
                Value::Array(items)
            }
        }
        _ => other(),
    }
}

fn literal_parts(parts: &[Node]) -> Option<String> {
    parts
        .iter()
        .map(|p| match p {
            Node::Str(s) => Some(s.value.to_string_lossy()),
            _ => None,
        })
        .collect()
}

fn pairs(text: &str, pairs: &[Node], depth: usize) -> Option<Value> {
    pairs
        .iter()
        .map(|pair| match pair {
            Node::Pair(p) => {
                let key = value_at(text, &p.key, depth + 1).word()?.to_owned();
                Some((key, value_at(text, &p.value, depth + 1)))
            }
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .map(Value::Hash)
}

/// A method call on a local variable (`map.connect ...`, `admin.resources ...`), with the
/// block it is given, if any.
pub struct Call<'n> {
    pub receiver: &'n str,
    pub method: &'n str,
    pub args: &'n [Node],
    pub block: Option<Block<'n>>,
}

/// A call's `do |var| ... end`.
pub struct Block<'n> {
    /// The block's first parameter, if it has one.
    pub var: Option<&'n str>,
    pub body: Vec<&'n Node>,
    /// Where the block ends.
    pub end: usize,
}

/// `node` as a call on a local variable, or `None`.
pub fn call(node: &Node) -> Option<Call<'_>> {
    let (send, block) = match node {
        Node::Send(send) => (send, None),
        Node::Block(b) => match b.call.as_ref() {
            Node::Send(send) => (send, Some(block_of(b))),
            _ => return None,
        },
        _ => return None,
    };
    let Some(Node::Lvar(receiver)) = send.recv.as_deref() else {
        return None;
    };
    Some(Call {
        receiver: &receiver.name,
        method: &send.method_name,
        args: &send.args,
        block,
    })
}

/// The draw call, `ActionController::Routing::Routes.draw do |map| ... end`: `Some(block)`
/// when `node` is one (the block's var `None` when it has none, as in Rails 3's `draw do`).
pub fn draw(node: &Node) -> Option<Block<'_>> {
    let Node::Block(b) = node else { return None };
    let Node::Send(send) = b.call.as_ref() else {
        return None;
    };
    let routes = matches!(send.recv.as_deref(), Some(Node::Const(c)) if c.name == "Routes")
        || matches!(send.recv.as_deref(), Some(Node::Send(s)) if s.method_name == "routes");
    (send.method_name == "draw" && routes).then(|| block_of(b))
}

/// A block node's variable, statements and end.
fn block_of(b: &lib_ruby_parser::nodes::Block) -> Block<'_> {
    Block {
        var: b.args.as_deref().and_then(first_parameter),
        body: statements(b.body.as_deref()),
        end: b.expression_l.end,
    }
}

fn first_parameter(args: &Node) -> Option<&str> {
    let Node::Args(args) = args else { return None };
    match args.args.first()? {
        Node::Arg(arg) => Some(&arg.name),
        Node::Procarg0(p) => match p.args.first()? {
            Node::Arg(arg) => Some(&arg.name),
            _ => None,
        },
        _ => None,
    }
}

/// The statements of a body: one node, a `begin` of several, or none.
pub fn statements(body: Option<&Node>) -> Vec<&Node> {
    match body {
        None => Vec::new(),
        Some(Node::Begin(b)) => b.statements.iter().collect(),
        Some(node) => vec![node],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_value(code: &str) -> Value {
        let source = parse(code).expect("parses");
        let ast = source.ast.as_deref().expect("a statement");
        let Node::Send(send) = ast else {
            panic!("a call: {ast:?}")
        };
        value(code, send.args.last().expect("an argument"))
    }

    #[test]
    fn literals_read_as_values() {
        let cases: &[(&str, Value)] = &[
            ("f :a", Value::Sym("a".into())),
            ("f 'a'", Value::Str("a".into())),
            ("f \"a\" 'b'", Value::Str("ab".into())),
            (
                "f(/\\d+/i)",
                Value::Regex {
                    source: "\\d+".into(),
                    flags: "i".into(),
                },
            ),
            ("f nil", Value::Nil),
            ("f 12", Value::Int("12".into())),
            (
                "f %w(a b)",
                Value::Array(vec![Value::Str("a".into()), Value::Str("b".into())]),
            ),
            (
                "f :a => 1, 'b' => :c",
                Value::Hash(vec![
                    ("a".into(), Value::Int("1".into())),
                    ("b".into(), Value::Sym("c".into())),
                ]),
            ),
            (
                "f a: true",
                Value::Hash(vec![("a".into(), Value::Bool(true))]),
            ),
            ("f \"#{x}\"", Value::Other("\"#{x}\"".into())),
            ("f [x, 1]", Value::Other("[x, 1]".into())),
        ];
        for (code, want) in cases {
            assert_eq!(&first_value(code), want, "{code}");
        }
    }

    #[test]
    fn errors_name_their_line_and_column() {
        let Err(ConvertError::Ruby { line, column, .. }) = parse("a = 1\nb = (2\n") else {
            panic!("an unclosed parenthesis is an error");
        };
        assert_eq!(line, 3);
        assert_eq!(column, 1);
        assert_eq!(line_col(&line_starts("ab\ncd"), 4), (2, 2));
    }

    #[test]
    fn the_draw_block_and_its_variable_are_found() {
        let code = "ActionController::Routing::Routes.draw do |m|\n  m.connect 'a'\nend\n";
        let source = parse(code).expect("parses");
        let block = draw(source.ast.as_deref().expect("a statement")).expect("a draw call");
        assert_eq!(block.var, Some("m"));
        let connect = call(block.body[0]).expect("a call");
        assert_eq!((connect.receiver, connect.method), ("m", "connect"));
        let rails3 = parse("Rails.application.routes.draw do\nend\n").expect("parses");
        assert_eq!(
            draw(rails3.ast.as_deref().expect("one")).map(|b| b.var),
            Some(None)
        );
    }
}
