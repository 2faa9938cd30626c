//! The compile-time cost of `routes!`: built with `--features routes` it holds an invocation of
//! 200 resources (1,480 routes, 5,280 helpers); without, the same crate is empty.

#[cfg(feature = "routes")]
pub mod routes {
    include!("routes.rs");
}

pub fn anchor() -> usize {
    #[cfg(feature = "routes")]
    return routes::ROUTES.routes().len();
    #[cfg(not(feature = "routes"))]
    0
}
