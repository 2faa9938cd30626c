//! `resources` and `resource` as Rails 3 and later lay them out: the declarations of the
//! resource's block first, in the order written (nested resources, `member` and `collection`
//! routes), then its concerns, then its own routes (`index`, `create`, `new`, `edit`, `show`,
//! `update` by PATCH then PUT, `destroy`; a singleton's `create` last); and the scopes
//! `collection`, `member`, `new` and `nested` that place and name what is inside them.

use std::rc::Rc;

use proc_macro2::Span;
use routes_syntax::inflector::{pluralize, singularize};
use syn::Ident;

use super::scope::{Frame, Level};
use super::{Mapper, Options};
use crate::model::Verb;
use crate::parse::Stmt;
use crate::symbol::{CREATE, DESTROY, EDIT, INDEX, NEW, SHOW, UPDATE};

/// A resource being laid out (Rails' `Resource` and `SingletonResource`).
pub struct Resource {
    pub singleton: bool,
    /// The name it is declared with.
    entities: String,
    /// Its path segment: `path = "..."`, else its name.
    path: String,
    pub controller: String,
    as_: Option<String>,
    pub param: String,
    /// Whether it was declared inside `shallow` (or with `shallow`).
    pub shallow: bool,
    /// The default actions it routes.
    actions: Vec<&'static str>,
    /// A singleton's plural, worked out from its declared name (as Rails memoises it).
    singleton_plural: String,
}

impl Resource {
    fn new(entities: &str, singleton: bool, shallow: bool, options: &ResourceOptions) -> Self {
        let defaults: &[&'static str] = if singleton {
            &[SHOW, CREATE, UPDATE, DESTROY, NEW, EDIT]
        } else {
            &[INDEX, CREATE, NEW, SHOW, UPDATE, DESTROY, EDIT]
        };
        let available: Vec<&'static str> = match &options.only {
            Some(only) => defaults
                .iter()
                .copied()
                .filter(|a| only.iter().any(|o| o == a))
                .collect(),
            None => defaults.to_vec(),
        };
        let actions = match &options.except {
            Some(except) => available
                .into_iter()
                .filter(|a| !except.iter().any(|e| e == a))
                .collect(),
            None => available,
        };
        let singleton_plural = pluralize(entities);
        let controller = options.controller.clone().unwrap_or_else(|| {
            if singleton {
                singleton_plural.clone()
            } else {
                entities.to_owned()
            }
        });
        Resource {
            singleton,
            entities: entities.to_owned(),
            path: options.path.clone().unwrap_or_else(|| entities.to_owned()),
            controller,
            as_: options.as_.clone(),
            param: options.param.clone().unwrap_or_else(|| "id".to_owned()),
            shallow,
            actions,
            singleton_plural,
        }
    }

    fn name(&self) -> &str {
        self.as_.as_deref().unwrap_or(&self.entities)
    }

    pub fn plural(&self) -> String {
        if self.singleton {
            self.singleton_plural.clone()
        } else {
            self.name().to_owned()
        }
    }

    pub fn singular(&self) -> String {
        if self.singleton {
            self.name().to_owned()
        } else {
            singularize(self.name())
        }
    }

    pub fn member_name(&self) -> String {
        self.singular()
    }

    pub fn collection_name(&self) -> String {
        let (singular, plural) = (self.singular(), self.plural());
        if self.singleton {
            singular
        } else if singular == plural {
            format!("{plural}_index")
        } else {
            plural
        }
    }

    pub fn collection_scope(&self) -> &str {
        &self.path
    }

    pub fn member_scope(&self) -> String {
        if self.singleton {
            self.path.clone()
        } else {
            format!("{}/:{}", self.path, self.param)
        }
    }

    pub fn nested_param(&self) -> String {
        format!("{}_{}", self.singular(), self.param)
    }

    pub fn nested_scope(&self) -> String {
        if self.singleton {
            self.path.clone()
        } else {
            format!("{}/:{}", self.path, self.nested_param())
        }
    }

    fn routes(&self, action: &str) -> bool {
        self.actions.contains(&action)
    }
}

/// The options of a resource that the resource itself reads (Rails' `RESOURCE_OPTIONS`); the
/// others become a scope around it.
#[derive(Default, Clone)]
pub struct ResourceOptions {
    pub only: Option<Vec<String>>,
    pub except: Option<Vec<String>>,
    pub controller: Option<String>,
    pub path: Option<String>,
    pub as_: Option<String>,
    pub param: Option<String>,
    pub concerns: Vec<Ident>,
}

impl<'a> Mapper<'a> {
    /// `resources(...)` or `resource(...)`: each name, in the scope its scope options make.
    pub(super) fn resources(&mut self, stmt: &'a Stmt, singleton: bool) {
        let Some((names, mut options, scope, shallow)) = self.resource_args(stmt, singleton) else {
            return;
        };
        let block = stmt.block.as_ref().map(|b| &b.stmts[..]);
        for name in names {
            let name = name.to_string();
            let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
            let declare = |this: &mut Self, options: &mut ResourceOptions| {
                this.declare_resource(&name, singleton, options, &scope, block);
            };
            if shallow {
                self.scope.push(Frame {
                    shallow: Some(true),
                    ..Frame::default()
                });
                declare(self, &mut options);
                self.scope.pop();
            } else {
                declare(self, &mut options);
            }
        }
    }

    fn declare_resource(
        &mut self,
        name: &str,
        singleton: bool,
        options: &mut ResourceOptions,
        scope: &Options<'a>,
        block: Option<&'a [Stmt]>,
    ) {
        if self.scope.in_resource() {
            self.nested(|this| this.declare_resource(name, singleton, options, scope, block));
            return;
        }
        if !scope.is_empty() {
            let frame = self.scope_frame(scope);
            self.scope.push(frame);
            let mut options = options.clone();
            self.layout(name, singleton, &mut options, block);
            self.scope.pop();
            return;
        }
        self.layout(name, singleton, options, block);
    }

    /// The resource's routes: its block, its concerns, its own actions.
    fn layout(
        &mut self,
        name: &str,
        singleton: bool,
        options: &mut ResourceOptions,
        block: Option<&'a [Stmt]>,
    ) {
        let level = if singleton {
            Level::Resource
        } else {
            Level::Resources
        };
        self.scope.push_level(level);
        if options.only.is_none()
            && options.except.is_none()
            && let Some((only, except)) = self.scope.get(|f| f.action_options.as_ref()).cloned()
        {
            options.only = only;
            options.except = except;
        }
        let resource = Rc::new(Resource::new(
            name,
            singleton,
            self.scope.shallow(),
            options,
        ));
        self.scope.push(Frame {
            resource: Some(Rc::clone(&resource)),
            ..Frame::default()
        });
        self.scope.push(Frame {
            controller: Some(resource.controller.clone()),
            ..Frame::default()
        });
        // The resources nested in the block point their own routes elsewhere.
        let span = self.resource_span;
        if let Some(stmts) = block {
            self.stmts(stmts);
        }
        for concern in options.concerns.clone() {
            self.concern_by_name(&concern);
        }
        self.resource_span = span;
        let action = |this: &mut Self, verb: Verb, action: &str| {
            this.resource_route(verb, action);
        };
        if !singleton {
            self.collection(|this| {
                if resource.routes(INDEX) {
                    action(this, Verb::Get, INDEX);
                }
                if resource.routes(CREATE) {
                    action(this, Verb::Post, CREATE);
                }
            });
        }
        if resource.routes(NEW) {
            self.new_scope(|this| action(this, Verb::Get, NEW));
        }
        self.member(|this| {
            if resource.routes(EDIT) {
                action(this, Verb::Get, EDIT);
            }
            if resource.routes(SHOW) {
                action(this, Verb::Get, SHOW);
            }
            if resource.routes(UPDATE) {
                action(this, Verb::Patch, UPDATE);
                action(this, Verb::Put, UPDATE);
            }
            if resource.routes(DESTROY) {
                action(this, Verb::Delete, DESTROY);
            }
        });
        if singleton && resource.routes(CREATE) {
            self.collection(|this| action(this, Verb::Post, CREATE));
        }
        self.scope.pop();
        self.scope.pop();
        self.scope.pop();
    }

    /// `collection { ... }`: the resource's path, routes named after its plural.
    pub(super) fn collection(&mut self, inside: impl FnOnce(&mut Self)) {
        let Some(resource) = self.scope.resource() else {
            return;
        };
        self.scope.push_level(Level::Collection);
        self.path_scope(resource.collection_scope());
        inside(self);
        self.scope.pop();
        self.scope.pop();
    }

    /// `member { ... }`: the member's path (under the shallow path when shallow), routes
    /// named after its singular.
    pub(super) fn member(&mut self, inside: impl FnOnce(&mut Self)) {
        let Some(resource) = self.scope.resource() else {
            return;
        };
        self.scope.push_level(Level::Member);
        let shallow = self.is_shallow();
        if shallow {
            self.shallow_scope();
        }
        self.path_scope(&resource.member_scope());
        inside(self);
        self.scope.pop();
        if shallow {
            self.scope.pop();
        }
        self.scope.pop();
    }

    /// `new { ... }`: the resource's `new` path.
    pub(super) fn new_scope(&mut self, inside: impl FnOnce(&mut Self)) {
        let Some(resource) = self.scope.resource() else {
            return;
        };
        self.scope.push_level(Level::New);
        let new = self.action_path(NEW);
        self.path_scope(&format!("{}/{new}", resource.collection_scope()));
        inside(self);
        self.scope.pop();
        self.scope.pop();
    }

    /// `nested { ... }`: under the resource's member (`/posts/:post_id`), names prefixed with
    /// its singular.
    pub(super) fn nested(&mut self, inside: impl FnOnce(&mut Self)) {
        let Some(resource) = self.scope.resource() else {
            return;
        };
        self.scope.push_level(Level::Nested);
        let shallow = self.is_shallow() && self.shallow_nesting_depth() >= 1;
        if shallow {
            self.shallow_scope();
        }
        self.path_scope(&resource.nested_scope());
        // The member param's constraint, where the scope gives one, constrains the nesting
        // param too.
        let param = self.scope.get(|f| {
            f.constraints
                .as_ref()
                .and_then(|c| c.iter().find(|(k, _)| *k == resource.param))
        });
        let constraints = param.map(|(_, c)| vec![(resource.nested_param(), c.clone())]);
        // So does its type.
        let typed = self
            .current_types()
            .and_then(|t| t.iter().find(|(k, _)| *k == resource.param))
            .map(|(_, t)| vec![(resource.nested_param(), t.clone())]);
        let frame = Frame {
            as_: Some(Some(super::scope::join_name(
                self.scope.as_().as_deref(),
                &resource.member_name(),
            ))),
            constraints: constraints.map(|c| super::scope::merge(self.current_constraints(), &c)),
            types: typed.map(|t| super::scope::merge(self.current_types(), &t)),
            ..Frame::default()
        };
        self.scope.push(frame);
        inside(self);
        self.scope.pop();
        self.scope.pop();
        if shallow {
            self.scope.pop();
        }
        self.scope.pop();
    }

    /// Rails' `shallow?`: inside a plural resource, in a `shallow` scope.
    pub(super) fn is_shallow(&self) -> bool {
        self.scope
            .resource()
            .is_some_and(|r| !r.singleton && self.scope.shallow())
    }

    /// How many resources around are shallow.
    fn shallow_nesting_depth(&self) -> usize {
        self.scope
            .frames()
            .filter_map(|f| f.resource.as_ref())
            .filter(|r| r.shallow)
            .count()
    }

    /// The path and name prefix shallow routes keep: the scope's `shallow_path` and
    /// `shallow_prefix`, in place of its path and name prefix.
    fn shallow_scope(&mut self) {
        let frame = Frame {
            as_: Some(self.scope.shallow_prefix()),
            path: Some(self.scope.shallow_path()),
            ..Frame::default()
        };
        self.scope.push(frame);
    }

    pub(super) fn path_scope(&mut self, path: &str) {
        let joined = super::scope::join_path(&self.scope.path(), path);
        self.scope.push(Frame {
            path: Some(Some(joined)),
            ..Frame::default()
        });
    }

    /// What `path_names` renames `action`'s path segment to.
    pub(super) fn action_path(&self, action: &str) -> String {
        self.scope
            .get(|f| f.path_names.as_ref())
            .and_then(|names| names.iter().find(|(a, _)| a == action))
            .map_or_else(|| action.to_owned(), |(_, path)| path.clone())
    }

    /// One of a resource's own routes, `verb` to `action`.
    fn resource_route(&mut self, verb: Verb, action: &str) {
        let span = self.resource_span;
        self.add_action_route(action, Some(verb), span);
    }

    /// Where `resources(...)`'s own routes point when they are in error.
    pub(super) fn set_resource_span(&mut self, span: Span) {
        self.resource_span = span;
    }
}
