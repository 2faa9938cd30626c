//! `types(PARAM = Type)`: the helpers of a typed route take that type, and write it with
//! `ToParam` where it has it, else with `Display`; recognition takes only values that parse
//! as it, and goes on to the next route for the others, as for a requirement.

mod support;

use std::fmt;

use support::check_table;

/// A type that is `Display` and `FromStr` but not `ToParam`, as a foreign type (`uuid::Uuid`)
/// would be.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Code(u32);

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c-{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl std::str::FromStr for Code {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        let (tens, units) = text
            .strip_prefix("c-")
            .ok_or(())?
            .split_once('.')
            .ok_or(())?;
        let tens: u32 = tens.parse().map_err(|_| ())?;
        let units: u32 = units.parse().map_err(|_| ())?;
        (units < 10).then_some(Code(tens * 10 + units)).ok_or(())
    }
}

mod routes {
    resourceful::routes! {
        resources(articles, types(id = u64)) {
            resources(comments, types(article_id = u64, id = super::Code));
        }
        named(archive, "/archive/:year/:slug", controller = "archive", types(year = u16));
        resource(account, path_prefix = "/sites/:site_id", types(site_id = ::std::string::String));
    }
}

#[test]
fn typed_helpers_take_their_types() {
    use routes::*;
    assert_eq!(article_path(7u64), "/articles/7");
    assert_eq!(edit_article_path(7), "/articles/7/edit");
    assert_eq!(formatted_article_path(7, "json"), "/articles/7.json");
    assert_eq!(
        article_comment_path(7, Code(42)),
        "/articles/7/comments/c-4%2E2"
    );
    assert_eq!(
        formatted_article_comment_path(7, Code(42), "xml"),
        "/articles/7/comments/c-4%2E2.xml"
    );
    assert_eq!(
        archive_path(2024, "hello world"),
        "/archive/2024/hello%20world"
    );
    assert_eq!(account_path(String::from("a/b")), "/sites/a%2Fb/account");
    let hash = hash_for_article_comment_path(7, Code(42));
    assert_eq!(hash.get("article_id"), Some("7"));
    assert_eq!(hash.get("id"), Some("c-4.2"));
    assert_eq!(
        ROUTES.url_for(&hash).unwrap(),
        "/articles/7/comments/c-4%2E2"
    );
}

#[test]
fn typed_routes_recognise_as_before() {
    check_table(
        &routes::ROUTES,
        &[
            ("GET", "/articles/7", "articles#show id=7"),
            (
                "GET",
                "/articles/7/comments/c-4%2E2",
                "comments#show article_id=7 id=c-4.2",
            ),
            ("GET", "/archive/2024/x", "archive#index year=2024 slug=x"),
            ("GET", "/articles/abc", "404"),
            ("GET", "/articles/-1", "404"),
            ("PUT", "/articles/abc", "404"),
            ("GET", "/articles/7/comments/c-42", "404"),
            ("GET", "/archive/70000/x", "404"),
        ],
    );
}
