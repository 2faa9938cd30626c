//! Reading the options of `resources` and `resource` into what the layout takes, with the
//! rules that only make sense for resources: `only`/`except` against the default actions,
//! what `path_names` may rename, and what a singleton ignores.

use proc_macro2::Span;
use syn::Ident;

use crate::builder::Builder;
use crate::errors::{did_you_mean, hint};
use crate::options::{Options, Reader};
use crate::parse::{Arg, Item, Stmt, Value};
use crate::resources::{Association, ResourceOptions};
use crate::symbol::{
    ALL, AS, COLLECTION, CONDITIONS, CONTROLLER, DEFAULT_ACTIONS, EDIT, EXCEPT, HAS_MANY, HAS_ONE,
    MEMBER, NAME_PREFIX, NAMESPACE, NEW, NONE, ONLY, PARAM, PATH_NAMES, PATH_PREFIX, REQUIREMENTS,
    SHALLOW, SINGLETON_ACTIONS, SINGULAR, TYPES,
};

impl Reader<'_> {
    pub fn resource_options(
        &self,
        options: &Options<'_>,
        singleton: bool,
        build: &mut Builder,
    ) -> ResourceOptions {
        let mut out = ResourceOptions::default();
        for arg in &options.args {
            let Some(key) = arg.key() else { continue };
            match key.to_string().as_str() {
                COLLECTION => out.collection = self.custom_actions(arg),
                MEMBER => out.member = self.custom_actions(arg),
                NEW => out.new = self.custom_actions(arg),
                CONTROLLER => {
                    out.controller = self.string(arg).and_then(|l| self.controller_name(&l))
                }
                SINGULAR => {
                    out.singular = self
                        .string(arg)
                        .and_then(|l| self.check_word(&l, "a singular"))
                }
                // Merged with those of the `with_options` around, below.
                REQUIREMENTS | CONDITIONS | TYPES => {}
                AS => out.path_segment = self.path_piece(arg, true),
                PATH_PREFIX => out.path_prefix = self.path_piece(arg, false),
                NAME_PREFIX => out.name_prefix = self.name_prefix(arg),
                ONLY | EXCEPT => self.only_except(arg, key, options, singleton, &mut out),
                SHALLOW => out.shallow = self.flag(arg),
                PATH_NAMES => out.path_names = self.path_names(arg),
                HAS_MANY => {
                    out.has_many = self
                        .items(arg)
                        .map(|items| self.associations(items))
                        .unwrap_or_default()
                }
                HAS_ONE => out.has_one = self.has_one(arg),
                NAMESPACE => {
                    out.namespace = self.string(arg).and_then(|l| self.namespace_option(&l))
                }
                PARAM => out.param = self.string(arg).and_then(|l| self.param_name(&l)),
                _ => {}
            }
        }
        out.requirements = build.requirements(self.requirements(options));
        out.conditions = self.conditions(options, false).0;
        out.types = build.types(self.types(options));
        self.check_path_names(&out, singleton);
        out
    }

    /// Options Rails' `map.resource` ignores, reported rather than silently dropped.
    pub fn meaningless_for_singleton(&self, stmt: &Stmt) {
        for arg in &stmt.args {
            let Some(key) = arg.key() else { continue };
            let reason = match key.to_string().as_str() {
                SINGULAR => {
                    "a singleton is already singular; its controller comes from `controller = \"...\"`"
                }
                PARAM => "a singleton has no `:id` to rename",
                SHALLOW => {
                    "a singleton's own routes have no `:id`, so `shallow` means nothing for it"
                }
                _ => continue,
            };
            self.error(
                key.span(),
                format!("`{key}` means nothing for `resource`: {reason}"),
            );
        }
    }

    fn only_except(
        &self,
        arg: &Arg,
        key: &Ident,
        options: &Options<'_>,
        singleton: bool,
        out: &mut ResourceOptions,
    ) {
        let Some(items) = self.items(arg) else {
            return;
        };
        let other = if key == ONLY { EXCEPT } else { ONLY };
        if let Some(first) = options.get(other)
            && options.args.iter().position(|a| std::ptr::eq(*a, first))
                < options.args.iter().position(|a| std::ptr::eq(*a, arg))
        {
            self.error(
                key.span(),
                format!("`{key}` cannot be combined with `{other}`: give one of the two"),
            );
            return;
        }
        let actions = if singleton {
            SINGLETON_ACTIONS
        } else {
            DEFAULT_ACTIONS
        };
        let mut listed: Vec<String> = Vec::new();
        for item in items {
            let Item::Name(action) = item else {
                let key = item.key();
                self.error(key.span(), "expected an action name such as `index`");
                continue;
            };
            let name = action.to_string();
            if name == ALL || name == NONE {
                if items.len() > 1 {
                    self.error(
                        action.span(),
                        format!("`{name}` stands alone in `{key}(...)`"),
                    );
                }
                let all = (name == ALL) == (key == ONLY);
                let chosen: &[&str] = if all { actions } else { &[] };
                out.allowed = Some(chosen.iter().map(|a| a.to_string()).collect());
                return;
            }
            if !actions.contains(&name.as_str()) {
                self.error(
                    action.span(),
                    format!(
                        "unknown action `{name}` in `{key}(...)`{}",
                        hint(&name, actions)
                    ),
                );
                continue;
            }
            if listed.contains(&name) {
                self.error(action.span(), format!("action `{name}` is listed twice"));
                continue;
            }
            listed.push(name);
        }
        out.allowed = Some(if key == ONLY {
            listed
        } else {
            actions
                .iter()
                .filter(|a| !listed.iter().any(|l| l == *a))
                .map(|a| a.to_string())
                .collect()
        });
    }

    fn path_names(&self, arg: &Arg) -> Vec<(String, String, Span)> {
        let Some(items) = self.items(arg) else {
            return Vec::new();
        };
        let mut names: Vec<(String, String, Span)> = Vec::new();
        for item in items {
            match item {
                Item::Assign(action, Value::Str(lit)) => {
                    if names.iter().any(|(a, _, _)| action == a) {
                        self.error(action.span(), format!("duplicate path name for `{action}`"));
                        continue;
                    }
                    if let Some(segment) = self.path_name_segment(lit) {
                        names.push((action.to_string(), segment, action.span()));
                    }
                }
                other => {
                    let key = other.key();
                    self.error(key.span(), format!("expected `{key} = \"segment\"`"));
                }
            }
        }
        names
    }

    /// `path_names` may rename `new`, `edit`, member actions and collection actions.
    fn check_path_names(&self, options: &ResourceOptions, singleton: bool) {
        let mut renamable = vec![NEW, EDIT];
        for action in options.member.iter().chain(&options.collection) {
            renamable.push(&action.name);
        }
        for (action, _, span) in &options.path_names {
            if renamable.contains(&action.as_str()) {
                continue;
            }
            let kind = if singleton { "resource" } else { "resources" };
            let reason = if options.new.iter().any(|a| &a.name == action) {
                format!("`{action}` is a custom `new` action, whose path is never renamed")
            } else if let Some(close) = did_you_mean(action, &renamable) {
                format!("this `{kind}` has no `{action}` action to rename; did you mean `{close}`?")
            } else {
                format!(
                    "this `{kind}` has no `{action}` action to rename; `path_names` renames \
                     `new`, `edit`, member and collection actions"
                )
            };
            self.error(*span, reason);
        }
    }

    fn associations(&self, items: &[Item]) -> Vec<Association> {
        let mut out = Vec::new();
        for item in items {
            match item {
                Item::Name(name) => {
                    if self.check_name(name, "resource") {
                        out.push(Association {
                            name: name.clone(),
                            children: Vec::new(),
                        });
                    }
                }
                Item::Call(name, children) => {
                    if self.check_name(name, "resource") {
                        out.push(Association {
                            name: name.clone(),
                            children: self.associations(children),
                        });
                    }
                }
                other => {
                    let key = other.key();
                    self.error(
                        key.span(),
                        "expected resource names, nested as `messages(comments)`",
                    );
                }
            }
        }
        out
    }

    fn has_one(&self, arg: &Arg) -> Vec<Ident> {
        let Some(items) = self.items(arg) else {
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|item| match item {
                Item::Name(name) if self.check_name(name, "resource") => Some(name.clone()),
                Item::Name(_) => None,
                other => {
                    self.error(other.key().span(), "expected singleton resource names");
                    None
                }
            })
            .collect()
    }
}
