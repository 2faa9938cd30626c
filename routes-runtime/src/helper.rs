//! The runtime half of the helpers `routes!` writes: a path built in one straight pass over
//! the helper's values, each measured and checked (a value its route could not recognise back
//! is refused at the caller), then written between the route's literal text.
//!
//! A route whose last values may be left out (an optional `:id` or `:action`, a param given a
//! default, a glob) takes a second, general pass that first works out how many values the
//! path writes: Rails leaves out the trailing ones that are missing or equal to their
//! defaults, so that `/wiki/7/diff` is written for `wiki_diff_path(7, None)` and `/page` for
//! a page whose `:id` is its default.

use crate::encode::{glob_len, push_glob, push_segment, segment_len};
use crate::error::MISSING_HOST;
use crate::route::{Param, PathSpec, Segment};
use crate::to_param::ToParam;
use crate::url::{Checks, UrlOptions, format_len, push_format};

impl PathSpec {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn literal(&self, k: usize) -> &'static str {
        self.literals.get(k).copied().unwrap_or_default()
    }

    /// The segment value `k` fills.
    pub(crate) fn segment(&self, k: usize) -> Option<&'static Segment> {
        self.segments.get(usize::from(*self.params.get(k)?))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn is_checked(&self, k: usize) -> bool {
        k < 16 && self.checked & (1 << k) != 0
    }

    /// Whether the route's last values may be left out: the helpers then take the general
    /// pass.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn has_optional(&self) -> bool {
        self.optional != 0
    }

    /// The bytes value `k` takes in the path, after making sure it routes: a helper never
    /// builds a link that does not.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[track_caller]
    fn measure(
        &self,
        helper: &'static str,
        cx: &Checks<'_>,
        k: usize,
        value: &(impl ToParam + ?Sized),
    ) -> usize {
        if !self.is_checked(k) {
            let len = value.__segment_len(false);
            if len == 0 {
                unroutable(helper, self, cx, k, "");
            }
            return len;
        }
        let text = value.to_param();
        let (routes, len) = match self.segment(k) {
            Some(Segment::Param(param)) => (
                cx.takes(param, &text),
                text.__segment_len(param.requirement.is_some()),
            ),
            Some(Segment::Glob(param)) => (cx.takes_glob(param, &text), glob_len(&text)),
            // Parts are escaped one by one: three bytes per byte bounds it.
            Some(&Segment::Controller {
                namespace,
                requirement,
            }) => (
                cx.names_controller(namespace, requirement, &text),
                3 * text.len(),
            ),
            Some(&Segment::Action { requirement, .. }) => {
                (cx.meets(requirement, &text), text.__segment_len(false))
            }
            _ => (!text.is_empty(), text.__segment_len(false)),
        };
        if !routes {
            unroutable(helper, self, cx, k, &text);
        }
        len
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write(&self, k: usize, value: &(impl ToParam + ?Sized), out: &mut String) {
        out.push_str(self.literal(k));
        if !self.is_checked(k) {
            value.__push_segment(out, false);
            return;
        }
        match self.segment(k) {
            Some(Segment::Controller { namespace, .. }) => {
                let text = value.to_param();
                let parts = text.get(namespace.len()..).unwrap_or_default();
                for (i, part) in parts.split('/').enumerate() {
                    if i > 0 {
                        out.push('/');
                    }
                    push_segment(out, part, false);
                }
            }
            Some(Segment::Param(param)) => {
                value.__push_segment(out, param.requirement.is_some());
            }
            Some(Segment::Glob(_)) => push_glob(out, &value.to_param()),
            _ => value.__push_segment(out, false),
        }
    }

    /// Writes the text after the last value written, `given` of them: a path whose trailing
    /// values are left out ends with the static segments after the last one given.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish(&self, given: usize, out: &mut String) {
        let literal = self.literal(given);
        if given == self.params.len() {
            out.push_str(literal);
        } else {
            // The literal ends with the `/` before the value left out.
            out.push_str(literal.strip_suffix('/').unwrap_or(literal));
        }
        if out.is_empty() {
            out.push('/');
        }
    }

    fn literals_len(&self) -> usize {
        self.literals.iter().map(|l| l.len()).sum()
    }

    /// The name of value `k`: its param's, or `controller`, `action`.
    pub(crate) fn name(&self, k: usize) -> Option<&'static str> {
        self.segment(k).map(Segment::value_name)
    }

    /// What a value left out of the path stands for: the param's default, or the route's
    /// action; `None` when the segment cannot be left out, or has no default.
    fn default(&self, k: usize) -> Option<&'static str> {
        match self.segment(k)? {
            Segment::Param(Param {
                optional: true,
                default,
                ..
            }) => *default,
            Segment::Action { optional: true, .. } => Some(self.action),
            _ => None,
        }
    }

    /// The default of value `k`, where its param has one.
    fn default_of(&self, k: usize) -> Option<&'static str> {
        match self.segment(k)? {
            Segment::Param(param) => param.default,
            _ => None,
        }
    }

    /// Whether value `k` may be left out of the path.
    fn optional(&self, k: usize) -> bool {
        k < 16 && self.optional & (1 << k) != 0
    }
}

/// A helper was given a value its route cannot take back: the link would not route.
#[cold]
#[inline(never)]
#[track_caller]
fn unroutable(helper: &str, spec: &PathSpec, cx: &Checks<'_>, k: usize, value: &str) -> ! {
    let Some(segment) = spec.segment(k) else {
        panic!("`{helper}` was given too many values")
    };
    let requirement = |index: u16| {
        format!(
            "the route requires it to match `{}`",
            cx.requirements.source(index)
        )
    };
    let why = match segment {
        Segment::Glob(Param {
            requirement: Some(index),
            ..
        }) if !cx.requirements.test(*index, value) => requirement(*index),
        Segment::Glob(_) => {
            "each of its `/`-separated parts must be non-empty (the whole may be empty)".to_owned()
        }
        _ if value.is_empty() => "a path segment cannot be empty".to_owned(),
        Segment::Param(Param {
            requirement: Some(index),
            ..
        })
        | Segment::Action {
            requirement: Some(index),
            ..
        }
        | Segment::Controller {
            requirement: Some(index),
            ..
        } if !cx.requirements.test(*index, value) => requirement(*index),
        Segment::Param(Param {
            parses: Some(parses),
            ..
        }) => format!("the route requires it to parse as `{}`", parses.type_name),
        Segment::Controller { .. } => "no route names that controller".to_owned(),
        _ => "the route cannot take it".to_owned(),
    };
    panic!(
        "`{helper}` cannot build a link with `{}` = {value:?}: {why}, so the link would not route",
        segment.value_name()
    )
}

/// A value left out of a route's path while a later one is given, which has no default to
/// stand for it.
#[cold]
#[inline(never)]
#[track_caller]
fn missing(helper: &str, spec: &PathSpec, k: usize, later: usize) -> ! {
    let name = |k| spec.name(k).unwrap_or_default();
    panic!(
        "`{helper}` cannot build a link without `{}` when `{}` is given: only the last values \
         of a path can be left out",
        name(k),
        name(later)
    )
}

/// The values of a helper, as a tuple: each is measured and checked, then written, in one
/// straight pass per helper once inlined.
#[doc(hidden)]
pub trait Args {
    /// The bytes the values take, after checking that each routes.
    #[track_caller]
    fn measure(&self, spec: &PathSpec, helper: &'static str, cx: &Checks<'_>) -> usize;
    /// Writes the literals and the values.
    fn write(&self, spec: &PathSpec, out: &mut String);
    /// Hands each value to `each`, in order: the params of a `hash_for_` helper.
    fn each<'a>(&'a self, each: &mut dyn FnMut(&'a dyn ToParam));
    /// How many values there are: as many as the route's (a typed route hands each in its
    /// place, an optional param's as its `Option`, whose `None` is no value).
    fn count(&self) -> usize;
}

macro_rules! args {
    ($($t:ident $i:tt),*) => {
        impl<$($t: ToParam),*> Args for ($($t,)*) {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[track_caller]
            #[allow(unused_variables)]
            fn measure(&self, spec: &PathSpec, helper: &'static str, cx: &Checks<'_>) -> usize {
                0 $(+ spec.measure(helper, cx, $i, &self.$i))*
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables)]
            fn write(&self, spec: &PathSpec, out: &mut String) {
                $(spec.write($i, &self.$i, out);)*
            }
            #[allow(unused_variables)]
            fn each<'a>(&'a self, each: &mut dyn FnMut(&'a dyn ToParam)) {
                $(each(&self.$i);)*
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn count(&self) -> usize {
                let places: &[usize] = &[$($i),*];
                places.len()
            }
        }
    };
}

/// The values of a typed route, each in its place; an optional param's is its `Option`.
impl<T: ToParam + ?Sized> Args for &[&T] {
    #[track_caller]
    fn measure(&self, spec: &PathSpec, helper: &'static str, cx: &Checks<'_>) -> usize {
        if self.len() > spec.params.len() {
            unroutable(helper, spec, cx, spec.params.len(), "");
        }
        let mut len = 0;
        for (k, value) in self.iter().enumerate() {
            len += spec.measure(helper, cx, k, *value);
        }
        len
    }

    fn write(&self, spec: &PathSpec, out: &mut String) {
        for (k, value) in self.iter().enumerate() {
            spec.write(k, *value, out);
        }
    }

    fn each<'a>(&'a self, each: &mut dyn FnMut(&'a dyn ToParam)) {
        for value in *self {
            each(value);
        }
    }

    fn count(&self) -> usize {
        self.len()
    }
}

args!();
args!(A 0);
args!(A 0, B 1);
args!(A 0, B 1, C 2);
args!(A 0, B 1, C 2, D 3);
args!(A 0, B 1, C 2, D 3, E 4);
args!(A 0, B 1, C 2, D 3, E 4, F 5);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14);
args!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14, P 15);

/// The path of a helper's route with `args` for its values, under `root` (the route set's
/// mount, or empty), in one allocation of the exact size.
///
/// # Panics
///
/// When a value cannot route (empty, or refused by its requirement or type): see
/// [`PathSpec::measure`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[track_caller]
pub fn helper_path(
    root: &str,
    spec: &PathSpec,
    helper: &'static str,
    cx: Checks<'_>,
    args: impl Args,
) -> String {
    if spec.has_optional() {
        return optional_path(root, spec, helper, cx, &args, None);
    }
    let len = root.len() + spec.literals_len() + args.measure(spec, helper, &cx);
    let mut out = String::with_capacity(len);
    out.push_str(root);
    args.write(spec, &mut out);
    spec.finish(args.count(), &mut out);
    out
}

/// [`helper_path`] with `.FORMAT` (or `?format=` on a route that takes none), under `root`.
///
/// # Panics
///
/// As [`helper_path`], and for an empty format.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[track_caller]
pub fn helper_formatted_path(
    root: &str,
    spec: &PathSpec,
    helper: &'static str,
    cx: Checks<'_>,
    args: impl Args,
    format: impl ToParam,
) -> String {
    let format = format.to_param();
    if format.is_empty() {
        empty_format(helper);
    }
    if spec.has_optional() {
        return optional_path(root, spec, helper, cx, &args, Some(&format));
    }
    let len = root.len()
        + spec.literals_len()
        + args.measure(spec, helper, &cx)
        + format_len(spec.format, &format);
    let mut out = String::with_capacity(len);
    out.push_str(root);
    args.write(spec, &mut out);
    spec.finish(args.count(), &mut out);
    push_format(&mut out, spec.format, &format);
    out
}

/// The general pass, for a route whose last values may be left out: the values written are
/// those up to the last one given that is not its default (an empty glob is none); one left
/// out before it is written as its default, or refused when it has none.
#[inline(never)]
#[track_caller]
pub(crate) fn optional_path(
    root: &str,
    spec: &PathSpec,
    helper: &'static str,
    cx: Checks<'_>,
    args: &impl Args,
    format: Option<&str>,
) -> String {
    let mut values: [Option<&dyn ToParam>; 16] = [None; 16];
    let mut count = 0;
    args.each(&mut |value| {
        if let Some(slot) = values.get_mut(count) {
            *slot = Some(value);
        }
        count += 1;
    });
    if count > spec.params.len() {
        unroutable(helper, spec, &cx, spec.params.len(), "");
    }
    let present = |k: usize| values.get(k).copied().flatten().filter(|v| v.__present());
    if !spec.pieces.is_empty() {
        return pieces_path(root, spec, helper, &cx, &present, format);
    }
    let default = |k: usize| spec.default(k);
    // How many values the path writes: trailing ones left out, at their default, or an empty
    // glob, are not.
    let mut given = spec.params.len();
    while given > 0 {
        let k = given - 1;
        let omitted = match present(k) {
            None => spec.optional(k),
            Some(value) => match spec.segment(k) {
                Some(Segment::Glob(_)) => value.to_param().is_empty(),
                _ => default(k).is_some_and(|d| spec.optional(k) && value.to_param() == d),
            },
        };
        if !omitted {
            break;
        }
        given -= 1;
    }
    let mut len = root.len() + spec.literals_len();
    for k in 0..given {
        len += match present(k) {
            Some(value) => spec.measure(helper, &cx, k, value),
            None => match default(k) {
                Some(default) => segment_len(default, false),
                None if spec.optional(k) => missing(helper, spec, k, given - 1),
                None => unroutable(helper, spec, &cx, k, ""),
            },
        };
    }
    if let Some(format) = format {
        len += format_len(spec.format, format);
    }
    let mut out = String::with_capacity(len);
    out.push_str(root);
    for k in 0..given {
        match present(k) {
            Some(value) => spec.write(k, value, &mut out),
            None => spec.write(k, default(k).unwrap_or_default(), &mut out),
        }
    }
    spec.finish(given, &mut out);
    if let Some(format) = format {
        push_format(&mut out, spec.format, format);
    }
    out
}

/// The general pass of a `draw!` route written piece by piece: each value given is checked,
/// a trailing optional one at its default is left out (as Rails writes it), and the groups
/// whose values are all given are written.
#[track_caller]
fn pieces_path<'v>(
    root: &str,
    spec: &PathSpec,
    helper: &'static str,
    cx: &Checks<'_>,
    present: &dyn Fn(usize) -> Option<&'v dyn ToParam>,
    format: Option<&str>,
) -> String {
    let count = spec.params.len();
    let mut texts: Vec<Option<std::borrow::Cow<'_, str>>> = Vec::with_capacity(count);
    let mut len = root.len();
    for k in 0..count {
        texts.push(present(k).map(|value| {
            len += spec.measure(helper, cx, k, value);
            value.to_param()
        }));
    }
    // A format given ends Rails' search for values at their defaults before it starts.
    if format.is_none() {
        crate::pieces::leave_out_defaults(spec.pieces, &mut texts, |k| spec.default_of(k));
    }
    let values: Vec<Option<&str>> = texts.iter().map(|t| t.as_deref()).collect();
    let given = crate::pieces::Given {
        values: &values,
        format,
    };
    match crate::pieces::measure(spec.pieces, &given) {
        Ok(pieces_len) => {
            let mut out = String::with_capacity(len + pieces_len);
            out.push_str(root);
            crate::pieces::write(spec.pieces, &given, &mut out);
            out
        }
        Err(k) => required(helper, spec, k),
    }
}

/// A value outside every optional group (or the format, `u8::MAX`) left out: Rails' "missing
/// required keys".
#[cold]
#[inline(never)]
#[track_caller]
fn required(helper: &str, spec: &PathSpec, k: u8) -> ! {
    let name = match k {
        u8::MAX => "format",
        k => spec.name(usize::from(k)).unwrap_or_default(),
    };
    panic!("`{helper}` cannot build a link without `{name}`: the route requires it")
}

#[cold]
#[inline(never)]
#[track_caller]
fn empty_format(helper: &str) -> ! {
    panic!("`{helper}` cannot build a link with an empty format, so the link would not route")
}

/// `path` behind the host of `host`, for a `_url` helper.
///
/// # Panics
///
/// When no host is known: a configuration error, as Rails raises "Missing host to link to!".
#[track_caller]
pub fn behind_host(host: Option<UrlOptions>, path: String) -> String {
    match host {
        Some(host) => {
            let mut url = host.to_string();
            url.push_str(&path);
            url
        }
        None => panic!("{MISSING_HOST}"),
    }
}
