//! The recogniser of a route set written out as Rust: the tree `tree` builds, as one
//! decision per path segment, which the runtime's `recognize` calls with the path split into
//! segments (see "How recognition works" in the runtime's `recognizer` module, which this is
//! the other half of).

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};

use proc_macro2::{Literal, Span, TokenStream};
use quote::quote;
use syn::Ident;

use routes_syntax::hash::words;

use crate::literals;
use crate::tree::{Entry, Node, Recognizer, Test};

mod accept;

impl Recognizer {
    /// The matcher, as an item named `name` of the runtime's `Matcher` type; `requirements`
    /// names the route set's requirements.
    pub fn render(&self, r: &TokenStream, name: &Ident, requirements: &TokenStream) -> TokenStream {
        let local = |name: &str| Ident::new(name, Span::mixed_site());
        let render = Render {
            r,
            slot_maps: &self.slot_maps,
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
        let regexes = render.regexes(&self.root, 0);
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
                #regexes
                (#best, #allowed)
            }
        }
    }
}

struct Render<'a> {
    r: &'a TokenStream,
    /// How the values of shapes that leave out a group before their last value fill their
    /// route's slots (`Recognizer::slot_maps`).
    slot_maps: &'a [Vec<usize>],
    requirements: &'a TokenStream,
    types: &'a BTreeMap<String, TokenStream>,
    segs: Ident,
    n: Ident,
    found: Ident,
    method: Ident,
    best: Ident,
    allowed: Ident,
    /// Within a lookup shared by alike literals (see `statics`), the base its codes are
    /// written above: the `min` of the literal's subtree, from the table of literals.
    base: Ident,
    /// What the table of literals answered for a segment: the number of its group of alike
    /// literals (`0` for none) in the high half, its base in the low.
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
    /// it. Literals are told apart by their length, then by a decision tree on their bytes, or
    /// looked up in a table (see `statics`).
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

    /// The literals of a node taken as segment `depth`: told apart by their bytes, each with
    /// its own lookup; or, where every one of them has a subtree alike another's (the same
    /// `Node::relative`: a table's resources with the same actions, say) and they are more than
    /// `literals::FEWEST`, looked up in a table of them (see `literals`), which says which
    /// lookup shared by alike literals is theirs and from what base, each shared lookup written
    /// once. Requests for any of them then run the same code, with no jump that has a target
    /// per literal for the processor to mispredict, and the matcher is smaller. A decision on
    /// the bytes is cheaper where there are few literals; and where some literal has a lookup
    /// of its own, every request would pay for both. Within a shared lookup, literals are not
    /// shared again.
    fn statics(
        &self,
        candidates: &Literals<'_>,
        depth: usize,
        slots: &[TokenStream],
    ) -> TokenStream {
        let Depth { start, end, .. } = &Depth::at(depth);
        let each = || {
            self.by_length(candidates, quote!(#end - #start), start, &|child| {
                self.literal(child, depth, slots)
            })
        };
        if self.relative.get().is_some() || candidates.len() <= literals::FEWEST {
            return each();
        }
        let Some(shared) = alike(candidates) else {
            return each();
        };
        let keys: Vec<&[u8]> = candidates.iter().map(|&(literal, _)| literal).collect();
        let Some(table) = literals::build(&keys) else {
            return each();
        };
        let Render {
            r,
            segs,
            base,
            class,
            ..
        } = self;
        let (buckets, size) = (table.displace.len(), table.slots.len());
        let seed = Literal::u64_suffixed(table.seed);
        let displace = table.displace.iter().map(|&d| Literal::u16_suffixed(d));
        let entries = table.slots.iter().map(|&i| {
            let (text, found) = match i {
                Some(i) => (
                    keys[i],
                    (shared[i] as u64 + 1) << 32 | u64::from(candidates[i].1.min),
                ),
                None => (&b""[..], 0),
            };
            let (head, tail) = words(text);
            let (text, head, tail, found) = (
                Literal::byte_string(text),
                Literal::u64_suffixed(head),
                Literal::u64_suffixed(tail),
                Literal::u64_suffixed(found),
            );
            quote!(#r::Slot::new(#text, #head, #tail, #found))
        });
        // One lookup per group, written from its first literal.
        let mut firsts: Vec<usize> = Vec::new();
        for (i, &group) in shared.iter().enumerate() {
            if group == firsts.len() {
                firsts.push(i);
            }
        }
        let arms: Vec<TokenStream> = firsts
            .iter()
            .enumerate()
            .map(|(group, &i)| {
                let number = Literal::u64_suffixed(group as u64 + 1);
                let child = candidates[i].1;
                self.relative.set(Some(child.min));
                let lookup = self.literal(child, depth, slots);
                self.relative.set(None);
                quote!(#number => { #lookup })
            })
            .collect();
        quote! {
            {
                static LITERALS: #r::Literals<#buckets, #size> = #r::Literals::new(
                    #seed, [#(#displace),*], [#(#entries),*],
                );
                let #class: u64 = LITERALS.find(#segs.bytes(#start, #end));
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
            None => {
                let code = Literal::u32_suffixed(code);
                quote!(#code)
            }
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
        let regexes = self.regexes(child, depth + 1);
        let lookup = match (ends, goes_on) {
            (Some(ends), Some(goes_on)) => {
                quote!(if #best > #min { if #last { #ends } else { #goes_on } })
            }
            (Some(ends), None) => quote!(if #last { #ends }),
            (None, Some(goes_on)) => quote!(if !#last && #best > #min { #goes_on }),
            (None, None) => quote!(),
        };
        quote!(#lookup #regexes)
    }

    /// The regexes of routes matched whole that take the rest of the path from `node`, after
    /// its `depth` static segments: each captures the route's values (and its format) where
    /// the path lies.
    fn regexes(&self, node: &Node, depth: usize) -> TokenStream {
        if node.regexes.is_empty() {
            return quote!();
        }
        let Render {
            r,
            requirements,
            segs,
            best,
            ..
        } = self;
        // Not `base`: a shared lookup (see `statics`) names its codes' base so, and the
        // codes this writes are above it.
        let (start, rest, caps) = (
            Ident::new("start", Span::mixed_site()),
            Ident::new("rest", Span::mixed_site()),
            Ident::new("caps", Span::mixed_site()),
        );
        let each = node.regexes.iter().map(|(test, entries)| {
            let min = self.code(entries[0].code);
            let count = test.captures.len();
            let pattern = Literal::u16_suffixed(test.pattern);
            let slot_count = test.captures.iter().flatten().max().map_or(0, |m| m + 1);
            let slots: Vec<TokenStream> = (0..slot_count)
                .map(
                    |slot| match test.captures.iter().position(|c| *c == Some(slot)) {
                        Some(i) => quote!(#caps[#i]),
                        None => quote!(#r::Bound::ABSENT),
                    },
                )
                .collect();
            let format = match test.captures.iter().position(Option::is_none) {
                Some(i) => quote!(#r::Bound::present(#caps[#i])),
                None => quote!(::core::option::Option::None),
            };
            let accept = self.accept_with(entries, &slots, format);
            quote! {
                if #best > #min {
                    if let ::core::option::Option::Some(#caps) =
                        #requirements.captures::<#count>(#pattern, #rest, #start)
                    {
                        #accept
                    }
                }
            }
        });
        quote! {
            {
                let (#start, #rest) = #segs.rest(#depth);
                #(#each)*
            }
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
            let min = self.code(child.split[0].code);
            let accept = self.accept(&child.split, slots, Some(format.clone()));
            quote!(if #best > #min { #accept })
        });
        let taken = with(slots, quote!(#split.value()));
        let dynamics = node.dynamics.iter().filter_map(|(test, child)| {
            let min = self.code(child.split.first()?.code);
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
            let min = self.code(entries[0].code);
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
}

/// The group of each of `candidates`, numbered in order of first appearance, literals whose
/// subtrees are alike in one group; `None` unless each group has two or more.
fn alike(candidates: &Literals<'_>) -> Option<Vec<usize>> {
    let mut numbers: HashMap<Node, usize> = HashMap::new();
    let mut sizes: Vec<usize> = Vec::new();
    let mut groups = Vec::with_capacity(candidates.len());
    for &(_, child) in candidates {
        let next = numbers.len();
        let group = *numbers.entry(child.relative()).or_insert(next);
        if group == sizes.len() {
            sizes.push(0);
        }
        sizes[group] += 1;
        groups.push(group);
    }
    sizes.iter().all(|&size| size > 1).then_some(groups)
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

fn min_of(entries: &[Entry]) -> u32 {
    entries.first().map_or(u32::MAX, |e| e.code)
}

#[cfg(test)]
mod tests;
