//! The syntax of `routes!`, as written; meaning is given in `model`.
//!
//! ```text
//! input   := '[' crate-path ']' stmt*          (the front door supplies `[$crate]`)
//! stmt    := ident '(' args? ')' block? ';'?
//! block   := '{' stmt* '}'
//! args    := arg (',' arg)* ','?
//! arg     := ident                              a name (`articles`) or a flag (`shallow`)
//!          | string                             a pattern (`"/login"`)
//!          | ident '=' value                    `controller = "labels"`
//!          | ident '(' items? ')'               `member(publish: put)`, `requirements(...)`
//! items   := item (',' item)* ','?
//! item    := ident                              `only(index, show)`
//!          | ident ':' methods                  `publish: put`, `search: [get, post]`
//!          | ident '=' value                    `id = "[0-9]+"`
//!          | ident '(' items? ')'               `has_many(messages(comments))`
//! methods := ident | '[' ident (',' ident)* ','? ']'
//! value   := string | integer | bool | ident | '[' ident (',' ident)* ','? ']'
//!          | type                               a path with `::` or `<...>`: `uuid::Uuid`
//! ```
//!
//! A statement that does not parse is reported and skipped up to the next `;`, so that the
//! statements after it are still read and checked.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Ident, LitBool, LitInt, LitStr, Token, Type, braced, bracketed, parenthesized, token};

use crate::errors::Errors;

pub struct Input {
    pub krate: TokenStream,
    pub stmts: Vec<Stmt>,
}

pub struct Stmt {
    pub keyword: Ident,
    pub args: Vec<Arg>,
    pub block: Option<Block>,
}

pub struct Block {
    pub span: Span,
    pub stmts: Vec<Stmt>,
}

pub enum Arg {
    Name(Ident),
    Pattern(LitStr),
    Assign(Ident, Value),
    Call(Ident, Vec<Item>),
}

pub enum Item {
    Name(Ident),
    Action(Ident, Methods),
    Assign(Ident, Value),
    Call(Ident, Vec<Item>),
}

pub enum Value {
    Str(LitStr),
    Int(LitInt),
    Bool(LitBool),
    Ident(Ident),
    List(Span, Vec<Ident>),
    /// A list of strings or numbers: `port = [8080, 8443]`.
    Literals(Span, Vec<syn::Lit>),
    /// A call such as `redirect("/posts/%{id}", status = 302)`.
    Call(Ident, Vec<Arg>),
    /// A type path longer than one identifier (`uuid::Uuid`, `Vec<u8>`); a lone identifier
    /// (`u64`) is an `Ident`.
    Type(Box<Type>),
}

pub struct Methods {
    pub span: Span,
    pub names: Vec<Ident>,
}

impl Arg {
    /// The option or flag name, for all but patterns.
    pub fn key(&self) -> Option<&Ident> {
        match self {
            Arg::Name(key) | Arg::Assign(key, _) | Arg::Call(key, _) => Some(key),
            Arg::Pattern(_) => None,
        }
    }

    pub fn span(&self) -> Span {
        match self {
            Arg::Name(ident) | Arg::Assign(ident, _) | Arg::Call(ident, _) => ident.span(),
            Arg::Pattern(lit) => lit.span(),
        }
    }
}

impl Item {
    pub fn key(&self) -> &Ident {
        match self {
            Item::Name(ident)
            | Item::Action(ident, _)
            | Item::Assign(ident, _)
            | Item::Call(ident, _) => ident,
        }
    }
}

impl Value {
    pub fn span(&self) -> Span {
        match self {
            Value::Str(lit) => lit.span(),
            Value::Int(lit) => lit.span(),
            Value::Bool(lit) => lit.span,
            Value::Ident(ident) => ident.span(),
            Value::List(span, _) | Value::Literals(span, _) => *span,
            Value::Call(ident, _) => ident.span(),
            Value::Type(ty) => ty.span(),
        }
    }
}

/// Parses an invocation, reporting every statement that does not parse.
pub fn parse(tokens: TokenStream, errors: &Errors) -> Option<Input> {
    let parser = |input: ParseStream| {
        let content;
        bracketed!(content in input);
        let krate: TokenStream = content.parse()?;
        let stmts = parse_stmts(input, errors);
        Ok(Input { krate, stmts })
    };
    match syn::parse::Parser::parse2(parser, tokens) {
        Ok(input) => Some(input),
        Err(e) => {
            errors.push(e);
            None
        }
    }
}

fn parse_stmts(input: ParseStream, errors: &Errors) -> Vec<Stmt> {
    let mut stmts = Vec::new();
    while !input.is_empty() {
        match parse_stmt(input, errors) {
            Ok(stmt) => stmts.push(stmt),
            Err(e) => {
                errors.push(e);
                skip_statement(input);
            }
        }
    }
    stmts
}

/// Skips to just after the next `;` (or to the end).
fn skip_statement(input: ParseStream) {
    while !input.is_empty() {
        if input.parse::<Token![;]>().is_ok() {
            return;
        }
        if input.parse::<TokenTree>().is_err() {
            return;
        }
    }
}

fn parse_stmt(input: ParseStream, errors: &Errors) -> syn::Result<Stmt> {
    let keyword = input.call(Ident::parse_any).map_err(|e| {
        syn::Error::new(e.span(), "expected a declaration such as `resources(...)`")
    })?;
    // `collection { ... }` (a block without arguments) is `draw!`'s; the fronts refuse what
    // they do not take.
    let args = if input.peek(token::Brace) {
        Punctuated::new()
    } else if input.peek(token::Paren) {
        let content;
        parenthesized!(content in input);
        drained(&content, Punctuated::<Arg, Token![,]>::parse_terminated)?
    } else {
        // At the end of the input there is no token to point at but the keyword itself.
        let span = if input.is_empty() {
            keyword.span()
        } else {
            input.span()
        };
        return Err(syn::Error::new(
            span,
            format!("expected `(` after `{keyword}`"),
        ));
    };
    let block = if input.peek(token::Brace) {
        let content;
        let brace = braced!(content in input);
        let stmts = parse_stmts(&content, errors);
        Some(Block {
            span: brace.span.join(),
            stmts,
        })
    } else {
        None
    };
    if !input.is_empty() && !input.peek(Token![;]) && !input.peek(Ident::peek_any) {
        return Err(input.error("expected `;` or the next declaration"));
    }
    let _ = input.parse::<Option<Token![;]>>()?;
    Ok(Stmt {
        keyword,
        args: args.into_iter().collect(),
        block,
    })
}

impl Parse for Arg {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(LitStr) {
            let pattern: LitStr = input.parse()?;
            if input.peek(Token![=>]) {
                // Rails' `get "about" => "pages#about"`.
                return Err(syn::Error::new(
                    input.span(),
                    format!(
                        "Ruby's `\"{path}\" => ...` is not written here: the target is an \
                         option, `\"{path}\", to = \"controller#action\"` in `draw!`",
                        path = pattern.value()
                    ),
                ));
            }
            return Ok(Arg::Pattern(pattern));
        }
        ruby_symbol(input, false)?;
        let key = input.call(Ident::parse_any).map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected a name, a \"pattern\", `key = value` or `key(...)`",
            )
        })?;
        hash_rocket(input, &key, || {
            format!("Ruby's `=>` is not written here: write `{key} = ...`")
        })?;
        if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            return Ok(Arg::Assign(key, input.parse()?));
        }
        if input.peek(token::Paren) {
            return Ok(Arg::Call(key, parse_items(input)?));
        }
        Ok(Arg::Name(key))
    }
}

fn parse_items(input: ParseStream) -> syn::Result<Vec<Item>> {
    let content;
    parenthesized!(content in input);
    let items = drained(&content, Punctuated::<Item, Token![,]>::parse_terminated)?;
    Ok(items.into_iter().collect())
}

/// Parses a delimited group's content; on error the rest of the group is consumed, so that
/// the error is reported once rather than again as "unexpected token".
fn drained<T>(content: ParseStream, parser: fn(ParseStream) -> syn::Result<T>) -> syn::Result<T> {
    parser(content).inspect_err(|_| {
        let _ = content.parse::<TokenStream>();
    })
}

impl Parse for Item {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        ruby_symbol(input, false)?;
        let key = input.call(Ident::parse_any).map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected a name, `name: method`, `key = value` or `name(...)`",
            )
        })?;
        hash_rocket(input, &key, || {
            format!(
                "Ruby's `=>` is written `:` before a method (`{key}: get`) and `=` before a \
                 value (`{key} = \"...\"`)"
            )
        })?;
        if input.peek(Token![:]) && !input.peek(Token![::]) {
            input.parse::<Token![:]>()?;
            return Ok(Item::Action(key, input.parse()?));
        }
        if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            return Ok(Item::Assign(key, input.parse()?));
        }
        if input.peek(token::Paren) {
            return Ok(Item::Call(key, parse_items(input)?));
        }
        Ok(Item::Name(key))
    }
}

impl Parse for Methods {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(token::Bracket) {
            let (span, names) = parse_ident_list(input)?;
            return Ok(Methods { span, names });
        }
        ruby_symbol(input, false)?;
        let name = input
            .call(Ident::parse_any)
            .map_err(|e| syn::Error::new(e.span(), "expected a method such as `get`"))?;
        Ok(Methods {
            span: name.span(),
            names: vec![name],
        })
    }
}

/// Refuses Ruby's `=>` after `key`, next in `input`, saying what to write: `key(...)` before
/// a list or a hash (`only => [...]`, `member => {...}`), else what `otherwise` says.
fn hash_rocket(
    input: ParseStream,
    key: &Ident,
    otherwise: impl FnOnce() -> String,
) -> syn::Result<()> {
    let fork = input.fork();
    if fork.parse::<Token![=>]>().is_err() {
        return Ok(());
    }
    let message = if fork.peek(token::Bracket) || fork.peek(token::Brace) {
        format!("Ruby's `=>` is not written here: write `{key}(...)`")
    } else {
        otherwise()
    };
    Err(syn::Error::new(input.span(), message))
}

/// Refuses a Ruby symbol (`:articles`, as in `map.resources :articles`) where a name, or a
/// value (`value`: a name or a string, as the option takes), is expected, saying what to
/// write. A `:` followed by no name is left to the caller's own error.
fn ruby_symbol(input: ParseStream, value: bool) -> syn::Result<()> {
    if !input.peek(Token![:]) || input.peek(Token![::]) {
        return Ok(());
    }
    let fork = input.fork();
    let _ = fork.parse::<Token![:]>();
    let Ok(name) = fork.call(Ident::parse_any) else {
        return Ok(());
    };
    let message = if value {
        format!(
            "Ruby's symbols are not written here: write the name, `{name}`, or the string, \
             `\"{name}\"`, as the option takes"
        )
    } else {
        format!("Ruby's symbols are written without the `:` here: `{name}`")
    };
    Err(syn::Error::new(input.span(), message))
}

fn parse_ident_list(input: ParseStream) -> syn::Result<(Span, Vec<Ident>)> {
    let content;
    let bracket = bracketed!(content in input);
    let names = drained(&content, |c| {
        Punctuated::<Ident, Token![,]>::parse_terminated_with(c, |c| {
            ruby_symbol(c, false)?;
            Ident::parse_any(c)
        })
    })?;
    Ok((bracket.span.join(), names.into_iter().collect()))
}

impl Parse for Value {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let lookahead = input.lookahead1();
        if lookahead.peek(LitStr) {
            Ok(Value::Str(input.parse()?))
        } else if lookahead.peek(LitInt) {
            Ok(Value::Int(input.parse()?))
        } else if lookahead.peek(LitBool) {
            Ok(Value::Bool(input.parse()?))
        } else if lookahead.peek(token::Bracket) {
            let fork = input.fork();
            let content;
            bracketed!(content in fork);
            if content.peek(LitStr) || content.peek(LitInt) {
                let content;
                let bracket = bracketed!(content in input);
                let literals = drained(&content, |c| {
                    Punctuated::<syn::Lit, Token![,]>::parse_terminated(c)
                })?;
                return Ok(Value::Literals(
                    bracket.span.join(),
                    literals.into_iter().collect(),
                ));
            }
            let (span, names) = parse_ident_list(input)?;
            Ok(Value::List(span, names))
        } else if input.peek(Token![::])
            || (input.peek(Ident::peek_any) && (input.peek2(Token![::]) || input.peek2(Token![<])))
        {
            Ok(Value::Type(input.parse()?))
        } else if input.peek(Ident::peek_any) && input.peek2(token::Paren) {
            let name = input.call(Ident::parse_any)?;
            let content;
            parenthesized!(content in input);
            let args = drained(&content, Punctuated::<Arg, Token![,]>::parse_terminated)?;
            Ok(Value::Call(name, args.into_iter().collect()))
        } else if input.peek(Ident::peek_any) {
            Ok(Value::Ident(input.call(Ident::parse_any)?))
        } else {
            ruby_symbol(input, true)?;
            Err(lookahead.error())
        }
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::*;

    fn parse_ok(tokens: TokenStream) -> Input {
        let errors = Errors::default();
        let input = parse(quote!([::resourceful] #tokens), &errors).expect("parses");
        assert!(errors.is_empty(), "{:?}", errors.messages());
        input
    }

    #[test]
    fn reads_statements_blocks_and_options() {
        let input = parse_ok(quote! {
            resources(articles, collection(recent: get), member(toggle: [get, post])) {
                resources(comments);
                resource(author)
            }
            named(login, "/login", controller = "sessions", via = [get, post]);
            resources(products, name_prefix = None, shallow);
        });
        assert_eq!(input.stmts.len(), 3);
        let articles = &input.stmts[0];
        assert_eq!(articles.keyword, "resources");
        assert_eq!(articles.args.len(), 3);
        assert!(matches!(&articles.args[1], Arg::Call(key, items)
            if key == "collection" && matches!(&items[0], Item::Action(a, m) if a == "recent" && m.names.len() == 1)));
        assert!(matches!(&articles.args[2], Arg::Call(_, items)
            if matches!(&items[0], Item::Action(_, m) if m.names.len() == 2)));
        let block = articles.block.as_ref().unwrap();
        assert_eq!(block.stmts.len(), 2);
        assert!(matches!(&input.stmts[1].args[1], Arg::Pattern(lit) if lit.value() == "/login"));
        assert!(
            matches!(&input.stmts[1].args[3], Arg::Assign(k, Value::List(_, l)) if k == "via" && l.len() == 2)
        );
        assert!(
            matches!(&input.stmts[2].args[1], Arg::Assign(_, Value::Ident(none)) if none == "None")
        );
        assert!(matches!(&input.stmts[2].args[2], Arg::Name(flag) if flag == "shallow"));
    }

    #[test]
    fn type_paths_are_values() {
        let input = parse_ok(quote! {
            resources(articles, types(id = u64, slug = my::Slug, key = ::uuid::Uuid, v = Vec<u8>));
        });
        let Arg::Call(_, items) = &input.stmts[0].args[1] else {
            panic!("types(...) is a call");
        };
        let values: Vec<String> = items
            .iter()
            .map(|item| match item {
                Item::Assign(_, Value::Ident(ident)) => format!("ident {ident}"),
                Item::Assign(_, Value::Type(ty)) => format!("type {}", quote!(#ty)),
                _ => "other".to_owned(),
            })
            .collect();
        assert_eq!(
            values,
            [
                "ident u64",
                "type my :: Slug",
                "type :: uuid :: Uuid",
                "type Vec < u8 >"
            ]
        );
    }

    #[test]
    fn keywords_are_accepted_as_keys() {
        let input = parse_ok(quote! { resources(articles, as = "posts", new(preview: post)); });
        assert!(matches!(&input.stmts[0].args[1], Arg::Assign(k, _) if k == "as"));
    }

    #[test]
    fn a_broken_statement_does_not_hide_the_next_ones() {
        let errors = Errors::default();
        let input = parse(
            quote!([::resourceful] resources(articles,, x); resources articles; named(a, "/a");),
            &errors,
        )
        .unwrap();
        assert_eq!(errors.messages().len(), 2, "{:?}", errors.messages());
        assert_eq!(input.stmts.len(), 1);
        assert_eq!(input.stmts[0].keyword, "named");
    }
}
