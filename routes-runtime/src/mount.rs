//! Where a request to a service mounted by `draw!`'s `mount` goes: the mount point the route
//! matched, and the path under it, as Rails hands a Rack app `SCRIPT_NAME` and `PATH_INFO`.

use crate::request::Routed;
use crate::route::{Route, RouteTarget};

/// A request split at its mount point.
///
/// ```
/// use http::{Method, Uri};
/// use resourceful::Routed;
///
/// mod routes {
///     resourceful::draw! { mount("/:locale/jobs", as = "jobs"); }
/// }
/// let uri = Uri::from_static("/en/jobs/queue/7?page=2");
/// let routed = Routed::recognize_request(&routes::ROUTES, &Method::GET, uri).unwrap();
/// let mount = routed.mount().unwrap();
/// assert_eq!((mount.prefix(), mount.path()), ("/en/jobs", "/queue/7"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mount {
    prefix: String,
    path: String,
}

impl Mount {
    /// The mount point, as the request wrote it (Rack's `SCRIPT_NAME`): `/en/jobs`.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The path under it, from its `/` (Rack's `PATH_INFO`): `/queue/7`, or `/` at the mount
    /// point itself.
    pub fn path(&self) -> &str {
        &self.path
    }
}

impl Route {
    /// `path` (a request's, normalised as Rails normalises it) split after as many segments as
    /// the mount point has, when the route is a mount.
    pub(crate) fn mount_split(&self, path: &str) -> Option<Mount> {
        if self.target() != RouteTarget::Mount {
            return None;
        }
        let depth = self.pattern().split('/').filter(|s| !s.is_empty()).count();
        let normalized = crate::path::rails::normalize(path);
        let mut end = 0;
        for _ in 0..depth {
            end = match normalized[end + 1..].find('/') {
                Some(at) => end + 1 + at,
                None => normalized.len(),
            };
        }
        let (prefix, rest) = normalized.split_at(end);
        Some(Mount {
            prefix: prefix.to_owned(),
            path: if rest.is_empty() { "/" } else { rest }.to_owned(),
        })
    }
}

impl Routed {
    /// Where the request goes under the service its route mounts, when it is a mount.
    pub fn mount(&self) -> Option<Mount> {
        self.recognized().route().mount_split(self.uri().path())
    }
}
