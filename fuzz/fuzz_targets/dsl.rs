//! Arbitrary token streams through both fronts of the pipeline (`routes-codegen`'s `routes!`
//! and `draw!`): it never panics, and what it writes always parses as Rust.
#![no_main]

use libfuzzer_sys::fuzz_target;
use proc_macro2::TokenStream;

/// Words the DSL knows, so that most inputs get past the parser.
const WORDS: &[&str] = &[
    "resources", "resource", "namespace", "named", "root", "connect", "default_url_options",
    "resources_path_names", "articles", "comments", "account", "admin", "collection", "member",
    "new", "controller", "singular", "requirements", "conditions", "as", "path_prefix",
    "name_prefix", "only", "except", "shallow", "path_names", "has_many", "has_one", "param", "via",
    "action", "host", "protocol", "port", "get", "post", "put", "patch", "delete", "any", "types",
    "u64", "my::Slug", "head", "None", "index", "show", "edit", "all", "none", "id", "(", ")", "{",
    "}", "[", "]", ",", ";", "=", ":", "\"/a/:id\"", "\"/:controller/:action/:id\"", "\"[0-9]+\"",
    "\"^x$\"", "\"(\"", "\"labels\"", "\"x_\"", "\"\"", "1", "70000", "true", "'c'", "r#type", "-",
    // draw!'s.
    "match", "mount", "scope", "constraints", "defaults", "concern", "concerns", "nested", "to",
    "on", "format", "path", "module", "shallow_path", "shallow_prefix", "with", "redirect",
    "status", "regex", "subdomain", "false", "\"posts#index\"", "\"a(/:b(.:c))/*d\"",
    "\"(\"", "\"x/:id\"", "\"/p/%{id}\"", "\"api|www\"", "\"*all\"", "\"en|fr\"",
];

/// Bytes read as tokens: `(`, `)` and the like are kept balanced so that the stream lexes.
fn tokens(data: &[u8]) -> String {
    let mut text = String::new();
    let mut open: Vec<char> = Vec::new();
    for &b in data {
        let word = WORDS[usize::from(b) % WORDS.len()];
        match word {
            "(" | "{" | "[" => open.push(match word {
                "(" => ')',
                "{" => '}',
                _ => ']',
            }),
            ")" | "}" | "]" => match open.pop() {
                Some(close) => {
                    text.push(close);
                    text.push(' ');
                }
                None => continue,
            },
            _ => {}
        }
        if !matches!(word, ")" | "}" | "]") {
            text.push_str(word);
            text.push(' ');
        }
    }
    while let Some(close) = open.pop() {
        text.push(close);
    }
    text
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let text = if mode % 2 == 0 {
        tokens(rest)
    } else {
        String::from_utf8_lossy(rest).into_owned()
    };
    let Ok(body) = text.parse::<TokenStream>() else { return };
    let input: TokenStream = format!("[::resourceful] {body}").parse().unwrap();
    let output = if mode % 4 < 2 {
        routes_codegen::routes(input)
    } else {
        routes_codegen::draw(input)
    };
    if let Err(e) = syn::parse2::<syn::File>(output.clone()) {
        panic!("the expansion of {text:?} is not Rust: {e}\n{output}");
    }
});
