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

mod devise;
mod options;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::PathBuf;

use lib_ruby_parser::Node;

use crate::cursor::Cursor;
use crate::error::ConvertError;
use crate::model::{Arg, Decl, Entry, Level, Line, Source as Cited, Val};
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
    classes: HashMap<String, Vec<String>>,
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
        for (i, node) in body.iter().enumerate() {
            // `resources_path_names` changes the path names of what follows it in its block:
            // a scope around the rest.
            if let Some(call) = ruby::self_call(node)
                && call.method == "resources_path_names"
                && call.block.is_none()
            {
                self.path_names_for_the_rest(node, &call, &body[i + 1..], out);
                return;
            }
            self.statement(node, out);
        }
    }

    /// `resources_path_names new: "neu"`: the statements after it, in
    /// `scope(path_names(...)) { ... }`.
    fn path_names_for_the_rest(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        rest: &[&'s Node],
        out: &mut Vec<Entry>,
    ) {
        let args = self.args(call.args);
        let pairs: Vec<(Key<'s>, &'s Node)> = vec![(
            Key::Word {
                text: "path_names".into(),
                string: false,
            },
            match call.args.first() {
                Some(hash @ Node::Hash(_)) => hash,
                _ => node,
            },
        )];
        let translated = match (args.positional.is_empty(), call.args.first()) {
            (true, Some(Node::Hash(_))) => self.scope_options(&pairs),
            _ => {
                // Keyword arguments: read them pair by pair.
                let mut out_options = options::Out::default();
                for (key, value) in &args.pairs {
                    if let (Some(key), Some(segment)) = (key.word(), self.value(value).word()) {
                        out_options.args.push(Arg::Call(
                            "path_names".into(),
                            vec![crate::model::Item::Assign(
                                key.to_owned(),
                                Val::Str(segment.to_owned()),
                            )],
                        ));
                    }
                }
                merge_calls(out_options)
            }
        };
        let (comments, blank_before) = self.cursor.leaf_comments(node);
        let source = self.cite(node);
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
        let mut inner = Vec::new();
        self.statements(rest, &mut inner);
        let mut lines: Vec<Line> = comments.into_iter().map(Line::Comment).collect();
        lines.push(Line::Note(
            "`resources_path_names` renames the paths of the resources after it: a scope \
             around them"
                .into(),
        ));
        lines.extend(translated.lines);
        out.push(Entry {
            blank_before,
            lines,
            decl: Some(Decl {
                keyword: "scope",
                args: translated.args,
                block: Some(Level {
                    entries: inner,
                    containers: Vec::new(),
                }),
            }),
            source: Some(source),
            ..Entry::default()
        });
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
        self.state
            .classes
            .insert(name, quoted.ruby.lines().map(str::to_owned).collect());
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
            Node::Begin(b) => {
                let body: Vec<&Node> = b.statements.iter().collect();
                self.statements(&body, out);
                return true;
            }
            Node::KwBegin(b) => {
                let body: Vec<&Node> = b.statements.iter().collect();
                self.statements(&body, out);
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
                self.statements(&branch, out);
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

    /// `default_url_options host: "example.com"`: the host, protocol and port `_url` helpers
    /// use; other keys (params every URL takes) are a to-do.
    fn default_url_options(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let mut kept = Vec::new();
        let mut lines = Vec::new();
        for (key, value) in &args.pairs {
            let value = self.value(value);
            match (key.word(), &value) {
                (Some(key @ ("host" | "protocol")), Value::Str(text) | Value::Sym(text)) => {
                    kept.push(Arg::Assign(key.to_owned(), Val::Str(text.clone())));
                }
                (Some("port"), Value::Int(port)) => {
                    kept.push(Arg::Assign("port".into(), Val::Raw(port.clone())));
                }
                (Some(key), _) => lines.push(Line::Todo(format!(
                    "`default_url_options` gives every URL `{key}: {}`, which `draw!` does not \
                     take: pass it to the helpers",
                    value.ruby()
                ))),
                (None, _) => {}
            }
        }
        if !args.positional.is_empty() || kept.is_empty() && lines.is_empty() {
            let entry = self.todo(node, "`default_url_options` this cannot read");
            out.push(entry);
            return;
        }
        if kept.is_empty() {
            let (comments, blank_before) = self.cursor.leaf_comments(node);
            self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
            let mut all: Vec<Line> = comments.into_iter().map(Line::Comment).collect();
            all.extend(lines);
            out.push(Entry {
                blank_before,
                lines: all,
                ..Entry::default()
            });
            return;
        }
        let entry = self.leaf(
            node,
            Decl {
                keyword: "default_url_options",
                args: kept,
                block: None,
            },
            lines,
        );
        out.push(entry);
    }

    /// The one word of positional arguments that must be one symbol or string.
    fn one_word(&self, nodes: &[&Node]) -> Option<String> {
        match self.words(nodes) {
            Ok(words) if words.len() == 1 => words.into_iter().next().map(|(w, _)| w),
            _ => None,
        }
    }

    /// `mount App => '/path', as: 'name'`, `mount App, at: '/path'`: the mount point, bound
    /// to a service at run time. Its name is Rails' (`as`, or the app's class, underscored);
    /// a mount Rails leaves unnamed is named after its path, which `draw!` needs.
    fn mount(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let mut app: Option<&Node> = args.positional.first().copied();
        let mut path: Option<String> = None;
        let mut options = Vec::new();
        for (key, value) in &args.pairs {
            match key {
                Key::Other(app_node) if path.is_none() => {
                    app = Some(app_node);
                    path = self.value(value).word().map(str::to_owned);
                }
                Key::Word { text, string: true } if path.is_none() && app.is_none() => {
                    // `mount 'App' => '/path'` is no Rails form; read it as Rails would not.
                    let _ = text;
                }
                Key::Word { text, .. } if text == "at" => {
                    path = self.value(value).word().map(str::to_owned);
                }
                Key::Word { .. } => options.push((key.clone(), *value)),
                Key::Other(_) => {}
            }
        }
        let (Some(app), Some(path)) = (app, path) else {
            let entry = self.todo(node, "`mount` this cannot read");
            out.push(entry);
            return;
        };
        let app_ruby = self.ruby(app);
        let mut lines = Vec::new();
        let given = options
            .iter()
            .find(|(k, _)| k.word() == Some("as"))
            .map(|(_, v)| self.value(v));
        let name = match given {
            Some(Value::Nil) | Some(Value::Bool(false)) => None,
            Some(value) => value.word().map(str::to_owned),
            None => match app {
                Node::Const(_) => {
                    let constant = app_ruby.strip_suffix("::Engine").unwrap_or(&app_ruby);
                    Some(snake(constant))
                }
                _ => None,
            },
        };
        let name = match name {
            Some(name) if is_name(&name) => name,
            _ => {
                let from_path = snake(&path.replace(['/', '-', '.'], "_"));
                let name = if is_name(&from_path) {
                    from_path
                } else {
                    format!("mount_{}", self.cursor.line(node))
                };
                lines.push(Line::Note(format!(
                    "Rails gives this mount no name; `draw!` needs one for its action and its \
                     helper: `{name}`"
                )));
                name
            }
        };
        let mut args_out = vec![
            Arg::Pattern(path),
            Arg::Assign("as".into(), Val::Str(name.clone())),
        ];
        let mut translated = options::Out::default();
        for (key, value) in &options {
            match key.word() {
                Some("as") => {}
                Some("via" | "constraints") => {
                    let pairs = [(key.clone(), *value)];
                    match self.route_options(&pairs, None) {
                        Ok(more) => {
                            translated.args.extend(more.args);
                            translated.lines.extend(more.lines);
                        }
                        Err(why) => translated.lines.push(Line::Todo(why)),
                    }
                }
                Some(other) => translated.lines.push(Line::Todo(format!(
                    "`mount`'s option `{other}` has no equivalent; convert it by hand"
                ))),
                None => {}
            }
        }
        args_out.extend(translated.args);
        lines.extend(translated.lines);
        lines.push(Line::Todo(format!(
            "Rails mounted the Rack app `{app_ruby}` here: bind a service to this mount's action \
             when the application starts, or remove the mount"
        )));
        let entry = self.leaf(
            node,
            Decl {
                keyword: "mount",
                args: args_out,
                block: None,
            },
            lines,
        );
        out.push(entry);
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

    fn call(&mut self, node: &'s Node, call: &SelfCall<'s>, method: &str, out: &mut Vec<Entry>) {
        if self.defs.contains_key(method) {
            self.inline(node, method, call, out);
            return;
        }
        match method {
            "get" | "post" | "put" | "patch" | "delete" | "match" | "options" => {
                self.verb(node, call, method, out)
            }
            "root" => self.root(node, call, out),
            "resources" | "resource" => self.resources(node, call, method == "resource", out),
            "namespace" => self.namespace(node, call, out),
            "scope" => self.scope(node, call, out),
            "constraints" => self.constraints_block(node, call, out),
            "defaults" => self.defaults_block(node, call, out),
            "controller" => self.controller(node, call, out),
            "concern" => self.concern(node, call, out),
            "concerns" => self.concerns(node, call, out),
            "collection" | "member" | "new" | "nested" | "shallow" => {
                self.bare_block(node, call, method, out)
            }
            "mount" => self.mount(node, call, out),
            "draw" => self.draw(node, call, out),
            "devise_for" => self.devise_for(node, call, out),
            "devise_scope" | "as" => self.devise_scope(node, call, out),
            "authenticate" | "authenticated" | "unauthenticated" => {
                self.authenticated(node, call, method, out)
            }
            "default_url_options" => self.default_url_options(node, call, out),
            "direct" | "resolve" => {
                let entry = self.todo(
                    node,
                    &format!(
                        "`{method}` builds URLs with Ruby, which `draw!` does not take: build \
                         them in the application"
                    ),
                );
                out.push(entry);
            }
            "send" | "public_send" | "__send__" => {
                let args = self.args(call.args);
                let name = args.positional.first().map(|n| self.value(n));
                match name.as_ref().and_then(Value::word) {
                    Some(name) if name != method => {
                        let rest = SelfCall {
                            method: call.method,
                            args: call.args.get(1..).unwrap_or_default(),
                            block: call.block.as_ref().map(|b| Block {
                                var: b.var,
                                body: b.body.clone(),
                                end: b.end,
                            }),
                            params: call.params,
                        };
                        let name = name.to_owned();
                        self.call(node, &rest, &name, out);
                    }
                    _ => {
                        let entry = self.todo(
                            node,
                            "`send` to a method known only when the application runs",
                        );
                        out.push(entry);
                    }
                }
            }
            "instance_eval" | "eval" | "class_eval" | "instance_exec" => {
                let entry = self.todo(
                    node,
                    "Ruby evaluated from elsewhere (a file or a string), which only the \
                     application can run: convert that file and paste its routes here",
                );
                out.push(entry);
            }
            _ => {
                let entry = self.todo(
                    node,
                    &format!(
                        "`{method}` is not routing DSL: a plugin's routes, or a method defined \
                         elsewhere, which only the application knows"
                    ),
                );
                out.push(entry);
            }
        }
    }

    /// `get 'path', options`, `get 'path' => 'controller#action'`, `get :action`, and
    /// `match`.
    fn verb(&mut self, node: &'s Node, call: &SelfCall<'s>, method: &str, out: &mut Vec<Entry>) {
        let keyword: &'static str = match method {
            "get" => "get",
            "post" => "post",
            "put" => "put",
            "patch" => "patch",
            "delete" => "delete",
            _ => "match",
        };
        let args = self.args(call.args);
        let mut pairs = args.pairs.clone();
        let mut lines = Vec::new();
        let mut paths: Vec<Arg> = Vec::new();
        if args.positional.is_empty() {
            // Rails' hash form: the first pair with a string key is the path and its target.
            let Some(at) = pairs
                .iter()
                .position(|(k, _)| matches!(k, Key::Word { string: true, .. }))
            else {
                let entry = self.todo(node, &format!("`{method}` without a path"));
                out.push(entry);
                return;
            };
            let (key, target) = pairs.remove(at);
            paths.push(Arg::Pattern(key.word().unwrap_or_default().to_owned()));
            let option = match self.value(target) {
                Value::Sym(_) => "action",
                Value::Str(to) if !to.contains('#') => "controller",
                _ => "to",
            };
            pairs.insert(
                0,
                (
                    Key::Word {
                        text: option.into(),
                        string: false,
                    },
                    target,
                ),
            );
        } else {
            match self.words(&args.positional) {
                Ok(words) => {
                    for (word, symbol) in words {
                        paths.push(if symbol && is_name(&word) {
                            Arg::Name(word)
                        } else {
                            Arg::Pattern(word)
                        });
                    }
                }
                Err(why) => {
                    let entry = self.todo(node, &why);
                    out.push(entry);
                    return;
                }
            }
        }
        if method == "options" {
            let entry = self.todo(
                node,
                "a route for OPTIONS, a method `draw!` does not route (it routes GET, POST, PUT, \
                 PATCH and DELETE): answer it in a layer in front of the routes",
            );
            out.push(entry);
            return;
        }
        let path_keys: Vec<String> = paths
            .iter()
            .filter_map(|p| match p {
                Arg::Pattern(p) => Some(crate::options::pattern_keys(p)),
                _ => None,
            })
            .flatten()
            .collect();
        if path_keys.iter().any(|k| k == "controller" || k == "action") {
            self.default_route(node, keyword, &paths, &pairs, out);
            return;
        }
        if let Some(twice) = path_keys
            .iter()
            .enumerate()
            .find(|(i, k)| path_keys[..*i].contains(k))
            .map(|(_, k)| k)
        {
            let entry = self.todo(
                node,
                &format!(
                    "the path names `:{twice}` twice, which `draw!` refuses (Rails kept the last \
                     value): rename one"
                ),
            );
            out.push(entry);
            return;
        }
        let mut translated = match self.route_options(&pairs, Some(&path_keys)) {
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
            lines.push(Line::Note(
                "Rails 3 routed every method to a `match` without `:via` (Rails 4 and later \
                 refuse it): `via = all` keeps that"
                    .into(),
            ));
        }
        lines.extend(translated.lines);
        if call.block.is_some() {
            lines.push(Line::Todo(format!(
                "`{method}` with a block, which routes ignore: the block is left out"
            )));
        }
        paths.extend(translated.args);
        let entry = self.leaf(
            node,
            Decl {
                keyword,
                args: paths,
                block: None,
            },
            lines,
        );
        out.push(entry);
    }

    /// A route with a `:controller` or `:action` segment, which Rails 7 removed and `draw!`
    /// does not take: one route per controller and action it reached, the controllers and
    /// their actions read from the application (`--app`), or the actions from a constraint
    /// that lists them (`action: /twitter|github/`).
    fn default_route(
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
        let module = self
            .state
            .scopes
            .iter()
            .rev()
            .find_map(|f| f.module.clone());
        let controllers = self
            .state
            .context
            .app
            .as_deref()
            .map(crate::app::controllers);
        let full = |c: &str| match &module {
            Some(m) => format!("{m}/{c}"),
            None => c.to_owned(),
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
                let words: Vec<String> = source.split('|').map(str::to_owned).collect();
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
            let mut args = vec![
                Arg::Pattern(pattern),
                Arg::Assign("to".into(), Val::Str(format!("{controller}#{action}"))),
                Arg::Assign("as".into(), as_),
            ];
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

    /// `root 'controller#action'`, `root to: ...`.
    fn root(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let mut pairs = args.pairs.clone();
        match args.positional.as_slice() {
            [] => {}
            [to] => pairs.insert(
                0,
                (
                    Key::Word {
                        text: "to".into(),
                        string: false,
                    },
                    to,
                ),
            ),
            _ => {
                let entry = self.todo(node, "`root` with arguments this cannot read");
                out.push(entry);
                return;
            }
        }
        let translated = match self.route_options(&pairs, Some(&[])) {
            Ok(translated) => translated,
            Err(why) => {
                let entry = self.todo(node, &why);
                out.push(entry);
                return;
            }
        };
        let entry = self.leaf(
            node,
            Decl {
                keyword: "root",
                args: translated.args,
                block: None,
            },
            translated.lines,
        );
        out.push(entry);
    }

    /// `resources :posts, options do ... end`, and `resource`.
    fn resources(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        singleton: bool,
        out: &mut Vec<Entry>,
    ) {
        let keyword = if singleton { "resource" } else { "resources" };
        let args = self.args(call.args);
        let names = match self.words(&args.positional) {
            Ok(words) if !words.is_empty() && words.iter().all(|(w, _)| is_name(w)) => words,
            Ok(words) if words.is_empty() => {
                let entry = self.todo(node, &format!("`{keyword}` without a name"));
                out.push(entry);
                return;
            }
            Ok(words) => {
                let bad: Vec<String> = words
                    .iter()
                    .filter(|(w, _)| !is_name(w))
                    .map(|(w, _)| format!("`{w}`"))
                    .collect();
                let entry = self.todo(
                    node,
                    &format!(
                        "{} cannot name a resource in `draw!`: give it a name of letters, \
                         digits and `_`, and its path with `path`",
                        bad.join(", ")
                    ),
                );
                out.push(entry);
                return;
            }
            Err(why) => {
                let entry = self.todo(node, &why);
                out.push(entry);
                return;
            }
        };
        let translated = self.resource_options(&args.pairs, singleton);
        let mut all: Vec<Arg> = names.into_iter().map(|(n, _)| Arg::Name(n)).collect();
        all.extend(translated.args);
        let frame = Frame {
            named: true,
            ..Frame::default()
        };
        let entry = match &call.block {
            Some(block) => {
                self.state.scopes.push(frame);
                let entry = self.with_block(node, keyword, all, translated.lines, block);
                self.state.scopes.pop();
                entry
            }
            None => self.leaf(
                node,
                Decl {
                    keyword,
                    args: all,
                    block: None,
                },
                translated.lines,
            ),
        };
        out.push(entry);
    }

    fn namespace(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let name = match self.words(&args.positional).as_deref() {
            Ok([(name, _)]) if is_name(name) => name.clone(),
            _ => {
                let entry = self.todo(node, "`namespace` with a name this cannot read");
                out.push(entry);
                return;
            }
        };
        let Some(block) = &call.block else {
            let entry = self.todo(node, "`namespace` without a block");
            out.push(entry);
            return;
        };
        let translated = self.scope_options(&args.pairs);
        let module = match args.pairs.iter().find(|(k, _)| k.word() == Some("module")) {
            Some((_, value)) => self.value(value).word().map(str::to_owned),
            None => Some(name.clone()),
        };
        let mut all = vec![Arg::Name(name)];
        all.extend(translated.args);
        self.state.scopes.push(Frame {
            named: true,
            module,
            controller: None,
        });
        let entry = self.with_block(node, "namespace", all, translated.lines, block);
        self.state.scopes.pop();
        out.push(entry);
    }

    /// `scope 'path', options do ... end`: several paths are joined, as Rails joins them.
    fn scope(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let path = match self.words(&args.positional) {
            Ok(words) if words.is_empty() => None,
            Ok(words) => Some(
                words
                    .into_iter()
                    .map(|(w, _)| w)
                    .collect::<Vec<_>>()
                    .join("/"),
            ),
            Err(why) => {
                let entry = self.todo(node, &why);
                out.push(entry);
                return;
            }
        };
        let Some(block) = &call.block else {
            let entry = self.todo(node, "`scope` without a block");
            out.push(entry);
            return;
        };
        let translated = self.scope_options(&args.pairs);
        let mut all: Vec<Arg> = path.into_iter().map(Arg::Pattern).collect();
        all.extend(translated.args);
        let named = args.pairs.iter().any(|(k, _)| k.word() == Some("as"));
        let module = args
            .pairs
            .iter()
            .find(|(k, _)| k.word() == Some("module"))
            .and_then(|(_, v)| self.value(v).word().map(str::to_owned));
        let controller = args
            .pairs
            .iter()
            .find(|(k, _)| k.word() == Some("controller"))
            .and_then(|(_, v)| self.value(v).word().map(str::to_owned));
        self.state.scopes.push(Frame {
            named,
            module,
            controller,
        });
        let entry = self.with_block(node, "scope", all, translated.lines, block);
        self.state.scopes.pop();
        out.push(entry);
    }

    /// `constraints subdomain: 'api' do`, `constraints ->(request) { ... } do`,
    /// `constraints AdminOnly.new do`.
    fn constraints_block(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let Some(block) = &call.block else {
            let entry = self.todo(node, "`constraints` without a block");
            out.push(entry);
            return;
        };
        let args = self.args(call.args);
        let mut lines = Vec::new();
        let items = match (args.positional.as_slice(), args.pairs.is_empty()) {
            ([], false) => {
                let mut out_options = options::Out::default();
                for (key, value) in &args.pairs {
                    let Some(key) = key.word() else { continue };
                    self.constraint(&mut out_options, key, value, None);
                }
                lines.extend(out_options.lines);
                match out_options.args.into_iter().next() {
                    Some(Arg::Call(_, items)) => items,
                    _ => Vec::new(),
                }
            }
            ([predicate], true) => {
                let name = self.stub(predicate, "the routes in this block");
                vec![crate::model::Item::Assign("with".into(), Val::Word(name))]
            }
            _ => Vec::new(),
        };
        if items.is_empty() {
            let entry = self.todo(node, "`constraints` this cannot read");
            out.push(entry);
            return;
        }
        let args = items
            .into_iter()
            .filter_map(|item| match item {
                crate::model::Item::Assign(key, value) => Some(Arg::Assign(key, value)),
                _ => None,
            })
            .collect();
        self.state.scopes.push(Frame::default());
        let entry = self.with_block(node, "constraints", args, lines, block);
        self.state.scopes.pop();
        out.push(entry);
    }

    fn defaults_block(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let (Some(block), [], false) = (
            &call.block,
            args.positional.as_slice(),
            args.pairs.is_empty(),
        ) else {
            let entry = self.todo(node, "`defaults` this cannot read");
            out.push(entry);
            return;
        };
        let mut translated = options::Out::default();
        for (key, value) in &args.pairs {
            if let Some(key) = key.word() {
                self.default(&mut translated, key, value);
            }
        }
        let args: Vec<Arg> = translated
            .args
            .into_iter()
            .flat_map(|arg| match arg {
                Arg::Call(_, items) => items
                    .into_iter()
                    .filter_map(|item| match item {
                        crate::model::Item::Assign(key, value) => Some(Arg::Assign(key, value)),
                        _ => None,
                    })
                    .collect(),
                other => vec![other],
            })
            .collect();
        self.state.scopes.push(Frame::default());
        let entry = self.with_block(node, "defaults", args, translated.lines, block);
        self.state.scopes.pop();
        out.push(entry);
    }

    /// `controller :sessions do ... end`.
    fn controller(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let (Some(block), Some(name)) = (&call.block, self.one_word(&args.positional)) else {
            let entry = self.todo(node, "`controller` this cannot read");
            out.push(entry);
            return;
        };
        self.state.scopes.push(Frame {
            controller: Some(name.clone()),
            ..Frame::default()
        });
        let entry = self.with_block(
            node,
            "controller",
            vec![Arg::Pattern(name)],
            Vec::new(),
            block,
        );
        self.state.scopes.pop();
        out.push(entry);
    }

    fn concern(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let (Some(block), Some(name)) = (&call.block, self.one_word(&args.positional)) else {
            let entry = self.todo(
                node,
                "a concern given as an object, which only the application can run: write its \
                 routes in a `concern` block",
            );
            out.push(entry);
            return;
        };
        if !is_name(&name) {
            let entry = self.todo(node, "a concern whose name `draw!` cannot take");
            out.push(entry);
            return;
        }
        let entry = self.with_block(node, "concern", vec![Arg::Name(name)], Vec::new(), block);
        out.push(entry);
    }

    fn concerns(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        match self.words(&args.positional) {
            Ok(names)
                if !names.is_empty()
                    && args.pairs.is_empty()
                    && names.iter().all(|(n, _)| is_name(n)) =>
            {
                let decl = Decl {
                    keyword: "concerns",
                    args: names.into_iter().map(|(n, _)| Arg::Name(n)).collect(),
                    block: None,
                };
                let entry = self.leaf(node, decl, Vec::new());
                out.push(entry);
            }
            _ => {
                let entry = self.todo(
                    node,
                    "`concerns` with options, which only the concern's Ruby reads: write the \
                     routes it draws here",
                );
                out.push(entry);
            }
        }
    }

    /// `collection do ... end`, `member`, `new`, `nested`, `shallow`.
    fn bare_block(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        method: &str,
        out: &mut Vec<Entry>,
    ) {
        let keyword: &'static str = match method {
            "collection" => "collection",
            "member" => "member",
            "new" => "new",
            "nested" => "nested",
            _ => "shallow",
        };
        let Some(block) = &call.block else {
            let entry = self.todo(node, &format!("`{method}` without a block"));
            out.push(entry);
            return;
        };
        if !call.args.is_empty() {
            let entry = self.todo(node, &format!("`{method}` with arguments this cannot read"));
            out.push(entry);
            return;
        }
        let entry = self.with_block(node, keyword, Vec::new(), Vec::new(), block);
        out.push(entry);
    }

    /// `draw :api`: the routes of `routes/api.rb` beside the routes file, here.
    fn draw(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let Some(name) = self.one_word(&args.positional) else {
            let entry = self.todo(node, "`draw` with arguments this cannot read");
            out.push(entry);
            return;
        };
        let Some(dir) = self.state.context.dir.clone() else {
            let entry = self.todo(
                node,
                &format!(
                    "`draw :{name}` reads `config/routes/{name}.rb`, which is not known when the \
                     routes are read from standard input: convert the file itself"
                ),
            );
            out.push(entry);
            return;
        };
        let path = dir.join("routes").join(format!("{name}.rb"));
        if self.state.drawing.contains(&path) || self.state.depth >= DEEPEST_BLOCK {
            let entry = self.todo(node, &format!("`draw :{name}` draws itself"));
            out.push(entry);
            return;
        }
        let text = match std::fs::read(&path).map(String::from_utf8) {
            Ok(Ok(text)) => text,
            _ => {
                let entry = self.todo(
                    node,
                    &format!(
                        "`draw :{name}` reads {}, which cannot be read",
                        path.display()
                    ),
                );
                out.push(entry);
                return;
            }
        };
        let source = match ruby::parse(&text) {
            Ok(source) => source,
            Err(e) => {
                let entry = self.todo(
                    node,
                    &format!("`draw :{name}` reads {}: {e}", path.display()),
                );
                out.push(entry);
                return;
            }
        };
        let (comments, blank_before) = self.cursor.leaf_comments(node);
        let mut lines: Vec<Line> = comments.into_iter().map(Line::Comment).collect();
        lines.push(Line::Note(format!(
            "`draw :{name}`: the routes of config/routes/{name}.rb, drawn here"
        )));
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
        out.push(Entry {
            blank_before,
            lines,
            ..Entry::default()
        });
        self.state.drawing.push(path);
        self.state.depth += 1;
        let file = format!("routes/{name}.rb");
        {
            let mut inner = Reader::new(&source, self.state, Some(file));
            let top = ruby::statements(source.ast.as_deref());
            for statement in top {
                match ruby::draw(statement) {
                    Some(block) => {
                        let (comments, blank_before) =
                            inner.cursor.before(statement.expression().begin);
                        if !comments.is_empty() {
                            out.push(comment_entry(comments, blank_before));
                        }
                        inner.cursor.last_end = statement.expression().begin;
                        inner.block_body(&block, out);
                    }
                    None => inner.statement(statement, out),
                }
            }
            let (comments, blank_before) = inner.cursor.before(text.len() + 1);
            if !comments.is_empty() {
                out.push(comment_entry(comments, blank_before));
            }
        }
        self.state.depth -= 1;
        self.state.drawing.pop();
    }

    /// A predicate stub for a request constraint written in Ruby (a lambda, a class or an
    /// object with `matches?`): its name, for `constraints(with = NAME)`.
    fn stub(&mut self, node: &Node, guards: &str) -> String {
        let constant = match node {
            Node::Const(_) => Some(self.ruby(node)),
            Node::Send(send) if send.method_name == "new" => match send.recv.as_deref() {
                Some(recv @ Node::Const(_)) => Some(self.ruby(recv)),
                _ => None,
            },
            _ => None,
        };
        let line = self.cursor.line(node);
        let name = match &constant {
            Some(constant) => snake(constant.rsplit("::").next().unwrap_or(constant)),
            None => match &self.file {
                Some(file) => format!(
                    "request_constraint_{}_{line}",
                    snake(
                        file.trim_end_matches(".rb")
                            .rsplit('/')
                            .next()
                            .unwrap_or(file)
                    )
                ),
                None => format!("request_constraint_{line}"),
            },
        };
        if self.state.stubs.iter().any(|s| s.name == name) {
            return name;
        }
        let mut ruby: Vec<String> = ruby::source(self.text(), node)
            .lines()
            .map(str::to_owned)
            .collect();
        if let Some(class) = constant.as_ref().and_then(|c| self.state.classes.get(c)) {
            ruby = class.clone();
        }
        let todo = format!(
            "Rails asked this Ruby ({}) whether a request may take {guards}: write that test \
             in Rust. Until it is written, this answers no, and those routes take no request",
            self.at_line(line)
        );
        self.state.stubs.push(Stub {
            name: name.clone(),
            todo,
            ruby,
        });
        name
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

/// Options whose `key(...)` arguments are written once each, their items together.
fn merge_calls(options: options::Out) -> options::Out {
    let mut merged: Vec<Arg> = Vec::new();
    for arg in options.args {
        match (arg, merged.last_mut()) {
            (Arg::Call(key, items), Some(Arg::Call(last, all))) if *last == key => {
                all.extend(items)
            }
            (arg, _) => merged.push(arg),
        }
    }
    options::Out {
        args: merged,
        lines: options.lines,
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
