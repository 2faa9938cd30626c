//! The bits the recogniser gives HTTP methods: one per method a route can name, in Rails'
//! order, so that a route's methods are a mask the generated code tests with one `&`. The
//! runtime's `MethodSet` is a set of these bits; the macro writes them into the code.

/// GET (and HEAD, which is routed as GET).
pub const GET: u16 = 1;
/// HEAD, which no route names: recognition gives HEAD the bit of GET.
pub const HEAD: u16 = 1 << 1;
/// POST.
pub const POST: u16 = 1 << 2;
/// PUT.
pub const PUT: u16 = 1 << 3;
/// PATCH.
pub const PATCH: u16 = 1 << 4;
/// DELETE.
pub const DELETE: u16 = 1 << 5;
/// OPTIONS.
pub const OPTIONS: u16 = 1 << 6;
/// The bit of every method no route can name (CONNECT, TRACE, extensions): only
/// routes that take any method take it.
pub const OTHER: u16 = 1 << 15;
/// Every bit: the methods of a route that takes any method.
pub const ANY: u16 = u16::MAX;
