use super::{KEYWORDS, param_ident};
use proc_macro2::Span;

/// What `syn` makes of a name: raw where it will not parse it as an identifier, and for
/// `gen`, reserved since edition 2024, which `syn` still takes.
fn by_syn(name: &str) -> bool {
    name == "gen" || syn::parse_str::<syn::Ident>(name).is_err()
}

#[test]
fn the_keyword_list_is_sorted_and_is_what_syn_refuses() {
    assert!(KEYWORDS.is_sorted(), "binary search needs the list sorted");
    for keyword in KEYWORDS {
        assert!(by_syn(keyword), "syn takes `{keyword}` as an identifier");
    }
    // Every keyword of the Reference, strict, reserved and weak (but the four `check`
    // refuses, which cannot be raw), and names that are none.
    let names = [
        "as",
        "async",
        "await",
        "break",
        "const",
        "continue",
        "dyn",
        "else",
        "enum",
        "extern",
        "false",
        "fn",
        "for",
        "if",
        "impl",
        "in",
        "let",
        "loop",
        "match",
        "mod",
        "move",
        "mut",
        "pub",
        "ref",
        "return",
        "static",
        "struct",
        "trait",
        "true",
        "type",
        "unsafe",
        "use",
        "where",
        "while",
        "abstract",
        "become",
        "box",
        "do",
        "final",
        "gen",
        "macro",
        "override",
        "priv",
        "try",
        "typeof",
        "unsized",
        "virtual",
        "yield",
        "macro_rules",
        "raw",
        "safe",
        "union",
        "id",
        "article_id",
        "format",
        "default",
        "auto",
    ];
    for name in names {
        let raw = param_ident(name, Span::call_site())
            .to_string()
            .starts_with("r#");
        assert_eq!(raw, by_syn(name), "`{name}`");
    }
}
