//! What a Rails application's controllers say of its routes: the actions each has, for the
//! routes only Rails' default route (`/:controller/:action/:id`) reached. Rails dispatched
//! such a route to any public method of any controller; a route table dispatches only the
//! actions it declares, so these are read from `app/controllers/**/*_controller.rb`: the
//! public instance methods of each controller class and of the classes it inherits from in
//! the application (`private`, `protected`, `private :name`, `private def` and Rails 2's
//! `hide_action` hide one).

use std::collections::HashMap;
use std::path::Path;

use lib_ruby_parser::Node;

use crate::ruby::{self, Locals, Value};

/// A controller of the application and its actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Controller {
    /// As routes name it: `admin/reports`.
    pub path: String,
    /// Its public methods, and its ancestors', that an action may be named after.
    pub actions: Vec<String>,
}

/// How many controller files are read, and how deep their directories go, at most.
const MOST_FILES: usize = 5_000;
const DEEPEST_DIRECTORY: usize = 8;

/// The controllers of the application at `app`, sorted by path.
pub fn controllers(app: &Path) -> Vec<Controller> {
    let root = app.join("app").join("controllers");
    let mut files = Vec::new();
    walk(&root, &root, 0, &mut files);
    // Each class: its name, its superclass, its public methods, those it hides.
    let mut classes: HashMap<String, Class> = HashMap::new();
    let mut controllers: Vec<(String, String)> = Vec::new();
    for (relative, path) in files {
        let Some(text) = std::fs::read(&path)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
        else {
            continue;
        };
        let Ok(source) = ruby::parse(&text) else {
            continue;
        };
        let mut found = Vec::new();
        if let Some(ast) = source.ast.as_deref() {
            classes_in(&text, ast, "", &mut found, 0);
        }
        let wanted = camelized(&relative);
        for class in found {
            if class.name == wanted {
                controllers.push((relative.clone(), class.name.clone()));
            }
            classes.insert(class.name.clone(), class);
        }
    }
    // `ApplicationController` is every controller's base, not one a route names; `concerns/`
    // holds modules.
    let mut out: Vec<Controller> = controllers
        .into_iter()
        .filter(|(path, _)| path != "application" && !path.starts_with("concerns/"))
        .map(|(path, class)| Controller {
            path,
            actions: actions(&classes, &class),
        })
        .collect();
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// The `_controller.rb` files under `dir`, with their controller's path (`admin/reports`).
fn walk(root: &Path, dir: &Path, depth: usize, files: &mut Vec<(String, std::path::PathBuf)>) {
    if depth > DEEPEST_DIRECTORY || files.len() >= MOST_FILES {
        return;
    }
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = read.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(root, &path, depth + 1, files);
        } else if let Some(relative) = path
            .strip_prefix(root)
            .ok()
            .and_then(|r| r.to_str())
            .and_then(|r| r.strip_suffix("_controller.rb"))
            && files.len() < MOST_FILES
        {
            files.push((relative.replace('\\', "/"), path.clone()));
        }
    }
}

/// `admin/reports` as `Admin::ReportsController`.
fn camelized(path: &str) -> String {
    let parts: Vec<String> = path
        .split('/')
        .map(|part| {
            part.split('_')
                .map(|w| {
                    let mut chars = w.chars();
                    chars
                        .next()
                        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                        .unwrap_or_default()
                })
                .collect()
        })
        .collect();
    format!("{}Controller", parts.join("::"))
}

struct Class {
    name: String,
    superclass: Option<String>,
    public: Vec<String>,
    hidden: Vec<String>,
}

/// The classes defined in `node`, with the modules around them in their names.
fn classes_in(text: &str, node: &Node, outer: &str, found: &mut Vec<Class>, depth: usize) {
    if depth > DEEPEST_DIRECTORY * 4 {
        return;
    }
    let join = |name: &str| {
        if outer.is_empty() {
            name.to_owned()
        } else {
            format!("{outer}::{name}")
        }
    };
    match node {
        Node::Begin(b) => {
            for statement in &b.statements {
                classes_in(text, statement, outer, found, depth + 1);
            }
        }
        Node::Module(m) => {
            let name = join(ruby::source(text, &m.name));
            for statement in ruby::statements(m.body.as_deref()) {
                classes_in(text, statement, &name, found, depth + 1);
            }
        }
        Node::Class(c) => {
            let name = join(ruby::source(text, &c.name));
            let superclass = c
                .superclass
                .as_deref()
                .map(|s| ruby::source(text, s).trim_start_matches("::").to_owned());
            let (public, hidden) = methods(text, ruby::statements(c.body.as_deref()));
            for statement in ruby::statements(c.body.as_deref()) {
                if matches!(statement, Node::Class(_) | Node::Module(_)) {
                    classes_in(text, statement, &name, found, depth + 1);
                }
            }
            found.push(Class {
                name,
                superclass,
                public,
                hidden,
            });
        }
        _ => {}
    }
}

/// A class body's public instance methods, in order, and those it hides.
fn methods(text: &str, body: Vec<&Node>) -> (Vec<String>, Vec<String>) {
    let mut public = true;
    let mut names: Vec<(String, bool)> = Vec::new();
    let mut hidden = Vec::new();
    let words = |args: &[Node]| -> Vec<String> {
        args.iter()
            .filter_map(|a| match ruby::value_in(text, a, &Locals::default()) {
                Value::Sym(s) | Value::Str(s) => Some(s),
                _ => None,
            })
            .collect()
    };
    for statement in body {
        match statement {
            Node::Def(def) => names.push((def.name.clone(), public)),
            Node::Send(send) if send.recv.is_none() => match send.method_name.as_str() {
                "private" | "protected" | "public" if send.args.is_empty() => {
                    public = send.method_name == "public";
                }
                "private" | "protected" => {
                    for arg in &send.args {
                        if let Node::Def(def) = arg {
                            names.push((def.name.clone(), false));
                        }
                    }
                    hidden.extend(words(&send.args));
                }
                "hide_action" => hidden.extend(words(&send.args)),
                _ => {}
            },
            _ => {}
        }
    }
    let public = names
        .into_iter()
        .filter(|(name, public)| *public && !hidden.contains(name))
        .map(|(name, _)| name)
        .collect();
    (public, hidden)
}

/// The actions of class `name`: its public methods and its application ancestors', as
/// Rails' `action_methods` gathers them, those a class hides left out.
fn actions(classes: &HashMap<String, Class>, name: &str) -> Vec<String> {
    let mut chain = Vec::new();
    let mut at = Some(name.to_owned());
    while let Some(current) = at {
        if chain.contains(&current) || chain.len() > 16 {
            break;
        }
        let class = classes.get(&current).or_else(|| {
            // A superclass named relative to the class's module.
            let module = name.rsplit_once("::").map(|(m, _)| m)?;
            classes.get(&format!("{module}::{current}"))
        });
        let Some(class) = class else { break };
        chain.push(class.name.clone());
        at = class.superclass.clone();
    }
    let mut actions: Vec<String> = Vec::new();
    let mut hidden: Vec<String> = Vec::new();
    for class in chain.iter().filter_map(|c| classes.get(c)) {
        hidden.extend(class.hidden.iter().cloned());
        for action in &class.public {
            let routable = action
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && !action.starts_with('_');
            if routable && !hidden.contains(action) && !actions.contains(action) {
                actions.push(action.clone());
            }
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_methods_of_controllers_and_their_ancestors_are_actions() {
        let dir = std::env::temp_dir().join(format!("convert-app-{}", std::process::id()));
        let controllers_dir = dir.join("app/controllers/admin");
        std::fs::create_dir_all(&controllers_dir).expect("a temporary directory");
        std::fs::write(
            dir.join("app/controllers/application_controller.rb"),
            "class ApplicationController < ActionController::Base\n  helper_method :x\n\
             def ping; end\n  protected\n  def current_user; end\nend\n",
        )
        .expect("written");
        std::fs::write(
            dir.join("app/controllers/charts_controller.rb"),
            "class ChartsController < ApplicationController\n  hide_action :helper\n\
             def daily; end\n  def weekly; end\n  def helper; end\n  def valid?; end\n\
             private :weekly\n  private def secret; end\n  def export; end\n  private\n\
             def hidden; end\nend\n",
        )
        .expect("written");
        std::fs::write(
            controllers_dir.join("reports_controller.rb"),
            "module Admin\n  class ReportsController < BaseController\n    def index; end\n  \
             end\nend\n",
        )
        .expect("written");
        std::fs::write(
            controllers_dir.join("base_controller.rb"),
            "class Admin::BaseController < ApplicationController\n  def audit; end\nend\n",
        )
        .expect("written");
        let found = controllers(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        let table: Vec<(String, Vec<String>)> =
            found.into_iter().map(|c| (c.path, c.actions)).collect();
        let own = |p: &str, a: &[&str]| (p.to_owned(), a.iter().map(|s| (*s).to_owned()).collect());
        assert_eq!(
            table,
            [
                own("admin/base", &["audit", "ping"]),
                own("admin/reports", &["index", "audit", "ping"]),
                own("charts", &["daily", "export", "ping"]),
            ]
        );
    }
}
