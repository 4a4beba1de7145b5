//! Browser end-to-end tests: the sandbox in-process serving the release `dist/`, headless
//! Chromium driven through chromedriver, assertions on what a person sees.
//!
//! Needs `trunk build --release` first (`cargo xtask test` does it) and chromium +
//! chromedriver on PATH (or `$CHROME_PATH` / `$CHROMEDRIVER`).
#![cfg(not(target_arch = "wasm32"))]
// Tests may add up expected figures freely: an overflow here fails the test, not a page.
#![allow(clippy::disallowed_methods)]

mod support;

mod api_keys;
mod asset_page;
mod background_work;
mod connect;
mod connect_cors;
mod deploy;
mod discreet;
mod exchange;
mod exchange_bearer;
mod exchange_browse;
mod faults;
mod german;
mod history;
mod insights;
mod layout_sweep;
mod legacy;
mod legacy_archive;
mod legacy_lists;
mod legacy_migrate;
mod limits_earn;
mod list_exports;
mod local_time;
mod money_moves;
mod operations;
mod operations_export;
mod operations_large;
mod portfolio;
mod pwa;
mod resilience;
mod safety;
mod sections;
mod session_safety;
mod shortcuts;
mod tax_files;
mod trade;
mod watchlist;
