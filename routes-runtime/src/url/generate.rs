//! How [`RouteSet::url_for`](crate::RouteSet::url_for) builds a URL: which route the params
//! fit, as Rails 2.3 or Rails 3 and later choose it, and the path and query it writes.

use super::{UrlContext, UrlFor, push_format};
use crate::encode::{
    push_form_component, push_fragment, push_glob, push_query_component, push_segment,
};
use crate::error::UrlError;
use crate::route::{Format, Route, Segment};

impl UrlContext<'_> {
    /// The URL of `options`: [`RouteSet::url_for`](crate::RouteSet::url_for).
    pub(crate) fn generate(&self, options: &UrlFor) -> Result<String, UrlError> {
        url_for(self, options)
    }
}

/// How a route would be built from params: the value of each of its segments.
struct Fit<'r, 'o> {
    route: &'r Route,
    values: Vec<Option<&'o str>>,
    format: Option<&'o str>,
    used: Vec<&'o str>,
}

impl Fit<'_, '_> {
    /// How many of the given keys the route leaves unused: they would go to the query string.
    fn unused(&self, options: &UrlFor) -> usize {
        options
            .params()
            .filter(|(k, v)| !v.is_empty() && !self.used.contains(k))
            .count()
    }

    /// Rails 3's score of the route (Journey's `Route#score`): how many of its path's keys,
    /// the format's included, are given. Every route that can generate has the same fixed
    /// controller and action, which Rails counts too.
    fn score(&self, options: &UrlFor) -> usize {
        let given = |key: &str| options.get(key).is_some_and(|v| !v.is_empty());
        let keys = self.route.params().filter(|p| given(p.name)).count();
        keys + usize::from(self.route.format() != Format::None && given("format"))
    }
}

struct Mismatch {
    missing: Vec<String>,
    mismatched: Vec<String>,
}

impl Mismatch {
    fn names(&self, key: &str) -> bool {
        self.missing
            .iter()
            .chain(&self.mismatched)
            .any(|k| k == key)
    }

    /// No route has the controller and action asked for: say which of the two is wrong.
    fn target(options: &UrlFor, controller_known: bool) -> Self {
        let (missing, mismatched) = if options.get("controller").is_none() {
            (vec!["controller".into()], Vec::new())
        } else if !controller_known {
            (Vec::new(), vec!["controller".into()])
        } else {
            (Vec::new(), vec!["action".into()])
        };
        Mismatch {
            missing,
            mismatched,
        }
    }
}

fn fit<'r, 'o>(
    cx: &UrlContext<'_>,
    route: &'r Route,
    options: &'o UrlFor,
    by_name: bool,
) -> Result<Fit<'r, 'o>, Mismatch> {
    let mut missing = Vec::new();
    let mut mismatched = Vec::new();
    let mut used = vec!["controller", "action"];
    let given = |key: &str| options.get(key).filter(|v| !v.is_empty());
    let names = |f: fn(&Segment) -> bool| route.segments().iter().any(f);

    if !names(|s| matches!(s, Segment::Controller { .. })) {
        // Rails 3 and later read `controller: "/comments"` as `comments`: the slash says the
        // name is not relative to the current request's namespace, and there is none here.
        let controller = given("controller").map(|c| match cx.rails {
            true => c.strip_prefix('/').unwrap_or(c),
            false => c,
        });
        match controller {
            Some(c) if c != route.fixed_controller() => mismatched.push("controller".into()),
            None if !by_name => missing.push("controller".into()),
            _ => {}
        }
    }
    if !names(|s| matches!(s, Segment::Action { .. })) {
        let wanted = given("action").or((!by_name).then_some("index"));
        if wanted.is_some_and(|a| a != route.default_action()) {
            mismatched.push("action".into());
        }
    }

    let pieces = route.path_spec().pieces;
    let mut values = Vec::new();
    let mut k = 0u8;
    for segment in route.segments() {
        // A `draw!` route written piece by piece needs a value only outside its groups.
        let required_here = |p: &crate::route::Param| {
            if pieces.is_empty() {
                !p.optional
            } else {
                !crate::pieces::optional(pieces, k)
            }
        };
        let value = match *segment {
            Segment::Static(_) => None,
            Segment::Param(p) => {
                let value = given(p.name);
                // Rails 3 and later check the constraints of the required parts alone.
                let checked = !cx.rails || required_here(&p);
                match value {
                    None if required_here(&p) => missing.push(p.name.into()),
                    Some(v) if checked && !cx.checks.takes(&p, v) => mismatched.push(p.name.into()),
                    _ => {}
                }
                used.push(p.name);
                value
            }
            Segment::Glob(p) => {
                let value = options.get(p.name);
                let checked = !cx.rails || required_here(&p);
                if checked && value.is_some_and(|v| !cx.checks.takes_glob(&p, v)) {
                    mismatched.push(p.name.into());
                }
                if !pieces.is_empty() && value.is_none_or(str::is_empty) && required_here(&p) {
                    missing.push(p.name.into());
                }
                used.push(p.name);
                value
            }
            Segment::Controller {
                namespace,
                requirement,
            } => {
                let value = given("controller");
                match value {
                    None => missing.push("controller".into()),
                    Some(c) if !cx.checks.names_controller(namespace, requirement, c) => {
                        mismatched.push("controller".into())
                    }
                    _ => {}
                }
                value.map(|c| c.get(namespace.len()..).unwrap_or_default())
            }
            Segment::Action {
                optional,
                requirement,
            } => {
                let value = given("action");
                match value {
                    None if !optional => missing.push("action".into()),
                    // The route's own action, left out, needs no check.
                    Some(a)
                        if !(cx.checks.meets(requirement, a)
                            || optional && a == route.default_action()) =>
                    {
                        mismatched.push("action".into())
                    }
                    _ => {}
                }
                value
            }
        };
        if !matches!(segment, Segment::Static(_)) {
            k = k.saturating_add(1);
        }
        values.push(value);
    }

    // An optional segment may be left out only at the end: one followed by a segment that is
    // written must be given, or have a default to stand for it. (A `draw!` route written
    // piece by piece leaves out the groups whose values are not all given.)
    let needed = if pieces.is_empty() {
        needed_segments(route, &values)
    } else {
        0
    };
    for (segment, value) in route.segments()[..needed].iter().zip(&values) {
        if let Segment::Param(p) = segment
            && p.optional
            && p.default.is_none()
            && value.is_none()
        {
            missing.push(p.name.into());
        }
    }

    // The route's defaults for keys its pattern does not have are conditions: the key given
    // with that value, or not given for `None`. A format's default is the format's, which
    // stands for a format left out.
    let mut format = given("format");
    for &(key, value) in route.defaults() {
        if key == "format" && route.format() != Format::None {
            format = format.filter(|f| Some(*f) != value);
            continue;
        }
        // In Rails 3 and later a route's defaults are what recognition gives, not what
        // generation asks for.
        if given(key) != value && !cx.rails {
            mismatched.push(key.into());
        }
        used.push(key);
    }
    if route.format() == Format::Required && format.is_none() {
        missing.push("format".into());
    }
    // Trailing optional values at their defaults are left out, as Rails writes the path
    // (unless a format is written, which ends that search at once).
    if !pieces.is_empty() && format.is_none_or(|_| route.format() == Format::None) {
        let slots: Vec<usize> = (0..route.segments().len())
            .filter(|&i| !matches!(route.segments()[i], Segment::Static(_)))
            .collect();
        let mut by_k: Vec<Option<&str>> = slots.iter().map(|&i| values[i]).collect();
        crate::pieces::leave_out_defaults(pieces, &mut by_k, |k| {
            match route.segments()[slots[k]] {
                Segment::Param(p) => p.default,
                _ => None,
            }
        });
        for (k, &i) in slots.iter().enumerate() {
            values[i] = by_k[k];
        }
    }
    if route.format() != Format::None {
        used.push("format");
    }

    if missing.is_empty() && mismatched.is_empty() {
        Ok(Fit {
            route,
            values,
            format: format.filter(|_| route.format() != Format::None),
            used,
        })
    } else {
        Err(Mismatch {
            missing,
            mismatched,
        })
    }
}

/// [`RouteSet::url_for`](crate::RouteSet::url_for): by the route named in `options`, or else,
/// as Rails 2.3 generates, among the routes whose controller, action, requirements and
/// conditions of generation the params satisfy, by the one that leaves the fewest of them
/// unused (to go to the query string), declaration order breaking ties. A `draw!` table
/// chooses as Rails 3 and later do: the route whose path takes the most of the given keys.
pub(crate) fn url_for(cx: &UrlContext<'_>, options: &UrlFor) -> Result<String, UrlError> {
    let unfit = |m: Mismatch| UrlError::Unfit {
        route: options.route_name().map(str::to_owned),
        missing: m.missing,
        mismatched: m.mismatched,
    };
    if let Some(name) = options.route_name() {
        let route = cx
            .routes
            .iter()
            .find(|r| r.name() == Some(name))
            .ok_or_else(|| UrlError::UnknownRoute {
                name: name.to_owned(),
            })?;
        let fit = fit(cx, route, options, true).map_err(unfit)?;
        return finish(cx, options, fit);
    }
    let mut target_error = None;
    let mut controller_known = false;
    let mut best: Option<(usize, Fit<'_, '_>)> = None;
    for route in cx.routes {
        match fit(cx, route, options, false) {
            // Rails 3 and later take the route of the highest score, the first of those.
            Ok(fit) if cx.rails => {
                let score = fit.score(options);
                if best.as_ref().is_none_or(|(highest, _)| score > *highest) {
                    best = Some((score, fit));
                }
            }
            Ok(fit) => {
                let unused = fit.unused(options);
                if best.as_ref().is_none_or(|(fewest, _)| unused < *fewest) {
                    let done = unused == 0;
                    best = Some((unused, fit));
                    if done {
                        break;
                    }
                }
            }
            Err(m) => {
                let controller_ok = !m.names("controller");
                controller_known |= controller_ok;
                if controller_ok && !m.names("action") && target_error.is_none() {
                    target_error = Some(m);
                }
            }
        }
    }
    if let Some((_, fit)) = best {
        return finish(cx, options, fit);
    }
    Err(unfit(target_error.unwrap_or_else(|| {
        Mismatch::target(options, controller_known)
    })))
}

fn finish(cx: &UrlContext<'_>, options: &UrlFor, fit: Fit<'_, '_>) -> Result<String, UrlError> {
    let mut out = if options.only_path() {
        String::new()
    } else {
        match options.host().or(cx.host.as_ref()) {
            Some(host) => host.to_string(),
            None => return Err(UrlError::MissingHost),
        }
    };
    out.push_str(cx.root);
    write_path(&mut out, fit.route, &fit.values, fit.format);
    let mut extra: Vec<(&str, &str)> = options
        .params()
        .filter(|(k, v)| !fit.used.contains(k) && !v.is_empty())
        .collect();
    extra.sort();
    // Rails 3 and later write the query as a form does (`to_query`), a space as `+`.
    let push = if cx.rails {
        push_form_component
    } else {
        push_query_component
    };
    for (i, (key, value)) in extra.into_iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        push(&mut out, key);
        out.push('=');
        push(&mut out, value);
    }
    if let Some(anchor) = &options.anchor {
        out.push('#');
        push_fragment(&mut out, anchor);
    }
    Ok(out)
}

/// How many leading segments a path needs: trailing optional segments that are absent, at
/// their default (the route's action for `:action`), or an empty glob are left out, as Rails
/// leaves out `/index` of the default route and `/1` of a page whose `:id` defaults to `1`.
fn needed_segments(route: &Route, values: &[Option<&str>]) -> usize {
    route
        .segments()
        .iter()
        .zip(values)
        .rposition(|(segment, value)| match *segment {
            Segment::Param(p) => !p.optional || value.is_some_and(|v| Some(v) != p.default),
            Segment::Action { optional, .. } => {
                !optional || value.is_some_and(|a| a != route.default_action())
            }
            Segment::Glob(_) => value.is_some_and(|v| !v.is_empty()),
            Segment::Static(_) | Segment::Controller { .. } => true,
        })
        .map_or(0, |i| i + 1)
}

/// Appends the path of `route` with `values` for its segments (aligned with them; `None` for
/// statics and for optional segments left out).
fn write_path(out: &mut String, route: &Route, values: &[Option<&str>], format: Option<&str>) {
    let pieces = route.path_spec().pieces;
    if !pieces.is_empty() {
        // The values by number: those of the segments that hold one.
        let values: Vec<Option<&str>> = route
            .segments()
            .iter()
            .zip(values)
            .filter(|(s, _)| !matches!(s, Segment::Static(_)))
            .map(|(_, v)| *v)
            .collect();
        let given = crate::pieces::Given {
            values: &values,
            format,
        };
        crate::pieces::write(pieces, &given, out);
        return;
    }
    let start = out.len();
    let needed = needed_segments(route, values);
    for (segment, value) in route.segments()[..needed].iter().zip(values) {
        match *segment {
            Segment::Static(text) => {
                out.push('/');
                out.push_str(text);
            }
            Segment::Param(p) => {
                out.push('/');
                let value = value.or(p.default).unwrap_or_default();
                push_segment(out, value, p.requirement.is_some());
            }
            Segment::Glob(_) => {
                out.push('/');
                push_glob(out, value.unwrap_or_default());
            }
            Segment::Controller { .. } => {
                for part in value.unwrap_or_default().split('/') {
                    out.push('/');
                    push_segment(out, part, false);
                }
            }
            Segment::Action { .. } => {
                out.push('/');
                push_segment(out, value.unwrap_or(route.default_action()), false);
            }
        }
    }
    if out.len() == start {
        out.push('/');
    }
    if let Some(format) = format {
        push_format(out, route.format(), format);
    }
}
