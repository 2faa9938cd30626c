//! Where a request to a service mounted by `draw!`'s `mount` goes: the mount point the route
//! matched, and the path under it, as Rails hands a Rack app `SCRIPT_NAME` and `PATH_INFO`.

use crate::recognized::Recognized;
use crate::request::Routed;
use crate::route::RouteTarget;

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

impl Recognized<'_, '_> {
    /// Where the request goes under the service its route mounts, when it is a mount: the
    /// part of the path the mount point's pattern matched (a trailing `/` dropped) and the
    /// rest, from its `/` (the matcher keeps that rest where a route's format would be: a
    /// mount takes no format).
    pub fn mount(&self) -> Option<Mount> {
        if self.route().target() != RouteTarget::Mount {
            return None;
        }
        let text = self.text_str();
        let (start, end) = self.found().format()?.range();
        let prefix = text.get(..start)?;
        let prefix = match prefix.strip_suffix('/') {
            Some(chomped) => chomped,
            None => prefix,
        };
        let rest = text.get(start..end)?;
        Some(Mount {
            prefix: prefix.to_owned(),
            path: if rest.starts_with('/') {
                rest.to_owned()
            } else {
                format!("/{rest}")
            },
        })
    }
}

impl Routed {
    /// Where the request goes under the service its route mounts, when it is a mount.
    pub fn mount(&self) -> Option<Mount> {
        self.recognized().mount()
    }
}
