//! Rails 3 to 8: `Rails.application.routes.draw do ... end` read into `draw!` declarations.
//! The DSL is the same on both sides (SPEC §11), so each call becomes the declaration of its
//! name, its arguments the DSL's: symbols and strings as names and patterns, the `'path' =>
//! 'controller#action'` hash form as `to`, inline segment constraints (`id: /\d+/`) and other
//! keys as `constraints(...)` and `defaults(...)`, as Rails' mapper divides them
//! (`options.rs`). The Ruby around the calls is evaluated where it is plain (locals, loops,
//! interpolation, methods the file defines, conditions the file decides); what depends on the
//! running application is a to-do quoting it. A request constraint written in Ruby (a lambda,
//! a class with `matches?`) becomes a predicate stub beside the routes, with a to-do. Devise's
//! `devise_for` is expanded into the routes Devise draws (`devise.rs`); `draw :name` reads
//! `routes/name.rb` beside the file.

mod calls;
mod devise;
mod dynamic;
mod options;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::PathBuf;

use lib_ruby_parser::Node;

use crate::cursor::Cursor;
use crate::error::ConvertError;
use crate::model::{Arg, Decl, Entry, Level, Line, Source as Cited};
use crate::ruby::{self, Block, Locals, SelfCall, Source, Value};

/// Where the routes file is, for the files it draws and the application around it.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// The directory holding the routes file (`config/`): `draw :api` reads `routes/api.rb`
    /// in it.
    pub dir: Option<PathBuf>,
    /// The application's root, whose models say which routes `devise_for` draws.
    pub app: Option<PathBuf>,
}

/// A routes file read: its declarations, the comments before and after its draw block, and
/// the predicates its request constraints need.
pub struct Drawn {
    pub level: Level,
    pub preamble: Vec<String>,
    pub postamble: Vec<String>,
    pub stubs: Vec<Stub>,
}

/// A predicate `constraints(with = NAME)` calls, for a person to write.
pub struct Stub {
    pub name: String,
    /// The to-do before it and the Ruby it quotes, without `//`.
    pub todo: String,
    pub ruby: Vec<String>,
    /// What it answers every request, when the Ruby answers the same to every one (then it
    /// has a note, not a to-do).
    pub answer: Option<bool>,
}

/// A class the file defines, as a request constraint's stub needs it.
struct Class {
    ruby: Vec<String>,
    /// What its `self.matches?` answers every request, and its instances' `matches?`.
    answers: Option<bool>,
    instances_answer: Option<bool>,
}

/// How many statements a file may hold once its loops are unrolled and its methods inlined.
const STATEMENT_BUDGET: usize = 5_000;

/// How deep blocks may nest (a real routes file nests four or five), drawn files and inlined
/// methods included, so that no file can exhaust the stack.
const DEEPEST_BLOCK: usize = 32;

/// The calls a Rails 3+ routes file makes on its mapper; a file whose top level makes them is
/// a draw block's body (as a drawn file is).
const DSL: &[&str] = &[
    "get",
    "post",
    "put",
    "patch",
    "delete",
    "match",
    "root",
    "resources",
    "resource",
    "namespace",
    "scope",
    "constraints",
    "mount",
    "concern",
    "devise_for",
    "draw",
];

/// Reads a Rails 3+ routes file: its draw blocks, or its statements when it is a draw block's
/// body.
pub fn read(source: &Source, context: &Context) -> Result<Drawn, ConvertError> {
    let mut state = State {
        context,
        locals: Locals::default(),
        budget: STATEMENT_BUDGET,
        exhausted: false,
        depth: 0,
        stubs: Vec::new(),
        scopes: Vec::new(),
        drawing: Vec::new(),
        classes: HashMap::new(),
    };
    let top = ruby::statements(source.ast.as_deref());
    let drawn = top.iter().any(|n| ruby::draw(n).is_some());
    let body_only = !drawn
        && top
            .iter()
            .any(|n| ruby::self_call(n).is_some_and(|c| DSL.contains(&c.method)));
    if !drawn && !body_only {
        return Err(ConvertError::NotRoutes(
            "no `Rails.application.routes.draw do ... end` (nor the routes of one)".into(),
        ));
    }
    let mut reader = Reader::new(source, &mut state, None);
    let mut entries = Vec::new();
    let mut preamble = Vec::new();
    let mut drew = false;
    for node in top {
        match ruby::draw(node).filter(|_| !body_only) {
            Some(block) => {
                let (comments, blank_before) = reader.cursor.before(node.expression().begin);
                if !drew {
                    preamble.extend(comments);
                } else if !comments.is_empty() {
                    entries.push(comment_entry(comments, blank_before));
                }
                drew = true;
                reader.cursor.last_end = node.expression().begin;
                reader.block_body(&block, &mut entries);
            }
            None if body_only => reader.statement(node, &mut entries),
            None => {
                // The comments that head the file stay at its head.
                if !drew {
                    let (comments, _) = reader.cursor.before(node.expression().begin);
                    preamble.extend(comments);
                }
                reader.outside(node, &mut entries);
            }
        }
    }
    let (postamble, blank_before) = reader.cursor.before(source.text.len() + 1);
    let postamble = if body_only {
        if !postamble.is_empty() {
            entries.push(comment_entry(postamble, blank_before));
        }
        Vec::new()
    } else {
        postamble
    };
    Ok(Drawn {
        level: Level {
            entries,
            containers: Vec::new(),
        },
        preamble,
        postamble,
        stubs: state.stubs,
    })
}

fn comment_entry(comments: Vec<String>, blank_before: bool) -> Entry {
    Entry {
        blank_before,
        lines: comments.into_iter().map(Line::Comment).collect(),
        ..Entry::default()
    }
}

/// What reading one file shares with the files it draws.
struct State<'c> {
    context: &'c Context,
    locals: Locals,
    /// How many more statements may be read.
    budget: usize,
    /// Whether the budget ran out (and the to-do saying so is written).
    exhausted: bool,
    /// How many blocks deep the statement being read is.
    depth: usize,
    stubs: Vec<Stub>,
    /// The scopes around the statement being read, for what Devise reads of them.
    scopes: Vec<Frame>,
    /// The files being drawn, so that one drawing itself is refused.
    drawing: Vec<PathBuf>,
    /// The classes the files define, by name: their source, quoted by the stubs they need.
    classes: HashMap<String, Class>,
}

impl State<'_> {
    /// The controller module of the scopes around, each joining those outside it, as
    /// Rails' `merge_module_scope` joins them: `admin/v1`.
    fn module(&self) -> Option<String> {
        let modules: Vec<&str> = self
            .scopes
            .iter()
            .filter_map(|f| f.module.as_deref())
            .filter(|m| !m.is_empty())
            .collect();
        (!modules.is_empty()).then(|| modules.join("/"))
    }
}

/// What a scope gives the routes in it that Devise's own scope reads.
#[derive(Debug, Clone, Default)]
struct Frame {
    /// A name prefix (`as`), which Devise's names would not take here.
    named: bool,
    /// A controller module, which Devise's controllers join.
    module: Option<String>,
    /// The controller the scope gives its routes (`controller :x do`).
    controller: Option<String>,
    /// Whether the scope gives its routes a `via`, which a `match` in it takes.
    via: bool,
}

/// A method the routes file defines, inlined where it is called.
struct Def<'s> {
    params: Vec<Param<'s>>,
    body: Vec<&'s Node>,
}

enum Param<'s> {
    Positional(String, Option<&'s Node>),
    Keyword(String, Option<&'s Node>),
    Block,
}

struct Reader<'s, 'st, 'c> {
    cursor: Cursor<'s>,
    state: &'st mut State<'c>,
    /// The file's name when it is a drawn file.
    file: Option<String>,
    defs: HashMap<String, Def<'s>>,
    /// The blocks `yield` runs, innermost last: the blocks given to inlined methods.
    yields: Vec<Option<Block<'s>>>,
}

/// A call's arguments: those before the options, and the options' pairs.
struct Args<'s> {
    positional: Vec<&'s Node>,
    pairs: Vec<(Key<'s>, &'s Node)>,
}

/// An option's key.
#[derive(Clone)]
enum Key<'s> {
    /// A symbol, or a string (`'path' => ...`).
    Word { text: String, string: bool },
    /// Anything else: `mount App => '/app'`.
    Other(&'s Node),
}

impl Key<'_> {
    fn word(&self) -> Option<&str> {
        match self {
            Key::Word { text, .. } => Some(text),
            Key::Other(_) => None,
        }
    }
}

impl<'s, 'st, 'c> Reader<'s, 'st, 'c> {
    fn new(source: &'s Source<'s>, state: &'st mut State<'c>, file: Option<String>) -> Self {
        Reader {
            cursor: Cursor::new(source),
            state,
            file,
            defs: HashMap::new(),
            yields: Vec::new(),
        }
    }

    fn text(&self) -> &'s str {
        self.cursor.text()
    }

    fn value(&self, node: &Node) -> Value {
        ruby::value_in(self.text(), node, &self.state.locals)
    }

    /// The Ruby of `node` on one line, for notes.
    fn ruby(&self, node: &Node) -> String {
        ruby::source(self.text(), node)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn cite(&self, node: &Node) -> Cited {
        Cited {
            line: self.cursor.line(node),
            ruby: self.cursor.quote_call(node),
            file: self.file.clone(),
        }
    }

    fn at_line(&self, line: usize) -> String {
        match &self.file {
            Some(file) => format!("line {line} of {file}"),
            None => format!("line {line}"),
        }
    }

    /// A statement quoted whole in a to-do, with `reason`.
    fn todo(&mut self, node: &Node, reason: &str) -> Entry {
        let quoted = self.cursor.quote(node);
        let mut lines: Vec<Line> = quoted.comments.into_iter().map(Line::Comment).collect();
        lines.push(Line::Todo(format!(
            "{reason} ({}):",
            self.at_line(quoted.line)
        )));
        lines.extend(
            quoted
                .ruby
                .lines()
                .map(|l| Line::Comment(format!("     {l}"))),
        );
        Entry {
            blank_before: quoted.blank_before,
            lines,
            ..Entry::default()
        }
    }

    /// A declaration without a block, with the comments before and after it on its line.
    fn leaf(&mut self, node: &Node, decl: Decl, lines: Vec<Line>) -> Entry {
        let (comments, blank_before) = self.cursor.leaf_comments(node);
        let source = self.cite(node);
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
        let mut all: Vec<Line> = comments.into_iter().map(Line::Comment).collect();
        all.extend(lines);
        Entry {
            blank_before,
            lines: all,
            decl: Some(decl),
            source: Some(source),
            ..Entry::default()
        }
    }

    /// A declaration with a block: the comments before it, then the block's declarations.
    fn with_block(
        &mut self,
        node: &Node,
        keyword: &'static str,
        args: Vec<Arg>,
        lines: Vec<Line>,
        block: &Block<'s>,
    ) -> Entry {
        let (comments, blank_before) = self.cursor.before(node.expression().begin);
        let source = self.cite(node);
        self.cursor.last_end = node.expression().begin;
        let mut inner = Vec::new();
        self.block_body(block, &mut inner);
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
        let mut all: Vec<Line> = comments.into_iter().map(Line::Comment).collect();
        all.extend(lines);
        Entry {
            blank_before,
            lines: all,
            decl: Some(Decl {
                keyword,
                args,
                block: Some(Level {
                    entries: inner,
                    containers: Vec::new(),
                }),
            }),
            source: Some(source),
            ..Entry::default()
        }
    }

    /// A block's statements, in a scope of locals of its own, and the comments before its
    /// `end`.
    fn block_body(&mut self, block: &Block<'s>, out: &mut Vec<Entry>) {
        let mark = self.state.locals.mark();
        self.state.depth += 1;
        self.statements(&block.body, out);
        self.state.depth -= 1;
        self.state.locals.reset(mark);
        let (comments, blank_before) = self.cursor.before(block.end);
        if !comments.is_empty() {
            out.push(comment_entry(comments, blank_before));
        }
    }

    fn statements(&mut self, body: &[&'s Node], out: &mut Vec<Entry>) {
        for node in body {
            self.statement(node, out);
        }
    }

    /// Ruby outside the draw block: constants and classes are read, other code is a to-do.
    fn outside(&mut self, node: &'s Node, out: &mut Vec<Entry>) {
        match node {
            Node::Class(_) | Node::Module(_) => self.class(node),
            Node::Send(send)
                if send.recv.is_none()
                    && matches!(send.method_name.as_str(), "require" | "require_relative") =>
            {
                self.cursor.skip_comments_to(node.expression().end);
            }
            _ => {
                if let Some((name, value)) = ruby::assignment(self.text(), node, &self.state.locals)
                {
                    self.state.locals.bind(name, value);
                    return;
                }
                let entry = self.todo(node, "Ruby outside the draw block");
                out.push(entry);
            }
        }
    }

    /// A class or module the file defines (a request constraint's, usually): kept to quote
    /// beside the stub that stands for it.
    fn class(&mut self, node: &'s Node) {
        let name = match node {
            Node::Class(c) => self.ruby(&c.name),
            Node::Module(m) => self.ruby(&m.name),
            _ => return,
        };
        let quoted = self.cursor.quote(node);
        let class = Class {
            ruby: quoted.ruby.lines().map(str::to_owned).collect(),
            answers: ruby::constant_predicate(node, false),
            instances_answer: ruby::constant_predicate(node, true),
        };
        self.state.classes.insert(name, class);
    }

    fn statement(&mut self, node: &'s Node, out: &mut Vec<Entry>) {
        if self.state.budget == 0 {
            if !self.state.exhausted {
                self.state.exhausted = true;
                let reason = format!(
                    "the file holds more than {STATEMENT_BUDGET} statements once its loops are \
                     unrolled; this statement and those after it are left out"
                );
                let entry = self.todo(node, &reason);
                out.push(entry);
            }
            return;
        }
        self.state.budget -= 1;
        if self.plain_ruby(node, out) {
            return;
        }
        let Some(call) = ruby::self_call(node) else {
            let reason = match node {
                Node::Send(_) | Node::Block(_) => {
                    "a call on an object other than the routes, which only the application can \
                     run (a plugin's routes, or its settings)"
                }
                _ => "Ruby that is not routing DSL",
            };
            let entry = self.todo(node, reason);
            out.push(entry);
            return;
        };
        if call.block.is_some() && self.state.depth >= DEEPEST_BLOCK {
            let reason = format!("a block nested more than {DEEPEST_BLOCK} deep");
            let entry = self.todo(node, &reason);
            out.push(entry);
            return;
        }
        self.call(node, &call, call.method, out);
    }

    /// The plain Ruby around the routing calls, evaluated as Ruby would; whether `node` was
    /// such Ruby.
    fn plain_ruby(&mut self, node: &'s Node, out: &mut Vec<Entry>) -> bool {
        if let Some((name, value)) = ruby::assignment(self.text(), node, &self.state.locals) {
            self.state.locals.bind(name, value);
            return true;
        }
        let end = node.expression().end;
        match node {
            Node::Def(def) => {
                self.define(def);
                self.cursor.skip_comments_to(end);
                return true;
            }
            Node::Class(_) | Node::Module(_) => {
                self.class(node);
                return true;
            }
            Node::Begin(_) | Node::KwBegin(_) | Node::If(_) | Node::IfMod(_)
                if self.state.depth >= DEEPEST_BLOCK =>
            {
                let reason = format!("Ruby nested more than {DEEPEST_BLOCK} deep");
                let entry = self.todo(node, &reason);
                out.push(entry);
                return true;
            }
            Node::Begin(b) => {
                let body: Vec<&Node> = b.statements.iter().collect();
                self.state.depth += 1;
                self.statements(&body, out);
                self.state.depth -= 1;
                return true;
            }
            Node::KwBegin(b) => {
                let body: Vec<&Node> = b.statements.iter().collect();
                self.state.depth += 1;
                self.statements(&body, out);
                self.state.depth -= 1;
                return true;
            }
            Node::Yield(_) => {
                self.run_yield(out);
                return true;
            }
            _ => {}
        }
        let branches = match ruby::each_loop(self.text(), node, &self.state.locals) {
            Some(Ok(each)) => {
                if self.state.depth >= DEEPEST_BLOCK {
                    let reason = format!("a block nested more than {DEEPEST_BLOCK} deep");
                    let entry = self.todo(node, &reason);
                    out.push(entry);
                    return true;
                }
                self.state.depth += 1;
                for row in &each.rows {
                    let mark = self.state.locals.mark();
                    for (var, value) in each.vars.iter().zip(row) {
                        self.state.locals.bind(var.clone(), value.clone());
                    }
                    self.statements(&each.body, out);
                    self.state.locals.reset(mark);
                    if self.state.exhausted {
                        break;
                    }
                }
                self.state.depth -= 1;
                self.cursor.skip_comments_to(end);
                self.cursor.last_end = self.cursor.last_end.max(end);
                return true;
            }
            Some(Err(why)) => {
                let entry = self.todo(node, &why);
                out.push(entry);
                return true;
            }
            None => match node {
                Node::If(i) => (&i.cond, i.if_true.as_deref(), i.if_false.as_deref()),
                Node::IfMod(i) => (&i.cond, i.if_true.as_deref(), i.if_false.as_deref()),
                _ => return false,
            },
        };
        let (cond, if_true, if_false) = branches;
        match ruby::condition(self.text(), cond, &self.state.locals) {
            Some(holds) => {
                let branch = ruby::statements(if holds { if_true } else { if_false });
                self.state.depth += 1;
                self.statements(&branch, out);
                self.state.depth -= 1;
                self.cursor.skip_comments_to(end);
                self.cursor.last_end = self.cursor.last_end.max(end);
            }
            None => {
                let reason = format!(
                    "a condition the application decides when it runs (`{}`)",
                    self.ruby(cond)
                );
                let entry = self.todo(node, &reason);
                out.push(entry);
            }
        }
        true
    }

    /// `def name(params) ... end`, kept to inline where it is called.
    fn define(&mut self, def: &'s lib_ruby_parser::nodes::Def) {
        let mut params = Vec::new();
        if let Some(Node::Args(args)) = def.args.as_deref() {
            for arg in &args.args {
                params.push(match arg {
                    Node::Arg(a) => Param::Positional(a.name.clone(), None),
                    Node::Optarg(a) => Param::Positional(a.name.clone(), Some(&*a.default)),
                    Node::Kwarg(a) => Param::Keyword(a.name.clone(), None),
                    Node::Kwoptarg(a) => Param::Keyword(a.name.clone(), Some(&*a.default)),
                    Node::Blockarg(_) => Param::Block,
                    // A splat or a destructuring: not inlined.
                    _ => return,
                });
            }
        }
        self.defs.insert(
            def.name.clone(),
            Def {
                params,
                body: ruby::statements(def.body.as_deref()),
            },
        );
    }

    /// A call to a method the file defines: its body, its params bound to the arguments.
    fn inline(&mut self, node: &'s Node, name: &str, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        if self.state.depth >= DEEPEST_BLOCK {
            let entry = self.todo(node, "methods that call themselves too deep");
            out.push(entry);
            return;
        }
        let Some(def) = self.defs.get(name) else {
            return;
        };
        let params: Vec<(bool, String, Option<&'s Node>)> = def
            .params
            .iter()
            .filter_map(|p| match p {
                Param::Positional(n, d) => Some((false, n.clone(), *d)),
                Param::Keyword(n, d) => Some((true, n.clone(), *d)),
                Param::Block => None,
            })
            .collect();
        let body = def.body.clone();
        let args = self.args(call.args);
        let mut bound = Vec::new();
        let mut positional = args.positional.iter();
        for (keyword, param, default) in params {
            let given = if keyword {
                args.pairs
                    .iter()
                    .find(|(k, _)| k.word() == Some(param.as_str()))
                    .map(|(_, v)| self.value(v))
            } else {
                positional.next().map(|v| self.value(v))
            };
            let value = match (given, default) {
                (Some(value), _) => value,
                (None, Some(default)) => self.value(default),
                (None, None) => Value::Nil,
            };
            bound.push((param, value));
        }
        // A trailing hash given to a method without keywords is its last positional param.
        let mark = self.state.locals.mark();
        for (param, value) in bound {
            self.state.locals.bind(param, value);
        }
        self.yields.push(call.block.as_ref().map(|b| Block {
            var: b.var,
            body: b.body.clone(),
            end: b.end,
        }));
        self.state.depth += 1;
        self.cursor.last_end = node.expression().begin;
        self.statements(&body, out);
        self.state.depth -= 1;
        self.yields.pop();
        self.state.locals.reset(mark);
        self.cursor.skip_comments_to(node.expression().end);
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
    }

    /// `yield` (or `block.call`) in an inlined method: the block its caller gave.
    fn run_yield(&mut self, out: &mut Vec<Entry>) {
        let Some(Some(block)) = self.yields.pop() else {
            return;
        };
        let body = block.body.clone();
        self.state.depth += 1;
        self.statements(&body, out);
        self.state.depth -= 1;
        self.yields.push(Some(block));
    }

    /// A call's arguments, its trailing hash read as options.
    fn args(&self, args: &'s [Node]) -> Args<'s> {
        let mut positional: Vec<&Node> = Vec::new();
        let mut pairs = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            let hash = match arg {
                Node::Kwargs(k) => Some(&k.pairs),
                Node::Hash(h) if i + 1 == args.len() => Some(&h.pairs),
                _ => None,
            };
            match hash {
                Some(nodes) => {
                    for pair in nodes {
                        let Node::Pair(pair) = pair else { continue };
                        let key = match (&*pair.key, self.value(&pair.key)) {
                            (Node::Str(_) | Node::Dstr(_), Value::Str(text)) => {
                                Key::Word { text, string: true }
                            }
                            (_, Value::Sym(text)) => Key::Word {
                                text,
                                string: false,
                            },
                            (key, _) => Key::Other(key),
                        };
                        pairs.push((key, &*pair.value));
                    }
                }
                None => match arg {
                    // `*%w(a b)`: each element an argument.
                    Node::Splat(splat) => {
                        if let Some(value) = splat.value.as_deref() {
                            positional.push(value);
                        }
                    }
                    other => positional.push(other),
                },
            }
        }
        Args { positional, pairs }
    }

    /// The one word of positional arguments that must be one symbol or string.
    fn one_word(&self, nodes: &[&Node]) -> Option<String> {
        match self.words(nodes) {
            Ok(words) if words.len() == 1 => words.into_iter().next().map(|(w, _)| w),
            _ => None,
        }
    }

    /// The words of positional arguments: symbols and strings, arrays of them flattened.
    fn words(&self, nodes: &[&Node]) -> Result<Vec<(String, bool)>, String> {
        let mut words = Vec::new();
        for node in nodes {
            flatten(&self.value(node), &mut words).map_err(|_| {
                format!(
                    "`{}` is known only when the application runs",
                    self.ruby(node)
                )
            })?;
        }
        Ok(words)
    }
}

/// Symbols and strings, arrays of them flattened; whether each was a symbol.
fn flatten(value: &Value, words: &mut Vec<(String, bool)>) -> Result<(), ()> {
    match value {
        Value::Sym(s) => words.push((s.clone(), true)),
        Value::Str(s) => words.push((s.clone(), false)),
        Value::Array(items) => {
            for item in items {
                flatten(item, words)?;
            }
        }
        _ => return Err(()),
    }
    Ok(())
}

/// A name `draw!` takes as an identifier.
fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !matches!(
            word,
            "as" | "break"
                | "const"
                | "continue"
                | "crate"
                | "else"
                | "enum"
                | "extern"
                | "false"
                | "fn"
                | "for"
                | "if"
                | "impl"
                | "in"
                | "let"
                | "loop"
                | "match"
                | "mod"
                | "move"
                | "mut"
                | "pub"
                | "ref"
                | "return"
                | "self"
                | "static"
                | "struct"
                | "super"
                | "trait"
                | "true"
                | "type"
                | "unsafe"
                | "use"
                | "where"
                | "while"
                | "async"
                | "await"
                | "dyn"
                | "abstract"
                | "become"
                | "box"
                | "do"
                | "final"
                | "macro"
                | "override"
                | "priv"
                | "typeof"
                | "unsized"
                | "virtual"
                | "yield"
                | "try"
                | "gen"
        )
}

/// `AdminConstraint` as `admin_constraint`, `Api::V1` as `api_v1`.
pub(crate) fn snake(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == ':' {
            if !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            continue;
        }
        if c.is_ascii_uppercase() {
            let after_lower =
                i > 0 && (chars[i - 1].is_ascii_lowercase() || chars[i - 1].is_ascii_digit());
            let before_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let after_upper = i > 0 && chars[i - 1].is_ascii_uppercase();
            if !out.is_empty()
                && !out.ends_with('_')
                && (after_lower || (after_upper && before_lower))
            {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_owned()
}
