//! What the dispatcher refuses of what the route set's policy lets through
//! ([`RouteSet::recognize_request`](crate::RouteSet::recognize_request)): an action without a
//! handler; and, in a 405's `Allow`, the methods that would reach one.

use http::request::Parts;

use super::Front;
use crate::{MethodSet, Recognized, RouteTarget, Routed, RoutingError};

impl Front {
    /// Why the action `routed` reached is not served: it has no handler (a 404).
    pub(super) fn refuse(&self, routed: &Routed, parts: &Parts) -> Option<RoutingError> {
        if self.serves(&routed.recognized()) {
            return None;
        }
        Some(RoutingError::refused(
            &parts.method,
            parts.uri.path(),
            MethodSet::EMPTY,
        ))
    }

    /// Whether the action `recognized` reached has a handler; a redirect is answered by the
    /// dispatcher itself.
    fn serves(&self, recognized: &Recognized<'_, '_>) -> bool {
        if matches!(recognized.route().target(), RouteTarget::Redirect { .. }) {
            return true;
        }
        self.set
            .action_number(recognized)
            .is_some_and(|number| self.served.get(number).copied() == Some(true))
    }

    /// The methods of a 405's `Allow` that reach a served action at `path` (the policy has
    /// already left out those it refuses): one that reaches an action without a handler is
    /// left out too, and a 405 left with none is a 404.
    pub(super) fn reachable(&self, error: RoutingError, parts: &Parts) -> RoutingError {
        let path = parts.uri.path();
        let RoutingError::MethodNotAllowed {
            method, allowed, ..
        } = &error
        else {
            return error;
        };
        let admitted = self.set.admitted(&crate::conditions::Head::of(parts));
        let allowed = self
            .set
            .reachable(path, *allowed, admitted, |found, _| self.serves(found));
        RoutingError::refused(method, path, allowed)
    }
}
