//! The path patterns of Rails 3 and later (the syntax of Rails' Journey router), as `draw!`
//! takes them: `/archive/:year(/:month(/:day))(.:format)`, `/pages/*path/edit`,
//! `/v/:major.:minor`. A pattern is read into [`Node`]s as Journey reads it, normalised as
//! Rails' mapper normalises it, printed as `rails routes` prints it, and turned into the
//! regular expression Journey matches a request's path with.
//!
//! ```
//! use routes_syntax::journey::{Node, normalize, parse, to_regex};
//!
//! let path = normalize("archive/:year(/:month)", None);
//! assert_eq!(path, "/archive/:year(/:month)(.:format)");
//! let nodes = parse(&path).unwrap();
//! assert!(matches!(&nodes[1], Node::Literal(text) if text == "archive"));
//! assert_eq!(
//!     to_regex(&nodes, &|_| None),
//!     r"\A/archive/([^/.?]+)(?:/([^/.?]+))?(?:\.([^/.?]+))?\z"
//! );
//! ```

use std::fmt::Write as _;

use crate::pattern::PatternError;

/// One piece of a pattern, as Journey's parser reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// `/`.
    Slash,
    /// `.`.
    Dot,
    /// Text matched as it is.
    Literal(String),
    /// `:name`: one value, by default one or more characters other than `/ . ?`.
    Symbol(String),
    /// `*name`: a value that may hold `/`.
    Star(String),
    /// `( ... )`: matched or left out whole.
    Group(Vec<Node>),
    /// `a|b`: one of the alternatives (rare in routes files).
    Or(Vec<Vec<Node>>),
}

/// How a pattern is written with its format, as `Mapping.normalize_path` writes it: `/` and
/// the pattern with its slashes squeezed and groups that open on a `/` opened before it, then
/// `(.:format)` unless `format` is `Some(false)` or the pattern already ends in a format or a
/// `/`; `.:format` for `Some(true)`.
pub fn normalize(path: &str, format: Option<bool>) -> String {
    let path = normalize_path(path);
    match format {
        Some(true) => format!("{path}.:format"),
        Some(false) => path,
        None if path.ends_with("(.:format)")
            || path.ends_with(".:format")
            || path.ends_with('/') =>
        {
            path
        }
        None => format!("{path}(.:format)"),
    }
}

/// `Mapper.normalize_path`: a leading `/`, no `//`, no trailing `/` (but for the root),
/// `%xx` escapes upper-cased, a group opening on a `/` (`/(/:locale)`, `/(projects)`) opened
/// before the `/`, and a pattern made only of groups starting with its `/` outside them.
pub fn normalize_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 1);
    for c in std::iter::once('/').chain(path.chars()) {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    if out != "/" {
        if out.ends_with('/') {
            out.pop();
        }
        out = upcase_escapes(&out);
    }
    // `/(`, `/((` or `/(/` become `(/`, `((/`: the slash goes inside the group.
    let mut moved = String::with_capacity(out.len());
    let bytes = out.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'(') {
            let mut j = i + 1;
            while bytes.get(j) == Some(&b'(') {
                j += 1;
            }
            moved.push_str(&out[i + 1..j]);
            moved.push('/');
            i = if bytes.get(j) == Some(&b'/') {
                j + 1
            } else {
                j
            };
            continue;
        }
        let c = out[i..].chars().next().unwrap_or_default();
        moved.push(c);
        i += c.len_utf8();
    }
    // `(/:locale)(/:platform)` alone: the first group's `/` goes back outside.
    if only_groups(&moved) && moved.starts_with('(') {
        let opens = moved.len() - moved.trim_start_matches('(').len();
        if moved[opens..].starts_with('/') {
            moved = format!("/{}{}", &moved[..opens], &moved[opens + 1..]);
        }
    }
    moved
}

/// Whether `path` is `(`s and a group without `)`, then groups each opening on `/:`: what
/// `%r{^(\(+[^)]+\))(\(+/:[^)]+\))*$}` matches.
fn only_groups(path: &str) -> bool {
    let first = |rest: &str| -> Option<usize> {
        let opens = rest.len() - rest.trim_start_matches('(').len();
        if opens == 0 {
            return None;
        }
        let body = &rest[opens..];
        let close = body.find(')')?;
        (close > 0).then_some(opens + close + 1)
    };
    let Some(mut at) = first(path) else {
        return false;
    };
    while at < path.len() {
        let rest = &path[at..];
        let opens = rest.len() - rest.trim_start_matches('(').len();
        if opens == 0 || !rest[opens..].starts_with("/:") {
            return false;
        }
        let body = &rest[opens + 2..];
        match body.find(')') {
            Some(close) if close > 0 => at += opens + 2 + close + 1,
            _ => return false,
        }
    }
    true
}

/// `%2f` as `%2F`: Rails upper-cases escapes of lower-case hex digits.
fn upcase_escapes(path: &str) -> String {
    let hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && bytes.get(i + 1).is_some_and(hex)
            && bytes.get(i + 2).is_some_and(hex)
        {
            out.extend([
                b'%',
                bytes[i + 1].to_ascii_uppercase(),
                bytes[i + 2].to_ascii_uppercase(),
            ]);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    // Only ASCII bytes were replaced, by ASCII bytes.
    String::from_utf8(out).unwrap_or_else(|_| path.to_owned())
}

/// Reads a (normalised) pattern into its nodes, as Journey's scanner and parser do.
pub fn parse(path: &str) -> Result<Vec<Node>, PatternError> {
    let tokens = scan(path);
    let mut at = 0;
    let nodes = expressions(&tokens, &mut at, 0)?;
    match tokens.get(at) {
        None => Ok(nodes),
        Some((offset, _)) => Err(PatternError {
            offset: *offset,
            message: "unbalanced `)` in the pattern".into(),
        }),
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Slash,
    Open,
    Close,
    Or,
    Dot,
    Symbol(String),
    Star(String),
    Literal(String),
}

fn scan(path: &str) -> Vec<(usize, Token)> {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let literal = |c: char| word(c) || "%-~!$&'*+,;=@".contains(c);
    let mut tokens = Vec::new();
    let mut chars = path.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let token = match c {
            '/' => Token::Slash,
            '(' => Token::Open,
            ')' => Token::Close,
            '|' => Token::Or,
            '.' => Token::Dot,
            ':' | '*' if chars.peek().is_some_and(|&(_, n)| word(n)) => {
                let mut name = String::new();
                while let Some(&(_, n)) = chars.peek().filter(|&&(_, n)| word(n)) {
                    name.push(n);
                    chars.next();
                }
                if c == ':' {
                    Token::Symbol(name)
                } else {
                    Token::Star(name)
                }
            }
            c if literal(c) || c == '\\' => {
                let mut text = String::new();
                let mut c = c;
                loop {
                    if c == '\\' {
                        match chars.peek() {
                            Some(&(_, n @ (':' | '(' | ')'))) => {
                                text.push(n);
                                chars.next();
                            }
                            _ => text.push('\\'),
                        }
                    } else {
                        text.push(c);
                    }
                    match chars.peek() {
                        Some(&(_, n)) if literal(n) || n == '\\' => {
                            c = n;
                            chars.next();
                        }
                        _ => break,
                    }
                }
                Token::Literal(text)
            }
            other => Token::Literal(other.to_string()),
        };
        tokens.push((at, token));
    }
    tokens
}

/// The most groups one inside another that a pattern may have: deeper, it is refused rather
/// than read by a recursion without bound.
const MAX_NESTING: usize = 32;

fn expressions(
    tokens: &[(usize, Token)],
    at: &mut usize,
    depth: usize,
) -> Result<Vec<Node>, PatternError> {
    let mut alternatives: Vec<Vec<Node>> = vec![Vec::new()];
    while let Some((offset, token)) = tokens.get(*at) {
        let node = match token {
            Token::Close => break,
            Token::Or => {
                *at += 1;
                alternatives.push(Vec::new());
                continue;
            }
            Token::Slash => Node::Slash,
            Token::Dot => Node::Dot,
            Token::Symbol(name) => Node::Symbol(name.clone()),
            Token::Star(name) => Node::Star(name.clone()),
            Token::Literal(text) => Node::Literal(text.clone()),
            Token::Open => {
                if depth >= MAX_NESTING {
                    return Err(PatternError {
                        offset: *offset,
                        message: format!("groups nest at most {MAX_NESTING} deep"),
                    });
                }
                *at += 1;
                let inner = expressions(tokens, at, depth + 1)?;
                if !matches!(tokens.get(*at), Some((_, Token::Close))) {
                    return Err(PatternError {
                        offset: *offset,
                        message: "unclosed `(` in the pattern".into(),
                    });
                }
                Node::Group(inner)
            }
        };
        *at += 1;
        // Adjacent literals read as one, as the scanner's longest match reads them.
        match (alternatives.last_mut().and_then(|a| a.last_mut()), &node) {
            (Some(Node::Literal(before)), Node::Literal(text)) => before.push_str(text),
            _ => alternatives
                .last_mut()
                .expect("one alternative at least")
                .push(node),
        }
    }
    if alternatives.len() == 1 {
        Ok(alternatives.pop().unwrap_or_default())
    } else {
        Ok(vec![Node::Or(alternatives)])
    }
}

/// The pattern as `rails routes` prints it.
pub fn to_string(nodes: &[Node]) -> String {
    let mut out = String::new();
    write_nodes(nodes, &mut out);
    out
}

fn write_nodes(nodes: &[Node], out: &mut String) {
    for node in nodes {
        match node {
            Node::Slash => out.push('/'),
            Node::Dot => out.push('.'),
            Node::Literal(text) => out.push_str(text),
            Node::Symbol(name) => {
                out.push(':');
                out.push_str(name);
            }
            Node::Star(name) => {
                out.push('*');
                out.push_str(name);
            }
            Node::Group(inner) => {
                out.push('(');
                write_nodes(inner, out);
                out.push(')');
            }
            Node::Or(alternatives) => {
                for (i, alternative) in alternatives.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    write_nodes(alternative, out);
                }
            }
        }
    }
}

/// The names of the pattern's values (`:name` and `*name`), in the order they are written.
pub fn names(nodes: &[Node]) -> Vec<&str> {
    let mut names = Vec::new();
    visit(nodes, &mut |node| {
        if let Node::Symbol(name) | Node::Star(name) = node {
            names.push(name.as_str());
        }
    });
    names
}

/// Calls `each` on every node, groups' insides after the group.
pub fn visit<'n>(nodes: &'n [Node], each: &mut dyn FnMut(&'n Node)) {
    for node in nodes {
        each(node);
        match node {
            Node::Group(inner) => visit(inner, each),
            Node::Or(alternatives) => alternatives.iter().for_each(|a| visit(a, each)),
            _ => {}
        }
    }
}

/// The regular expression Journey matches a path with (`AnchoredRegexp`), in the syntax of
/// Rust's `regex`: each value a capture group in the order the values are written (a
/// `:name` `[^/.?]+` unless `requirement` gives its regex, a `*name` `.+` unless it does),
/// groups optional, the whole anchored.
pub fn to_regex(nodes: &[Node], requirement: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::from(r"\A");
    write_regex(nodes, requirement, &mut out);
    out.push_str(r"\z");
    out
}

fn write_regex(nodes: &[Node], requirement: &dyn Fn(&str) -> Option<String>, out: &mut String) {
    for node in nodes {
        match node {
            Node::Slash => out.push('/'),
            Node::Dot => out.push_str(r"\."),
            Node::Literal(text) => out.push_str(&regex_escape(text)),
            Node::Symbol(name) => match requirement(name) {
                Some(source) => {
                    let _ = write!(out, "((?:{source}))");
                }
                None => out.push_str("([^/.?]+)"),
            },
            Node::Star(name) => match requirement(name) {
                Some(source) => {
                    let _ = write!(out, "((?:{source}))");
                }
                None => out.push_str("(.+)"),
            },
            Node::Group(inner) => {
                out.push_str("(?:");
                write_regex(inner, requirement, out);
                out.push_str(")?");
            }
            Node::Or(alternatives) => {
                out.push_str("(?:");
                for (i, alternative) in alternatives.iter().enumerate() {
                    if i > 0 {
                        out.push('|');
                    }
                    write_regex(alternative, requirement, out);
                }
                out.push(')');
            }
        }
    }
}

fn regex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) || c.is_whitespace() {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_normalise_as_rails_mapper_normalises_them() {
        let cases = [
            ("archive/:year", None, "/archive/:year(.:format)"),
            ("/", None, "/"),
            ("", None, "/"),
            ("photos", Some(false), "/photos"),
            ("exports/:id", Some(true), "/exports/:id.:format"),
            ("robots.:format", None, "/robots.:format"),
            ("feed(.:format)", None, "/feed(.:format)"),
            ("//a//b/", None, "/a/b(.:format)"),
            (
                "(projects/:id)/search",
                None,
                "(/projects/:id)/search(.:format)",
            ),
            ("(:locale)/about", None, "(/:locale)/about(.:format)"),
            ("/(/:locale)", Some(false), "/(:locale)"),
            (
                "(/:locale)(/:platform)",
                Some(false),
                "/(:locale)(/:platform)",
            ),
            ("a/%2fb", Some(false), "/a/%2Fb"),
            (
                "reports(/:kind)/summary",
                None,
                "/reports(/:kind)/summary(.:format)",
            ),
        ];
        for (path, format, want) in cases {
            assert_eq!(normalize(path, format), want, "{path:?} {format:?}");
        }
    }

    #[test]
    fn patterns_read_into_nodes_and_print_back() {
        for path in [
            "/archive/:year(/:month(/:day))(.:format)",
            "/pages/*path/edit(.:format)",
            "/v/:major.:minor(.:format)",
            "(/:locale)/about(.:format)",
            "/a/b-c~d(.:format)",
            "/",
        ] {
            let nodes = parse(path).unwrap();
            assert_eq!(to_string(&nodes), path);
        }
        assert_eq!(
            parse("/v/:major.:minor").unwrap(),
            [
                Node::Slash,
                Node::Literal("v".into()),
                Node::Slash,
                Node::Symbol("major".into()),
                Node::Dot,
                Node::Symbol("minor".into()),
            ]
        );
        assert_eq!(names(&parse("/a/:x(/*y(/:z))").unwrap()), ["x", "y", "z"]);
        assert!(parse("/a(/:b").is_err());
        assert!(parse("/a)/:b").is_err());
        assert!(parse(&"(".repeat(100)).is_err());
    }

    #[test]
    fn regexes_are_journey_s() {
        let requirement = |name: &str| match name {
            "year" => Some("[0-9]{4}".to_owned()),
            "path" => Some(".+?".to_owned()),
            _ => None,
        };
        let cases = [
            (
                "/archive/:year(/:month)(.:format)",
                r"\A/archive/((?:[0-9]{4}))(?:/([^/.?]+))?(?:\.([^/.?]+))?\z",
            ),
            (
                "/pages/*path/edit(.:format)",
                r"\A/pages/((?:.+?))/edit(?:\.([^/.?]+))?\z",
            ),
            ("/*rest", r"\A/(.+)\z"),
            ("/a+b", r"\A/a\+b\z"),
        ];
        for (path, want) in cases {
            assert_eq!(
                to_regex(&parse(path).unwrap(), &requirement),
                want,
                "{path}"
            );
        }
    }
}
