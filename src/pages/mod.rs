//! One module per route.

pub mod connect;
pub mod history;
pub mod not_found;
pub mod operations;
pub mod portfolio;
pub mod settings;
