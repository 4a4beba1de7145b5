//! Folio: a browser app for a Bitpanda portfolio, driven with an API key kept in
//! `sessionStorage` only.
//!
//! - `app`: the shell (router, layout) and the context providers;
//! - `routes`: which page each address shows, and which pages need a key;
//! - `contexts`: app-wide state (the session and its key, settings, storage);
//! - `data`: how pages reach `folio_client` (loads, names for ids, cursor lists, writes);
//! - `components`: views shared by features (charts, tables, form parts, states);
//! - `pages`: one folder per feature, holding its views and its plain logic;
//! - `sections`: the pages loaded on demand (each section's loader, preloads and prefetch);
//! - `split`: the mechanism below the pages (`split_page!`, `split_fn!`, update check);
//! - `format`, `amounts`, `url`: display, decimal and address rules shared by features.
//!
//! Pages never build URLs to the service or parse JSON: they call `folio_client` through
//! `data`. Modules are private; [`for_tests`] exposes what tests outside the crate drive.

#![cfg_attr(
    not(test),
    deny(clippy::arithmetic_side_effects, clippy::disallowed_methods)
)]

mod amounts;
mod app;
mod components;
mod contexts;
mod data;
mod effect;
mod format;
mod i18n;
mod lower_case;
mod pages;
mod routes;
mod sections;
mod split;
mod url;

pub use app::{start, App};

/// What the browser tests (`tests/web.rs`) and the fuzzer (`crates/fuzz`) drive directly:
/// plain logic that turns typed or served text into values, and the error view.
pub mod for_tests {
    pub use crate::amounts::read_as_words;
    pub use crate::components::error_view::PlainWords;
    pub use crate::components::ErrorView;
    pub use crate::contexts::storage;
    pub use crate::data::ledger::{read_ledger, LedgerSources};
    pub use crate::format::{format_amount, format_fiat};
    pub use crate::pages::exchange::book_levels::{grouped_book, grouping_steps, spread};
    pub use crate::pages::exchange::filters::ExchangeFilter;
    pub use crate::pages::exchange::text::fill_percent;
    pub use crate::pages::exchange::ticket::{SizeMode, TypedOrder};
    pub use crate::pages::insights::report_of;
    pub use crate::pages::legacy::filters::{LegacyFilter, LegacyList};
    pub use crate::pages::legacy::text::status_words;
    pub use crate::pages::limits::rules::{check_limit, limits_retyped};
    pub use crate::pages::operations::filter::OperationsFilter;
    pub use crate::url::{connect_redirect, safe_return_path, UrlState};
}
