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

/// How deep arrays, hashes and expressions are read; deeper ones are [`Value::Other`], so
/// that no file can exhaust the stack.
const DEEPEST: usize = 32;

/// The most values a range literal (`1..3`) is read into.
const LONGEST_RANGE: i64 = 1_000;

/// The locals (and constants) of a routes file bound to plain values: literals assigned to
/// them, loop variables. Later bindings shadow earlier ones.
#[derive(Debug, Clone, Default)]
pub struct Locals {
    vars: Vec<(String, Value)>,
}

impl Locals {
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.vars
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }

    pub fn bind(&mut self, name: impl Into<String>, value: Value) {
        self.vars.push((name.into(), value));
    }

    /// Where the bindings stand, for [`Locals::reset`] when a block's scope ends.
    pub fn mark(&self) -> usize {
        self.vars.len()
    }

    pub fn reset(&mut self, mark: usize) {
        self.vars.truncate(mark);
    }
}

/// `node` as a [`Value`], its locals and constants read from `locals`, and the plain Ruby
/// around them evaluated: interpolation, `to_s`, `to_sym`, `join`, `pluralize`, comparisons.
pub fn value_in(text: &str, node: &Node, locals: &Locals) -> Value {
    value_at(text, node, locals, 0)
}

/// Whether `node` holds when it is a condition: `None` when it is known only at run time.
pub fn condition(text: &str, node: &Node, locals: &Locals) -> Option<bool> {
    truthy(&value_in(text, node, locals))
}

fn truthy(value: &Value) -> Option<bool> {
    match value {
        Value::Other(_) => None,
        Value::Nil | Value::Bool(false) => Some(false),
        _ => Some(true),
    }
}

/// A value as Ruby's `to_s` writes it, for interpolation.
fn to_s(value: &Value) -> Option<String> {
    match value {
        Value::Sym(s) | Value::Str(s) | Value::Int(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Nil => Some(String::new()),
        Value::Regex { source, flags } => {
            let off: String = ['m', 'i', 'x']
                .iter()
                .filter(|f| !flags.contains(**f))
                .collect();
            let dash = if off.is_empty() { "" } else { "-" };
            Some(format!("(?{flags}{dash}{off}:{source})"))
        }
        _ => None,
    }
}

fn value_at(text: &str, node: &Node, locals: &Locals, depth: usize) -> Value {
    let other = || Value::Other(source(text, node).to_owned());
    if depth > DEEPEST {
        return other();
    }
    let at = |node: &Node| value_at(text, node, locals, depth + 1);
    match node {
        Node::Sym(s) => Value::Sym(s.name.to_string_lossy()),
        Node::Str(s) => Value::Str(s.value.to_string_lossy()),
        // Adjacent literals ('a' 'b') are one string; interpolation of plain values too.
        Node::Dstr(d) => interpolated(&d.parts, &at).map_or_else(other, Value::Str),
        Node::Dsym(d) => interpolated(&d.parts, &at).map_or_else(other, Value::Sym),
        Node::Regexp(r) => match interpolated(&r.parts, &at) {
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
        Node::Hash(h) => pairs(text, &h.pairs, locals, depth).unwrap_or_else(other),
        Node::Kwargs(k) => pairs(text, &k.pairs, locals, depth).unwrap_or_else(other),
        Node::Array(a) => {
            let items: Vec<Value> = a.elements.iter().map(at).collect();
            if items.iter().any(|i| matches!(i, Value::Other(_))) {
                other()
            } else {
                Value::Array(items)
            }
        }
        Node::Lvar(l) => locals.get(&l.name).cloned().unwrap_or_else(other),
        // A bare word Ruby could not tell from a method call, where the file bound it.
        Node::Send(send)
            if send.recv.is_none()
                && send.args.is_empty()
                && locals.get(&send.method_name).is_some() =>
        {
            locals.get(&send.method_name).cloned().unwrap_or_else(other)
        }
        Node::Const(c) if c.scope.is_none() => locals.get(&c.name).cloned().unwrap_or_else(other),
        Node::Begin(b) if b.statements.len() == 1 => at(&b.statements[0]),
        Node::Irange(r) => {
            range(r.left.as_deref(), r.right.as_deref(), 0, &at).unwrap_or_else(other)
        }
        Node::Erange(r) => {
            range(r.left.as_deref(), r.right.as_deref(), 1, &at).unwrap_or_else(other)
        }
        Node::And(a) => match truthy(&at(&a.lhs)) {
            Some(false) => at(&a.lhs),
            Some(true) => at(&a.rhs),
            None => other(),
        },
        Node::Or(o) => match truthy(&at(&o.lhs)) {
            Some(true) => at(&o.lhs),
            Some(false) => at(&o.rhs),
            None => other(),
        },
        Node::Send(send) => {
            let recv = send.recv.as_deref().map(at);
            let args: Vec<Value> = send.args.iter().map(at).collect();
            if recv.as_ref().is_some_and(|r| matches!(r, Value::Other(_)))
                || args.iter().any(|a| matches!(a, Value::Other(_)))
            {
                return other();
            }
            method(recv, &send.method_name, &args).unwrap_or_else(other)
        }
        _ => other(),
    }
}

/// The parts of an interpolated string, each a literal or a plain value.
fn interpolated(parts: &[Node], at: &dyn Fn(&Node) -> Value) -> Option<String> {
    parts
        .iter()
        .map(|p| match p {
            Node::Str(s) => Some(s.value.to_string_lossy()),
            Node::Begin(b) if b.statements.len() == 1 => to_s(&at(&b.statements[0])),
            Node::Begin(b) if b.statements.is_empty() => Some(String::new()),
            _ => None,
        })
        .collect()
}

/// `1..3` and `1...3` over integers.
fn range(
    left: Option<&Node>,
    right: Option<&Node>,
    exclusive: i64,
    at: &dyn Fn(&Node) -> Value,
) -> Option<Value> {
    let int = |node: Option<&Node>| match at(node?) {
        Value::Int(i) => i.parse::<i64>().ok(),
        _ => None,
    };
    let (first, last) = (int(left)?, int(right)? - exclusive);
    if last.saturating_sub(first) > LONGEST_RANGE {
        return None;
    }
    Some(Value::Array(
        (first..=last).map(|i| Value::Int(i.to_string())).collect(),
    ))
}

/// The methods of plain values a routes file calls to build its names and paths.
fn method(recv: Option<Value>, name: &str, args: &[Value]) -> Option<Value> {
    use routes_syntax::inflector::{pluralize, singularize};
    let recv = recv?;
    let word = recv.word().map(str::to_owned);
    let same_kind = |text: String| match &recv {
        Value::Sym(_) => Value::Sym(text),
        _ => Value::Str(text),
    };
    Some(match (name, args) {
        ("to_s" | "to_str" | "to_param", []) => Value::Str(to_s(&recv)?),
        ("to_sym" | "intern", []) => Value::Sym(word?),
        ("freeze" | "dup" | "itself", []) => recv,
        ("downcase", []) => same_kind(word?.to_lowercase()),
        ("upcase", []) => same_kind(word?.to_uppercase()),
        ("pluralize", []) => same_kind(pluralize(&word?)),
        ("singularize", []) => same_kind(singularize(&word?)),
        ("underscore" | "dasherize" | "parameterize", []) => {
            let w = word?;
            same_kind(match name {
                "dasherize" => w.replace('_', "-"),
                _ => w,
            })
        }
        ("join", [] | [_]) => {
            let Value::Array(items) = &recv else {
                return None;
            };
            let separator = match args {
                [sep] => sep.word()?.to_owned(),
                _ => String::new(),
            };
            let parts: Option<Vec<String>> = items.iter().map(to_s).collect();
            Value::Str(parts?.join(&separator))
        }
        ("keys", []) => match &recv {
            Value::Hash(pairs) => {
                Value::Array(pairs.iter().map(|(k, _)| Value::Sym(k.clone())).collect())
            }
            _ => return None,
        },
        ("values", []) => match &recv {
            Value::Hash(pairs) => Value::Array(pairs.iter().map(|(_, v)| v.clone()).collect()),
            _ => return None,
        },
        ("+", [other]) => match (&recv, other) {
            (Value::Str(a), Value::Str(b)) => Value::Str(format!("{a}{b}")),
            (Value::Array(a), Value::Array(b)) => Value::Array([a.clone(), b.clone()].concat()),
            _ => return None,
        },
        ("==", [other]) => Value::Bool(recv == *other),
        ("!=", [other]) => Value::Bool(recv != *other),
        ("!", []) => Value::Bool(!truthy(&recv)?),
        ("include?", [item]) => match &recv {
            Value::Array(items) => Value::Bool(items.contains(item)),
            _ => return None,
        },
        _ => return None,
    })
}

fn pairs(text: &str, pairs: &[Node], locals: &Locals, depth: usize) -> Option<Value> {
    pairs
        .iter()
        .map(|pair| match pair {
            Node::Pair(p) => {
                let key = value_at(text, &p.key, locals, depth + 1).word()?.to_owned();
                Some((key, value_at(text, &p.value, locals, depth + 1)))
            }
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .map(Value::Hash)
}

/// A loop a routes file unrolls: `%w(a b).each do |page| ... end`, `{ a: 1 }.each do |k, v|`,
/// `each_with_index`, `for x in [...]`.
pub struct Loop<'n> {
    /// The block's variables.
    pub vars: Vec<String>,
    /// Each iteration's values for them.
    pub rows: Vec<Vec<Value>>,
    pub body: Vec<&'n Node>,
}

/// `node` as a loop over plain values; `Some(Err(why))` for a loop over values known only at
/// run time; `None` when it is no loop.
pub fn each_loop<'n>(
    text: &str,
    node: &'n Node,
    locals: &Locals,
) -> Option<Result<Loop<'n>, String>> {
    let (collection, method, args, body) = match node {
        Node::Block(b) => match b.call.as_ref() {
            Node::Send(send) if send.args.is_empty() => (
                send.recv.as_deref()?,
                send.method_name.as_str(),
                b.args.as_deref(),
                b.body.as_deref(),
            ),
            _ => return None,
        },
        Node::For(f) => (
            f.iteratee.as_ref(),
            "each",
            Some(f.iterator.as_ref()),
            f.body.as_deref(),
        ),
        _ => return None,
    };
    if !matches!(
        method,
        "each" | "each_with_index" | "each_pair" | "each_key" | "each_value"
    ) {
        return None;
    }
    let mut vars = Vec::new();
    if let Some(args) = args {
        parameters(args, &mut vars, 0);
    }
    let items = match value_in(text, collection, locals) {
        Value::Array(items) => items,
        Value::Hash(pairs) => pairs
            .into_iter()
            .map(|(k, v)| match method {
                "each_key" => Value::Sym(k),
                "each_value" => v,
                _ => Value::Array(vec![Value::Sym(k), v]),
            })
            .collect(),
        _ => {
            return Some(Err(format!(
                "a loop over `{}`, which the application knows only when it runs",
                source(text, collection)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        }
    };
    let rows = items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let indexed = method == "each_with_index";
            let element_vars = vars.len().saturating_sub(usize::from(indexed));
            let mut row = match item {
                Value::Array(parts) if element_vars > 1 => parts,
                item => vec![item],
            };
            row.resize(element_vars.max(1), Value::Nil);
            if indexed {
                row.push(Value::Int(i.to_string()));
            }
            row
        })
        .collect();
    Some(Ok(Loop {
        vars,
        rows,
        body: statements(body),
    }))
}

/// The names a block's parameters bind, in order (`|a, (b, c)|` binds a, b, c).
fn parameters(node: &Node, names: &mut Vec<String>, depth: usize) {
    if depth > DEEPEST {
        return;
    }
    match node {
        Node::Arg(a) => names.push(a.name.clone()),
        Node::Lvasgn(l) => names.push(l.name.clone()),
        Node::Args(a) => a.args.iter().for_each(|n| parameters(n, names, depth + 1)),
        Node::Procarg0(p) => p.args.iter().for_each(|n| parameters(n, names, depth + 1)),
        Node::Mlhs(m) => m.items.iter().for_each(|n| parameters(n, names, depth + 1)),
        _ => {}
    }
}

/// `x = ...`, `X = ...` and `x ||= ...`: the name and its value.
pub fn assignment(text: &str, node: &Node, locals: &Locals) -> Option<(String, Value)> {
    match node {
        Node::Lvasgn(l) => Some((l.name.clone(), value_in(text, l.value.as_deref()?, locals))),
        Node::Casgn(c) if c.scope.is_none() => {
            Some((c.name.clone(), value_in(text, c.value.as_deref()?, locals)))
        }
        Node::OrAsgn(o) => match o.recv.as_ref() {
            Node::Lvasgn(l) => Some((
                l.name.clone(),
                locals
                    .get(&l.name)
                    .filter(|v| truthy(v) == Some(true))
                    .cloned()
                    .unwrap_or_else(|| value_in(text, &o.value, locals)),
            )),
            _ => None,
        },
        _ => None,
    }
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
    let drawing = matches!(send.method_name.as_str(), "draw" | "append" | "prepend");
    (drawing && routes).then(|| block_of(b))
}

/// Whether `node` is Rails 2's draw call: on `ActionController::Routing::Routes`, or with a
/// block variable its statements call the mapper on.
pub fn draws_rails2(node: &Node) -> bool {
    let Node::Block(b) = node else { return false };
    let Node::Send(send) = b.call.as_ref() else {
        return false;
    };
    let Some(block) = draw(node) else {
        return false;
    };
    let routes_constant =
        matches!(send.recv.as_deref(), Some(Node::Const(c)) if c.name == "Routes");
    block
        .var
        .is_some_and(|var| routes_constant || calls_on(&block.body, var))
}

/// A call on the mapper Rails 3 and later hand the draw block as `self`: no receiver, or
/// `self` (`get 'x'`, `self.resources :posts`), with its block, if any.
pub struct SelfCall<'n> {
    pub method: &'n str,
    pub args: &'n [Node],
    pub block: Option<Block<'n>>,
    /// The block's parameters, for a method that passes values to it.
    pub params: Option<&'n Node>,
}

/// `node` as a call on `self`, or `None`.
pub fn self_call(node: &Node) -> Option<SelfCall<'_>> {
    let (send, block, params) = match node {
        Node::Send(send) => (send, None, None),
        Node::Block(b) => match b.call.as_ref() {
            Node::Send(send) => (send, Some(block_of(b)), b.args.as_deref()),
            _ => return None,
        },
        _ => return None,
    };
    if !matches!(send.recv.as_deref(), None | Some(Node::Self_(_))) {
        return None;
    }
    Some(SelfCall {
        method: &send.method_name,
        args: &send.args,
        block,
        params,
    })
}

/// Whether a statement of `body` (or of a block in it) calls a method on the local `var`:
/// a Rails 2 routes file's `map.resources`.
pub fn calls_on(body: &[&Node], var: &str) -> bool {
    calls_on_at(body, var, 0)
}

fn calls_on_at(body: &[&Node], var: &str, depth: usize) -> bool {
    depth <= DEEPEST
        && body.iter().any(|node| match call(node) {
            Some(call) => {
                call.receiver == var
                    || call
                        .block
                        .is_some_and(|b| calls_on_at(&b.body, var, depth + 1))
            }
            None => match node {
                Node::Block(b) => calls_on_at(&statements(b.body.as_deref()), var, depth + 1),
                _ => false,
            },
        })
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

/// What a request constraint written in Ruby answers when it answers the same to every
/// request: a lambda or proc whose body is `true`, `false` or `nil`
/// (`->(_req) { true }`), or a class or module whose `matches?` is (its instances' when
/// `instance`, as `Beta.new` is asked, or its own, as `Beta` is).
pub fn constant_predicate(node: &Node, instance: bool) -> Option<bool> {
    let literal = |body: Option<&Node>| match statements(body).as_slice() {
        [Node::True(_)] => Some(true),
        [Node::False(_) | Node::Nil(_)] | [] => Some(false),
        _ => None,
    };
    match node {
        Node::Block(b) => {
            let callable = match b.call.as_ref() {
                Node::Lambda(_) => true,
                Node::Send(send) => match send.recv.as_deref() {
                    None => matches!(send.method_name.as_str(), "lambda" | "proc"),
                    Some(Node::Const(c)) => c.name == "Proc" && send.method_name == "new",
                    _ => false,
                },
                _ => false,
            };
            if callable {
                literal(b.body.as_deref())
            } else {
                None
            }
        }
        Node::Class(_) | Node::Module(_) => {
            let body = match node {
                Node::Class(c) => c.body.as_deref(),
                Node::Module(m) => m.body.as_deref(),
                _ => None,
            };
            statements(body).into_iter().find_map(|def| match def {
                Node::Def(d) if instance && d.name == "matches?" => {
                    Some(literal(d.body.as_deref()))
                }
                Node::Defs(d) if !instance && d.name == "matches?" => {
                    Some(literal(d.body.as_deref()))
                }
                _ => None,
            })?
        }
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
        value_in(
            code,
            send.args.last().expect("an argument"),
            &Locals::default(),
        )
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
    fn plain_ruby_around_the_routes_is_evaluated() {
        let mut locals = Locals::default();
        locals.bind("page", Value::Sym("about".into()));
        locals.bind(
            "LOCALES",
            Value::Array(vec![Value::Str("en".into()), Value::Str("de".into())]),
        );
        let cases: &[(&str, Value)] = &[
            ("f \"x/#{page}\"", Value::Str("x/about".into())),
            ("f :\"#{page}_page\"", Value::Sym("about_page".into())),
            ("f page.to_s", Value::Str("about".into())),
            ("f \"#{page}\".to_sym", Value::Sym("about".into())),
            ("f LOCALES.join('|')", Value::Str("en|de".into())),
            (
                "f(/#{LOCALES.join('|')}/)",
                Value::Regex {
                    source: "en|de".into(),
                    flags: String::new(),
                },
            ),
            ("f page.to_s.pluralize", Value::Str("abouts".into())),
            ("f page == :about", Value::Bool(true)),
            ("f !LOCALES.include?('fr')", Value::Bool(true)),
            (
                "f (1..3)",
                Value::Array(vec![
                    Value::Int("1".into()),
                    Value::Int("2".into()),
                    Value::Int("3".into()),
                ]),
            ),
            ("f (1..100_000)", Value::Other("1..100_000".into())),
            ("f \"#{unknown}\"", Value::Other("\"#{unknown}\"".into())),
            (
                "f Rails.env.production?",
                Value::Other("Rails.env.production?".into()),
            ),
        ];
        for (code, want) in cases {
            let source = parse(code).expect("parses");
            let Some(Node::Send(send)) = source.ast.as_deref() else {
                panic!("a call: {code}")
            };
            let got = value_in(code, send.args.last().expect("an argument"), &locals);
            assert_eq!(&got, want, "{code}");
        }
    }

    #[test]
    fn loops_over_plain_values_are_read_with_their_rows() {
        let code = "{ rss: 'feed', atom: 'atom' }.each_with_index do |(fmt, path), i|\n  x\nend";
        let source = parse(code).expect("parses");
        let node = source.ast.as_deref().expect("a statement");
        let each = each_loop(code, node, &Locals::default())
            .expect("a loop")
            .expect("over plain values");
        assert_eq!(each.vars, ["fmt", "path", "i"]);
        assert_eq!(
            each.rows[1],
            [
                Value::Sym("atom".into()),
                Value::Str("atom".into()),
                Value::Int("1".into())
            ]
        );
        let runtime = parse("User.all.each { |u| x }").expect("parses");
        let node = runtime.ast.as_deref().expect("a statement");
        assert!(matches!(
            each_loop("User.all.each { |u| x }", node, &Locals::default()),
            Some(Err(_))
        ));
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
