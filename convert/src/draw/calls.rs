//! The DSL's calls, each the declaration of its name: the verb routes and `root`,
//! resources, the scopes (`namespace`, `scope`, `constraints`, `defaults`, `controller`,
//! `concern`, the resource scopes), `mount`, `draw`, `default_url_options`,
//! `resources_path_names`, and the predicate stubs request constraints written in Ruby need.

use lib_ruby_parser::Node;

use super::{DEEPEST_BLOCK, Frame, Key, Reader, Stub, comment_entry, is_name, options, snake};
use crate::model::{Arg, Decl, Entry, Line, Val};
use crate::ruby::{self, Block, SelfCall, Value};

impl<'s> Reader<'s, '_, '_> {
    /// `resources_path_names new: "neu"`: the path names of the resources after it.
    pub(super) fn resources_path_names(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        out: &mut Vec<Entry>,
    ) {
        let args = self.args(call.args);
        let mut names = Vec::new();
        let mut lines = Vec::new();
        for (key, value) in &args.pairs {
            match (key.word(), self.value(value).word()) {
                (Some(key), Some(segment)) if is_name(key) => {
                    names.push(Arg::Assign(key.to_owned(), Val::Str(segment.to_owned())));
                }
                _ => lines.push(Line::Todo(format!(
                    "the path name `{}` has no equivalent in `draw!`; convert it by hand",
                    self.ruby(value)
                ))),
            }
        }
        if !args.positional.is_empty() || names.is_empty() {
            let entry = self.todo(node, "`resources_path_names` this cannot read");
            out.push(entry);
            return;
        }
        let entry = self.leaf(
            node,
            Decl {
                keyword: "resources_path_names",
                args: names,
                block: None,
            },
            lines,
        );
        out.push(entry);
    }

    /// `default_url_options host: "example.com"`: the host, protocol and port `_url` helpers
    /// use; other keys (params every URL takes) are a to-do.
    pub(super) fn default_url_options(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        out: &mut Vec<Entry>,
    ) {
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

    /// `mount App => '/path', as: 'name'`, `mount App, at: '/path'`: the mount point, bound
    /// to a service at run time. Its name is Rails' (`as`, or the app's class, underscored);
    /// a mount Rails leaves unnamed is named after its path, which `draw!` needs.
    pub(super) fn mount(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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

    pub(super) fn call(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        method: &str,
        out: &mut Vec<Entry>,
    ) {
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
            "resources_path_names" => self.resources_path_names(node, call, out),
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
    pub(super) fn verb(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        method: &str,
        out: &mut Vec<Entry>,
    ) {
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
        if method == "options" {
            // `options 'x'` is Rails' `match 'x', via: :options`, whatever `via` it is given.
            translated.args.retain(|a| a.key() != Some("via"));
            translated
                .args
                .push(Arg::Assign("via".into(), Val::Word("options".into())));
        } else if keyword != "match" && translated.args.iter().any(|a| a.key() == Some("via")) {
            // `get 'x', via: :all` answers GET only: Rails' verb methods set `via` themselves.
            translated.args.retain(|a| a.key() != Some("via"));
            lines.push(Line::Note(format!(
                "Rails ignores `via` on `{keyword}`: the route answers {} only",
                keyword.to_uppercase()
            )));
        } else if keyword == "match"
            && !translated.args.iter().any(|a| a.key() == Some("via"))
            && !self.state.scopes.iter().any(|f| f.via)
        {
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

    /// `root 'controller#action'`, `root to: ...`.
    pub(super) fn root(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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
    pub(super) fn resources(
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

    pub(super) fn namespace(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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
            via: false,
        });
        let entry = self.with_block(node, "namespace", all, translated.lines, block);
        self.state.scopes.pop();
        out.push(entry);
    }

    /// `scope 'path', options do ... end`: several paths are joined, as Rails joins them.
    pub(super) fn scope(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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
        let via = args.pairs.iter().any(|(k, _)| k.word() == Some("via"));
        self.state.scopes.push(Frame {
            named,
            module,
            controller,
            via,
        });
        let entry = self.with_block(node, "scope", all, translated.lines, block);
        self.state.scopes.pop();
        out.push(entry);
    }

    /// `constraints subdomain: 'api' do`, `constraints ->(request) { ... } do`,
    /// `constraints AdminOnly.new do`.
    pub(super) fn constraints_block(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        out: &mut Vec<Entry>,
    ) {
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
            if lines.iter().any(|line| matches!(line, Line::Todo(_))) {
                // Every constraint is left out with a to-do of its own: the routes stay, in a
                // scope of nothing, for the reader to constrain.
                self.state.scopes.push(Frame::default());
                let entry = self.with_block(node, "scope", Vec::new(), lines, block);
                self.state.scopes.pop();
                out.push(entry);
                return;
            }
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

    pub(super) fn defaults_block(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        out: &mut Vec<Entry>,
    ) {
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
    pub(super) fn controller(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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

    pub(super) fn concern(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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

    pub(super) fn concerns(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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
    pub(super) fn bare_block(
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
    pub(super) fn draw(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
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
            Ok(Ok(text)) if text.len() <= crate::MAX_LEN => text,
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
    pub(super) fn stub(&mut self, node: &Node, guards: &str) -> String {
        let (constant, instance) = match node {
            Node::Const(_) => (Some(self.ruby(node)), false),
            Node::Send(send) if send.method_name == "new" => match send.recv.as_deref() {
                Some(recv @ Node::Const(_)) => (Some(self.ruby(recv)), true),
                _ => (None, false),
            },
            _ => (None, false),
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
        let mut answer = ruby::constant_predicate(node, false);
        if let Some(class) = constant.as_ref().and_then(|c| self.state.classes.get(c)) {
            ruby = class.ruby.clone();
            answer = if instance {
                class.instances_answer
            } else {
                class.answers
            };
        }
        let todo = match answer {
            Some(answer) => format!(
                "Rails asked this Ruby ({}) whether a request may take {guards}, and it answers \
                 {} to every request, as this does",
                self.at_line(line),
                if answer { "yes" } else { "no" }
            ),
            None => format!(
                "Rails asked this Ruby ({}) whether a request may take {guards}: write that \
                 test in Rust. Until it is written, this answers no, and those routes take no \
                 request",
                self.at_line(line)
            ),
        };
        self.state.stubs.push(Stub {
            name: name.clone(),
            todo,
            ruby,
            answer,
        });
        name
    }
}
