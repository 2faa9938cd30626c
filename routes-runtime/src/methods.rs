//! Sets of HTTP methods: what a route answers, and what a 405 lists in `Allow`.

use std::fmt;

use http::Method;

/// The standard methods, in the order Rails lists them in `Allow`; a method's bit in a
/// [`MethodSet`] is its place here (`routes_syntax::methods` names the first seven).
const ORDER: [Method; 9] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
    Method::OPTIONS,
    Method::CONNECT,
    Method::TRACE,
];

use routes_syntax::methods as bits;

pub(crate) use bits::{ANY, OTHER};

/// The bit the recogniser matches `method` with: HEAD is routed as GET, and the methods no
/// route can name share [`OTHER`].
#[inline]
pub(crate) fn request_bit(method: &Method) -> u16 {
    match *method {
        Method::GET | Method::HEAD => MethodSet::GET.0,
        Method::POST => MethodSet::POST.0,
        Method::PUT => MethodSet::PUT.0,
        Method::PATCH => MethodSet::PATCH.0,
        Method::DELETE => MethodSet::DELETE.0,
        Method::OPTIONS => MethodSet::OPTIONS.0,
        _ => OTHER,
    }
}

/// A set of standard HTTP methods, small enough to copy: the methods a 405 allows
/// ([`RoutingError::MethodNotAllowed`](crate::RoutingError::MethodNotAllowed)).
///
/// It iterates in Rails' order (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, CONNECT, TRACE),
/// and its `Debug` is that of a `Vec<Method>`: both show the methods it holds, as routes name
/// them. Its `Display` is the value of an `Allow` header, which lists HEAD wherever GET is
/// allowed, since a route that takes GET answers HEAD (as axum's `Allow` does). It holds only
/// the nine standard methods: routes name no others.
///
/// ```
/// use http::Method;
/// use resourceful::MethodSet;
///
/// let allowed = MethodSet::from_iter([Method::DELETE, Method::GET, Method::PUT]);
/// assert!(allowed.contains(&Method::PUT));
/// assert!(!allowed.contains(&Method::POST));
/// assert_eq!(allowed.len(), 3);
/// assert_eq!(allowed.to_string(), "GET, HEAD, PUT, DELETE");
/// assert_eq!(format!("{allowed:?}"), "[GET, PUT, DELETE]");
/// assert_eq!(allowed, [Method::GET, Method::PUT, Method::DELETE]);
/// assert_eq!(allowed.iter().collect::<Vec<_>>(), [Method::GET, Method::PUT, Method::DELETE]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MethodSet(u16);

impl MethodSet {
    /// No method.
    pub const EMPTY: MethodSet = MethodSet(0);
    /// GET alone.
    pub const GET: MethodSet = MethodSet(bits::GET);
    /// POST alone.
    pub const POST: MethodSet = MethodSet(bits::POST);
    /// PUT alone.
    pub const PUT: MethodSet = MethodSet(bits::PUT);
    /// PATCH alone.
    pub const PATCH: MethodSet = MethodSet(bits::PATCH);
    /// DELETE alone.
    pub const DELETE: MethodSet = MethodSet(bits::DELETE);
    /// OPTIONS alone.
    pub const OPTIONS: MethodSet = MethodSet(bits::OPTIONS);

    /// The set of the standard methods among `bits` (the recogniser's bits).
    #[inline]
    pub(crate) const fn from_bits(bits: u16) -> Self {
        MethodSet(bits & ((1 << ORDER.len()) - 1))
    }

    /// The bit of `method`, if it is one of the standard methods.
    fn bit(method: &Method) -> Option<u16> {
        ORDER.iter().position(|m| m == method).map(|at| 1 << at)
    }

    /// Whether `method` is in the set.
    pub fn contains(&self, method: &Method) -> bool {
        Self::bit(method).is_some_and(|bit| self.0 & bit != 0)
    }

    /// Adds `method`; returns whether it could be held (only the nine standard methods can).
    pub fn insert(&mut self, method: &Method) -> bool {
        match Self::bit(method) {
            Some(bit) => {
                self.0 |= bit;
                true
            }
            None => false,
        }
    }

    /// The set with the methods of `other` too.
    #[must_use]
    pub const fn union(self, other: MethodSet) -> MethodSet {
        MethodSet(self.0 | other.0)
    }

    /// The methods of the set that `other` holds too.
    #[must_use]
    pub(crate) const fn intersection(self, other: MethodSet) -> MethodSet {
        MethodSet(self.0 & other.0)
    }

    /// How many methods the set holds.
    pub const fn len(&self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no method.
    pub const fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The methods, in Rails' order.
    pub fn iter(&self) -> MethodSetIter {
        MethodSetIter(self.0)
    }

    /// Each method's name, in Rails' order.
    fn names(self) -> impl Iterator<Item = &'static str> {
        MethodSetIter(self.0).map(|m| standard_name(&m))
    }
}

/// The methods of a [`MethodSet`], in Rails' order.
#[derive(Debug, Clone)]
pub struct MethodSetIter(u16);

impl Iterator for MethodSetIter {
    type Item = Method;

    fn next(&mut self) -> Option<Method> {
        let at = self.0.trailing_zeros() as usize;
        let method = ORDER.get(at)?.clone();
        self.0 &= self.0 - 1;
        Some(method)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MethodSetIter {}

impl IntoIterator for MethodSet {
    type Item = Method;
    type IntoIter = MethodSetIter;

    fn into_iter(self) -> MethodSetIter {
        MethodSetIter(self.0)
    }
}

/// The name of a standard method as a `'static` string.
fn standard_name(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        Method::CONNECT => "CONNECT",
        _ => "TRACE",
    }
}

impl FromIterator<Method> for MethodSet {
    /// The standard methods among `methods`; others are left out.
    fn from_iter<I: IntoIterator<Item = Method>>(methods: I) -> Self {
        let mut set = MethodSet::EMPTY;
        for method in methods {
            set.insert(&method);
        }
        set
    }
}

impl<const N: usize> PartialEq<[Method; N]> for MethodSet {
    /// The same methods, in any order.
    fn eq(&self, other: &[Method; N]) -> bool {
        *self == MethodSet::from_iter(other.iter().cloned())
            && other.iter().all(|m| self.contains(m))
    }
}

impl PartialEq<Vec<Method>> for MethodSet {
    fn eq(&self, other: &Vec<Method>) -> bool {
        *self == MethodSet::from_iter(other.iter().cloned())
            && other.iter().all(|m| self.contains(m))
    }
}

impl fmt::Display for MethodSet {
    /// The value of an `Allow` header: `GET, HEAD, POST`, HEAD listed wherever GET is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let answered = if self.0 & bits::GET != 0 {
            self.0 | bits::HEAD
        } else {
            self.0
        };
        for (i, name) in MethodSet(answered).names().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl fmt::Debug for MethodSet {
    /// As a `Vec<Method>` prints: `[GET, POST]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_the_standard_methods_in_rails_order() {
        let all = MethodSet::from_iter(ORDER.iter().rev().cloned());
        assert_eq!(all.len(), 9);
        assert_eq!(
            all.to_string(),
            "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, CONNECT, TRACE"
        );
        assert_eq!(all.iter().collect::<Vec<_>>(), ORDER);
        let mut set = MethodSet::EMPTY;
        assert!(set.is_empty());
        assert!(!set.insert(&Method::from_bytes(b"PURGE").unwrap()));
        assert!(set.is_empty(), "extension methods are not held");
        assert!(set.insert(&Method::PATCH));
        assert_eq!(set, MethodSet::PATCH);
        assert_eq!(format!("{set:?}"), format!("{:?}", vec![Method::PATCH]));
        assert_eq!(MethodSet::EMPTY.to_string(), "");
    }

    #[test]
    fn an_allow_header_lists_head_wherever_get_is_allowed() {
        let cases = [
            (vec![Method::GET], "GET, HEAD"),
            (vec![Method::GET, Method::HEAD], "GET, HEAD"),
            (vec![Method::GET, Method::POST], "GET, HEAD, POST"),
            (vec![Method::PUT, Method::DELETE], "PUT, DELETE"),
            (vec![Method::HEAD], "HEAD"),
        ];
        for (methods, allow) in cases {
            let set = MethodSet::from_iter(methods.iter().cloned());
            assert_eq!(set.to_string(), allow, "{methods:?}");
            assert_eq!(set.len(), methods.len(), "the set holds what it was given");
        }
    }

    #[test]
    fn the_bits_are_the_places_in_rails_order() {
        for (at, method) in ORDER.iter().enumerate() {
            assert_eq!(
                MethodSet::from_iter([method.clone()]).0,
                1 << at,
                "{method}"
            );
        }
        assert_eq!(MethodSet::from_iter([Method::HEAD]).0, bits::HEAD);
        assert_eq!(MethodSet::from_iter([Method::DELETE]).0, bits::DELETE);
    }

    #[test]
    fn request_bits_route_head_as_get_and_share_one_bit_for_the_unroutable() {
        assert_eq!(request_bit(&Method::HEAD), request_bit(&Method::GET));
        assert_eq!(request_bit(&Method::GET), MethodSet::GET.0);
        assert_eq!(request_bit(&Method::DELETE), MethodSet::DELETE.0);
        assert_eq!(request_bit(&Method::OPTIONS), MethodSet::OPTIONS.0);
        for other in [Method::CONNECT, Method::TRACE] {
            assert_eq!(request_bit(&other), OTHER);
        }
        assert_eq!(
            request_bit(&Method::from_bytes(b"PURGE").unwrap()),
            OTHER,
            "extension methods"
        );
        assert_eq!(MethodSet::from_bits(ANY).len(), 9);
        assert_eq!(MethodSet::from_bits(OTHER), MethodSet::EMPTY);
    }

    #[test]
    fn comparisons_ignore_order() {
        let set = MethodSet::GET.union(MethodSet::POST);
        assert_eq!(set, [Method::POST, Method::GET]);
        assert_eq!(set, vec![Method::GET, Method::POST]);
        assert_ne!(set, [Method::GET]);
        assert_ne!(set, [Method::GET, Method::POST, Method::PUT]);
    }
}
