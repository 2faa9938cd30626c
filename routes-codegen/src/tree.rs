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
pub use crate::shapes::{RegexTest, Test};
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

/// A shape ending at a node: its code and the methods its route takes, and where they are not
/// the plain ones, how its values fill the route's slots (`map`, a number among the
/// recogniser's `slot_maps`; 0: in order) and the conditions on the request its route takes
/// (`request`, their number plus one; 0: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Entry {
    pub code: u32,
    pub methods: u16,
    pub map: u16,
    pub request: u8,
}

impl Entry {
    /// Whether the entry needs nothing but its code and methods.
    pub fn is_plain(&self) -> bool {
        self.map == 0 && self.request == 0
    }
}

impl PartialEq<(u32, u16)> for Entry {
    fn eq(&self, &(code, methods): &(u32, u16)) -> bool {
        self.is_plain() && self.code == code && self.methods == methods
    }
}

/// A node of the tree of the shapes of one length.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Node {
    /// The smallest code below.
    pub min: u32,
    pub statics: BTreeMap<String, Node>,
    /// One child per test, tried by smallest `min` first.
    pub dynamics: Vec<(Test, Node)>,
    /// Shapes ending here, the last segment read whole, smallest code first.
    pub whole: Vec<Entry>,
    /// Shapes ending here, the last segment read as `VALUE.FORMAT`.
    pub split: Vec<Entry>,
    /// Shapes whose glob takes the rest of the path from here (one segment or more), one list
    /// per test of the whole rest, each smallest code first.
    pub globs: Vec<(Test, Vec<Entry>)>,
    /// Routes whose regex matches the rest of the path from here (from the `/` before the next
    /// segment, or nothing where the path ends here), one list per regex.
    pub regexes: Vec<(RegexTest, Vec<Entry>)>,
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
    /// How the values of shapes that leave out an optional group before their last value fill
    /// their route's slots: for each value, its slot. Number 0 is none: values in order.
    pub slot_maps: Vec<Vec<usize>>,
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
            slot_maps: vec![Vec::new()],
        };
        for (index, route) in table.routes.iter().enumerate() {
            let methods = method_bits(&route.methods);
            let base = (index as u32) << (shift + 1);
            let shapes =
                shapes(table, route, controllers, requirements, usize::MAX).unwrap_or_default();
            let request = route.request.map_or(0, |r| r as u8 + 1);
            for shape in shapes {
                let deepest = match shape.steps.last() {
                    Some(Step::Glob(_) | Step::Regex(_)) => usize::MAX,
                    _ => shape.steps.len(),
                };
                recognizer.depth = recognizer.depth.max(deepest);
                let map = match &shape.slots {
                    None => 0,
                    Some(map) => match recognizer.slot_maps.iter().position(|m| m == map) {
                        Some(at) => at,
                        None => {
                            recognizer.slot_maps.push(map.clone());
                            recognizer.slot_maps.len() - 1
                        }
                    },
                } as u16;
                let entry = Entry {
                    code: base | shape.rank,
                    methods,
                    map,
                    request,
                };
                recognizer.insert(&shape, entry);
            }
        }
        recognizer.root.finish();
        Ok(recognizer)
    }

    /// Adds a shape; where an earlier shape of the same route ends at the same place (groups
    /// left out in two ways that read the same path), the earlier, which Rails prefers, keeps
    /// it.
    fn insert(&mut self, shape: &Shape, entry: Entry) {
        let len = shape.steps.len();
        let mut node = &mut self.root;
        let add = |entries: &mut Vec<Entry>, entry: Entry| {
            if !entries.iter().any(|e| e.code == entry.code) {
                entries.push(entry);
            }
        };
        for step in &shape.steps {
            node = match step {
                Step::Static(text) => node.statics.entry(text.clone()).or_default(),
                Step::Glob(test) => {
                    match node.globs.iter_mut().find(|(t, _)| t == test) {
                        Some((_, entries)) => add(entries, entry),
                        None => node.globs.push((test.clone(), vec![entry])),
                    }
                    return;
                }
                Step::Regex(test) => {
                    match node.regexes.iter_mut().find(|(t, _)| t == test) {
                        Some((_, entries)) => add(entries, entry),
                        None => node.regexes.push((test.clone(), vec![entry])),
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
        add(&mut node.whole, entry);
        if shape.format != Format::None && len > 0 {
            self.formats |= 1 << len.min(63);
            let split = Entry {
                code: entry.code | 1 << self.shift,
                ..entry
            };
            add(&mut node.split, split);
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
        let entries = |entries: &[Entry]| {
            entries
                .iter()
                .map(|&e| Entry {
                    code: e.code.wrapping_sub(by),
                    ..e
                })
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
            regexes: self
                .regexes
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
        for (_, entries) in &mut self.regexes {
            entries.sort_unstable();
        }
        self.globs.sort_by_key(|(_, entries)| entries[0].code);
        self.regexes.sort_by_key(|(_, entries)| entries[0].code);
        let mut min = self
            .whole
            .iter()
            .chain(&self.split)
            .chain(self.globs.iter().flat_map(|(_, entries)| entries))
            .chain(self.regexes.iter().flat_map(|(_, entries)| entries))
            .map(|e| e.code)
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
