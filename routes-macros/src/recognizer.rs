//! Tokens for the recogniser `routes!` writes into the program: the runtime's plan of the
//! table (`Plan`, where the algorithm and its tests live), rendered as `match`es on the path's
//! segments that call back into the runtime for everything but comparing.

use proc_macro2::{Literal, Span, TokenStream};
use quote::quote;
use routes_runtime::__private::{
    Format as PlanFormat, Method, Node, Plan, PlanRoute, Step, method_bits,
};
use routes_syntax::pattern::Format;
use syn::Ident;

use crate::model::{Route, RouteTable, Segment, Verb};

/// The plan of the table `model` declares.
pub fn plan(model: &RouteTable) -> Plan {
    let routes: Vec<PlanRoute> = model
        .routes
        .iter()
        .map(|route| plan_route(model, route))
        .collect();
    Plan::new(&routes)
}

fn plan_route(model: &RouteTable, route: &Route) -> PlanRoute {
    let steps = route
        .segments
        .iter()
        .map(|segment| match segment {
            Segment::Static(text) => Step::Static(text.clone()),
            Segment::Param {
                requirement,
                optional: false,
                ..
            } => Step::Dynamic(requirement.map(|i| model.requirements[i].value.value())),
            Segment::Action { optional: false } => Step::Dynamic(None),
            _ => Step::Other,
        })
        .collect();
    let methods: Vec<Method> = route
        .methods
        .iter()
        .map(|verb| match verb {
            Verb::Get => Method::GET,
            Verb::Post => Method::POST,
            Verb::Put => Method::PUT,
            Verb::Patch => Method::PATCH,
            Verb::Delete => Method::DELETE,
        })
        .collect();
    PlanRoute {
        steps,
        format: match route.format {
            Format::None => PlanFormat::None,
            Format::Optional => PlanFormat::Optional,
            Format::Required => PlanFormat::Required,
        },
        methods: method_bits(&methods),
    }
}

/// The recogniser as an item named `name`, of the runtime's `Generated` type, or `None`
/// when the plan holds no route.
pub fn render(r: &Ident, name: &Ident, plan: &Plan) -> Option<TokenStream> {
    if plan.covered == 0 {
        return None;
    }
    let local = |name: &str| Ident::new(name, Span::mixed_site());
    let render = Render {
        r,
        set: local("set"),
        segments: local("segments"),
        method: local("method"),
        best: local("best"),
        text: local("text"),
    };
    let Render {
        set,
        segments,
        method,
        best,
        ..
    } = &render;
    let arms = plan.groups.iter().map(|(len, node)| {
        let body = match len {
            0 => render.offer(&node.whole),
            _ => render.node(node, 0, *len),
        };
        quote!(#len => { #body })
    });
    Some(quote! {
        #[allow(unused_variables, unused_mut, clippy::all)]
        fn #name(#set: &#r::RouteSet, #segments: &#r::Segments<'_>, #method: u8) -> u32 {
            let mut #best = #r::NONE;
            match #segments.len() {
                #(#arms)*
                _ => {}
            }
            #best
        }
    })
}

struct Render<'a> {
    r: &'a Ident,
    set: Ident,
    segments: Ident,
    method: Ident,
    best: Ident,
    /// The segment (or value before the format) being tested.
    text: Ident,
}

/// How one segment is read: whole (segment `depth`) or as the value before a format.
enum Reading {
    Whole(usize),
    Split,
}

impl Render<'_> {
    /// The lookup at `node`, `depth` segments into a path of `len`.
    fn node(&self, node: &Node, depth: usize, len: usize) -> TokenStream {
        let Render { segments, text, .. } = self;
        if depth + 1 < len {
            let next = |child: &Node| self.node(child, depth + 1, len);
            return self.children(node, Reading::Whole(depth), &|_| true, &next);
        }
        let whole = self.children(
            node,
            Reading::Whole(depth),
            &|child| !child.whole.is_empty(),
            &|child| self.offer(&child.whole),
        );
        let splits = |child: &Node| !child.split.is_empty();
        let any_split = node.statics.iter().any(|(_, c)| splits(c))
            || node.dynamics.iter().any(|(_, c)| splits(c));
        if !any_split {
            return whole;
        }
        let split = self.children(node, Reading::Split, &splits, &|child| {
            self.offer(&child.split)
        });
        quote! {
            #whole
            if let ::core::option::Option::Some(#text) = #segments.base() {
                #split
            }
        }
    }

    /// Tests the segment against each child of `node` that `keep` keeps and goes on with
    /// `next` into those that take it and could beat the best code so far.
    fn children(
        &self,
        node: &Node,
        reading: Reading,
        keep: &dyn Fn(&Node) -> bool,
        next: &dyn Fn(&Node) -> TokenStream,
    ) -> TokenStream {
        let Render {
            r,
            set,
            segments,
            best,
            text,
            ..
        } = self;
        let (read, dot, as_str) = match reading {
            Reading::Whole(depth) => (
                quote!(let #text = #segments.seg(#depth);),
                quote!(#segments.dot(#depth)),
                quote!(#segments.text(#depth)),
            ),
            Reading::Split => (
                quote!(),
                quote!(#segments.base_dot()),
                quote!(#segments.base_text().unwrap_or_default()),
            ),
        };
        let guarded = |child: &Node, test: TokenStream| {
            let min = Literal::u32_suffixed(child.min);
            let body = next(child);
            quote!(if #best > #min && #test { #body })
        };
        let statics: Vec<&(String, Node)> = node.statics.iter().filter(|(_, c)| keep(c)).collect();
        let statics = self.statics(&statics, &guarded);
        let dynamics = node
            .dynamics
            .iter()
            .filter(|(_, c)| keep(c))
            .map(|(requirement, child)| {
                let test = match requirement {
                    None => quote!(!#dot),
                    Some(source) => quote!(#r::meets(#set, #source, #as_str)),
                };
                guarded(child, test)
            });
        quote! {
            #read
            #statics
            #(#dynamics)*
        }
    }

    /// The static children: one comparison each, behind a `match` on the first byte when
    /// there are more than a few.
    fn statics(
        &self,
        statics: &[&(String, Node)],
        guarded: &dyn Fn(&Node, TokenStream) -> TokenStream,
    ) -> TokenStream {
        let text = &self.text;
        let compare = |literal: &str| {
            let bytes = Literal::byte_string(literal.as_bytes());
            quote!(#text == #bytes)
        };
        if statics.len() <= 3 {
            let tests = statics
                .iter()
                .map(|(literal, child)| guarded(child, compare(literal)));
            return quote!(#(#tests)*);
        }
        let first = |literal: &str| literal.as_bytes().first().copied();
        let arms = statics
            .chunk_by(|a, b| first(&a.0) == first(&b.0))
            .map(|group| {
                let byte = first(&group[0].0).map(Literal::u8_suffixed);
                let tests = group
                    .iter()
                    .map(|(literal, child)| guarded(child, compare(literal)));
                quote!(::core::option::Option::Some(&#byte) => { #(#tests)* })
            });
        quote! {
            match #text.first() {
                #(#arms)*
                _ => {}
            }
        }
    }

    /// Offers the best code the first of `entries` that takes the method.
    fn offer(&self, entries: &[(u32, u8)]) -> TokenStream {
        let Render {
            r, method, best, ..
        } = self;
        match entries {
            [] => quote!(),
            [(code, u8::MAX)] => {
                let code = Literal::u32_suffixed(*code);
                quote!(#best = #best.min(#code);)
            }
            [(code, methods)] => {
                let code = Literal::u32_suffixed(*code);
                let methods = Literal::u8_suffixed(*methods);
                quote!(if #method & #methods != 0 { #best = #best.min(#code); })
            }
            _ => {
                let entries = entries.iter().map(|&(code, methods)| {
                    let code = Literal::u32_suffixed(code);
                    let methods = Literal::u8_suffixed(methods);
                    quote!((#code, #methods))
                });
                quote!(#best = #best.min(#r::pick(#method, &[#(#entries),*]));)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use routes_runtime::__private::Format;

    use super::*;

    fn render_text(routes: &[PlanRoute]) -> Option<String> {
        let r = Ident::new("__routes", Span::call_site());
        let name = Ident::new("__recognize", Span::call_site());
        let item = render(&r, &name, &Plan::new(routes))?;
        let item: syn::ItemFn = syn::parse2(item).expect("the recogniser parses as a function");
        Some(quote!(#item).to_string())
    }

    fn route(steps: &[&str], format: Format, methods: u8) -> PlanRoute {
        let steps = steps
            .iter()
            .map(|s| match s.strip_prefix(':') {
                Some("") => Step::Dynamic(None),
                Some(source) => Step::Dynamic(Some(source.to_owned())),
                None if *s == "*" => Step::Other,
                None => Step::Static((*s).to_owned()),
            })
            .collect();
        PlanRoute {
            steps,
            format,
            methods: Some(methods),
        }
    }

    #[test]
    fn each_segment_count_gets_an_arm_and_each_node_its_tests() {
        let text = render_text(&[
            route(&["articles"], Format::Optional, 1),
            route(&["articles", "new"], Format::Optional, 1),
            route(&["articles", ":"], Format::Optional, 1 | 4),
            route(&["articles", ":"], Format::Optional, 16),
            route(&["coupons", ":[A-Z]+"], Format::None, u8::MAX),
        ])
        .unwrap();
        for expected in [
            "match segments . len () { 1usize =>",
            "2usize =>",
            "if best > 0u32 && text == b\"articles\"",
            "if best > 2u32 && text == b\"new\" { if method & 1u8 != 0 { best = best . min (2u32) ; } }",
            "if best > 4u32 && ! segments . dot (1usize)",
            "__routes :: pick (method , & [(4u32 , 5u8) , (6u32 , 16u8)])",
            "if let :: core :: option :: Option :: Some (text) = segments . base ()",
            "! segments . base_dot ()",
            "__routes :: meets (set , \"[A-Z]+\" , segments . text (1usize))",
            "best = best . min (8u32) ;",
        ] {
            assert!(text.contains(expected), "`{expected}` not in {text}");
        }
        assert!(!text.contains("3usize"), "{text}");
    }

    #[test]
    fn many_literals_are_told_apart_by_their_first_byte_first() {
        let routes: Vec<PlanRoute> = ["users", "user", "repos", "rate_limit", "gists"]
            .iter()
            .map(|s| route(&[s], Format::None, 1))
            .collect();
        let text = render_text(&routes).unwrap();
        assert!(text.contains("match text . first () {"), "{text}");
        assert!(
            text.contains(":: core :: option :: Option :: Some (& 114u8) =>"),
            "{text}"
        );
        let few = render_text(&routes[..3]).unwrap();
        assert!(!few.contains("first ()"), "{few}");
    }

    #[test]
    fn nothing_is_rendered_when_the_first_route_cannot_be_planned() {
        assert_eq!(render_text(&[route(&["*"], Format::None, 1)]), None);
        let expanded =
            crate::pipeline::routes(quote!([::resourceful] connect("/:controller/:action/:id");))
                .to_string();
        assert!(
            expanded.contains("__routes :: RouteSet :: new"),
            "{expanded}"
        );
        let expanded = crate::pipeline::routes(quote!([::resourceful] resources(articles);));
        assert!(expanded.to_string().contains("RouteSet :: with_generated"));
    }
}
