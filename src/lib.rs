//! Folio: a browser app for a Bitpanda portfolio, driven with an API key kept in
//! `sessionStorage` only.
//!
//! - [`app`]: router, layout, context providers;
//! - [`session`] and [`settings`]: the key and the preferences of this tab;
//! - [`components`]: reusable views; [`pages`]: one module per route;
//! - plain logic with native unit tests: [`format`], [`allocation`], [`sorting`],
//!   [`chart_geometry`], [`query`], and for the legacy section [`legacy_filters`],
//!   [`legacy_paging`], [`legacy_words`], [`legacy_timeline_rows`].
//!
//! Pages never build URLs or parse JSON: they call `folio_client` (names for ids through
//! [`catalogue`]).

#![cfg_attr(
    not(test),
    deny(clippy::arithmetic_side_effects, clippy::disallowed_methods)
)]

pub mod account_data;
pub mod allocation;
pub mod app;
pub mod candle_geometry;
pub mod catalogue;
pub mod chart_geometry;
pub mod components;
pub mod countdown;
pub mod csv_export;
pub mod data;
pub mod exchange_book;
pub mod exchange_filters;
pub mod exchange_ticket;
pub mod exchange_words;
pub mod format;
pub mod legacy_filters;
pub mod legacy_paging;
pub mod legacy_timeline_rows;
pub mod legacy_words;
pub mod money;
pub mod money_forms;
pub mod operation_rows;
pub mod operations_filter;
pub mod pages;
pub mod query;
pub mod session;
pub mod settings;
pub mod sorting;
pub mod storage;
pub mod trade_ticket;
pub mod virtual_list;

pub use app::App;
