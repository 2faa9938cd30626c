//! What the tests hold the generated recognisers against (feature `testing`; not public API).
//!
//! [`recognize`] is the plain definition of recognition (SPEC §6), written to be read rather
//! than to be fast: for a `routes!` set, the path split on `/` and each segment decoded, then
//! every route in declaration order, each matched segment by segment; for a `draw!` set, each
//! route's pattern read as the regular expression Rails' Journey router makes of it
//! (its `journey` module). The first route that takes both the path and the method wins. It shares
//! nothing with the generated recogniser but the route data and the percent-decoding of one
//! segment.

mod journey;

use http::Method;

use crate::encode::decode_segment;
use crate::error::RoutingError;
use crate::error_path::ErrorPath;
use crate::methods::MethodSet;
use crate::path::strip_query;
use routes_syntax::pattern::{PatternError, Piece, parse_pattern, route_format};

use crate::found::Found;
use crate::path::Segments;
use crate::recognized::Recognized;
use crate::requirement::Requirements;
use crate::route::{Format, Param, PathSpec, Route, Segment};
use crate::{MAX_PATH_LEN, RouteSet};

/// An answer, owned and comparable: the generated recogniser's, or the definition's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The route's place in the table.
    pub route: usize,
    pub controller: String,
    pub action: String,
    /// The params in path order, `format` last.
    pub params: Vec<(String, String)>,
}

impl Answer {
    /// The answer the generated recogniser gave.
    pub fn of(found: &Recognized<'_, '_>) -> Self {
        Answer {
            route: found.index(),
            controller: found.controller().to_owned(),
            action: found.action().to_owned(),
            params: found
                .params()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
        }
    }
}

/// One segment as the definition reads it: decoded, with whether its raw text had a `.`.
#[derive(Debug, Clone)]
struct Seg {
    text: String,
    raw_dot: bool,
}

/// Recognition by its definition: a `draw!` set's as Rails 3 and later define it
/// (its `journey` module), a `routes!` set's segment by segment.
pub fn recognize(set: &RouteSet, method: &Method, path: &str) -> Result<Answer, RoutingError> {
    if set.table().rails {
        return journey::recognize(set, method, path);
    }
    let shown = strip_query(path);
    if shown.len() > MAX_PATH_LEN {
        return Err(RoutingError::PathTooLong {
            length: shown.len(),
            limit: MAX_PATH_LEN,
        });
    }
    let not_found = || RoutingError::NotFound {
        method: method.clone(),
        path: ErrorPath::new(shown),
    };
    let body = shown.strip_prefix('/').unwrap_or(shown);
    let body = body.strip_suffix('/').unwrap_or(body);
    let raw: Vec<&str> = if body.is_empty() {
        Vec::new()
    } else {
        body.split('/').collect()
    };
    // A path deeper than every route is refused before any segment is decoded.
    if raw.len() > deepest(set) {
        return Err(not_found());
    }
    let decode = |raw: &str| -> Result<Seg, RoutingError> {
        let text = decode_segment(raw).map_err(|_| RoutingError::BadRequest {
            path: ErrorPath::new(shown),
            reason: "a percent-escape does not decode to UTF-8",
        })?;
        Ok(Seg {
            text: text.into_owned(),
            raw_dot: raw.contains('.'),
        })
    };
    let segs = raw
        .iter()
        .map(|s| decode(s))
        .collect::<Result<Vec<_>, _>>()?;
    let split = match raw.last().and_then(|last| last.rsplit_once('.')) {
        Some((base, format)) if !base.is_empty() && !format.is_empty() => {
            Some((decode(base)?, decode(format)?.text))
        }
        _ => None,
    };
    let mut allowed = MethodSet::EMPTY;
    for (index, route) in set.routes().iter().enumerate() {
        let Some(answer) = match_route(set, route, &segs, split.as_ref()) else {
            continue;
        };
        if route.accepts(method) {
            return Ok(Answer {
                route: index,
                ..answer
            });
        }
        allowed = allowed.union(route.method_set());
    }
    Err(RoutingError::refused(method, shown, allowed))
}

/// The most path segments a route takes, a `:controller` counting as many as its deepest
/// controller.
fn deepest(set: &RouteSet) -> usize {
    let parts = |namespace: &str| {
        set.controllers()
            .iter()
            .filter(|c| c.len() > namespace.len() && c.starts_with(namespace))
            .map(|c| c[namespace.len()..].split('/').count())
            .max()
            .unwrap_or(0)
    };
    set.routes()
        .iter()
        .map(|route| {
            route
                .segments()
                .iter()
                .map(|segment| match segment {
                    Segment::Controller { namespace, .. } => parts(namespace),
                    // A glob takes the rest of the path, however deep.
                    Segment::Glob(_) => usize::MAX / 2,
                    _ => 1,
                })
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0)
}

/// Matches one route against the path: the last segment read whole first, then (when the
/// route takes a format) read as `VALUE.FORMAT` at its last raw `.`.
fn match_route(
    set: &RouteSet,
    route: &Route,
    segs: &[Seg],
    split: Option<&(Seg, String)>,
) -> Option<Answer> {
    let walk = |last: Option<&Seg>| {
        let walker = Walker {
            set,
            pattern: route.segments(),
            segs,
            last,
        };
        let mut answer = Answer {
            route: 0,
            controller: route.fixed_controller().to_owned(),
            action: route.default_action().to_owned(),
            params: Vec::new(),
        };
        walker.walk(0, 0, &mut answer).then_some(answer)
    };
    let whole = || walk(None);
    let split = || {
        let (base, format) = split?;
        let mut answer = walk(Some(base))?;
        answer.params.push(("format".to_owned(), format.clone()));
        Some(answer)
    };
    let mut answer = match route.format() {
        Format::None => whole(),
        Format::Optional => whole().or_else(split),
        Format::Required => split(),
    }?;
    // The route's defaults for keys its pattern does not have are params too, the format's
    // where the path gives none.
    for &(key, value) in route.defaults() {
        let Some(value) = value else { continue };
        if key != "format" || !answer.params.iter().any(|(k, _)| k == "format") {
            answer.params.push((key.to_owned(), value.to_owned()));
        }
    }
    Some(answer)
}

struct Walker<'a> {
    set: &'a RouteSet,
    pattern: &'static [Segment],
    segs: &'a [Seg],
    /// The value part of the last segment, when reading it as `VALUE.FORMAT`.
    last: Option<&'a Seg>,
}

impl Walker<'_> {
    fn segment(&self, i: usize) -> Option<&Seg> {
        let seg = self.segs.get(i)?;
        Some(match self.last {
            Some(base) if i + 1 == self.segs.len() => base,
            _ => seg,
        })
    }

    /// Whether a dynamic segment takes `seg`: one or more characters other than `/ . ?`, or
    /// whatever its requirement allows; and a value of its type, when it has one.
    fn takes(&self, param: Option<&crate::route::Param>, seg: &Seg) -> bool {
        if seg.text.is_empty() {
            return false;
        }
        let requirement = param.and_then(|p| p.requirement);
        let plain = match requirement {
            None => !seg.raw_dot,
            Some(index) => self.set.checks().requirements.test(index, &seg.text),
        };
        plain
            && param
                .and_then(|p| p.parses)
                .is_none_or(|p| (p.test)(&seg.text))
    }

    fn walk(&self, pi: usize, si: usize, answer: &mut Answer) -> bool {
        let Some(segment) = self.pattern.get(pi) else {
            return si == self.segs.len();
        };
        if let Segment::Glob(param) = segment {
            // The rest of the path, each segment decoded, joined by `/`: possibly empty, but
            // without an empty segment; a requirement and a type apply to the whole.
            let rest = &self.segs[si.min(self.segs.len())..];
            if rest.iter().any(|seg| seg.text.is_empty()) {
                return false;
            }
            let value: Vec<&str> = rest.iter().map(|seg| seg.text.as_str()).collect();
            let value = value.join("/");
            let requirement = param.requirement;
            let takes = value.is_empty()
                || (requirement.is_none_or(|i| self.set.checks().requirements.test(i, &value))
                    && param.parses.is_none_or(|p| (p.test)(&value)));
            if takes {
                answer.params.push((param.name.to_owned(), value));
            }
            return takes && self.walk(pi + 1, self.segs.len(), answer);
        }
        let Some(seg) = self.segment(si) else {
            let optional = match segment {
                Segment::Param(param) => param.optional,
                Segment::Action { optional, .. } => *optional,
                _ => false,
            };
            if let Segment::Param(Param {
                name,
                optional: true,
                default: Some(default),
                ..
            }) = segment
            {
                answer
                    .params
                    .push(((*name).to_owned(), (*default).to_owned()));
            }
            return optional && self.walk(pi + 1, si, answer);
        };
        match segment {
            Segment::Static(text) => seg.text == *text && self.walk(pi + 1, si + 1, answer),
            Segment::Param(param) => {
                if !self.takes(Some(param), seg) {
                    return false;
                }
                answer
                    .params
                    .push((param.name.to_owned(), seg.text.clone()));
                self.walk(pi + 1, si + 1, answer) || {
                    answer.params.pop();
                    false
                }
            }
            Segment::Action { requirement, .. } => {
                let meets = requirement
                    .is_none_or(|index| self.set.checks().requirements.test(index, &seg.text));
                if !meets || !self.takes(None, seg) {
                    return false;
                }
                let default = std::mem::replace(&mut answer.action, seg.text.clone());
                self.walk(pi + 1, si + 1, answer) || {
                    answer.action = default;
                    false
                }
            }
            Segment::Glob(_) => false,
            Segment::Controller {
                namespace,
                requirement,
            } => {
                for &controller in self.set.controllers() {
                    let Some(name) = controller
                        .strip_prefix(*namespace)
                        .filter(|name| !name.is_empty())
                    else {
                        continue;
                    };
                    if requirement.is_some_and(|index| {
                        !self.set.checks().requirements.test(index, controller)
                    }) {
                        continue;
                    }
                    let parts: Vec<&str> = name.split('/').collect();
                    let fits = parts
                        .iter()
                        .enumerate()
                        .all(|(k, part)| self.segment(si + k).is_some_and(|s| s.text == *part));
                    if fits {
                        let before =
                            std::mem::replace(&mut answer.controller, controller.to_owned());
                        if self.walk(pi + 1, si + parts.len(), answer) {
                            return true;
                        }
                        answer.controller = before;
                    }
                }
                false
            }
        }
    }
}

/// One route described with strings, for route sets built while a test runs: only the
/// definition ([`recognize`]) reads them, since only `routes!` writes recognisers.
#[derive(Debug, Clone, Default)]
pub struct RouteSpec {
    /// The route's name, if it has one.
    pub name: Option<String>,
    /// Empty for any method.
    pub methods: Vec<Method>,
    /// A pattern as `named` and `connect` take it; `:controller` and `:action` are special.
    pub pattern: String,
    /// The controller, unless the pattern has `:controller`.
    pub controller: String,
    /// The action, or the default of an optional `:action`.
    pub action: String,
    /// `(param, regex)`.
    pub requirements: Vec<(String, String)>,
    /// Read like `named` and `connect` (as Rails 2.3's `assign_default_route_options`): a
    /// trailing `:action` may be left out unless its requirement refuses `index`, a trailing
    /// `:id` unless its requirement refuses an empty value.
    pub default_route: bool,
    /// `defaults(KEY = value)`: a trailing param with one may be left out; a key the
    /// pattern does not have is a param of every request the route takes.
    pub defaults: Vec<(String, Option<String>)>,
}

fn leak<T: ?Sized>(value: Box<T>) -> &'static T {
    Box::leak(value)
}

/// What a path of `segments` is made of, as `routes!` writes it.
fn path_spec(
    segments: &'static [Segment],
    format: Format,
    action: &'static str,
) -> &'static PathSpec {
    let optional = segments
        .iter()
        .filter(|segment| !matches!(segment, Segment::Static(_)))
        .enumerate()
        .fold(0u16, |bits, (k, segment)| match segment {
            Segment::Param(Param { optional: true, .. })
            | Segment::Action { optional: true, .. }
            | Segment::Glob(_) => bits | 1 << k.min(15),
            _ => bits,
        });
    let mut literals: Vec<&'static str> = Vec::new();
    let mut params = Vec::new();
    let mut checked = 0;
    let mut literal = String::new();
    for (place, segment) in segments.iter().enumerate() {
        literal.push('/');
        match segment {
            Segment::Static(text) => {
                literal.push_str(text);
                continue;
            }
            Segment::Param(Param {
                requirement: Some(_),
                ..
            })
            | Segment::Glob(_)
            | Segment::Controller { .. } => checked |= 1 << params.len().min(15),
            _ => {}
        }
        literals.push(leak(std::mem::take(&mut literal).into_boxed_str()));
        // A test's routes have few segments.
        params.push(place as u16);
    }
    if literals.is_empty() && literal.is_empty() {
        literal.push('/');
    }
    literals.push(leak(literal.into_boxed_str()));
    leak(Box::new(PathSpec {
        literals: leak(literals.into_boxed_slice()),
        segments,
        params: leak(params.into_boxed_slice()),
        checked,
        format,
        optional,
        action,
        pieces: &[],
    }))
}

/// A route set of `specs`, leaked so that it lives as a `static` does; its own recogniser
/// answers nothing (`routes!` writes recognisers), so ask [`recognize`].
pub fn route_set(specs: &[RouteSpec]) -> Result<&'static RouteSet, PatternError> {
    let mut sources: Vec<&'static str> = Vec::new();
    let mut routes = Vec::new();
    let mut controllers: Vec<&'static str> = Vec::new();
    for spec in specs {
        let parsed = parse_pattern(&spec.pattern)?;
        let default_of = |name: &str| spec.defaults.iter().find(|(key, _)| key == name);
        let refuses = |name: &str, value: &str| {
            spec.requirements
                .iter()
                .find(|(param, _)| param == name)
                .is_some_and(|(_, source)| {
                    regex::Regex::new(&format!("^(?:{source})$"))
                        .is_ok_and(|whole| !whole.is_match(value))
                })
        };
        // The trailing pieces that may be left out: a default route's `:action` and `:id`,
        // a param with a default, a glob.
        let tail = parsed.pieces.len()
            - parsed
                .pieces
                .iter()
                .rev()
                .take_while(|piece| match piece {
                    Piece::Glob(_) => true,
                    Piece::Dynamic(name) => {
                        (spec.default_route
                            && ((name == "id" && !refuses(name, ""))
                                || (name == "action" && !refuses(name, "index"))))
                            || default_of(name).is_some()
                    }
                    Piece::Static(_) => false,
                })
                .count();
        let mut requirement_of = |name: &str| {
            spec.requirements
                .iter()
                .find(|(param, _)| param == name)
                .map(|(_, regex)| {
                    let regex: &'static str = leak(regex.clone().into_boxed_str());
                    let at = sources.iter().position(|s| *s == regex).unwrap_or_else(|| {
                        sources.push(regex);
                        sources.len() - 1
                    });
                    // A test's table has few requirements.
                    at as u16
                })
        };
        let mut segments = Vec::new();
        for (i, piece) in parsed.pieces.iter().enumerate() {
            segments.push(match piece {
                Piece::Static(text) => Segment::Static(leak(text.clone().into_boxed_str())),
                Piece::Dynamic(name) if name == "controller" => Segment::Controller {
                    namespace: "",
                    requirement: requirement_of(name),
                },
                Piece::Dynamic(name) if name == "action" => Segment::Action {
                    optional: i >= tail,
                    requirement: requirement_of(name),
                },
                Piece::Dynamic(name) => Segment::Param(Param {
                    name: leak(name.clone().into_boxed_str()),
                    requirement: requirement_of(name),
                    parses: None,
                    optional: i >= tail,
                    default: default_of(name)
                        .and_then(|(_, value)| value.clone())
                        .map(|value| leak(value.into_boxed_str())),
                }),
                Piece::Glob(name) => Segment::Glob(Param {
                    name: leak(name.clone().into_boxed_str()),
                    requirement: requirement_of(name),
                    parses: None,
                    optional: true,
                    default: None,
                }),
            });
        }
        let names: Vec<&str> = parsed.pieces.iter().filter_map(Piece::name).collect();
        let defaults: Vec<(&'static str, Option<&'static str>)> = spec
            .defaults
            .iter()
            .filter(|(key, _)| !names.contains(&key.as_str()))
            .map(|(key, value)| {
                (
                    leak(key.clone().into_boxed_str()),
                    value.clone().map(|v| leak(v.into_boxed_str())),
                )
            })
            .collect();
        let display = if spec.pattern.starts_with('/') {
            spec.pattern.clone()
        } else {
            format!("/{}", spec.pattern)
        };
        let controller: &'static str = leak(spec.controller.clone().into_boxed_str());
        if !controller.is_empty() && !controllers.contains(&controller) {
            controllers.push(controller);
        }
        let format = route_format(&parsed.pieces);
        let action: &'static str = leak(spec.action.clone().into_boxed_str());
        routes.push(Route::new(
            spec.name
                .as_deref()
                .map_or("", |n| leak(n.to_owned().into_boxed_str())),
            leak(spec.methods.clone().into_boxed_slice()),
            leak(display.into_boxed_str()),
            path_spec(leak(segments.into_boxed_slice()), format, action),
            format,
            (controller, action, u16::MAX),
            &[],
            leak(defaults.into_boxed_slice()),
        ));
    }
    controllers.sort_by(|a, b| {
        let depth = |c: &str| c.matches('/').count();
        depth(b)
            .cmp(&depth(a))
            .then(b.len().cmp(&a.len()))
            .then(a.cmp(b))
    });
    let requirements = leak(Box::new(Requirements::new(
        leak(sources.into_boxed_slice()),
        &[],
    )));
    fn nothing(_: &Segments<'_>, _: u16, _: &mut Found) -> (u32, u16) {
        (crate::recognizer::NONE, 0)
    }
    Ok(leak(Box::new(RouteSet::new(
        leak(routes.into_boxed_slice()),
        &[],
        &[],
        requirements,
        leak(controllers.into_boxed_slice()),
        0,
        None,
        leak(Box::new(crate::route_set::Settings::new())),
        nothing,
        (0, 0),
    ))))
}
