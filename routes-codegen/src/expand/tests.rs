use proc_macro2::TokenStream;
use quote::quote;
use syn::{Item, ItemMacro};

fn expand(tokens: TokenStream) -> syn::File {
    let output = crate::pipeline::routes(quote!([::resourceful] #tokens));
    syn::parse2(output).expect("the expansion parses as a file")
}

fn macros<'f>(file: &'f syn::File, name: &str) -> Vec<&'f ItemMacro> {
    file.items
        .iter()
        .filter_map(|item| match item {
            Item::Macro(m) if m.mac.path.segments.last().is_some_and(|s| s.ident == name) => {
                Some(m)
            }
            _ => None,
        })
        .collect()
}

/// The helper invocation whose first helper is `path`, as text.
fn helpers_of(file: &syn::File, path: &str) -> String {
    macros(file, "__helpers")
        .into_iter()
        .map(|m| m.mac.tokens.to_string())
        .find(|tokens| tokens.contains(&format!("[{path} ,")))
        .unwrap_or_else(|| panic!("no helpers for {path}"))
}

#[test]
fn a_named_route_gets_its_helpers_with_its_segments_as_arguments() {
    let file = expand(quote!(resources(articles) { resources(comments); }));
    let statics: Vec<_> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Static(s) => Some(s.ident.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(statics, ["ROUTES", "__RESOURCEFUL_REQUIREMENTS"]);
    assert_eq!(macros(&file, "__helpers").len(), 8, "8 named routes");
    let helpers = helpers_of(&file, "article_comment_path");
    // Route 4 of the table (`index`, `create`, `new`, `edit` come first), the fourth named.
    for part in [
        "ROUTES , 4 , 3 , \" `GET` `/articles/:article_id/comments/:id(.:format)` → `comments#show`\"",
        "[article_comment_path , article_comment_url , hash_for_article_comment_path , \
         hash_for_article_comment_url , formatted_article_comment_path , \
         formatted_article_comment_url]",
        "[article_id : impl :: resourceful :: ToParam , id : impl :: resourceful :: ToParam]",
    ] {
        assert!(helpers.contains(part), "`{part}` not in {helpers}");
    }
    // What its path is made of: the text around the values, the segments they fill.
    let table = file
        .items
        .iter()
        .map(|i| quote!(#i).to_string())
        .collect::<String>();
    let spec = "__routes :: spec (& [\"/articles/\" , \"/comments/\" , \"\"] , & [__routes :: s (\"articles\") , __routes :: p (\"article_id\") , __routes :: s (\"comments\") , __routes :: p (\"id\")] , & [1 , 3] , 0u16 , 1u8)";
    assert!(table.contains(spec), "`{spec}` not in {table}");
    assert!(helpers_of(&file, "articles_path").ends_with("[]"));
    assert!(macros(&file, "compile_error").is_empty());
}

#[test]
fn routes_whose_fields_are_read_alike_are_read_by_one_function() {
    let file = expand(quote!(resources(articles); resources(photos, types(id = u64));));
    let text = quote!(#file).to_string();
    // Each route's reader and its place in it: `index`, `create` and `new` read the format
    // alone, the member routes `:id` and the format, and a photo's `:id` is parsed.
    let places = "const PLACES : [(u32 , u8) ; 14] = [(0 , 0) , (0 , 1) , (0 , 2) , \
                  (1 , 0) , (1 , 1) , (1 , 2) , (1 , 3) , (0 , 3) , (0 , 4) , (0 , 5) , \
                  (2 , 0) , (2 , 1) , (2 , 2) , (2 , 3)]";
    assert!(text.contains(places), "`{places}` not in {text}");
    for (reader, arms) in [("__take_0", 6), ("__take_1", 4), ("__take_2", 4)] {
        let start = text.find(&format!("fn {reader} ")).expect(reader);
        let body = &text[start..];
        let body = &body[..body.find("return").expect("a reader refuses other places")];
        assert_eq!(body.matches(" => Route :: ").count(), arms, "{body}");
    }
    assert!(!text.contains("fn __take_3 "), "three readers");
}

#[test]
fn the_recogniser_s_functions_are_hidden_from_the_docs() {
    let file = expand(quote!(resources(articles) { resources(comments); } resource(account);));
    let functions: Vec<(String, bool, bool)> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Fn(f) => Some((
                f.sig.ident.to_string(),
                matches!(f.vis, syn::Visibility::Public(_)),
                f.attrs
                    .iter()
                    .any(|a| quote!(#a).to_string() == "# [doc (hidden)]"),
            )),
            _ => None,
        })
        .collect();
    let matchers: Vec<&(String, bool, bool)> = functions
        .iter()
        .filter(|(name, ..)| name.starts_with("__resourceful_match"))
        .collect();
    assert!(matchers.len() > 1, "{functions:?}");
    for (name, public, hidden) in &functions {
        assert!(
            *public || *hidden,
            "`{name}` is private and not hidden: a binary crate's docs would show it"
        );
    }
}

#[test]
fn keyword_params_become_raw_identifiers() {
    let file = expand(quote!(named(typed, "/by/:type/:match", controller = "things");));
    let helpers = helpers_of(&file, "typed_path");
    assert!(
        helpers.contains("[r#type : impl :: resourceful :: ToParam , r#match"),
        "{helpers}"
    );
}

#[test]
fn errors_come_with_the_table_and_the_helpers_that_are_fine() {
    let file = expand(quote! {
        resources(articles, member(publish: pot));
        resources(comments);
        named(login, "/a//b", controller = "sessions");
    });
    assert_eq!(macros(&file, "compile_error").len(), 2);
    helpers_of(&file, "comment_path");
    helpers_of(&file, "article_path");
    assert!(
        !file
            .items
            .iter()
            .any(|i| quote!(#i).to_string().contains("login_path"))
    );
    assert!(file.items.iter().any(|i| matches!(i, Item::Static(_))));
}

#[test]
fn the_table_is_constant_data_with_requirements_by_number() {
    let output = crate::pipeline::routes(quote!([::resourceful]
        resources(articles, requirements(id = "[0-9]+"));
        resources(photos, requirements(id = "[0-9]+"));
    ));
    let text = output.to_string();
    assert!(text.contains("use :: resourceful :: __private as __routes"));
    // What may be set at start-up is a static of `ROUTES`'s initialiser, apart from it.
    assert!(
        text.contains("static __SETTINGS : __routes :: Settings = __routes :: Settings :: new ()"),
        "{text}"
    );
    assert!(
        text.contains(":: resourceful :: __private :: Requirements :: new (& [\"[0-9]+\"] , & [])"),
        "{text}"
    );
    assert!(text.contains("__routes :: Route :: new (\"article\" , __routes :: ONLY_GET"));
    // Both resources' `id` take requirement 0, in the segments that routes share.
    let member = "& [__routes :: s (\"photos\") , __routes :: pr (\"id\" , :: core :: option :: Option :: Some (0u16) , :: core :: option :: Option :: None , false , :: core :: option :: Option :: None)]";
    assert!(text.contains(member), "{text}");
    assert_eq!(text.matches("__PATHS [").count(), 14, "one per route");
    assert!(text.contains("\"/articles/:id(.:format)\""));
}

#[test]
fn a_route_of_too_many_values_is_an_error_whatever_kind_they_are() {
    let params = |n: usize| (0..n).map(|i| format!("/:p{i}")).collect::<String>();
    // Each holds 17 values: params beside a glob, `:action` and `:controller`.
    let cases = [
        format!(
            "named(deep, \"{}/*rest\", controller = \"deep\");",
            params(16)
        ),
        format!("connect(\"/:controller/:action{}\");", params(15)),
    ];
    for case in cases {
        let tokens: TokenStream = format!("[::resourceful] {case}").parse().unwrap();
        let output = crate::pipeline::routes(tokens).to_string();
        assert!(
            output.contains("has 17 dynamic segments; a route may have at most 16"),
            "{case}: {output}"
        );
    }
}

#[test]
fn a_route_with_too_many_dynamic_segments_is_an_error() {
    let pattern: String = (0..17).map(|i| format!("/:p{i}")).collect();
    let output = crate::pipeline::routes(quote!([::resourceful]
        named(deep, #pattern, controller = "deep");
    ));
    assert!(
        output
            .to_string()
            .contains("has 17 dynamic segments; a route may have at most 16"),
        "{output}"
    );
    assert!(
        !output.to_string().contains("deep_path"),
        "no helper for it, which would fail on its own: {output}"
    );
}
