//! The recogniser of a route set written out as Rust: the tree `recognizer` builds, as one
//! `match` tree per path segment that the runtime's `recognize` calls with a reader of the
//! path (see "How recognition works" in the runtime's `recognizer` module, which this is the
//! other half of).

use std::cell::RefCell;
use std::collections::BTreeMap;

use proc_macro2::{Literal, Span, TokenStream};
use quote::quote;
use syn::Ident;

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
            reader: local("reader"),
            found: local("found"),
            method: local("method"),
            best: local("best"),
            allowed: local("allowed"),
            name,
            parts: RefCell::new(Vec::new()),
        };
        let Render {
            reader,
            found,
            method,
            best,
            allowed,
            ..
        } = &render;
        let start = local("s0");
        let root = render.accept(&self.root.whole, &[], None);
        let rest = render.node(&self.root, 0, &[]);
        let parts = render.parts.take();
        quote! {
            #(#parts)*
            #[allow(unused_variables, unused_mut, clippy::all)]
            fn #name(
                #reader: &#r::Reader<'_>,
                #method: u16,
                #found: &mut #r::Found,
            ) -> (u32, u16) {
                let mut #best: u32 = #r::NONE;
                let mut #allowed: u16 = 0;
                match #reader.first() {
                    ::core::option::Option::None => { #root }
                    ::core::option::Option::Some(#start) => { #rest }
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
    reader: Ident,
    found: Ident,
    method: Ident,
    best: Ident,
    allowed: Ident,
    /// The matcher's name, which its parts' names start with.
    name: &'a Ident,
    /// The subtrees below the first segment, each written as a function of its own: rustc
    /// checks and compiles many small functions faster than one very large one.
    parts: RefCell<Vec<TokenStream>>,
}

/// Names of the locals of one depth of the lookup.
struct Depth {
    start: Ident,
    end: Ident,
    scan: Ident,
    last: Ident,
}

impl Depth {
    fn at(depth: usize) -> Self {
        let local = |name: &str| Ident::new(&format!("{name}{depth}"), Span::mixed_site());
        Depth {
            start: local("s"),
            end: local("e"),
            scan: local("scan"),
            last: local("last"),
        }
    }
}

impl Render<'_> {
    /// The lookup of segment `depth` (starting at `s{depth}`) among the children of `node`:
    /// each child that takes it either ends the path there (when the segment is the last) or
    /// goes on with the next segment; when the segment is the last and holds a `.`, the
    /// children that take it read as `VALUE.FORMAT` end the path too; a glob takes the rest of
    /// the path from it. Literals are compared where the segment starts, without finding its
    /// end first; the segment is read to its end only for dynamic children. `slots` are where
    /// the values of the segments before it lie, which a route taken there is answered with.
    fn node(&self, node: &Node, depth: usize, slots: &[TokenStream]) -> TokenStream {
        let Render {
            r, reader, best, ..
        } = self;
        let here = Depth::at(depth);
        let Depth {
            start, end, scan, ..
        } = &here;
        let literals: Vec<(&[u8], &Node)> = node
            .statics
            .iter()
            .map(|(literal, child)| (literal.as_bytes(), child))
            .collect();
        let statics = self.dispatch(&literals, 0, &here, &|child, literal| {
            self.literal(child, depth, literal, slots)
        });
        let globs = self.globs(node, depth, slots);
        if node.dynamics.is_empty() {
            return quote!(#statics #globs);
        }
        let taken = with(slots, quote!(#r::Bound::at(#start, #end)));
        let dynamics = node.dynamics.iter().filter_map(|(test, child)| {
            let step = self.step(child, depth, quote!(#end), quote!(#scan.dot), &taken);
            if step.is_empty() {
                return None;
            }
            let min = Literal::u32_suffixed(child.min);
            let condition = self.test(test, quote!(#scan.dot), quote!(#reader.text(#start, #end)));
            Some(quote!(if #best > #min && #condition { #step }))
        });
        let any_split = node.dynamics.iter().any(|(_, c)| !c.split.is_empty());
        let split = if any_split {
            let split = Ident::new("split", Span::mixed_site());
            let (bs, be) = (
                Ident::new("bs", Span::mixed_site()),
                Ident::new("be", Span::mixed_site()),
            );
            let read = with(slots, quote!(#split.value()));
            let dynamics = node.dynamics.iter().filter_map(|(test, child)| {
                let min = Literal::u32_suffixed(child.split.first()?.0);
                let condition = self.test(
                    test,
                    quote!(#split.base_dot()),
                    quote!(#reader.text(#bs, #be)),
                );
                let accept = self.accept(&child.split, &read, Some(quote!(#split.format())));
                Some(quote!(if #best > #min && #condition { #accept }))
            });
            quote! {
                if #scan.dot && #reader.last(#end) {
                    if let ::core::option::Option::Some(#split) = #reader.split(#start, #end) {
                        let (#bs, #be) = #split.base();
                        #(#dynamics)*
                    }
                }
            }
        } else {
            quote!()
        };
        let min = node.dynamics.iter().map(|(_, child)| child.min).min();
        let min = Literal::u32_suffixed(min.unwrap_or(u32::MAX));
        quote! {
            #statics
            if #best > #min {
                let #scan = #reader.scan(#start);
                if #scan.stop {
                    return (#r::STOP, 0);
                }
                let #end = #scan.end;
                #(#dynamics)*
                #split
            }
            #globs
        }
    }

    /// The globs of `node`, each taking the rest of the path from segment `depth` when its
    /// test takes the whole of it: a path with an empty segment or a `%` in the rest stops
    /// the matcher, as a segment does.
    fn globs(&self, node: &Node, depth: usize, slots: &[TokenStream]) -> TokenStream {
        if node.globs.is_empty() {
            return quote!();
        }
        let Render {
            r, reader, best, ..
        } = self;
        let start = Depth::at(depth).start;
        let rest = Ident::new("rest", Span::mixed_site());
        let taken = with(slots, quote!(#r::Bound::at(#start, #rest)));
        let min = Literal::u32_suffixed(node.globs[0].1[0].0);
        let globs = node.globs.iter().map(|(test, entries)| {
            let min = Literal::u32_suffixed(entries[0].0);
            let condition = self.test(test, quote!(false), quote!(#reader.text(#start, #rest)));
            let accept = self.accept(entries, &taken, None);
            quote!(if #best > #min && #condition { #accept })
        });
        quote! {
            if #best > #min {
                let ::core::option::Option::Some(#rest) = #reader.rest(#start) else {
                    return (#r::STOP, 0);
                };
                #(#globs)*
            }
        }
    }

    /// Segment `depth` starting with `literal`, `child`'s: when the segment ends with it, the
    /// child takes the segment; when a `.` follows and starts the last segment's format, the
    /// child's routes that take a format end the path there.
    fn literal(
        &self,
        child: &Node,
        depth: usize,
        literal: &[u8],
        slots: &[TokenStream],
    ) -> TokenStream {
        let Render {
            r,
            reader,
            found,
            best,
            ..
        } = self;
        let start = &Depth::at(depth).start;
        let next = Depth::at(depth + 1).start;
        let len = literal.len();
        let end = Ident::new("end", Span::mixed_site());
        // The arms are `Reader::after`'s answers: 2 the path ends, 1 a segment follows, 3 a `.`.
        let last = child.whole.first().map(|&(min, _)| {
            let min = Literal::u32_suffixed(min);
            let accept = self.accept(&child.whole, slots, None);
            quote!(2 => if #best > #min { #accept })
        });
        let more = child_has_children(child).then(|| {
            let min = Literal::u32_suffixed(children_min(child));
            let body = self.below(child, depth + 1, slots);
            quote! {
                1 => if #best > #min {
                    let #next = #end + 1;
                    #body
                }
            }
        });
        let split = child.split.first().map(|&(min, _)| {
            let split = Ident::new("split", Span::mixed_site());
            let min = Literal::u32_suffixed(min);
            let accept = self.accept(&child.split, slots, Some(quote!(#split.format())));
            quote! {
                3 => if #best > #min {
                    if let ::core::option::Option::Some(#split) = #reader.split_after(#start, #end) {
                        #accept
                    }
                }
            }
        });
        if last.is_none() && more.is_none() && split.is_none() {
            return quote!();
        }
        if more.is_none() {
            let Render {
                method, allowed, ..
            } = self;
            let list = |entries: &[(u32, u16)]| {
                let entries = entries.iter().map(|&(code, methods)| {
                    let code = Literal::u32_suffixed(code);
                    let methods = Literal::u16_suffixed(methods);
                    quote!((#code, #methods))
                });
                quote!(&[#(#entries),*])
            };
            let (whole, split) = (list(&child.whole), list(&child.split));
            return quote! {
                #r::leaf(
                    #reader, #found, &mut #best, &mut #allowed, #method,
                    (#start, #start + #len), [#(#slots),*], (#whole, #split),
                );
            };
        }
        quote! {
            let #end = #start + #len;
            match #reader.after(#start, #end) {
                #last
                #more
                #split
                _ => {}
            }
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
            reader,
            found,
            method,
            best,
            allowed,
            ..
        } = self;
        // A part sees the first segment's place through `s0` and its own start.
        let (s0, s1) = (Depth::at(0).start, Depth::at(1).start);
        let e0 = Depth::at(0).end;
        let body = self.node(node, depth, slots);
        let mut parts = self.parts.borrow_mut();
        let part = Ident::new(
            &format!("{}_{}", self.name, parts.len()),
            Span::mixed_site(),
        );
        parts.push(quote! {
            #[allow(unused_variables, unused_mut, clippy::all)]
            fn #part(
                #reader: &#r::Reader<'_>,
                #method: u16,
                #found: &mut #r::Found,
                mut #best: u32,
                mut #allowed: u16,
                #s0: usize,
                #s1: usize,
            ) -> (u32, u16) {
                let #e0 = #s1 - 1;
                #body
                (#best, #allowed)
            }
        });
        quote! {
            let taken = #part(#reader, #method, #found, #best, #allowed, #s0, #s1);
            if taken.0 == #r::STOP {
                return taken;
            }
            (#best, #allowed) = taken;
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

    /// Segment `depth` taken by `child`, ending at `end`: either the path ends there (the
    /// child's routes are offered, answered with `slots`) or it goes on into the child.
    fn step(
        &self,
        child: &Node,
        depth: usize,
        end: TokenStream,
        dot: TokenStream,
        slots: &[TokenStream],
    ) -> TokenStream {
        let Render { reader, best, .. } = self;
        let here = Depth::at(depth);
        let last = &here.last;
        let stop = Ident::new("stop", Span::mixed_site());
        let next = Depth::at(depth + 1).start;
        let _ = dot;
        let ends = (!child.whole.is_empty()).then(|| {
            let min = Literal::u32_suffixed(min_of(&child.whole));
            let accept = self.accept(&child.whole, slots, None);
            quote!(if #best > #min { #accept })
        });
        let goes_on = child_has_children(child).then(|| {
            let body = self.below(child, depth + 1, slots);
            quote!({ let #next = #stop + 1; #body })
        });
        let body = match (ends, goes_on) {
            (Some(ends), Some(goes_on)) => quote!(if #last { #ends } else #goes_on),
            (Some(ends), None) => quote!(if #last { #ends }),
            (None, Some(goes_on)) => quote!(if !#last #goes_on),
            (None, None) => return quote!(),
        };
        quote! {
            let #stop = #end;
            let #last = #reader.last(#stop);
            #body
        }
    }

    /// The literals of `candidates` (which agree on their first `k` bytes) compared with the
    /// segment at `s{depth}`, as a decision tree on its bytes: a prefix they share is compared
    /// at once, then the next byte picks among them; for each literal the segment starts with,
    /// what `body` writes.
    fn dispatch(
        &self,
        candidates: &[(&[u8], &Node)],
        k: usize,
        here: &Depth,
        body: &dyn Fn(&Node, &[u8]) -> TokenStream,
    ) -> TokenStream {
        let reader = &self.reader;
        let start = &here.start;
        let test = |literal: &[u8], child: &Node| {
            let then = body(child, literal);
            let rest = &literal[k..];
            if then.is_empty() || rest.is_empty() {
                return then;
            }
            let bytes = Literal::byte_string(rest);
            quote!(if #reader.is_at(#start + #k, #bytes) { #then })
        };
        if candidates.len() <= 2 {
            let tests = candidates
                .iter()
                .map(|&(literal, child)| test(literal, child));
            return quote!(#(#tests)*);
        }
        let (ending, longer): (Vec<_>, Vec<_>) = candidates
            .iter()
            .copied()
            .partition(|(literal, _)| literal.len() == k);
        let ends = ending.iter().map(|&(literal, child)| test(literal, child));
        let shared = if ending.is_empty() {
            common_prefix(longer.iter().map(|(literal, _)| &literal[k..]))
        } else {
            0
        };
        if shared > 0 {
            let bytes = Literal::byte_string(&longer[0].0[k..k + shared]);
            let inner = self.dispatch(&longer, k + shared, here, body);
            return quote!(if #reader.is_at(#start + #k, #bytes) { #inner });
        }
        let mut groups: BTreeMap<u8, Vec<(&[u8], &Node)>> = BTreeMap::new();
        for (literal, child) in longer {
            groups.entry(literal[k]).or_default().push((literal, child));
        }
        let arms = groups.iter().map(|(byte, group)| {
            let byte = Literal::u8_suffixed(*byte);
            let inner = self.dispatch(group, k + 1, here, body);
            quote!(::core::option::Option::Some(#byte) => { #inner })
        });
        quote! {
            #(#ends)*
            match #reader.byte(#start + #k) {
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
                let code = Literal::u32_suffixed(*code);
                quote!(if #best > #code { #best = #code; #fill })
            }
            _ => {
                let entries = entries.iter().map(|&(code, methods)| {
                    let code = Literal::u32_suffixed(code);
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

/// The smallest code among the routes below `node`'s children, its globs included.
fn children_min(node: &Node) -> u32 {
    let globs = node.globs.iter().map(|(_, entries)| entries[0].0);
    node.statics
        .values()
        .chain(node.dynamics.iter().map(|(_, c)| c))
        .map(|c| c.min)
        .chain(globs)
        .min()
        .unwrap_or(u32::MAX)
}

/// Whether the path may go on past `node`: into a child, or a glob.
fn child_has_children(node: &Node) -> bool {
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

    #[test]
    fn each_node_tests_its_segment_against_its_children() {
        let text = render(quote! {
            resources(articles, only(index, show), requirements(id = "[0-9]+"));
            named(page, "/:slug", controller = "pages", via = get);
        });
        for expected in [
            "fn __match (reader : & __routes :: Reader < '_ > , method : u16 , found : & mut __routes :: Found ,) -> (u32 , u16)",
            "match reader . first () {",
            "if reader . is_at (s0 + 0usize , b\"articles\") { let end = s0 + 8usize ; match reader . after (s0 , end) {",
            "2 => if best > 0u32 { if __routes :: offer (& mut best , & mut allowed , method , & [(0u32 , 1u16)]) { found . fill ([] , :: core :: option :: Option :: None) ; } }",
            "__REQUIREMENTS . test (0u16 , reader . text (s1 , e1))",
            "found . fill ([__routes :: Bound :: at (s1 , e1)] , :: core :: option :: Option :: None)",
            "reader . split_after (s0 , end)",
            "if best > 8u32 && ! scan0 . dot",
            "if let :: core :: option :: Option :: Some (split) = reader . split (s0 , e0)",
            "found . fill ([split . value ()] , split . format ())",
            "! split . base_dot ()",
        ] {
            assert!(text.contains(expected), "`{expected}` not in {text}");
        }
        assert!(!text.contains("s2"), "{text}");
    }
}
