//! The recogniser of a route set as a tree: each route spelt out as the shapes of path it
//! takes, grouped one level per path segment, each node knowing the smallest code below it
//! (see "How recognition works" in the runtime's `recognizer` module). `matcher` writes it out
//! as Rust.

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;
use routes_syntax::methods as bits;
use routes_syntax::pattern::Format;

use crate::model::{Requirements, RouteTable, Verb};
pub use crate::shapes::Test;
use crate::shapes::{Shape, Step, shapes};

/// The bits of a route's methods, as the runtime tests them: every bit for a route that takes
/// any method.
fn method_bits(methods: &[Verb]) -> u16 {
    if methods.is_empty() {
        return bits::ANY;
    }
    methods.iter().fold(0, |all, verb| {
        all | match verb {
            Verb::Get => bits::GET,
            Verb::Post => bits::POST,
            Verb::Put => bits::PUT,
            Verb::Patch => bits::PATCH,
            Verb::Delete => bits::DELETE,
        }
    })
}

/// A node of the tree of the shapes of one length.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Node {
    /// The smallest code below.
    pub min: u32,
    pub statics: BTreeMap<String, Node>,
    /// One child per test, tried by smallest `min` first.
    pub dynamics: Vec<(Test, Node)>,
    /// Shapes ending here, the last segment read whole: `(code, methods)`, smallest first.
    pub whole: Vec<(u32, u16)>,
    /// Shapes ending here, the last segment read as `VALUE.FORMAT`.
    pub split: Vec<(u32, u16)>,
    /// Shapes whose glob takes the rest of the path from here (one segment or more), one list
    /// per test of the whole rest, each smallest code first.
    pub globs: Vec<(Test, Vec<(u32, u16)>)>,
}

/// The recogniser of a table, ready to be written out.
pub struct Recognizer {
    /// The tree of every shape, one level per path segment.
    pub root: Node,
    /// How many low bits of a code hold a controller's rank.
    pub shift: u32,
    /// The most segments a shape takes: `usize::MAX` where a glob takes the rest of the path.
    pub depth: usize,
    /// Bit `n` set where a shape `n` segments long reads its last as `VALUE.FORMAT` (at most
    /// `MAX_DEPTH`, the deepest a shape is; a glob takes no format): the path is read so only
    /// where the matcher will look.
    pub formats: u64,
    /// Types named by `types(...)`, by their keys.
    pub types: BTreeMap<String, TokenStream>,
}

/// Why a table cannot be compiled into a recogniser.
pub struct TooLarge;

impl Recognizer {
    /// The recogniser of `table`'s routes, whose controllers are `controllers` and
    /// requirements `requirements`.
    pub fn new(
        table: &RouteTable,
        controllers: &[String],
        requirements: &Requirements,
    ) -> Result<Self, TooLarge> {
        let shift = usize::BITS - controllers.len().saturating_sub(1).leading_zeros();
        let last = (table.routes.len() as u64) << (shift + 1);
        if last >= u64::from(u32::MAX) {
            return Err(TooLarge);
        }
        let mut recognizer = Recognizer {
            root: Node::default(),
            shift,
            depth: 0,
            formats: 0,
            types: table
                .types
                .iter()
                .map(|ty| {
                    let value = &ty.value;
                    (ty.key.clone(), quote!(#value))
                })
                .collect(),
        };
        let number = |i: usize| requirements.number(i);
        for (index, route) in table.routes.iter().enumerate() {
            let methods = method_bits(&route.methods);
            let base = (index as u32) << (shift + 1);
            let shapes = shapes(table, route, controllers, &number, usize::MAX).unwrap_or_default();
            for shape in shapes {
                let deepest = match shape.glob() {
                    Some(_) => usize::MAX,
                    None => shape.steps.len(),
                };
                recognizer.depth = recognizer.depth.max(deepest);
                recognizer.insert(&shape, base | shape.rank, methods);
            }
        }
        recognizer.root.finish();
        Ok(recognizer)
    }

    fn insert(&mut self, shape: &Shape, code: u32, methods: u16) {
        let len = shape.steps.len();
        let mut node = &mut self.root;
        for step in &shape.steps {
            node = match step {
                Step::Static(text) => node.statics.entry(text.clone()).or_default(),
                Step::Glob(test) => {
                    let entry = (code, methods);
                    match node.globs.iter_mut().find(|(t, _)| t == test) {
                        Some((_, entries)) => entries.push(entry),
                        None => node.globs.push((test.clone(), vec![entry])),
                    }
                    return;
                }
                Step::Dynamic(test) => {
                    let at = match node.dynamics.iter().position(|(t, _)| t == test) {
                        Some(at) => at,
                        None => {
                            node.dynamics.push((test.clone(), Node::default()));
                            node.dynamics.len() - 1
                        }
                    };
                    &mut node.dynamics[at].1
                }
            };
        }
        node.whole.push((code, methods));
        if shape.format != Format::None && len > 0 {
            self.formats |= 1 << len.min(63);
            node.split.push((code | 1 << self.shift, methods));
        }
    }
}

impl Node {
    /// The tree with each code written as its distance above the tree's `min`. Two trees whose
    /// relative trees are equal are alike: one lookup, run with either's `min` as its base,
    /// answers for both.
    pub fn relative(&self) -> Node {
        self.lowered(self.min)
    }

    fn lowered(&self, by: u32) -> Node {
        let entries = |entries: &[(u32, u16)]| {
            entries
                .iter()
                .map(|&(code, methods)| (code.wrapping_sub(by), methods))
                .collect()
        };
        Node {
            min: self.min.wrapping_sub(by),
            statics: self
                .statics
                .iter()
                .map(|(literal, child)| (literal.clone(), child.lowered(by)))
                .collect(),
            dynamics: self
                .dynamics
                .iter()
                .map(|(test, child)| (test.clone(), child.lowered(by)))
                .collect(),
            whole: entries(&self.whole),
            split: entries(&self.split),
            globs: self
                .globs
                .iter()
                .map(|(test, list)| (test.clone(), entries(list)))
                .collect(),
        }
    }

    /// Sets every `min` below and here, sorts the lists, and orders the dynamic children by
    /// their smallest code, the order lookups try them in.
    fn finish(&mut self) -> u32 {
        self.whole.sort_unstable();
        self.split.sort_unstable();
        for (_, entries) in &mut self.globs {
            entries.sort_unstable();
        }
        self.globs.sort_by_key(|(_, entries)| entries[0].0);
        let mut min = self
            .whole
            .iter()
            .chain(&self.split)
            .chain(self.globs.iter().flat_map(|(_, entries)| entries))
            .map(|e| e.0)
            .min()
            .unwrap_or(u32::MAX);
        for child in self.statics.values_mut() {
            min = min.min(child.finish());
        }
        for (_, child) in &mut self.dynamics {
            min = min.min(child.finish());
        }
        self.dynamics.sort_by_key(|(_, child)| child.min);
        self.min = min;
        min
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The recogniser of an invocation's table, requirements numbered as the route set numbers them.
    pub(crate) fn recognizer(tokens: TokenStream) -> Recognizer {
        let table = crate::pipeline::table_of(quote!([::resourceful] #tokens));
        let requirements = Requirements::of(&table);
        Recognizer::new(&table, &table.controllers(), &requirements)
            .unwrap_or_else(|_| panic!("too large"))
    }

    #[test]
    fn the_default_route_spells_out_each_controller_and_leaves_out_its_tail() {
        let recognizer = recognizer(quote! {
            resources(articles, only(index));
            namespace(admin) { resources(users, only(index)); }
            connect("/:controller/:action/:id");
        });
        assert_eq!(recognizer.shift, 1);
        assert_eq!(recognizer.depth, 4, "admin/users/show/1");
        assert_eq!(
            recognizer.root.statics.keys().collect::<Vec<_>>(),
            ["admin", "articles"],
        );
        // The default route is route 2: its code is `2 << 2`, with the rank of `articles`.
        let articles = &recognizer.root.statics["articles"];
        assert_eq!(articles.whole, [(0, 1), (2 << 2 | 1, u16::MAX)]);
        let action = &articles.dynamics[0].1;
        assert_eq!(action.whole, [(2 << 2 | 1, u16::MAX)]);
        assert_eq!(action.split, [(2 << 2 | 1 << 1 | 1, u16::MAX)]);
        let users = &recognizer.root.statics["admin"].statics["users"];
        assert_eq!(users.whole, [(1 << 2, 1), (2 << 2, u16::MAX)]);
        // `articles(.:format)` to `admin/users/show/1(.:format)`.
        assert_eq!(recognizer.formats, 0b11110);
    }

    #[test]
    fn the_format_is_read_at_the_depths_of_routes_that_take_one_and_never_a_globs() {
        let recognizer = recognizer(quote! {
            named(file, "/files/*path", controller = "files", action = "show");
            named(feed, "/feed.:format", controller = "feeds", action = "show");
            named(page, "/docs/:version/:page", controller = "docs", action = "show");
        });
        assert_eq!(recognizer.depth, usize::MAX);
        assert_eq!(
            recognizer.formats,
            1 << 1 | 1 << 3,
            "feed, and a doc's page"
        );
    }
}
