//! Folio's export files, written without the UI so they are tested natively:
//!
//! - [`csv`]: the one CSV writer every export uses (documented quoting, formula defusal).
//!
//! Nothing here knows the API key: files are built from records the app already holds.

pub mod csv;
