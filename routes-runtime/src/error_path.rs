//! The path a [`RoutingError`](crate::RoutingError) names, held without an allocation when it
//! is as short as most paths are.

use std::borrow::{Borrow, Cow};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// How many bytes of a path an [`ErrorPath`] holds in place: with its length and the tag, 56
/// bytes, so that a [`RoutingError`](crate::RoutingError) fits in the room an answer leaves it.
const INLINE: usize = 54;

const _: () = assert!(INLINE <= u8::MAX as usize);
const _: () = assert!(size_of::<ErrorPath>() == 56);

/// The request's path, without its query, as a [`RoutingError`](crate::RoutingError) names it.
///
/// A path of up to 54 bytes is held in place, a longer one in a box of its own: answering a
/// 404 or a 405 allocates nothing for the paths clients mostly send, so a client asking for
/// paths that are not there costs the router no more than one asking for paths that are.
/// It reads as a `&str` (`Deref`, `AsRef<str>`, `as_str`), compares, orders and hashes as one,
/// and prints as the path.
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
    /// The path's bytes are the first `len` of `bytes`, copied whole from a `&str` by
    /// `ErrorPath::inline`, and so UTF-8.
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    Boxed(Box<str>),
}

impl ErrorPath {
    /// `path`, held in place when it is short enough, else boxed.
    ///
    /// ```
    /// use resourceful::ErrorPath;
    ///
    /// let path = ErrorPath::new("/articles/12/nope");
    /// assert_eq!(path, "/articles/12/nope");
    /// ```
    pub fn new(path: &str) -> Self {
        ErrorPath::inline(path).unwrap_or_else(|| ErrorPath(Held::Boxed(path.into())))
    }

    /// `path` held in place, if it is short enough.
    fn inline(path: &str) -> Option<Self> {
        let mut bytes = [0u8; INLINE];
        bytes
            .get_mut(..path.len())?
            .copy_from_slice(path.as_bytes());
        let len = u8::try_from(path.len()).ok()?;
        Some(ErrorPath(Held::Inline { len, bytes }))
    }

    /// The path.
    ///
    /// ```
    /// use resourceful::ErrorPath;
    ///
    /// let path: ErrorPath = "/nope".into();
    /// assert_eq!(path.as_str().len(), 5);
    /// ```
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Held::Inline { len, bytes } => bytes
                .get(..usize::from(*len))
                .and_then(|held| std::str::from_utf8(held).ok())
                .expect("an ErrorPath holds the bytes of a whole `&str` (see `Held::Inline`)"),
            Held::Boxed(path) => path,
        }
    }
}

impl Default for ErrorPath {
    /// The empty path.
    fn default() -> Self {
        ErrorPath::new("")
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

impl AsRef<[u8]> for ErrorPath {
    fn as_ref(&self) -> &[u8] {
        self.as_str().as_bytes()
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

impl From<&String> for ErrorPath {
    fn from(path: &String) -> Self {
        ErrorPath::new(path)
    }
}

impl From<String> for ErrorPath {
    /// A short path is copied into place (and the `String` freed); a long one is shrunk into
    /// a box.
    fn from(path: String) -> Self {
        ErrorPath::inline(&path).unwrap_or_else(|| ErrorPath(Held::Boxed(path.into_boxed_str())))
    }
}

impl From<Box<str>> for ErrorPath {
    fn from(path: Box<str>) -> Self {
        ErrorPath::inline(&path).unwrap_or(ErrorPath(Held::Boxed(path)))
    }
}

impl From<Cow<'_, str>> for ErrorPath {
    fn from(path: Cow<'_, str>) -> Self {
        match path {
            Cow::Borrowed(path) => ErrorPath::new(path),
            Cow::Owned(path) => ErrorPath::from(path),
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

impl From<ErrorPath> for Box<str> {
    fn from(path: ErrorPath) -> Self {
        match path.0 {
            Held::Boxed(path) => path,
            Held::Inline { .. } => path.as_str().into(),
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

impl PartialOrd for ErrorPath {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ErrorPath {
    /// As the paths' `str`s order.
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for ErrorPath {
    /// As the `str` hashes, as `Borrow<str>` asks.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

/// `ErrorPath == S` and `S == ErrorPath` for the string types `S`, by their text.
macro_rules! compares_with {
    ($($other:ty),*) => {$(
        impl PartialEq<$other> for ErrorPath {
            fn eq(&self, other: &$other) -> bool {
                self.as_str() == &other[..]
            }
        }

        impl PartialEq<ErrorPath> for $other {
            fn eq(&self, other: &ErrorPath) -> bool {
                &self[..] == other.as_str()
            }
        }
    )*};
}

compares_with!(str, &str, String, Cow<'_, str>);

#[cfg(test)]
mod tests {
    use std::borrow::Cow;
    use std::collections::{BTreeSet, HashSet};

    use super::{ErrorPath, Held, INLINE};

    fn inline(path: &ErrorPath) -> bool {
        matches!(path.0, Held::Inline { .. })
    }

    #[test]
    fn short_paths_are_held_in_place_and_long_ones_boxed() {
        let empty = ErrorPath::default();
        assert!(inline(&empty));
        assert_eq!(empty, "");
        let short = "/articles/12/comments/34/votes/56/extra";
        assert!(inline(&ErrorPath::new(short)));
        assert_eq!(ErrorPath::new(short), short);
        let most = "/".repeat(INLINE);
        let over = "/".repeat(INLINE + 1);
        let long = format!("/{}", "é".repeat(5_000));
        for (path, held) in [(&most, true), (&over, false), (&long, false)] {
            let made = [
                ErrorPath::new(path),
                ErrorPath::from(path.clone()),
                ErrorPath::from(path),
                ErrorPath::from(path.clone().into_boxed_str()),
                ErrorPath::from(Cow::Borrowed(path.as_str())),
                ErrorPath::from(Cow::<str>::Owned(path.clone())),
            ];
            for made in made {
                assert_eq!(inline(&made), held, "{} bytes", path.len());
                assert_eq!(made.as_str(), path);
                assert_eq!(Box::<str>::from(made.clone()), path.as_str().into());
                assert_eq!(String::from(made), *path);
            }
        }
    }

    #[test]
    fn a_path_of_multibyte_characters_reads_back_whole() {
        let a = |n| "a".repeat(n);
        let cases = [
            // 54 bytes: the last character ends at the limit.
            (format!("/{}é", a(51)), true),
            (format!("/{}é", "日".repeat(17)), true),
            // 55 bytes: the last character straddles the limit.
            (format!("/{}é", a(52)), false),
            (format!("/{}", "日".repeat(18)), false),
        ];
        for (path, held) in cases {
            let made = ErrorPath::new(&path);
            assert_eq!(inline(&made), held, "{path}: {} bytes", path.len());
            assert_eq!(made.as_str(), path);
            assert_eq!(made.chars().last(), path.chars().last());
        }
    }

    #[test]
    fn it_reads_compares_orders_hashes_and_prints_as_its_path() {
        let path = ErrorPath::from("/nope".to_owned());
        assert!(path.starts_with("/no"));
        assert_eq!(path.len(), 5);
        assert_eq!(AsRef::<[u8]>::as_ref(&path), b"/nope");
        assert_eq!(path, *"/nope");
        assert_eq!(path, "/nope".to_owned());
        assert_eq!(path, Cow::Borrowed("/nope"));
        assert_eq!("/nope", path);
        assert_eq!(*"/nope", path);
        assert_eq!("/nope".to_owned(), path);
        assert_eq!(Cow::Borrowed("/nope"), path);
        assert_ne!(path, "/nop");
        assert_eq!(path.to_string(), "/nope");
        assert_eq!(format!("{path:?}"), "\"/nope\"");
        assert_eq!(format!("{path:>7}|{path:.3}"), "  /nope|/no");
        let set: HashSet<ErrorPath> = [path.clone()].into_iter().collect();
        assert!(set.contains("/nope"));
        let long = ErrorPath::new(&"/a".repeat(40));
        let sorted: BTreeSet<ErrorPath> = [path.clone(), long.clone(), ErrorPath::new("/")].into();
        assert_eq!(
            sorted.into_iter().collect::<Vec<_>>(),
            ["/", "/a".repeat(40).as_str(), "/nope"]
        );
        assert_eq!(path.clone(), path);
        assert_ne!(ErrorPath::new("/a"), long);
    }
}
