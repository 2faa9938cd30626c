//! The runtime half of the params `routes!` generates per action (`routes::params::ArticlesShow`):
//! [`ActionParams`], which reads one from a [`Routed`] after checking that the request was
//! routed to its action, and the one reader every generated struct's fields go through, so
//! that the code generated per action is its definition and a line per field.

use std::str::FromStr;

use crate::error::ParamError;
use crate::recognized::Recognized;
use crate::request::Routed;
use crate::route_set::{Actions, RouteSet};

/// The params of one action of a route set, as a struct whose fields are the params of the
/// routes that reach the action: what `routes!` generates in its `params` module
/// (`routes::params::ArticlesShow`), one type per variant of the set's `Action` (actions whose
/// fields are the same share a struct, generic over the action's number, each a type alias).
///
/// A field is of the type `types(...)` declares, else `String`; it is an `Option` where a
/// route that reaches the action may leave it out (an optional param), or does not have it.
/// `format` is the format asked for, by the path or by the query (`?format=json`), always an
/// `Option` (a final `.:format` is optional). With the `axum` feature each struct is an axum
/// extractor (`FromRequestParts`), which answers with a [`ParamError`]; without it,
/// [`from_routed`](Self::from_routed) reads one from the [`Routed`] the tower layer puts in a
/// request's extensions.
///
/// ```
/// use http::{Method, Uri};
/// use resourceful::{ActionParams, ParamError, Routed};
///
/// mod routes {
///     resourceful::routes! {
///         resources(articles, only(index, show), types(id = u64));
///         connect("/:controller/:action/:id", via = get);
///     }
/// }
/// use routes::params;
///
/// let routed = |uri: &str| {
///     Routed::recognize(&routes::ROUTES, &Method::GET, uri.parse::<Uri>().unwrap()).unwrap()
/// };
/// let params::ArticlesShow { id, format } = ActionParams::from_routed(&routed("/articles/7.json")).unwrap();
/// assert_eq!((id, format.as_deref()), (Some(7), Some("json")));
///
/// // The default route reaches `articles#show` too, with its `:id` optional: `id` is an
/// // `Option<u64>`, and text that is no `u64` is refused as `/articles/x` is.
/// let shown: params::ArticlesShow = ActionParams::from_routed(&routed("/articles/show/8")).unwrap();
/// assert_eq!(shown.id, Some(8));
/// let refused = params::ArticlesShow::from_routed(&routed("/articles/show/x"));
/// assert!(matches!(refused, Err(ParamError::Invalid { .. })));
///
/// // The params of another action are a mistake of the program: a 500.
/// let other = params::ArticlesShow::from_routed(&routed("/articles"));
/// assert_eq!(other.err().unwrap().status(), http::StatusCode::INTERNAL_SERVER_ERROR);
/// ```
pub trait ActionParams: Sized {
    /// The `Action` enum of the route set.
    type Action: Actions;

    /// The action these are the params of.
    const ACTION: Self::Action;

    /// The params of the request `routed` took.
    ///
    /// # Errors
    ///
    /// [`ParamError::OtherAction`] when the request was routed to another action (a handler
    /// bound to several actions, reading one's params); [`ParamError::Invalid`] when a value
    /// that a route reaching the action gives as text does not parse as the type another of
    /// them declares (or its requirement refuses it), as a route refuses a value its type
    /// refuses.
    fn from_routed(routed: &Routed) -> Result<Self, ParamError> {
        let found = routed.recognized();
        let set = Self::Action::routes();
        let number = set.action_number(&found);
        let action = number.and_then(|number| Self::Action::ALL.get(number));
        match (number, action) {
            (Some(number), Some(action)) if *action == Self::ACTION => Self::__read(&Fields {
                found,
                routed,
                set,
                number,
            }),
            (_, action) => Err(ParamError::OtherAction {
                expected: Self::ACTION.to_string(),
                found: Some(match action {
                    Some(action) => action.to_string(),
                    None => format!("{}#{}", found.controller(), found.action()),
                }),
            }),
        }
    }

    /// Reads the fields, once the action is known to be this one.
    #[doc(hidden)]
    fn __read(fields: &Fields<'_>) -> Result<Self, ParamError>;
}

/// What a generated struct's fields are read from: the answer, and the route set and the
/// action's number, whose routes tell which requirement a declared type comes with.
#[doc(hidden)]
pub struct Fields<'a> {
    found: Recognized<'static, 'a>,
    routed: &'a Routed,
    set: &'static RouteSet,
    number: usize,
}

impl Fields<'_> {
    /// Param `name`, which every route reaching the action has: text for a `String` field.
    #[inline]
    pub fn value<T: FromStr>(&self, name: &'static str) -> Result<T, ParamError> {
        self.read(name, false)?.ok_or_else(|| self.missing(name))
    }

    /// Param `name`, which some routes reaching the action leave out.
    #[inline]
    pub fn optional<T: FromStr>(&self, name: &'static str) -> Result<Option<T>, ParamError> {
        self.read(name, false)
    }

    /// Param `name`, which every route reaching the action has, of the type some of them
    /// declare.
    #[inline]
    pub fn typed<T: FromStr>(&self, name: &'static str) -> Result<T, ParamError> {
        self.read(name, true)?.ok_or_else(|| self.missing(name))
    }

    /// Param `name`, which some routes reaching the action leave out, of the type some of
    /// them declare.
    #[inline]
    pub fn optional_typed<T: FromStr>(&self, name: &'static str) -> Result<Option<T>, ParamError> {
        self.read(name, true)
    }

    /// The format asked for, by the path or the query.
    #[inline]
    pub fn format(&self) -> Option<String> {
        self.routed.format().map(str::to_owned)
    }

    /// The value of `name`, parsed; where it is `typed` and the route taken gives it as text
    /// (Rails' default route), checked first as a route of the action that declares its type
    /// checks it (its requirement too), so that one value names one record.
    fn read<T: FromStr>(&self, name: &'static str, typed: bool) -> Result<Option<T>, ParamError> {
        let Some(text) = self.found.param(name) else {
            return Ok(None);
        };
        let invalid = || ParamError::Invalid {
            name: name.to_owned(),
            value: text.to_owned(),
        };
        let typed_here = || {
            self.found
                .route()
                .params()
                .any(|param| param.name == name && param.parses.is_some())
        };
        if typed && !typed_here() {
            let declared = self
                .set
                .routes()
                .iter()
                .filter(|route| route.action_number() == Some(self.number))
                .flat_map(|route| route.params())
                .find(|param| param.name == name && param.parses.is_some());
            if let Some(param) = declared
                && !self.set.checks().takes(param, text)
            {
                return Err(invalid());
            }
        }
        text.parse().map(Some).map_err(|_| invalid())
    }

    /// A param every route reaching the action has is missing: the table and the struct
    /// disagree, which the macro does not let happen.
    #[cold]
    fn missing(&self, name: &str) -> ParamError {
        let route = self.found.route();
        let mut params: Vec<&'static str> = route.param_names().collect();
        params.push("format");
        ParamError::Missing {
            name: name.to_owned(),
            pattern: route.pattern(),
            params,
        }
    }
}
