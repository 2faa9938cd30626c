//! What the dispatcher refuses of what the route set routes: an action reached through a
//! route whose path names it, by a method the action's own routes refuse; an action without
//! a handler; and, in a 405's `Allow`, the methods that would meet either.

use http::Method;
use http::request::Parts;

use super::Front;
use super::table::allows;
use crate::{MethodSet, Recognized, Routed, RoutingError};

/// Why a routed request is not served.
enum Refusal {
    /// The routes that name its action take only these methods.
    Method(MethodSet),
    /// Its action has no handler.
    Unserved,
}

impl Front {
    /// Why the action `routed` reached is not served: a method that the routes naming it
    /// refuse, when the path named it; or no handler.
    pub(super) fn refuse(&self, routed: &Routed, parts: &Parts) -> Option<RoutingError> {
        let recognized = routed.recognized();
        let allowed = match self.refusal(&recognized, &parts.method)? {
            // `Allow` names the methods that reach the action through this route: where the
            // route takes none of them (a default route for GET only, naming an action routed
            // for DELETE), nothing at this path reaches it, and it is a 404.
            Refusal::Method(allowed) => allowed.intersection(recognized.route().method_set()),
            Refusal::Unserved => MethodSet::EMPTY,
        };
        Some(RoutingError::refused(
            &parts.method,
            parts.uri.path(),
            allowed,
        ))
    }

    /// Why `recognized`, asked for by `method`, is not served, if it is not.
    fn refusal(&self, recognized: &Recognized<'_, '_>, method: &Method) -> Option<Refusal> {
        let route = recognized.route();
        let by_name = route.controller().fixed().is_none() || route.action().fixed().is_none();
        let number = self.set.action_number(recognized);
        let guarded = number
            .filter(|_| by_name)
            .and_then(|number| self.guarded.get(number).copied().flatten())
            .filter(|allowed| !allows(*allowed, method));
        if let Some(allowed) = guarded {
            return Some(Refusal::Method(allowed));
        }
        let served = number.is_some_and(|number| self.served.get(number).copied() == Some(true));
        (!served).then_some(Refusal::Unserved)
    }

    /// The methods of a 405's `Allow` that reach a served action at `path`: one that would be
    /// refused in turn (a default route's GET of an action routed for DELETE, an action
    /// without a handler) is left out, and a 405 left with none is a 404.
    pub(super) fn reachable(&self, error: RoutingError, path: &str) -> RoutingError {
        let RoutingError::MethodNotAllowed {
            method, allowed, ..
        } = &error
        else {
            return error;
        };
        let allowed: MethodSet = allowed
            .iter()
            .filter(|other| {
                self.set
                    .recognize(other, path)
                    .is_ok_and(|found| self.refusal(&found, other).is_none())
            })
            .collect();
        RoutingError::refused(method, path, allowed)
    }
}
