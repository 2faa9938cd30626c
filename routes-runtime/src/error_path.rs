//! The path a [`RoutingError`](crate::RoutingError) names, held without an allocation when it
//! is as short as most paths are.

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// How many bytes of a path an [`ErrorPath`] holds in place.
const INLINE: usize = 54;

/// The request's path, without its query, as a [`RoutingError`](crate::RoutingError) names it.
///
/// A path of up to 54 bytes is held in place, a longer one in a box of its own: answering a
/// 404 or a 405 allocates nothing for the paths clients mostly send, so a client asking for
/// paths that are not there costs the router no more than one asking for paths that are.
/// It reads as a `&str` (`Deref`, `AsRef<str>`, `as_str`), compares with strings, and prints
/// as the path.
///
/// ```
/// use http::Method;
/// use resourceful::RoutingError;
///
/// mod routes {
///     resourceful::routes! { resources(articles); }
/// }
/// let Err(RoutingError::NotFound { path, .. }) =
///     routes::ROUTES.recognize(&Method::GET, "/nope?page=2")
/// else {
///     panic!("`/nope` is not a route");
/// };
/// assert_eq!(path, "/nope");
/// assert_eq!(path.as_str(), "/nope");
/// assert!(path.starts_with('/'));
/// assert_eq!(String::from(path), "/nope");
/// ```
#[derive(Clone)]
pub struct ErrorPath(Held);

#[derive(Clone)]
enum Held {
    /// The path's bytes are the first `len` of `bytes`, which `new` copied from a `&str`.
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    Boxed(Box<str>),
}

impl ErrorPath {
    /// `path`, held in place when it is short enough, else boxed.
    pub fn new(path: &str) -> Self {
        let mut bytes = [0u8; INLINE];
        match (bytes.get_mut(..path.len()), u8::try_from(path.len())) {
            (Some(place), Ok(len)) => {
                place.copy_from_slice(path.as_bytes());
                ErrorPath(Held::Inline { len, bytes })
            }
            _ => ErrorPath(Held::Boxed(path.into())),
        }
    }

    /// The path.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Held::Inline { len, bytes } => {
                let held = bytes.get(..usize::from(*len)).unwrap_or_default();
                // The bytes are a whole `&str`'s (see `new`), so they are always UTF-8.
                std::str::from_utf8(held).unwrap_or_default()
            }
            Held::Boxed(path) => path,
        }
    }
}

impl Deref for ErrorPath {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for ErrorPath {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for ErrorPath {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for ErrorPath {
    fn from(path: &str) -> Self {
        ErrorPath::new(path)
    }
}

impl From<String> for ErrorPath {
    /// A short path is copied into place (and the `String` freed); a long one keeps its
    /// buffer.
    fn from(path: String) -> Self {
        if path.len() <= INLINE {
            ErrorPath::new(&path)
        } else {
            ErrorPath(Held::Boxed(path.into_boxed_str()))
        }
    }
}

impl From<ErrorPath> for String {
    fn from(path: ErrorPath) -> Self {
        match path.0 {
            Held::Boxed(path) => path.into_string(),
            Held::Inline { .. } => path.as_str().to_owned(),
        }
    }
}

impl fmt::Display for ErrorPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for ErrorPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for ErrorPath {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for ErrorPath {}

impl Hash for ErrorPath {
    /// As the `str` hashes, as `Borrow<str>` asks.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialEq<str> for ErrorPath {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ErrorPath {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for ErrorPath {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<ErrorPath> for str {
    fn eq(&self, other: &ErrorPath) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<ErrorPath> for &str {
    fn eq(&self, other: &ErrorPath) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<ErrorPath> for String {
    fn eq(&self, other: &ErrorPath) -> bool {
        self == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::{ErrorPath, Held, INLINE};

    fn inline(path: &ErrorPath) -> bool {
        matches!(path.0, Held::Inline { .. })
    }

    #[test]
    fn short_paths_are_held_in_place_and_long_ones_boxed() {
        let empty = ErrorPath::new("");
        assert!(inline(&empty));
        assert_eq!(empty, "");
        let short = "/articles/12/comments/34/votes/56/extra";
        assert!(inline(&ErrorPath::new(short)));
        assert_eq!(ErrorPath::new(short), short);
        let most = "/".repeat(INLINE);
        assert!(inline(&ErrorPath::new(&most)));
        assert_eq!(ErrorPath::new(&most).as_str(), most);
        let over = "/".repeat(INLINE + 1);
        assert!(!inline(&ErrorPath::new(&over)));
        assert_eq!(ErrorPath::new(&over).as_str(), over);
        let long = format!("/{}", "é".repeat(5_000));
        assert!(!inline(&ErrorPath::from(long.clone())));
        assert_eq!(ErrorPath::from(long.clone()), long);
        assert_eq!(String::from(ErrorPath::from(long.clone())), long);
    }

    #[test]
    fn a_path_of_multibyte_characters_reads_back_whole() {
        // 18 three-byte characters and a slash: 55 bytes, one over; 17 of them fit.
        for n in [17, 18] {
            let path = format!("/{}", "日".repeat(n));
            let held = ErrorPath::new(&path);
            assert_eq!(held.as_str(), path);
            assert_eq!(inline(&held), path.len() <= INLINE);
        }
    }

    #[test]
    fn it_reads_compares_hashes_and_prints_as_its_path() {
        let path = ErrorPath::from("/nope".to_owned());
        assert!(path.starts_with("/no"));
        assert_eq!(path.len(), 5);
        assert_eq!(path, *"/nope");
        assert_eq!(path, "/nope".to_owned());
        assert_eq!("/nope", path);
        assert_eq!(*"/nope", path);
        assert_eq!("/nope".to_owned(), path);
        assert_ne!(path, "/nop");
        assert_eq!(path.to_string(), "/nope");
        assert_eq!(format!("{path:?}"), "\"/nope\"");
        assert_eq!(format!("{path:>7}"), "  /nope");
        let set: HashSet<ErrorPath> = [path.clone()].into_iter().collect();
        assert!(set.contains("/nope"));
        assert_eq!(path.clone(), path);
        assert_ne!(ErrorPath::new("/a"), ErrorPath::new(&"/a".repeat(40)));
    }
}
