//! The draw block's statements, read as calls on the mappers Rails hands a routes file: which
//! mapper each call is made on, the blocks it opens and its arguments, still as Ruby values,
//! with the comments before it. Nothing here knows the DSL; `resolve` makes declarations of
//! what is read.

use lib_ruby_parser::Node;

use crate::cursor::Cursor;
use crate::error::ConvertError;
use crate::ruby::{self, Call, Locals, Source, Value};

/// One block's statements: the draw block's, or a resource's.
#[derive(Debug, Default)]
pub struct Raw {
    pub items: Vec<RawItem>,
    /// The `with_options` and `namespace` blocks among the statements.
    pub containers: Vec<Scope>,
}

/// A block that passes options, or a namespace, to the calls made on its variable.
#[derive(Debug)]
pub enum Scope {
    With(Vec<(String, Value)>),
    Namespace(String),
}

/// A statement: a route, a resource, or Ruby that is not routing DSL.
#[derive(Debug)]
pub struct RawItem {
    /// The scopes (indices into [`Raw::containers`]) of the mapper it was called on.
    pub path: Vec<usize>,
    pub blank_before: bool,
    /// The comments before it, each without its `#`.
    pub comments: Vec<String>,
    /// Its first line in the routes file.
    pub line: usize,
    pub what: What,
}

impl RawItem {
    /// Comments (or a blank line) with no declaration after them in their block.
    fn comments(path: Vec<usize>, comments: Vec<String>, blank_before: bool, line: usize) -> Self {
        RawItem {
            path,
            blank_before,
            comments,
            line,
            what: What::Nothing,
        }
    }
}

#[derive(Debug)]
pub enum What {
    Route {
        kind: RouteKind,
        /// The pattern as written (`'login'`); `None` for `root`.
        pattern: Option<String>,
        options: Vec<(String, Value)>,
        /// The statement's first line of Ruby, for notes.
        ruby: String,
    },
    Resources {
        singleton: bool,
        names: Vec<String>,
        options: Vec<(String, Value)>,
        block: Option<Raw>,
        /// The statement's first line of Ruby, for notes.
        ruby: String,
    },
    /// Not convertible: why, and the Ruby to quote.
    Todo { reason: String, ruby: String },
    /// Only comments (the ones closing a block).
    Nothing,
}

#[derive(Debug, Clone, PartialEq)]
pub enum RouteKind {
    /// `map.NAME 'pattern', ...`
    Named(String),
    /// `map.connect 'pattern', ...`
    Connect,
    /// `map.root ...`, or `map.root :other_route`.
    Root(Option<String>),
}

/// Reads every draw block of the file into one [`Raw`]; other top-level code is a to-do. The
/// comments before the first draw block come back on their own, to head the output.
pub fn read(source: &Source) -> Result<(Raw, Vec<String>), ConvertError> {
    let mut reader = Reader {
        cursor: Cursor::new(source),
        depth: 0,
        locals: Locals::default(),
        budget: STATEMENT_BUDGET,
        exhausted: false,
    };
    let mut raw = Raw::default();
    let mut preamble = Vec::new();
    let mut drew = false;
    for node in ruby::statements(source.ast.as_deref()) {
        match ruby::draw(node) {
            Some(block) => {
                let Some(var) = block.var else {
                    return Err(ConvertError::NotRoutes(
                        "`draw do` without a block variable is Rails 3's routing DSL; \
                         this reads Rails 2's `draw do |map|`"
                            .into(),
                    ));
                };
                let (comments, blank_before) = reader.before(node.expression().begin);
                if !drew {
                    preamble = comments;
                } else if !comments.is_empty() {
                    raw.items
                        .push(RawItem::comments(Vec::new(), comments, blank_before, 1));
                }
                drew = true;
                reader.cursor.last_end = node.expression().begin;
                let inner = reader.level(var, &block.body, block.end, &[]);
                raw.items.extend(inner.items.into_iter().map(|mut item| {
                    item.path = offset(&item.path, raw.containers.len());
                    item
                }));
                raw.containers.extend(inner.containers);
            }
            None => {
                if let Some((name, value)) = ruby::assignment(source.text, node, &reader.locals) {
                    reader.locals.bind(name, value);
                    continue;
                }
                let item = reader.todo(node, Vec::new(), "Ruby outside the draw block");
                raw.items.push(item);
            }
        }
    }
    let (comments, blank_before) = reader.before(source.text.len() + 1);
    if !comments.is_empty() {
        raw.items.push(RawItem::comments(
            Vec::new(),
            comments,
            blank_before,
            source.line_col(source.text.len()).0,
        ));
    }
    if !drew {
        return Err(ConvertError::NotRoutes(
            "no `ActionController::Routing::Routes.draw do |map| ... end`".into(),
        ));
    }
    Ok((raw, preamble))
}

fn offset(path: &[usize], by: usize) -> Vec<usize> {
    path.iter().map(|i| i + by).collect()
}

struct Reader<'s> {
    cursor: Cursor<'s>,
    /// How many blocks deep the statement being read is.
    depth: usize,
    /// The locals bound to plain values: assigned literals, loop variables.
    locals: Locals,
    /// How many more statements may be read, loops unrolled.
    budget: usize,
    /// Whether the budget ran out (and the to-do saying so is written).
    exhausted: bool,
}

/// A mapper variable in scope: its name and the scopes it stands for.
#[derive(Clone)]
struct Mapper<'n> {
    var: &'n str,
    path: Vec<usize>,
}

impl<'s> Reader<'s> {
    fn text(&self) -> &'s str {
        self.cursor.text()
    }

    fn before(&mut self, at: usize) -> (Vec<String>, bool) {
        self.cursor.before(at)
    }

    fn line(&self, node: &Node) -> usize {
        self.cursor.line(node)
    }

    /// The plain Ruby around the routing calls, evaluated as Ruby would: an assignment binds
    /// its local, a loop over plain values is unrolled, a condition known from the file takes
    /// its branch. A loop or a condition known only at run time is a to-do. Whether `node` was
    /// such Ruby.
    fn plain_ruby(
        &mut self,
        node: &Node,
        raw: &mut Raw,
        mappers: &[Mapper],
        outer: &[&str],
        innermost: &[usize],
    ) -> bool {
        if let Some((name, value)) = ruby::assignment(self.text(), node, &self.locals) {
            self.locals.bind(name, value);
            return true;
        }
        let end = node.expression().end;
        let body = match ruby::each_loop(self.text(), node, &self.locals) {
            Some(Ok(each)) => {
                if self.depth >= DEEPEST_BLOCK {
                    let reason = format!("a block nested more than {DEEPEST_BLOCK} deep");
                    let item = self.todo(node, innermost.to_vec(), &reason);
                    raw.items.push(item);
                    return true;
                }
                self.depth += 1;
                for row in &each.rows {
                    let mark = self.locals.mark();
                    for (var, value) in each.vars.iter().zip(row) {
                        self.locals.bind(var.clone(), value.clone());
                    }
                    self.statements(&each.body, raw, mappers, outer);
                    self.locals.reset(mark);
                }
                self.depth -= 1;
                self.cursor.skip_comments_to(end);
                self.cursor.last_end = self.cursor.last_end.max(end);
                return true;
            }
            Some(Err(why)) => {
                let item = self.todo(node, innermost.to_vec(), &why);
                raw.items.push(item);
                return true;
            }
            None => match node {
                Node::If(i) => Some((&i.cond, i.if_true.as_deref(), i.if_false.as_deref())),
                Node::IfMod(i) => Some((&i.cond, i.if_true.as_deref(), i.if_false.as_deref())),
                _ => None,
            },
        };
        let Some((cond, if_true, if_false)) = body else {
            return false;
        };
        if self.depth >= DEEPEST_BLOCK {
            let reason = format!("Ruby nested more than {DEEPEST_BLOCK} deep");
            let item = self.todo(node, innermost.to_vec(), &reason);
            raw.items.push(item);
            return true;
        }
        match ruby::condition(self.text(), cond, &self.locals) {
            Some(holds) => {
                let branch = if holds { if_true } else { if_false };
                let statements = ruby::statements(branch);
                self.depth += 1;
                self.statements(&statements, raw, mappers, outer);
                self.depth -= 1;
                self.cursor.skip_comments_to(end);
                self.cursor.last_end = self.cursor.last_end.max(end);
            }
            None => {
                let reason = format!(
                    "a condition the application decides when it runs (`{}`)",
                    ruby::source(self.text(), cond)
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                let item = self.todo(node, innermost.to_vec(), &reason);
                raw.items.push(item);
            }
        }
        true
    }

    /// A statement quoted whole in a to-do.
    fn todo(&mut self, node: &Node, path: Vec<usize>, reason: &str) -> RawItem {
        let quoted = self.cursor.quote(node);
        RawItem {
            path,
            blank_before: quoted.blank_before,
            comments: quoted.comments,
            line: quoted.line,
            what: What::Todo {
                reason: reason.to_owned(),
                ruby: quoted.ruby,
            },
        }
    }

    /// The statements of a block whose mapper is `var`; `outer` are the mappers of the
    /// blocks around it, which a call here may not use.
    fn level(&mut self, var: &str, body: &[&Node], end: usize, outer: &[&str]) -> Raw {
        let mut raw = Raw::default();
        let mappers = [Mapper {
            var,
            path: Vec::new(),
        }];
        self.statements(body, &mut raw, &mappers, outer);
        let (comments, blank_before) = self.before(end);
        if !comments.is_empty() {
            raw.items.push(RawItem::comments(
                Vec::new(),
                comments,
                blank_before,
                self.cursor.source.line_col(end).0,
            ));
        }
        raw
    }

    fn statements(&mut self, body: &[&Node], raw: &mut Raw, mappers: &[Mapper], outer: &[&str]) {
        for node in body {
            self.statement(node, raw, mappers, outer);
        }
    }

    fn statement(&mut self, node: &Node, raw: &mut Raw, mappers: &[Mapper], outer: &[&str]) {
        let innermost = mappers.last().map(|m| m.path.clone()).unwrap_or_default();
        if self.budget == 0 {
            // Said once: the statements after it are left out with it.
            if !self.exhausted {
                self.exhausted = true;
                let reason = format!(
                    "the file holds more than {STATEMENT_BUDGET} statements once its loops are \
                     unrolled; this statement and those after it are left out"
                );
                let item = self.todo(node, innermost, &reason);
                raw.items.push(item);
            }
            return;
        }
        self.budget -= 1;
        if self.plain_ruby(node, raw, mappers, outer, &innermost) {
            return;
        }
        let Some(call) = ruby::call(node) else {
            let item = self.todo(node, innermost, "not routing DSL");
            raw.items.push(item);
            return;
        };
        let Some(mapper) = mappers.iter().rev().find(|m| m.var == call.receiver) else {
            let reason = if outer.contains(&call.receiver) {
                format!(
                    "a call on `{}` inside a resource's block; move it out of the block by hand",
                    call.receiver
                )
            } else {
                format!(
                    "a call on `{}`, which is not a routes mapper",
                    call.receiver
                )
            };
            let item = self.todo(node, innermost, &reason);
            raw.items.push(item);
            return;
        };
        let path = mapper.path.clone();
        if call.block.is_some() && self.depth >= DEEPEST_BLOCK {
            let reason = format!("a block nested more than {DEEPEST_BLOCK} deep");
            let item = self.todo(node, path, &reason);
            raw.items.push(item);
            return;
        }
        let mut args: Vec<Value> = call
            .args
            .iter()
            .map(|a| ruby::value_in(self.text(), a, &self.locals))
            .collect();
        // `map.send(name, ...)`, as a loop names its routes.
        let mut method = call.method.to_owned();
        if matches!(call.method, "send" | "__send__" | "public_send")
            && let Some(name) = args.first().and_then(Value::word)
        {
            method = name.to_owned();
            args.remove(0);
        }
        let call = Call {
            method: &method,
            ..call
        };
        match (call.method, &call.block) {
            ("with_options" | "namespace", Some(block)) => {
                let scope = match (call.method, args.as_slice()) {
                    ("with_options", [Value::Hash(options)]) => Scope::With(options.clone()),
                    ("namespace", [name]) if name.word().is_some_and(is_name) => {
                        Scope::Namespace(name.word().unwrap_or_default().to_owned())
                    }
                    _ => {
                        let reason = format!("`{}` with arguments this cannot read", call.method);
                        let item = self.todo(node, path, &reason);
                        raw.items.push(item);
                        return;
                    }
                };
                // The comments before the block go before its first declaration.
                let (comments, blank_before) = self.before(node.expression().begin);
                if !comments.is_empty() || blank_before {
                    raw.items.push(RawItem::comments(
                        path.clone(),
                        comments,
                        blank_before,
                        self.line(node),
                    ));
                }
                raw.containers.push(scope);
                let mut inner = path;
                inner.push(raw.containers.len() - 1);
                let mut scoped = mappers.to_vec();
                if let Some(var) = block.var {
                    scoped.push(Mapper { var, path: inner });
                }
                let body = block.body.clone();
                self.depth += 1;
                self.statements(&body, raw, &scoped, outer);
                self.depth -= 1;
                self.cursor.last_end = node.expression().end;
            }
            ("resources" | "resource", _) => {
                self.resources(node, &call, args, path, raw, mappers, outer)
            }
            (_, Some(_)) => {
                let reason = format!("`{}` with a block", call.method);
                let item = self.todo(node, path, &reason);
                raw.items.push(item);
            }
            ("root", None) => {
                let (kind, options) = match args.as_slice() {
                    [] => (RouteKind::Root(None), Vec::new()),
                    [Value::Hash(options)] => (RouteKind::Root(None), options.clone()),
                    [Value::Sym(route)] => (RouteKind::Root(Some(route.clone())), Vec::new()),
                    _ => {
                        let item = self.todo(node, path, "`root` with arguments this cannot read");
                        raw.items.push(item);
                        return;
                    }
                };
                self.route(node, kind, None, options, path, raw);
            }
            (method, None) => {
                let kind = match method {
                    "connect" => RouteKind::Connect,
                    name if is_name(name) && !PLUGIN_CALLS.contains(&name) => {
                        RouteKind::Named(name.to_owned())
                    }
                    _ => {
                        let item = self.todo(node, path, &format!("`{method}` is not a route"));
                        raw.items.push(item);
                        return;
                    }
                };
                let (pattern, options) = match args.as_slice() {
                    [Value::Str(pattern)] => (pattern.clone(), Vec::new()),
                    [Value::Str(pattern), Value::Hash(options)] => {
                        (pattern.clone(), options.clone())
                    }
                    _ => {
                        let reason = format!(
                            "`{method}` takes a pattern string and a hash of options; this \
                             cannot read these arguments"
                        );
                        let item = self.todo(node, path, &reason);
                        raw.items.push(item);
                        return;
                    }
                };
                self.route(node, kind, Some(pattern), options, path, raw);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn resources(
        &mut self,
        node: &Node,
        call: &Call,
        args: Vec<Value>,
        path: Vec<usize>,
        raw: &mut Raw,
        mappers: &[Mapper],
        outer: &[&str],
    ) {
        let mut names = Vec::new();
        let mut options = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            match arg {
                Value::Hash(hash) if i + 1 == args.len() => options = hash.clone(),
                name if name.word().is_some_and(is_name) => {
                    names.push(name.word().unwrap_or_default().to_owned());
                }
                _ => {
                    let reason = format!("`{}` with arguments this cannot read", call.method);
                    let item = self.todo(node, path, &reason);
                    raw.items.push(item);
                    return;
                }
            }
        }
        let (comments, blank_before) = match &call.block {
            Some(_) => self.before(node.expression().begin),
            None => self.cursor.leaf_comments(node),
        };
        let line = self.line(node);
        let ruby = self.cursor.quote_call(node);
        let block = call.block.as_ref().map(|block| {
            let mut around: Vec<&str> = outer.to_vec();
            around.extend(mappers.iter().map(|m| m.var));
            self.cursor.last_end = node.expression().begin;
            self.depth += 1;
            // A block without a variable can only hold calls on outer mappers.
            let level = self.level(block.var.unwrap_or(""), &block.body, block.end, &around);
            self.depth -= 1;
            level
        });
        raw.items.push(RawItem {
            path,
            blank_before,
            comments,
            line,
            what: What::Resources {
                singleton: call.method == "resource",
                names,
                options,
                block,
                ruby,
            },
        });
        self.cursor.last_end = node.expression().end;
    }

    fn route(
        &mut self,
        node: &Node,
        kind: RouteKind,
        pattern: Option<String>,
        options: Vec<(String, Value)>,
        path: Vec<usize>,
        raw: &mut Raw,
    ) {
        let (comments, blank_before) = self.cursor.leaf_comments(node);
        let ruby = self.cursor.quote_call(node);
        raw.items.push(RawItem {
            path,
            blank_before,
            comments,
            line: self.line(node),
            what: What::Route {
                kind,
                pattern,
                options,
                ruby,
            },
        });
        self.cursor.last_end = node.expression().end;
    }
}

/// How many statements a file may hold once its loops are unrolled, so that no loop over a
/// long range (or loops within loops) can make the output grow without bound.
const STATEMENT_BUDGET: usize = 5_000;

/// How deep blocks may nest (a real routes file nests three or four), so that no file can
/// exhaust the stack.
const DEEPEST_BLOCK: usize = 32;

/// The calls of routing plugins, which have no meaning here.
const PLUGIN_CALLS: &[&str] = &["from_plugin", "routes_from_plugin", "redirect", "filter"];

/// A name the DSL takes as an identifier.
fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}
