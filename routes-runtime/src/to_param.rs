use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

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
pub trait ToParam {
    /// The text of this value in a URL, before percent-encoding.
    fn to_param(&self) -> Cow<'_, str>;
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

impl<T: ToParam + ?Sized> ToParam for &T {
    fn to_param(&self) -> Cow<'_, str> {
        (**self).to_param()
    }
}

impl<T: ToParam + ?Sized> ToParam for &mut T {
    fn to_param(&self) -> Cow<'_, str> {
        (**self).to_param()
    }
}

impl<T: ToParam + ?Sized> ToParam for Box<T> {
    fn to_param(&self) -> Cow<'_, str> {
        (**self).to_param()
    }
}

impl<T: ToParam + ?Sized> ToParam for Rc<T> {
    fn to_param(&self) -> Cow<'_, str> {
        (**self).to_param()
    }
}

impl<T: ToParam + ?Sized> ToParam for Arc<T> {
    fn to_param(&self) -> Cow<'_, str> {
        (**self).to_param()
    }
}

macro_rules! integer_params {
    ($($t:ty)*) => {$(
        impl ToParam for $t {
            fn to_param(&self) -> Cow<'_, str> {
                Cow::Owned(self.to_string())
            }
        }
    )*};
}

integer_params!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

macro_rules! nonzero_params {
    ($($t:ty)*) => {$(
        impl ToParam for $t {
            fn to_param(&self) -> Cow<'_, str> {
                Cow::Owned(self.get().to_string())
            }
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
