//! Shared harness of the browser tests.

mod world;

pub use world::*;
