//! Devise's routing calls, drawn as Devise draws them (its `lib/devise/rails/routes.rb`):
//! `devise_for :users` opens a scope at the mapping's path, named after its singular, and
//! draws, for each module of the model that has routes, the resource Devise declares
//! (sessions, omniauth callbacks, passwords, registrations, confirmations, unlocks, in that
//! order), with its options (`path`, `path_names`, `controllers`, `module`, `skip`, `only`,
//! `singular`, `as`, `sign_out_via`, `format`, `constraints`, `defaults`). The modules are
//! read from the model (`devise :database_authenticatable, ...` in `app/models/user.rb`) when
//! the application is at hand; otherwise Devise's generator's are assumed, and a note says so.
//! `devise_scope` keeps its routes; `authenticate` and `authenticated` become a predicate the
//! application writes.

use std::path::Path;

use lib_ruby_parser::Node;
use routes_syntax::inflector::singularize;

use super::{Frame, Key, Reader, is_name, snake};
use crate::model::{Arg, Decl, Entry, Item, Level, Line, Val};
use crate::ruby::{self, SelfCall, Value};

/// The modules `rails generate devise` gives a model.
const GENERATED: &[&str] = &[
    "database_authenticatable",
    "registerable",
    "recoverable",
    "rememberable",
    "validatable",
];

/// The routes of each module, in the order Devise draws them (`Devise::ALL`).
const ROUTES: &[(&str, &str)] = &[
    ("database_authenticatable", "session"),
    ("omniauthable", "omniauth_callback"),
    ("recoverable", "password"),
    ("registerable", "registration"),
    ("confirmable", "confirmation"),
    ("lockable", "unlock"),
];

/// What the model says: its modules and its omniauth providers.
struct Model {
    modules: Vec<String>,
    providers: Option<Vec<String>>,
    /// Where it was read, or `None` when the generator's modules are assumed.
    file: Option<String>,
}

impl<'s> Reader<'s, '_, '_> {
    /// `devise_for :users, options`.
    pub(super) fn devise_for(&mut self, node: &'s Node, call: &SelfCall<'s>, out: &mut Vec<Entry>) {
        let args = self.args(call.args);
        let names = match self.words(&args.positional) {
            Ok(names) if !names.is_empty() => names,
            _ => {
                let entry = self.todo(node, "`devise_for` with arguments this cannot read");
                out.push(entry);
                return;
            }
        };
        let given: Vec<(String, Value)> = args
            .pairs
            .iter()
            .filter_map(|(k, v)| Some((k.word()?.to_owned(), self.value(v))))
            .collect();
        let option = |key: &str| given.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let mut todos: Vec<String> = Vec::new();
        for key in args.pairs.iter().filter_map(|(k, _)| match k {
            Key::Word { text, .. } => Some(text.as_str()),
            Key::Other(_) => None,
        }) {
            if !matches!(
                key,
                "path"
                    | "path_names"
                    | "controllers"
                    | "module"
                    | "skip"
                    | "only"
                    | "singular"
                    | "as"
                    | "sign_out_via"
                    | "format"
                    | "constraints"
                    | "defaults"
                    | "class_name"
                    | "skip_helpers"
                    | "router_name"
                    | "path_prefix"
                    | "failure_app"
            ) {
                todos.push(format!(
                    "`devise_for`'s option `{key}` is not read; mend by hand"
                ));
            }
        }
        let outer = self.state.scopes.clone();
        let outer_module = self.state.module();
        let outer_named = outer.iter().any(|f| f.named);
        let (comments, blank_before) = self.cursor.leaf_comments(node);
        let source = self.cite(node);
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
        let mut first = true;
        for (name, _) in names {
            let as_ = option("as").and_then(|v| v.word().map(str::to_owned));
            let singular = match option("singular").and_then(|v| v.word().map(str::to_owned)) {
                Some(singular) => singular,
                None => {
                    let scoped = match &as_ {
                        Some(as_) => format!("{as_}_{name}"),
                        None => name.clone(),
                    };
                    singularize(&scoped)
                }
            };
            if !is_name(&singular) {
                todos.push(format!(
                    "`devise_for :{name}` names its routes `{singular}`, which `draw!` cannot take"
                ));
                continue;
            }
            let class = option("class_name")
                .and_then(|v| v.word().map(str::to_owned))
                .unwrap_or_else(|| camelize(&singularize(&name)));
            let model = self.model(&class);
            let path = option("path")
                .and_then(|v| v.word().map(str::to_owned))
                .unwrap_or_else(|| name.clone());
            let mut path_names: Vec<(String, String)> = [
                "sign_in",
                "sign_out",
                "password",
                "sign_up",
                "edit",
                "cancel",
                "confirmation",
                "unlock",
            ]
            .iter()
            .map(|k| ((*k).to_owned(), (*k).to_owned()))
            .chain([("registration".to_owned(), String::new())])
            .collect();
            if let Some(Value::Hash(given)) = option("path_names") {
                for (key, value) in given {
                    if let Some(value) = value.word() {
                        match path_names.iter_mut().find(|(k, _)| *k == key) {
                            Some((_, v)) => *v = value.to_owned(),
                            None => path_names.push((key, value.to_owned())),
                        }
                    }
                }
            }
            let path_name = |key: &str| {
                path_names
                    .iter()
                    .find(|(k, _)| k == key)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_else(|| key.to_owned())
            };
            let module = option("module").and_then(|v| v.word().map(str::to_owned));
            let controllers: Vec<(String, String)> = match option("controllers") {
                Some(Value::Hash(pairs)) => pairs
                    .into_iter()
                    .filter_map(|(k, v)| Some((k, v.word()?.to_owned())))
                    .collect(),
                _ => Vec::new(),
            };
            // Devise draws its routes in a scope without the module around (its exclusive
            // scope), so a controller given, or one in the module given, is absolute there.
            let controller = |kind: &str| -> String {
                if let Some((_, given)) = controllers.iter().find(|(k, _)| k == kind) {
                    return match &outer_module {
                        Some(_) => format!("/{given}"),
                        None => given.clone(),
                    };
                }
                match (&module, &outer_module) {
                    (Some(module), None) => format!("{module}/{kind}"),
                    (Some(module), Some(_)) => format!("/{module}/{kind}"),
                    // The module around joins it, as Devise's `@scope[:module]` does.
                    (None, Some(_)) => kind.to_owned(),
                    (None, None) => format!("devise/{kind}"),
                }
            };
            let mut routes: Vec<&str> = ROUTES
                .iter()
                .filter(|(module, _)| model.modules.iter().any(|m| m == module))
                .map(|(_, route)| *route)
                .collect();
            let plural_of = |route: &str| match route {
                "omniauth_callback" => "omniauth_callbacks".to_owned(),
                other => format!("{other}s"),
            };
            let listed = |value: Option<Value>| -> Option<Vec<String>> {
                match value? {
                    Value::Sym(s) | Value::Str(s) => Some(vec![singularize(&s)]),
                    Value::Array(items) => Some(
                        items
                            .iter()
                            .filter_map(Value::word)
                            .map(singularize)
                            .collect(),
                    ),
                    _ => None,
                }
            };
            if let Some(only) = listed(option("only")) {
                routes.retain(|r| only.iter().any(|o| o == r));
            } else if option("skip")
                .and_then(|v| v.word().map(str::to_owned))
                .as_deref()
                == Some("all")
            {
                routes.clear();
            } else if let Some(skip) = listed(option("skip")) {
                routes.retain(|r| !skip.iter().any(|s| s == r));
            }
            // `sign_out_via: :get`, or a list of methods.
            let sign_out_via = match option("sign_out_via") {
                Some(Value::Array(items)) => {
                    let methods: Vec<String> = items
                        .iter()
                        .filter_map(Value::word)
                        .map(str::to_ascii_lowercase)
                        .collect();
                    match <[String; 1]>::try_from(methods) {
                        Ok([one]) => Val::Word(one),
                        Err(many) if many.is_empty() => Val::Word("delete".into()),
                        Err(many) => Val::Words(many),
                    }
                }
                Some(value) => Val::Word(
                    value
                        .word()
                        .map_or_else(|| "delete".into(), str::to_ascii_lowercase),
                ),
                None => Val::Word(self.sign_out_via()),
            };
            let mut entries: Vec<Entry> = Vec::new();
            for route in &routes {
                let controller = controller(&plural_of(route));
                let decl = match *route {
                    "session" => resource(
                        "session",
                        vec![
                            Arg::Call("only".into(), Vec::new()),
                            Arg::Assign("controller".into(), Val::Str(controller)),
                            Arg::Assign("path".into(), Val::Str(String::new())),
                        ],
                        vec![
                            verb("get", "new", &path_name("sign_in"), Some("new"), None),
                            verb("post", "create", &path_name("sign_in"), None, None),
                            verb(
                                "match",
                                "destroy",
                                &path_name("sign_out"),
                                Some("destroy"),
                                Some(sign_out_via.clone()),
                            ),
                        ],
                    ),
                    "password" => resource(
                        "password",
                        vec![
                            only(&["new", "create", "edit", "update"]),
                            Arg::Assign("path".into(), Val::Str(path_name("password"))),
                            Arg::Assign("controller".into(), Val::Str(controller)),
                        ],
                        Vec::new(),
                    ),
                    "confirmation" | "unlock" => resource(
                        if *route == "unlock" {
                            "unlock"
                        } else {
                            "confirmation"
                        },
                        vec![
                            only(&["new", "create", "show"]),
                            Arg::Assign("path".into(), Val::Str(path_name(route))),
                            Arg::Assign("controller".into(), Val::Str(controller)),
                        ],
                        Vec::new(),
                    ),
                    "registration" => resource(
                        "registration",
                        vec![
                            only(&["new", "create", "edit", "update", "destroy"]),
                            Arg::Assign("path".into(), Val::Str(path_name("registration"))),
                            Arg::Call(
                                "path_names".into(),
                                ["new", "edit", "cancel"]
                                    .iter()
                                    .map(|k| {
                                        let key = if *k == "new" { "sign_up" } else { k };
                                        Item::Assign((*k).into(), Val::Str(path_name(key)))
                                    })
                                    .collect(),
                            ),
                            Arg::Assign("controller".into(), Val::Str(controller)),
                        ],
                        vec![Decl {
                            keyword: "get",
                            args: vec![Arg::Name("cancel".into())],
                            block: None,
                        }],
                    ),
                    _ => {
                        // Omniauth: one pair of routes per provider, under `auth`.
                        let Some(providers) = &model.providers else {
                            todos.push(format!(
                                "the model `{class}` is omniauthable, but its providers are not \
                                 known here: add, for each, `match(\"auth/PROVIDER\", to = \
                                 \"{controller}#passthru\", as = \"PROVIDER_omniauth_authorize\", \
                                 via = [get, post])` and `match(\"auth/PROVIDER/callback\", to = \
                                 \"{controller}#PROVIDER\", as = \"PROVIDER_omniauth_callback\", \
                                 via = [get, post])` in this scope"
                            ));
                            continue;
                        };
                        for provider in providers {
                            for (suffix, action, name) in [
                                ("", "passthru", "authorize"),
                                ("/callback", provider.as_str(), "callback"),
                            ] {
                                entries.push(decl_entry(Decl {
                                    keyword: "match",
                                    args: vec![
                                        Arg::Pattern(format!("auth/{provider}{suffix}")),
                                        Arg::Assign(
                                            "to".into(),
                                            Val::Str(format!("{controller}#{action}")),
                                        ),
                                        Arg::Assign(
                                            "as".into(),
                                            Val::Str(format!("{provider}_omniauth_{name}")),
                                        ),
                                        Arg::Assign(
                                            "via".into(),
                                            Val::Words(vec!["get".into(), "post".into()]),
                                        ),
                                    ],
                                    block: None,
                                }));
                            }
                        }
                        continue;
                    }
                };
                entries.push(decl_entry(decl));
            }
            let mut scope_args = vec![
                Arg::Pattern(path.clone()),
                Arg::Assign("as".into(), Val::Str(singular.clone())),
            ];
            if let Some(Value::Bool(false)) = option("format") {
                scope_args.push(Arg::Assign("format".into(), Val::Raw("false".into())));
            }
            let mut extra = super::options::Out::default();
            for key in ["constraints", "defaults"] {
                if let Some((_, value)) = args.pairs.iter().find(|(k, _)| k.word() == Some(key)) {
                    if key == "constraints" {
                        self.constraints_of_devise(&mut extra, value);
                    } else if let Node::Hash(h) = value {
                        for pair in &h.pairs {
                            let Node::Pair(pair) = pair else { continue };
                            if let Some(k) = self.value(&pair.key).word().map(str::to_owned) {
                                self.default(&mut extra, &k, &pair.value);
                            }
                        }
                    }
                }
            }
            scope_args.extend(extra.args);
            let mut lines: Vec<Line> = Vec::new();
            if first {
                lines.extend(comments.iter().cloned().map(Line::Comment));
            }
            let drawn: Vec<String> = routes
                .iter()
                .map(|r| format!("{}s", r.trim_end_matches('_')))
                .collect();
            let read = match &model.file {
                Some(file) => format!("the modules {file} declares"),
                None => format!(
                    "`rails generate devise`'s modules ({}), as the model `{class}` was not read \
                     (run with `--app DIR` to read it)",
                    GENERATED.join(", ")
                ),
            };
            lines.push(Line::Note(format!(
                "`devise_for :{name}` draws Devise's routes for {read}: {}{}",
                if drawn.is_empty() {
                    "none".to_owned()
                } else {
                    drawn.join(", ")
                },
                if outer_named {
                    "; its names join the scope's around it, as Devise's do"
                } else {
                    ""
                }
            )));
            lines.extend(extra.lines);
            lines.extend(todos.drain(..).map(Line::Todo));
            if entries.is_empty() {
                out.push(Entry {
                    blank_before: blank_before && first,
                    lines,
                    ..Entry::default()
                });
                first = false;
                continue;
            }
            out.push(Entry {
                blank_before: blank_before && first,
                lines,
                decl: Some(Decl {
                    keyword: "scope",
                    args: scope_args,
                    block: Some(Level {
                        entries,
                        containers: Vec::new(),
                    }),
                }),
                source: Some(source.clone()),
                ..Entry::default()
            });
            first = false;
        }
        if !todos.is_empty() {
            out.push(Entry {
                lines: todos.into_iter().map(Line::Todo).collect(),
                ..Entry::default()
            });
        }
    }

    /// `constraints:` of `devise_for`, which its scope takes.
    fn constraints_of_devise(&mut self, out: &mut super::options::Out, value: &'s Node) {
        if let Node::Hash(h) = value {
            for pair in &h.pairs {
                let Node::Pair(pair) = pair else { continue };
                if let Some(k) = self.value(&pair.key).word().map(str::to_owned) {
                    self.constraint(out, &k, &pair.value, None);
                }
            }
        }
    }

    /// `devise_scope :user do ... end` (and its alias `as`): the routes in it, which reach
    /// Devise's controllers with the mapping Devise sets on each request.
    pub(super) fn devise_scope(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        out: &mut Vec<Entry>,
    ) {
        let Some(block) = &call.block else {
            let entry = self.todo(node, "`devise_scope` without a block");
            out.push(entry);
            return;
        };
        let args = self.args(call.args);
        let scope = self
            .words(&args.positional)
            .ok()
            .and_then(|w| w.first().map(|(w, _)| w.clone()))
            .unwrap_or_default();
        let (comments, blank_before) = self.cursor.before(node.expression().begin);
        let mut lines: Vec<Line> = comments.into_iter().map(Line::Comment).collect();
        lines.push(Line::Note(format!(
            "`devise_scope :{scope}`: Devise tells its controllers the mapping `{scope}` on each \
             request of these routes (`request.env[\"devise.mapping\"]`); the routes themselves \
             are drawn as they are"
        )));
        out.push(Entry {
            blank_before,
            lines,
            ..Entry::default()
        });
        self.cursor.last_end = node.expression().begin;
        self.block_body(block, out);
        self.cursor.last_end = self.cursor.last_end.max(node.expression().end);
    }

    /// `authenticate :admin do ... end`, `authenticated :user, ->(u) { ... } do`,
    /// `unauthenticated do`: the routes in it answer only when Warden says so, a predicate
    /// the application writes.
    pub(super) fn authenticated(
        &mut self,
        node: &'s Node,
        call: &SelfCall<'s>,
        method: &str,
        out: &mut Vec<Entry>,
    ) {
        let Some(block) = &call.block else {
            let entry = self.todo(node, &format!("`{method}` without a block"));
            out.push(entry);
            return;
        };
        let args = self.args(call.args);
        let scope = args
            .positional
            .first()
            .and_then(|n| self.value(n).word().map(str::to_owned))
            .unwrap_or_else(|| "user".into());
        let name = format!("{}_{}", snake(method), scope);
        if !self.state.stubs.iter().any(|s| s.name == name) {
            let line = self.cursor.line(node);
            let ruby: Vec<String> = self
                .cursor
                .quote_call(node)
                .lines()
                .map(str::to_owned)
                .collect();
            let todo = format!(
                "Devise's `{method} :{scope}` ({}) lets a request take the routes in its block \
                 only when Warden says the `{scope}` scope {}{}: write that test in Rust. \
                 Until it is written, this answers no, and those routes take no request",
                self.at_line(line),
                if method == "unauthenticated" {
                    "is not signed in"
                } else {
                    "is signed in"
                },
                if method == "authenticate" {
                    " (Devise sends any other request to the sign-in page)"
                } else {
                    ""
                }
            );
            self.state.stubs.push(super::Stub {
                name: name.clone(),
                todo,
                ruby,
                answer: None,
            });
        }
        self.state.scopes.push(Frame::default());
        let entry = self.with_block(
            node,
            "constraints",
            vec![Arg::Assign("with".into(), Val::Word(name))],
            Vec::new(),
            block,
        );
        self.state.scopes.pop();
        out.push(entry);
    }

    /// The modules of the model `class`, from `app/models/CLASS.rb`.
    fn model(&self, class: &str) -> Model {
        let assumed = Model {
            modules: GENERATED.iter().map(|m| (*m).to_owned()).collect(),
            providers: None,
            file: None,
        };
        let Some(app) = self.state.context.app.as_deref() else {
            return assumed;
        };
        let relative = format!(
            "app/models/{}.rb",
            class.split("::").map(snake).collect::<Vec<_>>().join("/")
        );
        let Some(text) = read_text(&app.join(&relative)) else {
            return assumed;
        };
        let Ok(source) = ruby::parse(&text) else {
            return assumed;
        };
        let mut found = None;
        if let Some(ast) = source.ast.as_deref() {
            find_devise(&text, ast, &mut found, 0);
        }
        match found {
            Some((modules, providers)) => Model {
                modules,
                providers,
                file: Some(relative),
            },
            None => assumed,
        }
    }

    /// `config.sign_out_via` in the application's Devise initializer, else Devise's
    /// `:delete`.
    fn sign_out_via(&self) -> String {
        let found = self.state.context.app.as_deref().and_then(|app| {
            let text = read_text(&app.join("config/initializers/devise.rb"))?;
            text.lines()
                .map(str::trim)
                .filter(|l| !l.starts_with('#'))
                .find_map(|l| l.strip_prefix("config.sign_out_via"))
                .and_then(|rest| {
                    let value = rest.trim_start().strip_prefix('=')?.trim();
                    let word = value.trim_start_matches(':').trim_matches(['\'', '"']);
                    word.chars()
                        .all(|c| c.is_ascii_alphabetic())
                        .then(|| word.to_ascii_lowercase())
                })
        });
        found.unwrap_or_else(|| "delete".into())
    }
}

fn read_text(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    String::from_utf8(bytes).ok()
}

/// The `devise :a, :b, omniauth_providers: [...]` call of a model file.
fn find_devise(
    text: &str,
    node: &Node,
    found: &mut Option<(Vec<String>, Option<Vec<String>>)>,
    depth: usize,
) {
    if found.is_some() || depth > 16 {
        return;
    }
    match node {
        Node::Send(send) if send.recv.is_none() && send.method_name == "devise" => {
            let mut modules = Vec::new();
            let mut providers = None;
            for arg in &send.args {
                match ruby::value_in(text, arg, &ruby::Locals::default()) {
                    Value::Sym(m) | Value::Str(m) => modules.push(m),
                    Value::Hash(pairs) => {
                        for (key, value) in pairs {
                            if key == "omniauth_providers"
                                && let Value::Array(items) = value
                            {
                                providers = Some(
                                    items
                                        .iter()
                                        .filter_map(Value::word)
                                        .map(str::to_owned)
                                        .collect(),
                                );
                            }
                        }
                    }
                    _ => {}
                }
            }
            *found = Some((modules, providers));
        }
        Node::Class(c) => {
            for statement in ruby::statements(c.body.as_deref()) {
                find_devise(text, statement, found, depth + 1);
            }
        }
        Node::Module(m) => {
            for statement in ruby::statements(m.body.as_deref()) {
                find_devise(text, statement, found, depth + 1);
            }
        }
        Node::Begin(b) => {
            for statement in &b.statements {
                find_devise(text, statement, found, depth + 1);
            }
        }
        _ => {}
    }
}

/// `admin_user` as `AdminUser`.
fn camelize(name: &str) -> String {
    name.split('_')
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn only(actions: &[&str]) -> Arg {
    Arg::Call(
        "only".into(),
        actions.iter().map(|a| Item::Name((*a).into())).collect(),
    )
}

fn resource(name: &str, args: Vec<Arg>, block: Vec<Decl>) -> Decl {
    let mut all = vec![Arg::Name(name.into())];
    all.extend(args);
    Decl {
        keyword: "resource",
        args: all,
        block: (!block.is_empty()).then(|| Level {
            entries: block.into_iter().map(decl_entry).collect(),
            containers: Vec::new(),
        }),
    }
}

/// `get(new, path = "sign_in", as = "new")`.
fn verb(
    keyword: &'static str,
    action: &str,
    path: &str,
    as_: Option<&str>,
    via: Option<Val>,
) -> Decl {
    let mut args = vec![
        Arg::Name(action.into()),
        Arg::Assign("path".into(), Val::Str(path.into())),
    ];
    if let Some(as_) = as_ {
        args.push(Arg::Assign("as".into(), Val::Str(as_.into())));
    }
    if let Some(via) = via {
        args.push(Arg::Assign("via".into(), via));
    }
    Decl {
        keyword,
        args,
        block: None,
    }
}

fn decl_entry(decl: Decl) -> Entry {
    Entry {
        decl: Some(decl),
        ..Entry::default()
    }
}
