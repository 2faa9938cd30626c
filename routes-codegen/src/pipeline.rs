//! The whole of `routes!` on `proc_macro2` tokens: the entry the proc macro wraps, and what
//! tests and the fuzz target call.

use proc_macro2::TokenStream;

use crate::errors::Errors;
use crate::{analysis, check, expand, lower, parse};

/// Expands an invocation (`[crate-path] declarations...`): the route table and helpers of
/// everything that lowered cleanly, followed by a `compile_error!` for each mistake.
pub fn routes(input: TokenStream) -> TokenStream {
    let errors = Errors::default();
    let Some(input) = parse::parse(input, &errors) else {
        return errors.into_compile_errors();
    };
    let table = lower::lower(&input, &errors);
    finish(&input, table, errors)
}

/// Expands a `draw!` invocation (the DSL of Rails 3 to 8) as [`routes`] expands `routes!`'s:
/// its own front, then the same checks, tree and items.
pub fn draw(input: TokenStream) -> TokenStream {
    let errors = Errors::default();
    let Some(input) = parse::parse(input, &errors) else {
        return errors.into_compile_errors();
    };
    let table = crate::draw::lower(&input, &errors);
    finish(&input, table, errors)
}

/// What every front's table goes through: the checks, the analysis, the items written.
fn finish(
    input: &parse::Input,
    mut table: crate::model::RouteTable,
    errors: Errors,
) -> TokenStream {
    let duplicates = check::check(&mut table, &errors);
    let mut tokens = match analysis::analyze(&input.krate, &table, &duplicates, &errors) {
        Some(analysis) => expand::expand(&input.krate, &analysis),
        None => TokenStream::new(),
    };
    tokens.extend(errors.into_compile_errors());
    tokens
}

/// The table of an invocation that lowers without errors, for the tests of later phases.
#[cfg(test)]
pub fn table_of(input: TokenStream) -> crate::model::RouteTable {
    let errors = Errors::default();
    let input = parse::parse(input, &errors).expect("parses");
    let mut table = lower::lower(&input, &errors);
    check::check(&mut table, &errors);
    assert!(errors.is_empty(), "{:?}", errors.messages());
    table
}

#[cfg(test)]
mod tests {
    use std::panic::{AssertUnwindSafe, catch_unwind};

    use super::*;
    use crate::symbol::{FLAGS, KEYWORDS, METHODS, RESOURCES_OPTIONS, ROUTE_OPTIONS, URL_OPTIONS};

    /// Arguments that no declaration accepts as they are.
    const BAD_ARGUMENTS: &[&str] = &[
        "",
        "1",
        "1.5",
        "'c'",
        "b\"x\"",
        "true",
        "-1",
        "articles articles",
        "articles, , x",
        "x = ",
        "= 1",
        "x: get",
        "::x",
        "articles, member(1: get)",
        "articles, member(x: \"get\")",
        "articles, member(x: 1)",
        "articles, member(x)",
        "articles, member = 1",
        "articles, controller = 5",
        "articles, controller(x)",
        "articles, requirements(id = 5)",
        "articles, requirements(id)",
        "articles, requirements(\"id\" = \"x\")",
        "articles, conditions(x)",
        "articles, conditions(x = [a])",
        "articles, only(\"index\")",
        "articles, only(1)",
        "articles, only = index",
        "articles, as = articles",
        "articles, name_prefix = 3",
        "articles, path_prefix = \"/a//b\"",
        "articles, shallow = 1",
        "articles, has_many(1)",
        "articles, has_many(x = 1)",
        "articles, param = 1",
        "articles, new(new: [get, any])",
        "articles, collection(search: [])",
        "\"/x\", 1, 2",
        "a, \"/a\", \"/b\"",
        "host = 1, port = \"x\"",
        "host = \"a\", port = 70000",
        "new = 1",
        "Articles",
    ];

    /// Whole invocations that are not well formed, beyond one bad declaration. (Unbalanced
    /// delimiters never reach the macro: rustc's lexer refuses them first.)
    const BAD_INVOCATIONS: &[&str] = &[
        // Names and params that cannot become identifiers, which once reached `Ident::new`.
        "resources(articles, name_prefix = \"2_\", only(index));",
        "named(owner, \"/owners/:self\", controller = \"owners\");",
        "named(owner, \"/owners/:Self/:crate\", controller = \"owners\");",
        "named(feature, \"/a/:article_id/b/:article_id\", controller = \"features\");",
        "resources",
        "resources;",
        "resources articles;",
        "resources[articles];",
        "resources{articles}",
        "(resources)",
        "resources(articles { resources(comments) })",
        "resources(articles) resources",
        "resources(articles) { namespace }",
        "resources(articles) {{ }}",
        "resources(articles) { x }",
        "resources(articles) ( )",
        "; ;",
        "1",
        "\"articles\"",
        "resources(articles) = 1",
        "resources(articles): get",
        "namespace(admin);",
        "namespace(admin, users) { }",
        "named(login) { }",
        "root(login)",
        "connect(\"/:controller/:id\", controller = \"x\")",
        "named(x, \"/:a/:a\", controller = \"c\")",
        "named(x, \"/*glob/x\", controller = \"c\")",
        "named(x, \"/*a/*b\", controller = \"c\")",
        "named(x, \"/*glob.:format\", controller = \"c\")",
        "named(x, \"/:a\", controller = \"c\", defaults(a = 1))",
        "named(x, \"/:a/b\", controller = \"c\", defaults(a = None))",
        "named(x, \"/:abc\", controller = \"c\", defaults(abd = None))",
        "named(x, \"/*path\", controller = \"c\", defaults(path = \"x\"))",
        "named(x, \"/:a\", controller = \"c\", defaults(action = \"x\"))",
        "named(x, \"/:a\", controller = \"c\", defaults(a = None, a = None))",
        "named(x, \"/:id\", controller = \"c\", requirements(id = \"[0-9]+\"), defaults(id = \"x\"))",
        "with_options(controller = \"c\")",
        "with_options() { connect(\"/x\"); }",
        "with_options(articles) { connect(\"/x\", controller = \"c\"); }",
        "with_options(\"/x\") { connect(\"/x\", controller = \"c\"); }",
        "with_options(via = get) { resources(articles); }",
        "with_options(only(index)) { named(x, \"/x\", controller = \"c\"); }",
        "with_options(name_prefix = \"a_\") { connect(\"/x\", controller = \"c\"); }",
        "with_options(controller = \"c\") { default_url_options(host = \"a\"); }",
        "with_options(bogus = 1) { connect(\"/x\", controller = \"c\"); }",
        "connect(\"/:controller/:action\", requirements(controller = \"\\\\p{Greek}\"))",
        "named(x, \"/files/*path\", controller = \"c\", path_prefix = \"/a/*b\")",
        "default_url_options(host = \"a\"); default_url_options(host = \"b\");",
        "resources(articles); resources(articles);",
        "resources(articles, only(index), except(show))",
        "resource(account, param = \"slug\")",
    ];

    fn corpus() -> Vec<String> {
        let mut corpus: Vec<String> = BAD_INVOCATIONS.iter().map(|s| s.to_string()).collect();
        for keyword in KEYWORDS {
            for arguments in BAD_ARGUMENTS {
                corpus.push(format!("{keyword}({arguments});"));
            }
            corpus.push(format!(
                "{keyword}(articles, unknown = 1, extra(x), more: get);"
            ));
            if !keyword.starts_with("resource") {
                corpus.push(format!("{keyword}(a, b, c, d, e);"));
            }
            corpus.push(format!("{keyword}x(articles);"));
            // Every option of every declaration, with values no option takes.
            for option in [RESOURCES_OPTIONS, ROUTE_OPTIONS, URL_OPTIONS, FLAGS].concat() {
                corpus.push(format!("{keyword}(articles, {option} = 1.5);"));
                corpus.push(format!("{keyword}(articles, {option}(x = [a], y: get));"));
                corpus.push(format!("{keyword}(articles, {option}x = 1);"));
            }
        }
        for method in METHODS {
            corpus.push(format!("resources(articles, member(x: {method}x));"));
            corpus.push(format!(
                "named(x, \"/x\", controller = \"x\", via = [{method}, {method}]);"
            ));
        }
        corpus
    }

    /// `compile_error!` invocations of an expansion, with the line each is spanned at.
    fn error_lines(output: TokenStream) -> Vec<usize> {
        let file: syn::File = syn::parse2(output).expect("the expansion parses as a file");
        file.items
            .iter()
            .filter_map(|item| match item {
                syn::Item::Macro(m)
                    if m.mac
                        .path
                        .segments
                        .last()
                        .is_some_and(|s| s.ident == "compile_error") =>
                {
                    Some(m.mac.path.segments[0].ident.span().start().line)
                }
                _ => None,
            })
            .collect()
    }

    /// `draw!`'s declarations with arguments none takes, and with every option of `draw!`
    /// given values no option takes.
    fn draw_corpus() -> Vec<String> {
        use crate::symbol::draw as words;
        let mut corpus = Vec::new();
        let options = [
            words::VERB_OPTIONS,
            words::MATCH_OPTIONS,
            words::RESOURCES_OPTIONS,
            words::SCOPE_OPTIONS,
        ]
        .concat();
        // `only = index` and `as = articles` are Rails 3's spellings: `draw!` takes them.
        let bad = BAD_ARGUMENTS
            .iter()
            .filter(|a| !["articles, only = index", "articles, as = articles"].contains(a));
        for keyword in words::KEYWORDS {
            for arguments in bad.clone() {
                corpus.push(format!("{keyword}({arguments});"));
            }
            corpus.push(format!(
                "{keyword}(\"/x\", unknown = 1, extra(x), more: get);"
            ));
            for option in &options {
                corpus.push(format!("{keyword}(posts, {option} = 1.5) {{ get(x); }}"));
                corpus.push(format!("{keyword}(\"a/:b\", {option}(x = [a], y: get));"));
                corpus.push(format!("{keyword}(\"a\", {option} = [1, \"x\"]);"));
            }
        }
        for source in [
            "get(\"a(\", to = \"a#b\");",
            "get(\"a)\", to = \"a#b\");",
            "get(\"a/:id/:id\", to = \"a#b\");",
            "get(\"x\", to = redirect());",
            "get(\"x\", to = redirect(\"/a\", path = \"/b\"));",
            "get(\"x\", to = redirect(status = 200, host = 1));",
            "get(\"x\", to = \"a#b\", constraints(with = \"f\", subdomain = [true]));",
            "get(\"x/:id\", to = \"a#b\", constraints(id = true));",
            "get(\"x/:id\", to = \"a#b\", types(id = \"u8\", id = u8));",
            "get(\"x\", to = \"a#b\", format = regex());",
            "mount(\"/a/*rest\", as = \"a b\");",
            "concern(c) { concerns(c); } resources(p, concerns(c));",
            "resources(p) { resources(p) { resources(p); } }",
            "scope(a, \"b\") { get(\"x\", to = \"a#b\"); }",
            "namespace(admin) { get(\"/x\", controller = \"/\"); }",
            "resources_path_names(new = 1);",
            "default_url_options(locale = \"en\");",
        ] {
            corpus.push(source.to_owned());
        }
        corpus
    }

    /// Each of `corpus`, given to the pipeline `expand`: what did not give a spanned error, or
    /// panicked.
    fn malformed(corpus: &[String], expand: fn(TokenStream) -> TokenStream) -> Vec<String> {
        let mut failures = Vec::new();
        for source in corpus {
            // The invocation sits on line 2, after the crate path, as in a source file.
            let text = format!("[::resourceful]\n{source}");
            let Ok(tokens) = text.parse::<TokenStream>() else {
                failures.push(format!("{source:?} does not even lex"));
                continue;
            };
            match catch_unwind(AssertUnwindSafe(|| expand(tokens))) {
                Err(_) => failures.push(format!("{source:?} panicked")),
                Ok(output) => {
                    let lines = error_lines(output);
                    if lines.is_empty() {
                        failures.push(format!("{source:?} gave no error"));
                    } else if lines.iter().any(|&line| line != 2) {
                        failures.push(format!(
                            "{source:?} has an error spanned outside it: {lines:?}"
                        ));
                    }
                }
            }
        }
        failures
    }

    #[test]
    fn malformed_draw_invocations_give_spanned_errors_and_never_panic() {
        let corpus = draw_corpus();
        let failures = malformed(&corpus, draw);
        assert!(
            failures.is_empty(),
            "{} of {} cases:\n{}",
            failures.len(),
            corpus.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn malformed_invocations_give_spanned_errors_and_never_panic() {
        let corpus = corpus();
        let failures = malformed(&corpus, routes);
        assert!(
            failures.is_empty(),
            "{} of {} cases:\n{}",
            failures.len(),
            corpus.len(),
            failures.join("\n")
        );
    }

    /// Names that are no Rust identifiers are errors at their tokens, never a panic of the
    /// macro; an action of any text is Rails' (`Action`'s variant is made of its words).
    #[test]
    fn names_and_targets_that_are_not_identifiers_are_errors() {
        for (source, expected) in [
            (
                r#"get("products", to = "products#index", as = "products index");"#,
                "is not a route name",
            ),
            (r#"get("a", to = "a#b c");"#, "ABC"),
            (r#"get("a", to = "a#9");"#, "A9"),
            (
                r#"get("a", to = "a#b", as = "9lives");"#,
                "is not a route name",
            ),
            (r#"resources(posts, as = "my posts");"#, "name"),
            (r#"scope(as = "a b") { get("x", to = "x#y"); }"#, "name"),
            (
                r#"namespace(admin, as = "a-b") { get("x", to = "x#y"); }"#,
                "name",
            ),
            (r#"get("a", to = "a#b", action = "c d");"#, "AB"),
            (r#"get("a", to = "/feeds#show");"#, "leading `/`"),
            (r#"resources(posts, param = "a b");"#, "param"),
            (r#"get(":a b", to = "a#b");"#, "AB"),
        ] {
            let output = draw(format!("[::resourceful] {source}").parse().unwrap());
            let text = output.to_string();
            let error = !expected.starts_with('A');
            assert!(
                text.contains("compile_error") == error && text.contains(expected),
                "{source}: {text:.400}"
            );
        }
    }

    /// A regex that does not compile is an error at its token wherever `draw!` takes one: a
    /// segment's constraint, a request constraint, a format's. (A request constraint's or a
    /// format's was taken, and its route never matched.)
    #[test]
    fn every_regex_is_checked() {
        for source in [
            r#"get("a/:id", to = "a#b", constraints(id = "("));"#,
            r#"constraints(subdomain = regex("(")) { get("a", to = "a#b"); }"#,
            r#"get("a", to = "a#b", format = regex("("));"#,
            r#"scope(format = regex("[a")) { get("a", to = "a#b"); }"#,
        ] {
            let output = draw(format!("[::resourceful] {source}").parse().unwrap());
            let text = output.to_string();
            assert!(text.contains("compile_error"), "{source}: {text:.400}");
        }
    }
}
