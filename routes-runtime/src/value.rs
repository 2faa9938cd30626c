//! The value of a path param in a typed route, two words long.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::to_param::ToParam;

/// The value of a path param in a typed route (a field of the `Route` enum that `routes!`
/// generates): a slice of the path recognised, or its own text when the path held an escape
/// or when it was built for a link.
///
/// ```
/// use resourceful::Value;
///
/// let id = Value::from("42");
/// assert_eq!(id, "42");
/// assert_eq!(id.parse::<u64>(), Ok(42));
/// assert_eq!(Value::of(7).as_str(), "7");
/// ```
#[derive(Clone)]
pub struct Value<'p>(Held<'p>);

/// A value's text: two words, where a `Cow<str>` takes three, so that a `Route` variant holding
/// values is smaller to build and to move. The owned text is boxed once more to fit: values are
/// owned only when the path held an escape or when built for a link.
#[derive(Clone)]
enum Held<'p> {
    Borrowed(&'p str),
    #[expect(
        clippy::box_collection,
        reason = "a thin pointer keeps a value two words long"
    )]
    Owned(Box<String>),
}

const _: () = assert!(size_of::<Value<'static>>() == 2 * size_of::<usize>());

impl<'p> Value<'p> {
    /// The value of `text`.
    pub fn new(text: impl Into<Cow<'p, str>>) -> Self {
        match text.into() {
            Cow::Borrowed(text) => Value::from(text),
            Cow::Owned(text) => Value::from(text),
        }
    }

    /// The value a link gives `param` (`Value::of(article.id)`), as a helper writes it.
    pub fn of(param: impl ToParam) -> Value<'static> {
        Value::from(param.to_param().into_owned())
    }

    /// The value as text, percent-decoded.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Held::Borrowed(text) => text,
            Held::Owned(text) => text,
        }
    }

    /// The value parsed as a `T`, as `str::parse` does.
    ///
    /// # Errors
    ///
    /// `T`'s own error when the value does not parse.
    pub fn parse<T: FromStr>(&self) -> Result<T, T::Err> {
        self.as_str().parse()
    }

    /// The value with its own copy of the text, so that it outlives the path.
    pub fn into_owned(self) -> Value<'static> {
        match self.0 {
            Held::Borrowed(text) => Value::from(text.to_owned()),
            Held::Owned(text) => Value(Held::Owned(text)),
        }
    }
}

impl Default for Value<'_> {
    fn default() -> Self {
        Value::from("")
    }
}

impl PartialEq for Value<'_> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Value<'_> {}

impl PartialOrd for Value<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Value<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl std::ops::Deref for Value<'_> {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Value<'_> {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'p> From<&'p str> for Value<'p> {
    fn from(text: &'p str) -> Self {
        Value(Held::Borrowed(text))
    }
}

impl From<String> for Value<'_> {
    fn from(text: String) -> Self {
        Value(Held::Owned(Box::new(text)))
    }
}

impl<'p> From<Cow<'p, str>> for Value<'p> {
    fn from(text: Cow<'p, str>) -> Self {
        Value::new(text)
    }
}

impl PartialEq<str> for Value<'_> {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Value<'_> {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl ToParam for Value<'_> {
    fn to_param(&self) -> Cow<'_, str> {
        Cow::Borrowed(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::hash_map::DefaultHasher;

    use super::*;

    fn hash(value: &Value<'_>) -> u64 {
        let mut hasher = DefaultHasher::new();
        value.hash(&mut hasher);
        hasher.finish()
    }

    #[test]
    fn a_borrowed_and_an_owned_value_of_one_text_are_the_same_value() {
        let path = String::from("/articles/hello-world");
        let borrowed = Value::from(&path["/articles/".len()..]);
        let owned = Value::from(String::from("hello-world"));
        assert_eq!(borrowed, owned);
        assert_eq!(borrowed.cmp(&owned), Ordering::Equal);
        assert_eq!(hash(&borrowed), hash(&owned));
        assert_eq!(owned.as_str(), "hello-world");
        assert_eq!(&*borrowed, "hello-world");
        let (a, b) = (Value::from("a"), Value::from(String::from("b")));
        assert_eq!(a.cmp(&b), Ordering::Less);
        assert_eq!(a.partial_cmp(&b), Some(Ordering::Less));
        assert_ne!(Value::from("a"), Value::from(String::from("ab")));
    }

    #[test]
    fn values_come_from_either_kind_of_cow_and_outlive_the_path_once_owned() {
        let kept = {
            let path = String::from("/files/a%20b");
            let value = Value::new(Cow::Borrowed(&path[7..]));
            assert_eq!(value, "a%20b");
            value.into_owned()
        };
        assert_eq!(kept, "a%20b");
        assert_eq!(
            Value::new(Cow::Owned(String::from("7"))).parse::<u8>(),
            Ok(7)
        );
        assert_eq!(Value::from(Cow::Borrowed("x")).to_param(), "x");
        assert_eq!(Value::of(42).into_owned().as_str(), "42");
    }

    #[test]
    fn the_default_value_is_empty_and_values_print_as_their_text() {
        assert_eq!(Value::default(), "");
        assert_eq!(format!("{}", Value::from("a b")), "a b");
        assert_eq!(
            format!("{:?}", Value::from(String::from("a\"b"))),
            "\"a\\\"b\""
        );
        let cloned = Value::from(String::from("copy")).clone();
        assert_eq!(cloned.as_ref(), "copy");
    }
}
