//! The matcher as written out, read back as text: each node's decision on its segment, and
//! where the literals of a node are alike, the table they are looked up in and the lookup
//! they share.

use super::*;
use crate::tree::tests::recognizer;

fn render(tokens: TokenStream) -> String {
    let r = quote!(__routes);
    let name = Ident::new("__match", Span::call_site());
    let requirements = quote!(__REQUIREMENTS);
    let item = recognizer(tokens).render(&r, &name, &requirements);
    let file: syn::File = syn::parse2(item).expect("the matcher parses as functions");
    quote!(#file).to_string()
}

/// The invocation of `routes!` in module `module` of tests/generated.rs, which holds the
/// table's recogniser to the definition: read from its source, so that the tests here check
/// what is written for that same table.
fn generated_table(module: &str) -> TokenStream {
    let source = include_str!("../../../tests/generated.rs");
    let opening = format!("mod {module} {{\n    resourceful::routes! {{");
    let start = source.find(&opening).expect("the module's invocation") + opening.len();
    let mut depth = 1;
    let end = source[start..]
        .find(|c| {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            depth == 0
        })
        .expect("the invocation ends");
    source[start..start + end]
        .parse()
        .expect("the invocation's tokens")
}

/// A table of `n` resources alike but for their names, with the actions of `only`.
fn alike_resources(n: usize, only: TokenStream) -> TokenStream {
    let resources = (0..n).map(|i| {
        let name = Ident::new(&format!("things{i}"), Span::call_site());
        quote!(resources(#name, only(#only));)
    });
    quote!(#(#resources)*)
}

#[test]
fn many_alike_literals_are_looked_up_in_a_table_and_share_one_lookup() {
    let text = render(alike_resources(10, quote!(index, show)));
    let table = "static LITERALS : __routes :: Literals < 1usize , 32usize >";
    assert_eq!(text.matches(table).count(), 1, "{text}");
    for name in (0..10).map(|i| format!("b\"things{i}\"")) {
        assert_eq!(text.matches(&name).count(), 1, "{name} in {text}");
    }
    // Each slot holds its literal's words and, for `things9`, group 1 from base 576 (a
    // resource's two routes each shifted past a format bit and four bits of controller
    // rank: 9 x 2 x 32).
    let things9 = "b\"things9\" , 1852401780u64 , 963864430u64 , 4294967872u64";
    assert!(text.contains(things9), "{text}");
    // One lookup below the first segment for all ten, whose codes are above the base: a
    // resource's `show` is 32 above its `index`.
    assert_eq!(text.matches("fn __match_").count(), 1, "{text}");
    let find = "let class : u64 = LITERALS . find (segs . bytes (s0 , e0)) ;";
    assert!(text.contains(find), "{text}");
    let groups = "let base = class as u32 ; match class >> 32 { 1u64 =>";
    assert!(text.contains(groups), "{text}");
    assert!(text.contains("(base + 32u32)"), "{text}");
}

#[test]
fn groups_of_alike_literals_each_share_a_lookup() {
    let text = render(generated_table("shared"));
    let table = "static LITERALS : __routes :: Literals < 1usize , 32usize >";
    assert_eq!(text.matches(table).count(), 1, "{text}");
    for group in ["1u64 =>", "2u64 =>", "3u64 =>"] {
        assert_eq!(text.matches(group).count(), 1, "{group} in {text}");
    }
    assert!(!text.contains("4u64 =>"), "{text}");
    assert!(!text.contains("match e0 - s0"), "{text}");
}

#[test]
fn alike_literals_below_the_first_segment_are_looked_up_in_tables_too() {
    let text = render(generated_table("shared_below"));
    // One table under `admin`, one under `docs`, none for the two words of the first
    // segment; the globs' codes are above the base.
    assert_eq!(text.matches("static LITERALS").count(), 2, "{text}");
    assert!(text.contains("match e0 - s0"), "{text}");
    assert!(
        text.contains("LITERALS . find (segs . bytes (s1 , e1))"),
        "{text}"
    );
    assert!(
        text.contains("let rest = segs . end () ; if best > (base + 0u32)"),
        "{text}"
    );
}

#[test]
fn literals_are_told_apart_by_their_bytes_when_few_or_one_is_not_alike() {
    for table in [
        alike_resources(8, quote!(index, show)),
        {
            let alike = alike_resources(10, quote!(index, show));
            quote!(#alike resources(odd, only(index));)
        },
        quote! {
            resources(tags, only(index, show));
            resources(labels, only(index, show), requirements(id = "[0-9]+"));
            resources(stars, only(index));
        },
    ] {
        let text = render(table.clone());
        assert!(!text.contains("LITERALS"), "{table}: {text}");
        assert!(!text.contains("(base +"), "{table}: {text}");
        assert!(text.contains("match e0 - s0 {"), "{table}: {text}");
    }
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

#[test]
fn more_alike_literals_than_one_bucket_takes_are_displaced() {
    // Forty: twenty buckets (rounded up to 32) for 80 slots (128). The smaller tables above
    // have one bucket, whose lookup reads no displacement.
    let text = render(generated_table("many_alike"));
    let table = "static LITERALS : __routes :: Literals < 32usize , 128usize >";
    assert_eq!(text.matches(table).count(), 1, "{text}");
}
