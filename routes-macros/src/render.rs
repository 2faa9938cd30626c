//! The recogniser of a route set written out as Rust: the tree `recognizer` builds, as one
//! decision per path segment, which the runtime's `recognize` calls with the path split into
//! segments (see "How recognition works" in the runtime's `recognizer` module, which this is
//! the other half of).

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::ptr;

use proc_macro2::{Literal, Span, TokenStream};
use quote::{ToTokens, quote};
use syn::Ident;

use routes_syntax::hash::words;

use crate::literals;
use crate::recognizer::{Node, Recognizer, Test};

impl Recognizer {
    /// The matcher, as an item named `name` of the runtime's `Matcher` type; `requirements`
    /// names the route set's requirements.
    pub fn render(&self, r: &TokenStream, name: &Ident, requirements: &TokenStream) -> TokenStream {
        let local = |name: &str| Ident::new(name, Span::mixed_site());
        let render = Render {
            r,
            requirements,
            types: &self.types,
            segs: local("segs"),
            n: local("n"),
            found: local("found"),
            method: local("method"),
            best: local("best"),
            allowed: local("allowed"),
            base: local("base"),
            class: local("class"),
            name,
            parts: RefCell::new(Vec::new()),
            relative: Cell::new(None),
        };
        let Render {
            segs,
            n,
            found,
            method,
            best,
            allowed,
            ..
        } = &render;
        let root = render.accept(&self.root.whole, &[], None);
        let rest = render.node(&self.root, 0, &[]);
        let parts = render.parts.take();
        quote! {
            #(#parts)*
            #[doc(hidden)]
            #[allow(unused_variables, unused_mut, clippy::all)]
            fn #name(
                #segs: &#r::Segments<'_>,
                #method: u16,
                #found: &mut #r::Found,
            ) -> (u32, u16) {
                let mut #best: u32 = #r::NONE;
                let mut #allowed: u16 = 0;
                let #n = #segs.n();
                if #n == 0 {
                    #root
                } else {
                    #rest
                }
                (#best, #allowed)
            }
        }
    }
}

struct Render<'a> {
    r: &'a TokenStream,
    requirements: &'a TokenStream,
    types: &'a BTreeMap<String, TokenStream>,
    segs: Ident,
    n: Ident,
    found: Ident,
    method: Ident,
    best: Ident,
    allowed: Ident,
    /// The code a lookup shared by alike subtrees adds its codes to, and which of a node's
    /// shared lookups its segment takes (see `shared`).
    base: Ident,
    class: Ident,
    /// The matcher's name, which its parts' names start with.
    name: &'a Ident,
    /// The subtrees below the first segment, each written as a function of its own: rustc
    /// checks and compiles many small functions faster than one very large one.
    parts: RefCell<Vec<TokenStream>>,
    /// While a lookup shared by alike subtrees is written: the `min` of the subtree it is
    /// written from, which its codes are written above, as `base + (code - min)`.
    relative: Cell<Option<u32>>,
}

/// Names of the locals of one depth of the lookup: where its segment starts and ends, and
/// whether it is the last.
struct Depth {
    start: Ident,
    end: Ident,
    last: Ident,
}

impl Depth {
    fn at(depth: usize) -> Self {
        let local = |name: &str| Ident::new(&format!("{name}{depth}"), Span::mixed_site());
        Depth {
            start: local("s"),
            end: local("e"),
            last: local("last"),
        }
    }
}

/// The literals of a node that one reading of its segment may be, each with its child.
type Literals<'n> = Vec<(&'n [u8], &'n Node)>;

impl Render<'_> {
    /// The lookup of segment `depth` (which the path has) among the children of `node`: each
    /// child that takes it either ends the path there (when the segment is the last) or goes
    /// on with the next segment; when the segment is the last and reads as `VALUE.FORMAT`, the
    /// children that take the value end the path too; a glob takes the rest of the path from
    /// it. Literals are told apart by their length, then by a decision tree on their bytes.
    /// `slots` are where the values of the segments before it lie, which a route taken there is
    /// answered with.
    fn node(&self, node: &Node, depth: usize, slots: &[TokenStream]) -> TokenStream {
        let Render {
            r, segs, n, best, ..
        } = self;
        let Depth { start, end, last } = &Depth::at(depth);
        let next = depth + 1;
        let whole: Literals<'_> = node
            .statics
            .iter()
            .map(|(literal, child)| (literal.as_bytes(), child))
            .collect();
        let statics = self.statics(&whole, depth, slots);
        let taken = with(slots, quote!(#r::Bound::at(#start, #end)));
        let dynamics = node.dynamics.iter().filter_map(|(test, child)| {
            let step = self.step(child, depth, &taken);
            if step.is_empty() {
                return None;
            }
            let min = self.code(child.min);
            let condition = self.test(
                test,
                quote!(#segs.dot(#depth)),
                quote!(#segs.text(#start, #end)),
            );
            Some(quote!(if #best > #min && #condition { #step }))
        });
        let dynamics = quote!(#(#dynamics)*);
        let split = self.split(node, slots, depth);
        let globs = self.globs(node, slots, depth);
        quote! {
            let (#start, #end) = #segs.bounds(#depth);
            let #last = #n == #next;
            #statics
            #dynamics
            #split
            #globs
        }
    }

    /// The literals of a node taken as segment `depth`. Literals whose subtrees are alike (see
    /// `Node::alike`: a table's resources of the same actions, say) share one lookup, written
    /// once after the decision on the segment's bytes, which then only says which shared
    /// lookup it is and from what base. Requests for any of them run the same code, with no
    /// jump that has a target per literal for the processor to mispredict, and the matcher is
    /// smaller. Within a shared lookup, literals are not shared again.
    fn statics(&self, literals: &Literals<'_>, depth: usize, slots: &[TokenStream]) -> TokenStream {
        let Render {
            r,
            segs,
            base,
            class,
            ..
        } = self;
        let Depth { start, end, .. } = &Depth::at(depth);
        let len = quote!(#end - #start);
        let shared = match self.relative.get() {
            None => alike(literals),
            Some(_) => Vec::new(),
        };
        if shared.is_empty() {
            return self.by_length(literals, len, start, &|child| {
                self.literal(child, depth, slots)
            });
        }
        // What the lookup of a shared literal answers: which group, and its subtree's `min`.
        let values: HashMap<*const Node, u64> = shared
            .iter()
            .enumerate()
            .flat_map(|(index, members)| {
                members.iter().map(move |&m| {
                    (
                        ptr::from_ref(m),
                        (index as u64 + 1) << 32 | u64::from(m.min),
                    )
                })
            })
            .collect();
        let value = |child: &Node| values.get(&ptr::from_ref(child)).copied();
        let (single, members): (Literals<'_>, Literals<'_>) = literals
            .iter()
            .partition(|&&(_, child)| value(child).is_none());
        let keys: Vec<&[u8]> = members.iter().map(|&(literal, _)| literal).collect();
        let table = (keys.len() > literals::FEWEST)
            .then(|| literals::build(&keys))
            .flatten();
        let decide = match table {
            Some(table) => {
                let (buckets, size) = (table.displace.len(), table.slots.len());
                let seed = Literal::u64_suffixed(table.seed);
                let displace = table.displace.iter().map(|&d| Literal::u16_suffixed(d));
                let entries = table.slots.iter().map(|&i| {
                    let text = i.map_or(&b""[..], |i| members[i].0);
                    let (head, tail) = words(text);
                    let found = i.and_then(|i| value(members[i].1)).unwrap_or(0);
                    let (text, head, tail, found) = (
                        Literal::byte_string(text),
                        Literal::u64_suffixed(head),
                        Literal::u64_suffixed(tail),
                        Literal::u64_suffixed(found),
                    );
                    quote!(#r::Slot::new(#text, #head, #tail, #found))
                });
                let decide = self.by_length(&single, len, start, &|child| {
                    self.literal(child, depth, slots)
                });
                quote! {
                    static LITERALS: #r::Literals<#buckets, #size> = #r::Literals::new(
                        #seed, [#(#displace),*], [#(#entries),*],
                    );
                    let #class: u64 = LITERALS.find(#segs.bytes(#start, #end));
                    #decide
                }
            }
            // Not placed in a table: the decision on the segment's bytes says which, for each.
            None => {
                let decide = self.by_length(literals, len, start, &|child| match value(child) {
                    Some(found) => {
                        let found = Literal::u64_suffixed(found);
                        quote!(#class = #found;)
                    }
                    None => self.literal(child, depth, slots),
                });
                quote! {
                    let mut #class: u64 = 0;
                    #decide
                }
            }
        };
        let arms: Vec<TokenStream> = shared
            .iter()
            .enumerate()
            .map(|(index, members)| {
                let number = Literal::u64_suffixed(index as u64 + 1);
                self.relative.set(Some(members[0].min));
                let lookup = self.literal(members[0], depth, slots);
                self.relative.set(None);
                quote!(#number => { #lookup })
            })
            .collect();
        quote! {
            {
                #decide
                let #base = #class as u32;
                match #class >> 32 {
                    #(#arms)*
                    _ => {}
                }
            }
        }
    }

    /// A code: as a literal, or within a shared lookup, as its distance above the subtree's
    /// `min` added to the base the lookup is run from.
    fn code(&self, code: u32) -> TokenStream {
        match self.relative.get() {
            None => Literal::u32_suffixed(code).into_token_stream(),
            Some(min) => {
                let (base, above) = (&self.base, Literal::u32_suffixed(code - min));
                quote!((#base + #above))
            }
        }
    }

    /// What a literal taken as segment `depth` leads to: the routes of `child` when the
    /// segment is the last, else the lookup of the next segment in it.
    fn literal(&self, child: &Node, depth: usize, slots: &[TokenStream]) -> TokenStream {
        let Render { best, .. } = self;
        let last = &Depth::at(depth).last;
        let ends = (!child.whole.is_empty()).then(|| self.accept(&child.whole, slots, None));
        let goes_on = has_children(child).then(|| self.below(child, depth + 1, slots));
        let min = self.code(child.min);
        match (ends, goes_on) {
            (Some(ends), Some(goes_on)) => {
                quote!(if #best > #min { if #last { #ends } else { #goes_on } })
            }
            (Some(ends), None) => quote!(if #last { #ends }),
            (None, Some(goes_on)) => quote!(if !#last && #best > #min { #goes_on }),
            (None, None) => quote!(),
        }
    }

    /// The last segment read as `VALUE.FORMAT`, taken by the literals and the dynamic children
    /// of `node` whose routes take a format.
    fn split(&self, node: &Node, slots: &[TokenStream], depth: usize) -> TokenStream {
        let Render {
            r,
            requirements: _,
            segs,
            best,
            ..
        } = self;
        let literals: Literals<'_> = node
            .statics
            .iter()
            .filter(|(_, child)| !child.split.is_empty())
            .map(|(literal, child)| (literal.as_bytes(), child))
            .collect();
        let any_dynamic = node.dynamics.iter().any(|(_, c)| !c.split.is_empty());
        if literals.is_empty() && !any_dynamic {
            return quote!();
        }
        let last = &Depth::at(depth).last;
        let split = Ident::new("split", Span::mixed_site());
        let (bs, be) = (
            Ident::new("bs", Span::mixed_site()),
            Ident::new("be", Span::mixed_site()),
        );
        let format = quote!(#split.format());
        let statics = self.by_length(&literals, quote!(#be - #bs), &bs, &|child| {
            let min = self.code(child.split[0].0);
            let accept = self.accept(&child.split, slots, Some(format.clone()));
            quote!(if #best > #min { #accept })
        });
        let taken = with(slots, quote!(#split.value()));
        let dynamics = node.dynamics.iter().filter_map(|(test, child)| {
            let min = self.code(child.split.first()?.0);
            let condition = self.test(
                test,
                quote!(#split.base_dot()),
                quote!(#segs.text(#bs, #be)),
            );
            let accept = self.accept(&child.split, &taken, Some(format.clone()));
            Some(quote!(if #best > #min && #condition { #accept }))
        });
        let _ = r;
        quote! {
            if #last {
                if let ::core::option::Option::Some(#split) = #segs.split_last() {
                    let (#bs, #be) = (#split.start(), #split.end());
                    #statics
                    #(#dynamics)*
                }
            }
        }
    }

    /// The globs of `node`, each taking the rest of the path from segment `depth` when its
    /// test takes the whole of it.
    fn globs(&self, node: &Node, slots: &[TokenStream], depth: usize) -> TokenStream {
        if node.globs.is_empty() {
            return quote!();
        }
        let Render { r, segs, best, .. } = self;
        let start = Depth::at(depth).start;
        let rest = Ident::new("rest", Span::mixed_site());
        let taken = with(slots, quote!(#r::Bound::at(#start, #rest)));
        let globs = node.globs.iter().map(|(test, entries)| {
            let min = self.code(entries[0].0);
            let condition = self.test(test, quote!(false), quote!(#segs.text(#start, #rest)));
            let accept = self.accept(entries, &taken, None);
            quote!(if #best > #min && #condition { #accept })
        });
        quote! {
            let #rest = #segs.end();
            #(#globs)*
        }
    }

    /// The lookup at `node`, `depth` segments in: written in place, or, just below the first
    /// segment, as a part of its own that this calls.
    fn below(&self, node: &Node, depth: usize, slots: &[TokenStream]) -> TokenStream {
        if depth != 1 {
            return self.node(node, depth, slots);
        }
        let Render {
            r,
            segs,
            n,
            found,
            method,
            best,
            allowed,
            ..
        } = self;
        // A part reads the first segment's place again, for the slot it may be.
        let Depth { start, end, .. } = Depth::at(0);
        let body = self.node(node, depth, slots);
        let (base, from) = match self.relative.get() {
            Some(_) => {
                let base = &self.base;
                (quote!(#base: u32,), quote!(#base,))
            }
            None => (quote!(), quote!()),
        };
        let mut parts = self.parts.borrow_mut();
        let part = Ident::new(
            &format!("{}_{}", self.name, parts.len()),
            Span::mixed_site(),
        );
        parts.push(quote! {
            #[doc(hidden)]
            #[allow(unused_variables, unused_mut, clippy::all)]
            fn #part(
                #segs: &#r::Segments<'_>,
                #method: u16,
                #found: &mut #r::Found,
                mut #best: u32,
                mut #allowed: u16,
                #base
            ) -> (u32, u16) {
                let #n = #segs.n();
                let (#start, #end) = #segs.bounds(0);
                #body
                (#best, #allowed)
            }
        });
        quote! {
            (#best, #allowed) = #part(#segs, #method, #found, #best, #allowed, #from);
        }
    }

    /// The test of a dynamic segment whose raw text's dot is `dot` and whose text is `text`.
    fn test(&self, test: &Test, dot: TokenStream, text: TokenStream) -> TokenStream {
        let Render {
            r, requirements, ..
        } = self;
        let mut condition = match test.requirement {
            Some(index) => quote!(#requirements.test(#index, #text)),
            None => quote!(!#dot),
        };
        if let Some(ty) = test.ty.as_ref().and_then(|ty| self.types.get(ty)) {
            condition = quote!(#condition && #r::parses::<#ty>(#text));
        }
        condition
    }

    /// Segment `depth` taken by `child`: either the path ends there (the child's routes are
    /// offered, answered with `slots`) or it goes on into the child.
    fn step(&self, child: &Node, depth: usize, slots: &[TokenStream]) -> TokenStream {
        let Render { best, .. } = self;
        let last = &Depth::at(depth).last;
        let ends = (!child.whole.is_empty()).then(|| {
            let min = self.code(min_of(&child.whole));
            let accept = self.accept(&child.whole, slots, None);
            quote!(if #best > #min { #accept })
        });
        let goes_on = has_children(child).then(|| self.below(child, depth + 1, slots));
        match (ends, goes_on) {
            (Some(ends), Some(goes_on)) => quote!(if #last { #ends } else { #goes_on }),
            (Some(ends), None) => quote!(if #last { #ends }),
            (None, Some(goes_on)) => quote!(if !#last { #goes_on }),
            (None, None) => quote!(),
        }
    }

    /// The literals of `candidates` compared with the text from `start`, `len` bytes long:
    /// a `match` on the length, then for the literals of that length a decision tree on their
    /// bytes, and for the one the text is, what `body` writes.
    fn by_length(
        &self,
        candidates: &Literals<'_>,
        len: TokenStream,
        start: &Ident,
        body: &dyn Fn(&Node) -> TokenStream,
    ) -> TokenStream {
        if candidates.is_empty() {
            return quote!();
        }
        let mut by_length: BTreeMap<usize, Literals<'_>> = BTreeMap::new();
        for &(literal, child) in candidates {
            by_length
                .entry(literal.len())
                .or_default()
                .push((literal, child));
        }
        let arms = by_length.iter().filter_map(|(length, group)| {
            let tree = self.dispatch(group, 0, start, body);
            if tree.is_empty() {
                return None;
            }
            let length = Literal::usize_unsuffixed(*length);
            Some(quote!(#length => { #tree }))
        });
        quote! {
            match #len {
                #(#arms)*
                _ => {}
            }
        }
    }

    /// The literals of `candidates` (of one length, agreeing on their first `k` bytes)
    /// compared with the text at `start`, as a decision tree on its bytes: a prefix they share
    /// is compared at once, then the next byte picks among them; for the literal the text is,
    /// what `body` writes.
    fn dispatch(
        &self,
        candidates: &Literals<'_>,
        k: usize,
        start: &Ident,
        body: &dyn Fn(&Node) -> TokenStream,
    ) -> TokenStream {
        let segs = &self.segs;
        let test = |literal: &[u8], child: &Node| {
            let then = body(child);
            let rest = &literal[k..];
            if then.is_empty() || rest.is_empty() {
                return then;
            }
            let bytes = Literal::byte_string(rest);
            quote!(if #segs.is_at(#start + #k, #bytes) { #then })
        };
        if candidates.len() <= 2 {
            let tests = candidates
                .iter()
                .map(|&(literal, child)| test(literal, child));
            return quote!(#(#tests)*);
        }
        let shared = common_prefix(candidates.iter().map(|(literal, _)| &literal[k..]));
        if shared > 0 {
            let bytes = Literal::byte_string(&candidates[0].0[k..k + shared]);
            let inner = self.dispatch(candidates, k + shared, start, body);
            return quote!(if #segs.is_at(#start + #k, #bytes) { #inner });
        }
        let mut groups: BTreeMap<u8, Literals<'_>> = BTreeMap::new();
        for &(literal, child) in candidates {
            groups.entry(literal[k]).or_default().push((literal, child));
        }
        let arms = groups.iter().map(|(byte, group)| {
            let byte = Literal::u8_suffixed(*byte);
            let inner = self.dispatch(group, k + 1, start, body);
            quote!(::core::option::Option::Some(#byte) => { #inner })
        });
        quote! {
            match #segs.byte(#start + #k) {
                #(#arms)*
                _ => {}
            }
        }
    }

    /// Offers as the best code the first of `entries` (sorted) that takes the method, and
    /// gathers the methods of those that do not, for a 405; when one is taken, its values lie
    /// at `slots`, and its format at `format`.
    fn accept(
        &self,
        entries: &[(u32, u16)],
        slots: &[TokenStream],
        format: Option<TokenStream>,
    ) -> TokenStream {
        let Render {
            r,
            found,
            method,
            best,
            allowed,
            ..
        } = self;
        let format = match format {
            Some(format) => format,
            None => quote!(::core::option::Option::None),
        };
        let fill = quote!(#found.fill([#(#slots),*], #format););
        match entries {
            [] => quote!(),
            [(code, u16::MAX)] => {
                let code = self.code(*code);
                quote!(if #best > #code { #best = #code; #fill })
            }
            _ => {
                let entries = entries.iter().map(|&(code, methods)| {
                    let code = self.code(code);
                    let methods = Literal::u16_suffixed(methods);
                    quote!((#code, #methods))
                });
                quote! {
                    if #r::offer(&mut #best, &mut #allowed, #method, &[#(#entries),*]) {
                        #fill
                    }
                }
            }
        }
    }
}

/// The literals of `literals` whose subtrees are alike, in groups of two or more, each in the
/// order of `literals`.
fn alike<'n>(literals: &Literals<'n>) -> Vec<Vec<&'n Node>> {
    let mut groups: Vec<Vec<&'n Node>> = Vec::new();
    for &(_, child) in literals {
        match groups.iter_mut().find(|group| group[0].alike(child)) {
            Some(group) => group.push(child),
            None => groups.push(vec![child]),
        }
    }
    groups.retain(|group| group.len() > 1);
    groups
}

/// `slots` and then `slot`.
fn with(slots: &[TokenStream], slot: TokenStream) -> Vec<TokenStream> {
    let mut slots = slots.to_vec();
    slots.push(slot);
    slots
}

/// How many bytes all of `texts` start with.
fn common_prefix<'t>(mut texts: impl Iterator<Item = &'t [u8]>) -> usize {
    let Some(first) = texts.next() else {
        return 0;
    };
    texts.fold(first.len(), |len, text| {
        first
            .iter()
            .zip(text)
            .take(len)
            .take_while(|(a, b)| a == b)
            .count()
    })
}

/// Whether the path may go on past `node`: into a child, or a glob.
fn has_children(node: &Node) -> bool {
    !node.statics.is_empty() || !node.dynamics.is_empty() || !node.globs.is_empty()
}

fn min_of(entries: &[(u32, u16)]) -> u32 {
    entries.first().map_or(u32::MAX, |e| e.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recognizer::tests::recognizer;

    fn render(tokens: TokenStream) -> String {
        let r = quote!(__routes);
        let name = Ident::new("__match", Span::call_site());
        let requirements = quote!(__REQUIREMENTS);
        let item = recognizer(tokens).render(&r, &name, &requirements);
        let file: syn::File = syn::parse2(item).expect("the matcher parses as functions");
        quote!(#file).to_string()
    }

    /// A table of `n` resources alike but for their names, with the actions of `only`.
    fn alike(n: usize, only: TokenStream) -> TokenStream {
        let resources = (0..n).map(|i| {
            let name = Ident::new(&format!("things{i}"), Span::call_site());
            quote!(resources(#name, only(#only));)
        });
        quote!(#(#resources)*)
    }

    #[test]
    fn many_alike_literals_are_looked_up_in_a_table_and_share_one_lookup() {
        let text = render(alike(10, quote!(index, show)));
        assert_eq!(
            text.matches("static LITERALS : __routes :: Literals < 8usize , 32usize >")
                .count(),
            1,
            "{text}"
        );
        for name in (0..10).map(|i| format!("b\"things{i}\"")) {
            assert_eq!(text.matches(&name).count(), 1, "{name} in {text}");
        }
        // One lookup below the first segment for all ten, whose codes are above the base the
        // table gives: a resource's `show` is its second route, 32 above its first (a route's
        // index is shifted past its format bit and four bits of controller rank).
        assert_eq!(text.matches("fn __match_").count(), 1, "{text}");
        assert!(
            text.contains("let class : u64 = LITERALS . find (segs . bytes (s0 , e0)) ;"),
            "{text}"
        );
        assert!(
            text.contains("let base = class as u32 ; match class >> 32 { 1u64 =>"),
            "{text}"
        );
        assert!(text.contains("(base + 32u32)"), "{text}");
        assert!(
            text.contains("b\"things9\" , 1852401780u64 , 963864430u64 , 4294967872u64"),
            "{text}"
        );
    }

    #[test]
    fn a_few_alike_literals_are_told_apart_by_their_bytes_and_share_one_lookup() {
        let text = render(alike(3, quote!(index, show)));
        assert!(!text.contains("Literals"), "{text}");
        assert_eq!(text.matches("fn __match_").count(), 1, "{text}");
        // Each resource's first code: two routes a resource, each shifted past its format
        // bit and two bits of controller rank.
        for i in 0..3 {
            let code = i * 16;
            let set = format!("class = {}u64 ;", 1u64 << 32 | code);
            assert!(text.contains(&set), "`{set}` not in {text}");
        }
    }

    #[test]
    fn literals_not_alike_keep_a_lookup_each() {
        let text = render(quote! {
            resources(tags, only(index, show));
            resources(labels, only(index, show), requirements(id = "[0-9]+"));
            resources(stars, only(index));
        });
        assert!(!text.contains("class"), "{text}");
        assert_eq!(text.matches("fn __match_").count(), 2, "{text}");
    }

    #[test]
    fn each_node_tests_its_segment_against_its_children() {
        let text = render(quote! {
            resources(articles, only(index, show), requirements(id = "[0-9]+"));
            named(page, "/:slug", controller = "pages", via = get);
        });
        for expected in [
            "fn __match (segs : & __routes :: Segments < '_ > , method : u16 , found : & mut __routes :: Found ,) -> (u32 , u16)",
            "let n = segs . n () ;",
            "let (s0 , e0) = segs . bounds (0usize) ;",
            "match e0 - s0 { 8 => { if segs . is_at (s0 + 0usize , b\"articles\") {",
            "if __routes :: offer (& mut best , & mut allowed , method , & [(0u32 , 1u16)]) { found . fill ([] , :: core :: option :: Option :: None) ; }",
            "__REQUIREMENTS . test (0u16 , segs . text (s1 , e1))",
            "found . fill ([__routes :: Bound :: at (s1 , e1)] , :: core :: option :: Option :: None)",
            "if let :: core :: option :: Option :: Some (split) = segs . split_last ()",
            "if best > 8u32 && ! segs . dot (0usize)",
            "found . fill ([split . value ()] , split . format ())",
            "! split . base_dot ()",
        ] {
            assert!(text.contains(expected), "`{expected}` not in {text}");
        }
    }
}
