//! Recognition: from a method and a path to the first route that takes both.
//!
//! Two recognisers live here. [`reference`] is the definition: every route in declaration
//! order, each matched segment by segment. The one [`RouteSet::recognize`] uses is the trie in
//! `matcher`, which must agree with it on every result (a differential test checks that).

use http::Method;
use smallvec::SmallVec;

use crate::path::{Cut, Decoded, Path, Seg, Segs, Unreadable, split_raw, strip_query};
use crate::plan::{self, Lookup};
use crate::recognized::Recognized;
use crate::route::{Format, Route, Segment};
use crate::route_set::Compiled;
use crate::{RouteSet, RoutingError};

/// What a route bound while matching, borrowing the path's text.
#[derive(Debug, Default, Clone)]
pub(crate) struct Binding<'x> {
    pub(crate) controller: Option<&'static str>,
    pub(crate) action: Option<&'x str>,
    /// The value of each dynamic segment bound, by its index in the route's segments.
    pub(crate) params: SmallVec<[(usize, &'x str); 8]>,
    pub(crate) format: Option<&'x str>,
}

impl Binding<'_> {
    pub(crate) fn into_recognized(self, route: &Route) -> Recognized<'_> {
        let mut found = Recognized::new(route, self.controller.unwrap_or(route.fixed_controller()));
        if let Some(action) = self.action {
            found.set_action(action);
        }
        for (slot, value) in self.params {
            found.push_param(slot, value);
        }
        if let Some(format) = self.format {
            found.push_format(format);
        }
        found
    }
}

/// Matches one route against a path: the whole last segment first, then (when the route
/// takes a format) the last segment split at its last raw `.`.
pub(crate) fn match_route<'x>(
    route: &Route,
    path: &'x Path<'_>,
    compiled: &'x Compiled,
) -> Option<Binding<'x>> {
    let walk = |split: Option<Seg<'x>>| {
        let walker = Walker {
            pattern: route.segments(),
            segs: &path.segs,
            split,
            compiled,
        };
        let mut binding = Binding::default();
        walker.walk(0, 0, &mut binding).then_some(binding)
    };
    let whole = || walk(None);
    let split = || {
        let split = path.split?;
        let mut binding = walk(Some(split.base))?;
        binding.format = Some(split.format);
        Some(binding)
    };
    match route.format() {
        Format::None => whole(),
        Format::Optional => whole().or_else(split),
        Format::Required => split(),
    }
}

struct Walker<'x> {
    pattern: &'static [Segment],
    segs: &'x [Seg<'x>],
    /// The value part of the last segment, when reading it as `VALUE.FORMAT`.
    split: Option<Seg<'x>>,
    compiled: &'x Compiled,
}

/// Whether a dynamic segment takes `seg`: one or more characters other than `/ . ?`, or
/// whatever its requirement allows.
pub(crate) fn value_ok(compiled: &Compiled, requirement: Option<&str>, seg: Seg<'_>) -> bool {
    !seg.text.is_empty()
        && match requirement {
            None => !seg.raw_dot,
            Some(source) => compiled.requirements.matches(source, seg.text),
        }
}

impl<'x> Walker<'x> {
    fn segment(&self, i: usize) -> Option<Seg<'x>> {
        let seg = *self.segs.get(i)?;
        Some(match self.split {
            Some(base) if i + 1 == self.segs.len() => base,
            _ => seg,
        })
    }

    fn walk(&self, pi: usize, si: usize, binding: &mut Binding<'x>) -> bool {
        let Some(segment) = self.pattern.get(pi) else {
            return si == self.segs.len();
        };
        let Some(seg) = self.segment(si) else {
            return segment.is_optional() && self.walk(pi + 1, si, binding);
        };
        match *segment {
            Segment::Static(text) => seg.text == text && self.walk(pi + 1, si + 1, binding),
            Segment::Param(param) => {
                if !value_ok(self.compiled, param.requirement, seg) {
                    return false;
                }
                binding.params.push((pi, seg.text));
                self.walk(pi + 1, si + 1, binding) || {
                    binding.params.pop();
                    false
                }
            }
            Segment::Action { .. } => {
                if !value_ok(self.compiled, None, seg) {
                    return false;
                }
                binding.action = Some(seg.text);
                self.walk(pi + 1, si + 1, binding) || {
                    binding.action = None;
                    false
                }
            }
            Segment::Controller { namespace } => {
                for &controller in self.compiled.controllers_under(namespace) {
                    let parts = controller[namespace.len()..].split('/');
                    let count = parts.clone().count();
                    let fits = parts
                        .enumerate()
                        .all(|(k, part)| self.segment(si + k).is_some_and(|s| s.text == part));
                    if fits {
                        binding.controller = Some(controller);
                        if self.walk(pi + 1, si + count, binding) {
                            return true;
                        }
                        binding.controller = None;
                    }
                }
                false
            }
        }
    }
}

/// The reference recogniser: every route in declaration order; the first that takes both the
/// path and the method wins.
pub(crate) fn reference<'s>(
    set: &'s RouteSet,
    method: &Method,
    path: &Path<'_>,
) -> Result<Recognized<'s>, RoutingError> {
    let compiled = set.compiled();
    let mut allowed: Vec<Method> = Vec::new();
    for route in set.routes() {
        let accepts = route.accepts(method);
        if !accepts && route.methods().iter().all(|m| allowed.contains(m)) {
            continue;
        }
        if let Some(binding) = match_route(route, path, compiled) {
            if accepts {
                return Ok(binding.into_recognized(route));
            }
            add_methods(&mut allowed, route);
        }
    }
    Err(no_route(method, path.shown, allowed))
}

/// Adds the methods of `route` that `allowed` does not hold yet.
pub(crate) fn add_methods(allowed: &mut Vec<Method>, route: &Route) {
    for m in route.methods() {
        if !allowed.contains(m) {
            allowed.push(m.clone());
        }
    }
}

/// No route takes `path` with `method`: a 405 listing `allowed` (the methods of the routes
/// that take the path) in Rails' order, or a 404 when there are none.
pub(crate) fn no_route(method: &Method, path: &str, mut allowed: Vec<Method>) -> RoutingError {
    let method = method.clone();
    let path = path.to_owned();
    if allowed.is_empty() {
        RoutingError::NotFound { method, path }
    } else {
        sort_methods(&mut allowed);
        RoutingError::MethodNotAllowed {
            method,
            path,
            allowed,
        }
    }
}

/// Orders methods as Rails lists them in `Allow`: GET, HEAD, POST, PUT, PATCH, DELETE, then
/// the rest by name.
pub(crate) fn sort_methods(methods: &mut [Method]) {
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
    methods.sort_by(|a, b| {
        let rank = |m: &Method| ORDER.iter().position(|o| o == m).unwrap_or(ORDER.len());
        rank(a)
            .cmp(&rank(b))
            .then_with(|| a.as_str().cmp(b.as_str()))
    });
}

/// The error for a path over [`MAX_PATH_LEN`](crate::MAX_PATH_LEN), if it is one. Only the part
/// before the query counts, and it is looked for only when the whole is over the limit.
#[inline(always)]
fn too_long(path: &str) -> Option<RoutingError> {
    if path.len() <= crate::MAX_PATH_LEN {
        return None;
    }
    too_long_path(path)
}

#[cold]
#[inline(never)]
fn too_long_path(path: &str) -> Option<RoutingError> {
    let length = strip_query(path).len();
    (length > crate::MAX_PATH_LEN).then_some(RoutingError::PathTooLong {
        length,
        limit: crate::MAX_PATH_LEN,
    })
}

/// [`RouteSet::recognize`]: the trie, with the reference's semantics.
#[inline]
pub(crate) fn recognize<'s>(
    set: &'s RouteSet,
    method: &Method,
    path: &str,
) -> Result<Recognized<'s>, RoutingError> {
    recognize_counting(set, method, path, &mut 0)
}

/// [`recognize`], adding to `work` the steps it took: the segments it cut, the trie nodes it
/// visited and the dynamic segments it tested (a requirement's regex runs in time linear in
/// the segment). A path over the limit is refused before any step.
#[inline(always)]
pub(crate) fn recognize_counting<'s>(
    set: &'s RouteSet,
    method: &Method,
    path: &str,
    work: &mut usize,
) -> Result<Recognized<'s>, RoutingError> {
    if let Some(error) = too_long(path) {
        return Err(error);
    }
    match plan::recognize_generated(set, method, path, work) {
        Lookup::Found(found) => Ok(found),
        Lookup::Refused { bits, segments } => refused(set, method, path, work, bits, segments),
        Lookup::Undecided => set
            .compiled()
            .matcher
            .recognize(set.routes(), method, path, work),
    }
}

/// The answer when no route the generated recogniser covers takes the request (a path of
/// `segments` segments), though those of `bits` take the path with other methods: the routes
/// after the covered ones decide, and a 405 lists the methods of both.
#[cold]
#[inline(never)]
fn refused<'s>(
    set: &'s RouteSet,
    method: &Method,
    path: &str,
    work: &mut usize,
    bits: u8,
    segments: usize,
) -> Result<Recognized<'s>, RoutingError> {
    let compiled = set.compiled();
    let (matcher, routes) = match &compiled.tail {
        Some(tail) => (tail, set.uncovered()),
        None => (&compiled.matcher, set.routes()),
    };
    let result = if segments < matcher.depth_limit() {
        matcher.recognize(routes, method, path, work)
    } else {
        // Deeper than any of these routes goes.
        Err(no_route(method, strip_query(path), Vec::new()))
    };
    if bits == 0 {
        return result;
    }
    let (method, path, mut allowed) = match result {
        Err(RoutingError::NotFound { method, path }) => (method, path, Vec::new()),
        Err(RoutingError::MethodNotAllowed {
            method,
            path,
            allowed,
        }) => (method, path, allowed),
        other => return other,
    };
    // `methods_of` lists in Rails' order: alone, they need no sorting.
    let sorted = allowed.is_empty();
    for covered in plan::methods_of(bits) {
        if !allowed.contains(&covered) {
            allowed.push(covered);
        }
    }
    if !sorted {
        sort_methods(&mut allowed);
    }
    Err(RoutingError::MethodNotAllowed {
        method,
        path,
        allowed,
    })
}

/// The reference recogniser behind the same interface, for differential tests.
pub(crate) fn recognize_reference<'s>(
    set: &'s RouteSet,
    method: &Method,
    path: &str,
) -> Result<Recognized<'s>, RoutingError> {
    if let Some(error) = too_long(path) {
        return Err(error);
    }
    let limit = set.compiled().depth_limit;
    let mut probe = Segs::new();
    let decoded = match split_raw(path, &mut probe, limit) {
        Cut::Plain => None,
        Cut::Escaped => Some(Decoded::new(path, limit).map_err(|u| u.error(method, path))?),
        Cut::TooDeep => return Err(Unreadable::TooDeep.error(method, path)),
    };
    reference(set, method, &Path::new(path, decoded.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_methods_follow_rails_order() {
        let mut methods = vec![
            Method::DELETE,
            Method::from_bytes(b"PURGE").unwrap(),
            Method::PATCH,
            Method::GET,
            Method::PUT,
            Method::POST,
        ];
        sort_methods(&mut methods);
        let names: Vec<_> = methods.iter().map(Method::as_str).collect();
        assert_eq!(names, ["GET", "POST", "PUT", "PATCH", "DELETE", "PURGE"]);
    }
}
