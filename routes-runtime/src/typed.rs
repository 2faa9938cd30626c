//! The runtime half of typed routes: what the `Route` enum that `routes!` generates does
//! through one visit of its variant (its route, name, values and format), so that the code
//! generated per variant is only its definition, how it is read from an answer, and that visit.

use std::borrow::Cow;
use std::fmt;

use http::Method;

use crate::helper::{behind_host, helper_formatted_path, helper_path};
use crate::route::{Format, PathSpec, Segment};
use crate::route_set::RouteSet;
use crate::to_param::ToParam;
use crate::value::Value;

/// What a typed route's variant shows of itself.
#[doc(hidden)]
pub trait Visit<'p> {
    /// Route number `route`, variant `name` (`Route::ArticlesShow`), whose values are all
    /// `Value`s.
    fn plain(
        &mut self,
        route: usize,
        name: &'static str,
        values: &[&Value<'p>],
        format: &Option<Value<'p>>,
    );
    /// Route number `route`, variant `name`, with typed values, the controller its path names,
    /// optional params (each in its place, as its `Option`: `None` is not
    /// [present](ToParam::__present)) or a format it requires.
    fn mixed(
        &mut self,
        route: usize,
        name: &'static str,
        values: &[&dyn ToParam],
        format: Option<&Value<'p>>,
    );
}

/// A typed route: the `Route` enum of a route set.
#[doc(hidden)]
pub trait TypedRoute<'p> {
    /// Shows the variant to `visit`.
    fn __visit(&self, visit: &mut dyn Visit<'p>);
}

/// The place of `route` in its route set.
pub fn route_index<'p>(route: &impl TypedRoute<'p>) -> usize {
    struct Index(usize);
    impl<'p> Visit<'p> for Index {
        fn plain(
            &mut self,
            route: usize,
            _: &'static str,
            _: &[&Value<'p>],
            _: &Option<Value<'p>>,
        ) {
            self.0 = route;
        }
        fn mixed(&mut self, route: usize, _: &str, _: &[&dyn ToParam], _: Option<&Value<'p>>) {
            self.0 = route;
        }
    }
    let mut index = Index(0);
    route.__visit(&mut index);
    index.0
}

/// The path of `route` (behind the set's host for a `url`).
///
/// # Panics
///
/// As the helpers, naming the variant, when a value cannot route; for a `url`, when no host
/// is known.
pub fn route_link<'p>(set: &RouteSet, route: &impl TypedRoute<'p>, url: bool) -> String {
    struct Link<'s> {
        set: &'s RouteSet,
        path: String,
    }
    impl Link<'_> {
        fn write<T: ToParam + ?Sized>(
            &mut self,
            route: usize,
            name: &'static str,
            values: &[&T],
            format: Option<&Value<'_>>,
        ) {
            let Some(entry) = self.set.routes().get(route) else {
                return;
            };
            // As Rails' generation does, values left at their default with nothing after them
            // are left out (`/articles.xml`, not `/articles/index.xml`, which an earlier route
            // may take as an id): the link then routes back to this route.
            let spec = entry.path_spec();
            let (root, checks) = (self.set.root(), self.set.checks());
            self.path = match format {
                Some(format) => helper_formatted_path(root, spec, name, checks, values, format),
                None => helper_path(root, spec, name, checks, values),
            };
        }
    }
    impl<'p> Visit<'p> for Link<'_> {
        fn plain(
            &mut self,
            route: usize,
            name: &'static str,
            values: &[&Value<'p>],
            format: &Option<Value<'p>>,
        ) {
            self.write(route, name, values, format.as_ref());
        }
        fn mixed(
            &mut self,
            route: usize,
            name: &'static str,
            values: &[&dyn ToParam],
            format: Option<&Value<'p>>,
        ) {
            self.write(route, name, values, format);
        }
    }
    let mut link = Link {
        set,
        path: String::new(),
    };
    route.__visit(&mut link);
    if url {
        behind_host(set.host(), link.path)
    } else {
        link.path
    }
}

/// The method a link or form for `route` uses: its route's first, or GET when it takes any.
pub fn route_method<'p>(set: &RouteSet, route: &impl TypedRoute<'p>) -> Method {
    set.routes()
        .get(route_index(route))
        .and_then(|route| route.methods().first().cloned())
        .unwrap_or(Method::GET)
}

/// The number of `route`'s action among its set's actions: its route's own, or where its
/// path names the controller or the action, the one its values name.
pub fn route_action<'p>(set: &RouteSet, route: &impl TypedRoute<'p>) -> Option<usize> {
    struct Target<'s> {
        set: &'s RouteSet,
        number: Option<usize>,
    }
    impl Target<'_> {
        fn find(&mut self, route: usize, values: &mut dyn Iterator<Item = Cow<'_, str>>) {
            let Some(entry) = self.set.routes().get(route) else {
                return;
            };
            if let Some(number) = entry.action_number() {
                self.number = Some(number);
                return;
            }
            let mut controller = Cow::Borrowed(entry.fixed_controller());
            let mut action = Cow::Borrowed(entry.default_action());
            for (value, segment) in values.zip(params(entry.path_spec())) {
                match segment {
                    Segment::Controller { .. } => controller = value,
                    Segment::Action { .. } => action = value,
                    _ => {}
                }
            }
            self.number = self.set.find_action(&controller, &action);
        }
    }
    impl<'p> Visit<'p> for Target<'_> {
        fn plain(
            &mut self,
            route: usize,
            _: &'static str,
            values: &[&Value<'p>],
            _: &Option<Value<'p>>,
        ) {
            self.find(route, &mut values.iter().map(|v| Cow::Borrowed(v.as_str())));
        }
        fn mixed(
            &mut self,
            route: usize,
            _: &'static str,
            values: &[&dyn ToParam],
            _: Option<&Value<'p>>,
        ) {
            self.find(route, &mut values.iter().map(|v| v.to_param()));
        }
    }
    let mut target = Target { set, number: None };
    route.__visit(&mut target);
    target.number
}

/// The segments of the values of a path, in order.
fn params(spec: &PathSpec) -> impl Iterator<Item = &'static Segment> + '_ {
    spec.params
        .iter()
        .filter_map(|&place| spec.segments.get(usize::from(place)))
}

/// What `route` shows of itself, as text: its route, its variant, each value with whether it
/// is [present](ToParam::__present) (an optional param left out is not), and its format.
struct Parts {
    route: usize,
    name: &'static str,
    values: Vec<(String, bool)>,
    format: Option<Option<String>>,
}

impl<'p> Visit<'p> for Parts {
    fn plain(
        &mut self,
        route: usize,
        name: &'static str,
        values: &[&Value<'p>],
        format: &Option<Value<'p>>,
    ) {
        self.route = route;
        self.name = name;
        self.values = values
            .iter()
            .map(|v| (v.as_str().to_owned(), true))
            .collect();
        self.format = Some(format.as_ref().map(|f| f.as_str().to_owned()));
    }
    fn mixed(
        &mut self,
        route: usize,
        name: &'static str,
        values: &[&dyn ToParam],
        format: Option<&Value<'p>>,
    ) {
        self.route = route;
        self.name = name;
        self.values = values
            .iter()
            .map(|v| (v.to_param().into_owned(), v.__present()))
            .collect();
        self.format = Some(format.map(|f| f.as_str().to_owned()));
    }
}

fn parts<'p>(route: &impl TypedRoute<'p>) -> Parts {
    let mut parts = Parts {
        route: 0,
        name: "",
        values: Vec::new(),
        format: None,
    };
    route.__visit(&mut parts);
    parts
}

/// Whether two typed routes are the same route with the same values, as a path writes them.
pub fn same_route<'a, 'b>(a: &impl TypedRoute<'a>, b: &impl TypedRoute<'b>) -> bool {
    let (a, b) = (parts(a), parts(b));
    a.route == b.route && a.values == b.values && a.format == b.format
}

/// `ArticlesShow { id: "7", format: None }`: `route` as `#[derive(Debug)]` would show it, its
/// values as text.
pub fn debug_route<'p>(
    set: &RouteSet,
    route: &impl TypedRoute<'p>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let parts = parts(route);
    let name = parts.name.strip_prefix("Route::").unwrap_or(parts.name);
    let Some(entry) = set.routes().get(parts.route) else {
        return f.write_str(name);
    };
    let spec = entry.path_spec();
    let format = entry.format();
    if parts.values.is_empty() && format == Format::None {
        return f.write_str(name);
    }
    let mut debug = f.debug_struct(name);
    for (segment, (value, present)) in params(spec).zip(&parts.values) {
        // A param the path may leave out is an `Option` field; `:action` and a glob are not
        // (the one reads as its default when left out, the other as empty).
        let optional = matches!(segment, Segment::Param(param) if param.optional);
        let name = segment.value_name();
        match (optional, present) {
            (false, _) => debug.field(name, value),
            (true, true) => debug.field(name, &Some(value)),
            (true, false) => debug.field(name, &None::<String>),
        };
    }
    let value = parts.format.flatten();
    match format {
        Format::None => {}
        Format::Optional | Format::Required => {
            debug.field("format", &value);
        }
    }
    debug.finish()
}
