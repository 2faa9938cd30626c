//! Rails 2.3's resource layout: the routes one name of a `resources`/`resource` declaration
//! generates (names, paths, methods, actions, in recognition order), where its nested
//! declarations go, and what they inherit.

use proc_macro2::Span;
use routes_syntax::inflector::{pluralize, singularize};
use routes_syntax::pattern::Format;
use syn::Ident;

use crate::model::{Route, Segment, Target, Verb};
use crate::symbol::{CREATE, DESTROY, EDIT, ID, INDEX, NEW, SHOW, UPDATE};

/// What nesting passes down to the declarations inside a block.
#[derive(Clone, Default)]
pub struct Scope {
    pub path_prefix: Vec<Segment>,
    pub name_prefix: String,
    /// Controller prefix of a namespace: `admin/`.
    pub namespace: String,
    /// The namespace's own path and name prefix, which shallow member routes keep.
    pub namespace_path: Vec<Segment>,
    pub namespace_name: String,
    pub shallow: bool,
    /// The enclosing resource's controller, for `named`/`connect`/`root` inside its block.
    pub controller: Option<String>,
    pub top_level: bool,
    /// `resources_path_names(...)`: path segments for `new` and `edit` in every resource.
    pub path_names: Vec<(String, String)>,
}

/// A custom action from `collection(...)`, `member(...)` or `new(...)`.
#[derive(Clone)]
pub struct CustomAction {
    pub name: String,
    pub span: Span,
    /// Empty for `any`.
    pub methods: Vec<Verb>,
}

/// The options of one `resources`/`resource` declaration, interpreted.
#[derive(Clone, Default)]
pub struct ResourceOptions {
    pub collection: Vec<CustomAction>,
    pub member: Vec<CustomAction>,
    pub new: Vec<CustomAction>,
    pub controller: Option<String>,
    pub singular: Option<String>,
    /// Indexes into `RouteTable::requirements`.
    pub requirements: Vec<usize>,
    /// Indexes into `RouteTable::types`.
    pub types: Vec<usize>,
    pub conditions: Vec<(String, String)>,
    /// `as`: the resource's own path segment(s).
    pub path_segment: Option<Vec<Segment>>,
    pub path_prefix: Option<Vec<Segment>>,
    /// `Some(None)` for `name_prefix = None`.
    pub name_prefix: Option<Option<String>>,
    /// The default actions routed, `None` for all of them.
    pub allowed: Option<Vec<String>>,
    pub shallow: Option<bool>,
    pub path_names: Vec<(String, String, Span)>,
    pub has_many: Vec<Association>,
    pub has_one: Vec<Ident>,
    pub param: Option<String>,
    /// A controller prefix ending in `/`, replacing the enclosing namespace's.
    pub namespace: Option<String>,
}

/// A `has_many` entry: a resource, and those nested in it (`messages(comments)`).
#[derive(Clone)]
pub struct Association {
    pub name: Ident,
    pub children: Vec<Association>,
}

/// One step of a resource's layout, in recognition order.
pub enum Part {
    /// The resource's own routes.
    Routes(Vec<Route>),
    /// A resource nested by `has_many` or `has_one`, to lay out in turn, as if declared in
    /// the resource's block.
    Nested {
        name: Ident,
        singleton: bool,
        options: Box<ResourceOptions>,
        scope: Scope,
    },
    /// Where the declarations of the resource's block go, and what they inherit.
    Block(Scope),
}

/// One resource of a `resources`/`resource` declaration, with its names and paths worked out.
pub struct Resource {
    span: Span,
    singleton: bool,
    plural: String,
    singular: String,
    controller: String,
    /// The resource's own segment(s): its plural, or `as`.
    segment: Vec<Segment>,
    path: Vec<Segment>,
    /// Prefix of member paths: the path prefix, or only the namespace when shallow.
    shallow_path_prefix: Vec<Segment>,
    name_prefix: String,
    shallow_name_prefix: String,
    shallow: bool,
    member_param: String,
    path_names: Vec<(String, String)>,
    /// The controller prefix (`admin/`), and the path and name prefixes shallow member routes
    /// keep (`/admin`, `admin_`).
    namespace: String,
    namespace_path: Vec<Segment>,
    namespace_name: String,
    conditions: Vec<(String, String)>,
}

impl Resource {
    pub fn new(name: &Ident, options: &ResourceOptions, scope: &Scope, singleton: bool) -> Self {
        let span = name.span();
        let name = name.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        let (plural, singular) = if singleton {
            (name.clone(), name.clone())
        } else {
            let singular = options
                .singular
                .clone()
                .unwrap_or_else(|| singularize(&name));
            (name.clone(), singular)
        };
        let controller_base = options.controller.clone().unwrap_or_else(|| {
            if singleton {
                pluralize(&name)
            } else {
                name.clone()
            }
        });
        let path_prefix = options
            .path_prefix
            .clone()
            .unwrap_or_else(|| scope.path_prefix.clone());
        let name_prefix = match &options.name_prefix {
            Some(Some(prefix)) => prefix.clone(),
            Some(None) => String::new(),
            None => scope.name_prefix.clone(),
        };
        let shallow = !singleton && options.shallow.unwrap_or(scope.shallow);
        let segment = options
            .path_segment
            .clone()
            .unwrap_or_else(|| vec![Segment::Static(plural.clone())]);
        let mut path = path_prefix.clone();
        path.extend(segment.iter().cloned());
        let mut path_names = scope.path_names.clone();
        for (action, segment, _) in &options.path_names {
            path_names.retain(|(a, _)| a != action);
            path_names.push((action.clone(), segment.clone()));
        }
        // Rails' `:namespace` option replaces the enclosing namespace, for the controller and
        // for what shallow member routes keep.
        let (namespace, namespace_path, namespace_name) = match &options.namespace {
            Some(namespace) => (
                namespace.clone(),
                namespace
                    .trim_end_matches('/')
                    .split('/')
                    .map(|part| Segment::Static(part.to_owned()))
                    .collect(),
                namespace.replace('/', "_"),
            ),
            None => (
                scope.namespace.clone(),
                scope.namespace_path.clone(),
                scope.namespace_name.clone(),
            ),
        };
        Resource {
            span,
            singleton,
            plural,
            singular,
            controller: format!("{namespace}{controller_base}"),
            segment,
            path,
            shallow_path_prefix: if shallow {
                namespace_path.clone()
            } else {
                path_prefix
            },
            shallow_name_prefix: if shallow {
                namespace_name.clone()
            } else {
                name_prefix.clone()
            },
            name_prefix,
            shallow,
            member_param: options.param.clone().unwrap_or_else(|| ID.to_owned()),
            path_names,
            namespace,
            namespace_path,
            namespace_name,
            conditions: options.conditions.clone(),
        }
    }

    /// The resource's routes and nested declarations in recognition order, as Rails 2.3.4
    /// and later have them: its `has_many`, its `has_one` and its block come before its own
    /// routes, so that a nested `images` index is recognised before a member action
    /// `images` of its parent.
    pub fn layout(&self, options: &ResourceOptions, scope: &Scope) -> Vec<Part> {
        let inner = self.nested_scope(scope);
        let mut parts = Vec::new();
        for association in &options.has_many {
            parts.push(Part::Nested {
                name: association.name.clone(),
                singleton: false,
                options: Box::new(ResourceOptions {
                    has_many: association.children.clone(),
                    ..ResourceOptions::default()
                }),
                scope: inner.clone(),
            });
        }
        for name in &options.has_one {
            parts.push(Part::Nested {
                name: name.clone(),
                singleton: true,
                options: Box::default(),
                scope: inner.clone(),
            });
        }
        parts.push(Part::Block(inner));
        parts.push(Part::Routes(self.routes(options)));
        parts
    }

    fn path_name<'s>(&'s self, action: &'s str) -> &'s str {
        self.path_names
            .iter()
            .rev()
            .find(|(a, _)| a == action)
            .map_or(action, |(_, segment)| segment.as_str())
    }

    /// `/articles/:id`, or the path itself for a singleton.
    fn member_path(&self) -> Vec<Segment> {
        if self.singleton {
            return self.path.clone();
        }
        let mut path = self.shallow_path_prefix.clone();
        path.extend(self.segment.iter().cloned());
        path.push(Segment::param(&self.member_param));
        path
    }

    fn new_path(&self) -> Vec<Segment> {
        let mut path = self.path.clone();
        path.push(Segment::Static(self.path_name(NEW).to_owned()));
        path
    }

    fn route(&self, name: String, methods: &[Verb], segments: Vec<Segment>, action: &str) -> Route {
        Route {
            name: Some(name),
            decl: 0,
            span: self.span,
            methods: methods.to_vec(),
            segments,
            format: Format::Optional,
            controller: self.controller.clone(),
            action: action.to_owned(),
            conditions: self.conditions.clone(),
            defaults: Vec::new(),
            groups: Vec::new(),
            target: Target::Action,
            request: None,
            regex: None,
            journey: None,
        }
    }

    fn custom_route(&self, name: String, action: &CustomAction, path: Vec<Segment>) -> Route {
        Route {
            span: action.span,
            ..self.route(name, &action.methods, path, &action.name)
        }
    }

    /// The resource's own routes in Rails 2.3's order. Where routes share a name (a singleton's
    /// show, update and destroy), the first keeps it.
    fn routes(&self, options: &ResourceOptions) -> Vec<Route> {
        let allowed = |action: &str| {
            options
                .allowed
                .as_ref()
                .is_none_or(|list| list.iter().any(|a| a == action))
        };
        let mut routes = Vec::new();
        let np = &self.name_prefix;
        let snp = &self.shallow_name_prefix;
        let with = |mut path: Vec<Segment>, segment: &str| {
            path.push(Segment::Static(segment.to_owned()));
            path
        };

        for action in &options.collection {
            let name = format!("{}_{np}{}", action.name, self.plural);
            let path = with(self.path.clone(), self.path_name(&action.name));
            routes.push(self.custom_route(name, action, path));
        }
        if !self.singleton {
            let mut index_name = format!("{np}{}", self.plural);
            if self.singular == self.plural {
                index_name.push_str("_index");
            }
            if allowed(INDEX) {
                routes.push(self.route(index_name.clone(), &[Verb::Get], self.path.clone(), INDEX));
            }
            if allowed(CREATE) {
                routes.push(self.route(index_name, &[Verb::Post], self.path.clone(), CREATE));
            }
        }

        let new_name = format!("new_{np}{}", self.singular);
        if allowed(NEW) {
            routes.push(self.route(new_name.clone(), &[Verb::Get], self.new_path(), NEW));
        }
        for action in &options.new {
            let (name, path) = if action.name == NEW {
                (new_name.clone(), self.new_path())
            } else {
                (
                    format!("{}_{new_name}", action.name),
                    with(self.new_path(), &action.name),
                )
            };
            routes.push(self.custom_route(name, action, path));
        }

        if allowed(EDIT) {
            let name = format!("edit_{snp}{}", self.singular);
            let path = with(self.member_path(), self.path_name(EDIT));
            routes.push(self.route(name, &[Verb::Get], path, EDIT));
        }
        for action in &options.member {
            let name = format!("{}_{snp}{}", action.name, self.singular);
            let path = with(self.member_path(), self.path_name(&action.name));
            routes.push(self.custom_route(name, action, path));
        }
        let member_name = format!("{snp}{}", self.singular);
        for (action, methods) in [
            (SHOW, &[Verb::Get][..]),
            (UPDATE, &[Verb::Put, Verb::Patch][..]),
            (DESTROY, &[Verb::Delete][..]),
        ] {
            if allowed(action) {
                routes.push(self.route(member_name.clone(), methods, self.member_path(), action));
            }
        }
        if self.singleton && allowed(CREATE) {
            routes.push(self.route(member_name, &[Verb::Post], self.path.clone(), CREATE));
        }

        let mut claimed: Vec<String> = Vec::new();
        for route in &mut routes {
            if let Some(name) = &route.name {
                if claimed.contains(name) {
                    route.name = None;
                } else {
                    claimed.push(name.clone());
                }
            }
        }
        routes
    }

    /// What nested declarations inherit: the nesting path and name prefixes, the namespace,
    /// `shallow`, and this resource's controller for plain routes.
    fn nested_scope(&self, scope: &Scope) -> Scope {
        let path_prefix = if self.singleton {
            self.path.clone()
        } else {
            let mut path = self.shallow_path_prefix.clone();
            path.extend(self.segment.iter().cloned());
            path.push(Segment::param(&format!(
                "{}_{}",
                self.singular, self.member_param
            )));
            path
        };
        Scope {
            path_prefix,
            name_prefix: format!("{}{}_", self.shallow_name_prefix, self.singular),
            namespace: self.namespace.clone(),
            namespace_path: self.namespace_path.clone(),
            namespace_name: self.namespace_name.clone(),
            shallow: self.shallow || (self.singleton && scope.shallow),
            controller: Some(self.controller.clone()),
            top_level: false,
            path_names: scope.path_names.clone(),
        }
    }
}

#[cfg(test)]
mod tests;
