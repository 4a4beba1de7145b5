//! Folio's export files, written without the UI so they are tested natively:
//!
//! - [`archive`]: the legacy archive, one ZIP of every legacy list as sent.
//! - [`csv`]: the one CSV writer every export uses (documented quoting, formula defusal).
//! - [`exchange`]: the exchange's orders and trades as CSV (documented columns).
//! - [`flatten`]: a JSON record as CSV columns, every value exactly as sent.
//! - [`tax`]: the files tax tools and trackers import (Bitpanda-style CSV, Koinly, Ghostfolio).
//!
//! Nothing here knows the API key: files are built from records the app already holds.

pub mod archive;
pub mod csv;
pub mod exchange;
pub mod flatten;
pub mod tax;
