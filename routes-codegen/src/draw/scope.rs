//! The scope `draw!` declarations are lowered in, as Rails' mapper keeps it: a stack of
//! frames, each giving some keys (the path, the name prefix, the module, the constraints...),
//! a key read from the innermost frame that gives it, and the *level* (inside `resources`, its
//! `member`, a `nested` resource...) that decides how routes are named.

use std::rc::Rc;

use proc_macro2::Span;
use syn::LitStr;

use super::resource::Resource;
use crate::model::Verb;

/// Where in a resource a declaration is: Rails' `scope_level`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Level {
    #[default]
    Plain,
    Resources,
    Resource,
    Nested,
    Collection,
    Member,
    New,
    Root,
}

/// A constraint as written, before a route says whether its key is a segment of its path
/// (a regex on the value) or a property of the request (compared with the request's).
#[derive(Clone)]
pub enum Constraint {
    /// `key = "..."`: a regex for a segment, the exact value for the request.
    Str(LitStr, Written),
    /// `key = regex("...")`: a regex, for the request too.
    Regex(LitStr, Written),
    /// `port = 8080`.
    Int(u64, Span),
    /// `subdomain = true`: the request has one (`false`: has none).
    Bool(bool, Span),
    /// `port = [80, 8080]`: the request's is one of these.
    OneOf(Vec<String>, Span),
}

/// `types(KEY = Type)` as written: the Rust type of a segment's value.
#[derive(Clone)]
pub struct Typed {
    /// The key as written, for messages.
    pub param: syn::Ident,
    pub ty: syn::Type,
    pub written: Written,
}

/// Which token of the invocation a value was written as, to tell one constraint reaching
/// many routes from two alike.
pub type Written = usize;

/// The methods of a route: some, or all (`via = all`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Via {
    Verbs(Vec<Verb>),
    All,
}

/// `format = ...` of a route or a scope.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Formatted {
    /// `format = false`: no format.
    No,
    /// `format = true`: a format is required.
    Required,
    /// `format = "xml"` (the format's constraint and default) or `format = regex("...")` (its
    /// constraint): an optional format of this pattern.
    Pattern {
        pattern: String,
        default: Option<String>,
    },
}

/// `only` and `except` of a `scope`.
pub type ActionOptions = (Option<Vec<String>>, Option<Vec<String>>);

/// One frame: the keys a `scope` (or a resource, or a level) gives. A key present with no
/// value (`Some(None)`) hides the outer frames' value, as a Ruby hash key set to `nil` does.
#[derive(Clone, Default)]
pub struct Frame {
    pub level: Level,
    pub path: Option<Option<String>>,
    pub shallow_path: Option<Option<String>>,
    pub as_: Option<Option<String>>,
    pub shallow_prefix: Option<Option<String>>,
    pub module: Option<Option<String>>,
    pub controller: Option<String>,
    pub action: Option<String>,
    pub path_names: Option<Vec<(String, String)>>,
    pub constraints: Option<Vec<(String, Constraint)>>,
    /// `types(...)`, merged key by key as constraints are.
    pub types: Option<Vec<(String, Typed)>>,
    pub shallow: Option<bool>,
    /// Predicates on the request (`constraints(with = path::to::fn)`), by their tokens.
    pub blocks: Option<Vec<syn::Type>>,
    pub defaults: Option<Vec<(String, Option<String>)>>,
    pub via: Option<Via>,
    pub format: Option<Option<Formatted>>,
    pub resource: Option<Rc<Resource>>,
    /// `only`/`except` of a `scope`, for the resources inside it that give neither.
    pub action_options: Option<ActionOptions>,
}

/// The stack of frames, innermost last.
pub struct Scope {
    frames: Vec<Frame>,
}

impl Scope {
    pub fn new(path_names: Vec<(String, String)>) -> Self {
        Scope {
            frames: vec![Frame {
                path_names: Some(path_names),
                ..Frame::default()
            }],
        }
    }

    /// The innermost frame's value of a key, if some frame gives it.
    pub fn get<T>(&self, key: impl Fn(&Frame) -> Option<&T>) -> Option<&T> {
        self.frames.iter().rev().find_map(key)
    }

    pub fn path(&self) -> String {
        self.get(|f| f.path.as_ref())
            .cloned()
            .flatten()
            .unwrap_or_default()
    }

    pub fn as_(&self) -> Option<String> {
        self.get(|f| f.as_.as_ref()).cloned().flatten()
    }

    pub fn shallow_path(&self) -> Option<String> {
        self.get(|f| f.shallow_path.as_ref()).cloned().flatten()
    }

    pub fn shallow_prefix(&self) -> Option<String> {
        self.get(|f| f.shallow_prefix.as_ref()).cloned().flatten()
    }

    pub fn module(&self) -> Option<String> {
        self.get(|f| f.module.as_ref()).cloned().flatten()
    }

    pub fn shallow(&self) -> bool {
        self.get(|f| f.shallow.as_ref()).copied().unwrap_or(false)
    }

    pub fn resource(&self) -> Option<Rc<Resource>> {
        self.get(|f| f.resource.as_ref()).cloned()
    }

    pub fn format(&self) -> Option<Formatted> {
        self.get(|f| f.format.as_ref()).cloned().flatten()
    }

    pub fn level(&self) -> Level {
        self.frames.last().map(|f| f.level).unwrap_or_default()
    }

    /// The frames from the innermost out.
    pub fn frames(&self) -> impl Iterator<Item = &Frame> {
        self.frames.iter().rev()
    }

    /// A new frame at the same level (Rails' `Scope#new`).
    pub fn push(&mut self, mut frame: Frame) {
        frame.level = self.level();
        self.frames.push(frame);
    }

    /// The same keys at another level (Rails' `Scope#new_level`).
    pub fn push_level(&mut self, level: Level) {
        let mut frame = self.frames.last().cloned().unwrap_or_default();
        frame.level = level;
        self.frames.push(frame);
    }

    /// Renames paths of actions in the frame that gives the path names (Rails'
    /// `resources_path_names`, which merges into that frame's hash in place).
    pub fn rename_paths(&mut self, names: &[(String, String)]) {
        if let Some(frame) = self
            .frames
            .iter_mut()
            .rev()
            .find(|f| f.path_names.is_some())
        {
            let merged = merge(frame.path_names.as_ref(), names);
            frame.path_names = Some(merged);
        }
    }

    pub fn pop(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    /// Whether the declarations are directly inside `resources` or `resource`.
    pub fn in_resource(&self) -> bool {
        matches!(self.level(), Level::Resources | Level::Resource)
    }

    /// Whether they are inside a resource's `collection`, `member` or `new`.
    pub fn in_resource_method(&self) -> bool {
        matches!(self.level(), Level::Collection | Level::Member | Level::New)
    }
}

/// How two values of a key combine when a scope inside another gives it.
pub fn join_path(parent: &str, child: &str) -> String {
    routes_syntax::journey::normalize_path(&format!("{parent}/{child}"))
}

pub fn join_name(parent: Option<&str>, child: &str) -> String {
    match parent {
        Some(parent) => format!("{parent}_{child}"),
        None => child.to_owned(),
    }
}

pub fn join_module(parent: Option<&str>, child: &str) -> String {
    match parent {
        Some(parent) => format!("{parent}/{child}"),
        None => child.to_owned(),
    }
}

/// `parent` with `child`'s entries, a key of both taking `child`'s value in `parent`'s place.
pub fn merge<T: Clone>(
    parent: Option<&Vec<(String, T)>>,
    child: &[(String, T)],
) -> Vec<(String, T)> {
    let mut merged: Vec<(String, T)> = parent.cloned().unwrap_or_default();
    for (key, value) in child {
        match merged.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 = value.clone(),
            None => merged.push((key.clone(), value.clone())),
        }
    }
    merged
}
