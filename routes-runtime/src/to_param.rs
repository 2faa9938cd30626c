use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use crate::encode::{push_segment, segment_len};

/// A value that can stand in a URL: the argument type of every generated helper.
///
/// Rails calls `to_param` on whatever it is given, so `article_path(@article)` uses the record's
/// id. Here integers and strings are their own parameter, references and smart pointers forward
/// to what they point at, and `#[derive(ToParam)]` makes a struct use its `id` field (or the
/// field marked `#[to_param]`).
///
/// ```
/// use resourceful::ToParam;
///
/// #[derive(ToParam)]
/// struct Article { id: u64, title: String }
///
/// #[derive(ToParam)]
/// struct Author { #[to_param] login: String }
///
/// let article = Article { id: 7, title: "Hello".into() };
/// assert_eq!(article.to_param(), "7");
/// assert_eq!(Author { login: "dhh".into() }.to_param(), "dhh");
/// assert_eq!((&&article).to_param(), "7");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a path segment: it does not implement `ToParam`",
    label = "a helper argument must be `ToParam`",
    note = "if `{Self}` is a type of yours, add `#[derive(ToParam)]` to it: it stands in URLs \
            by its field `id`, or by the field marked `#[to_param]`; other values are passed \
            as their text (`&x.to_string()`)"
)]
pub trait ToParam {
    /// The text of this value in a URL, before percent-encoding.
    fn to_param(&self) -> Cow<'_, str>;

    /// The length of [`to_param`](Self::to_param) once percent-encoded as a path segment.
    /// Helpers size their `String` with it, so that building a path allocates once.
    #[doc(hidden)]
    fn __segment_len(&self, keep_dot: bool) -> usize {
        segment_len(&self.to_param(), keep_dot)
    }

    /// Appends [`to_param`](Self::to_param), percent-encoded as a path segment.
    #[doc(hidden)]
    fn __push_segment(&self, out: &mut String, keep_dot: bool) {
        push_segment(out, &self.to_param(), keep_dot);
    }

    /// Whether there is a value at all: `false` for `None`, which a helper leaves out.
    #[doc(hidden)]
    fn __present(&self) -> bool {
        true
    }
}

/// Forwards every method to what `$this` points at, so that a reference to an integer is as
/// cheap to write as the integer.
macro_rules! forward {
    ($this:ident => $inner:expr) => {
        fn to_param(&$this) -> Cow<'_, str> {
            $inner.to_param()
        }
        forward!(@write $this => $inner);
    };
    // `$inner` is a value computed from `$this` (`n.get()`), so `to_param` cannot borrow it.
    (value $this:ident => $inner:expr) => {
        fn to_param(&$this) -> Cow<'_, str> {
            Cow::Owned($inner.to_param().into_owned())
        }
        forward!(@write $this => $inner);
    };
    (@write $this:ident => $inner:expr) => {
        fn __segment_len(&$this, keep_dot: bool) -> usize {
            $inner.__segment_len(keep_dot)
        }
        fn __push_segment(&$this, out: &mut String, keep_dot: bool) {
            $inner.__push_segment(out, keep_dot)
        }
        fn __present(&$this) -> bool {
            $inner.__present()
        }
    };
}

impl ToParam for str {
    fn to_param(&self) -> Cow<'_, str> {
        Cow::Borrowed(self)
    }
}

impl ToParam for String {
    fn to_param(&self) -> Cow<'_, str> {
        Cow::Borrowed(self)
    }
}

impl ToParam for Cow<'_, str> {
    fn to_param(&self) -> Cow<'_, str> {
        Cow::Borrowed(self)
    }
}

impl ToParam for char {
    fn to_param(&self) -> Cow<'_, str> {
        Cow::Owned(self.to_string())
    }
}

impl ToParam for bool {
    fn to_param(&self) -> Cow<'_, str> {
        Cow::Borrowed(if *self { "true" } else { "false" })
    }
}

/// `None` is no value at all, as Rails' `nil`: a helper leaves the optional param it is given
/// for out of the path (`wiki_diff_path(7, None)` is `/wiki/7/diff`),
/// [`UrlFor::param`](crate::UrlFor::param) leaves the key out, and a param that cannot be left
/// out refuses it as it refuses an empty value.
///
/// ```
/// use resourceful::ToParam;
///
/// assert_eq!(Some(7).to_param(), "7");
/// assert_eq!(None::<u32>.to_param(), "");
/// ```
impl<T: ToParam> ToParam for Option<T> {
    fn to_param(&self) -> Cow<'_, str> {
        match self {
            Some(value) => value.to_param(),
            None => Cow::Borrowed(""),
        }
    }
    fn __segment_len(&self, keep_dot: bool) -> usize {
        self.as_ref()
            .map_or(0, |value| value.__segment_len(keep_dot))
    }
    fn __push_segment(&self, out: &mut String, keep_dot: bool) {
        if let Some(value) = self {
            value.__push_segment(out, keep_dot);
        }
    }
    fn __present(&self) -> bool {
        self.as_ref().is_some_and(ToParam::__present)
    }
}

impl<T: ToParam + ?Sized> ToParam for &T {
    forward!(self => (**self));
}

impl<T: ToParam + ?Sized> ToParam for &mut T {
    forward!(self => (**self));
}

impl<T: ToParam + ?Sized> ToParam for Box<T> {
    forward!(self => (**self));
}

impl<T: ToParam + ?Sized> ToParam for Rc<T> {
    forward!(self => (**self));
}

impl<T: ToParam + ?Sized> ToParam for Arc<T> {
    forward!(self => (**self));
}

/// Integers write their digits straight into the path: no `String` of their own. The length
/// is counted from the integer's base-10 logarithm, and the digits are written by `itoa`.
macro_rules! integer_params {
    // `$split`: the integer as whether it is negative and its magnitude.
    (@impl $t:ty, $n:ident => $split:expr) => {
        impl ToParam for $t {
            fn to_param(&self) -> Cow<'_, str> {
                Cow::Owned(self.to_string())
            }
            #[inline]
            fn __segment_len(&self, _keep_dot: bool) -> usize {
                let $n = *self;
                let (negative, magnitude) = $split;
                usize::from(negative) + magnitude.checked_ilog10().map_or(1, |log| log as usize + 1)
            }
            #[inline]
            fn __push_segment(&self, out: &mut String, _keep_dot: bool) {
                out.push_str(itoa::Buffer::new().format(*self));
            }
        }
    };
    (unsigned $($t:ty)*) => {$(integer_params!(@impl $t, n => (false, n));)*};
    (signed $($t:ty)*) => {$(integer_params!(@impl $t, n => (n < 0, n.unsigned_abs()));)*};
}

integer_params!(unsigned u8 u16 u32 u64 u128);
integer_params!(signed i8 i16 i32 i64 i128);

impl ToParam for usize {
    forward!(value self => (*self as u64));
}

impl ToParam for isize {
    forward!(value self => (*self as i64));
}

macro_rules! nonzero_params {
    ($($t:ty)*) => {$(
        impl ToParam for $t {
            forward!(value self => self.get());
        }
    )*};
}

nonzero_params!(
    std::num::NonZeroU8 std::num::NonZeroU16 std::num::NonZeroU32 std::num::NonZeroU64
    std::num::NonZeroU128 std::num::NonZeroUsize std::num::NonZeroI8 std::num::NonZeroI16
    std::num::NonZeroI32 std::num::NonZeroI64 std::num::NonZeroI128 std::num::NonZeroIsize
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_write_the_digits_to_param_gives() {
        fn written(value: &dyn ToParam) -> (String, usize) {
            let mut out = String::new();
            value.__push_segment(&mut out, false);
            (out, value.__segment_len(false))
        }
        let values: [&dyn ToParam; 12] = [
            &0u8,
            &7u16,
            &u32::MAX,
            &u64::MAX,
            &u128::MAX,
            &0i8,
            &-1i16,
            &i32::MIN,
            &i64::MIN,
            &i128::MIN,
            &usize::MAX,
            &isize::MIN,
        ];
        for value in values {
            let (out, len) = written(value);
            assert_eq!(out, value.to_param(), "digits");
            assert_eq!(len, out.len(), "length of {out}");
        }
        // Lengths change at the powers of ten, either side of zero.
        for k in 0..19 {
            let power = 10u64.pow(k);
            for n in [power - 1, power, power + 1] {
                assert_eq!(written(&n), (n.to_string(), n.to_string().len()));
                let negative = -(n as i64);
                assert_eq!(written(&negative).1, negative.to_string().len());
            }
        }
        assert_eq!(written(&&&42u32).0, "42");
        assert_eq!(written(&"a b").0, "a%20b");
    }

    #[test]
    fn built_in_params() {
        assert_eq!(42u8.to_param(), "42");
        assert_eq!((-7i64).to_param(), "-7");
        assert_eq!(
            u128::MAX.to_param(),
            "340282366920938463463374607431768211455"
        );
        assert_eq!("slug".to_param(), "slug");
        assert_eq!(String::from("s").to_param(), "s");
        assert_eq!(Cow::Borrowed("c").to_param(), "c");
        assert_eq!('x'.to_param(), "x");
        assert_eq!(true.to_param(), "true");
        assert_eq!(Box::new(5u32).to_param(), "5");
        assert_eq!(Arc::<str>::from("arc").to_param(), "arc");
        assert_eq!(std::num::NonZeroU32::new(9).unwrap().to_param(), "9");
    }
}
