//! One module per route.

pub mod connect;
pub mod earn;
pub mod exchange;
pub mod history;
pub mod legacy;
pub mod limits;
pub mod not_found;
pub mod operations;
pub mod portfolio;
pub mod settings;
pub mod trade;
