//! The runtime half of the helpers `routes!` writes: a path built in one straight pass over
//! the helper's values, each measured and checked (a value its route could not recognise back
//! is refused at the caller), then written between the route's literal text.

use crate::encode::push_segment;
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
            // Parts are escaped one by one: three bytes per byte bounds it.
            Some(Segment::Controller { namespace }) => {
                (cx.names_controller(namespace, &text), 3 * text.len())
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
            Some(Segment::Controller { namespace }) => {
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
            _ => value.__push_segment(out, false),
        }
    }

    /// Writes the text after the last value when all `given` values were: a path whose
    /// trailing optional params are left out ends with the last value given.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish(&self, given: usize, out: &mut String) {
        if given == self.params.len() {
            out.push_str(self.literal(given));
        }
    }

    fn literals_len(&self) -> usize {
        self.literals.iter().map(|l| l.len()).sum()
    }

    /// The name of value `k`: its param's, or `controller`, `action`.
    pub(crate) fn name(&self, k: usize) -> Option<&'static str> {
        self.segment(k).map(Segment::value_name)
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
    let why = match segment {
        _ if value.is_empty() => "a path segment cannot be empty".to_owned(),
        Segment::Param(Param {
            requirement: Some(index),
            ..
        }) if !cx.requirements.test(*index, value) => format!(
            "the route requires it to match `{}`",
            cx.requirements.source(*index)
        ),
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
    fn each(&self, each: &mut dyn FnMut(&dyn ToParam));
    /// How many values there are: fewer than the route's only for a typed route whose
    /// optional params are left out.
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
            fn each(&self, each: &mut dyn FnMut(&dyn ToParam)) {
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

/// The values of a typed route: those of its optional params, trailing, may be left out.
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

    fn each(&self, each: &mut dyn FnMut(&dyn ToParam)) {
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
