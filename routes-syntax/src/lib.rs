//! What [`resourceful`](https://docs.rs/resourceful)'s `routes!` macro needs while it expands,
//! shared with the runtime so that both read routes the same way: route patterns
//! ([`pattern`]), requirement checks ([`requirement`], with `regex-syntax` only), the bits of
//! HTTP methods ([`methods`]), the hash the recogniser looks literal segments up by
//! ([`hash`]), Rails' English inflections ([`inflector`]) and what a misspelt word was likely
//! meant to be ([`spelling`]). Applications use these through `resourceful`.

#![deny(missing_docs)]

pub mod hash;
pub mod inflector;
pub mod journey;
pub mod methods;
pub mod pattern;
pub mod requirement;
pub mod spelling;
