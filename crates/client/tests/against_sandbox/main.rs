//! `folio-client` against the in-process sandbox, in one test binary (one link instead of
//! ten): one module per API or topic, the shared setup in [`support`]. The fixture modules
//! decode the spec's sample shapes without a server.
#![cfg(not(target_arch = "wasm32"))]

mod support;

mod api_keys;
mod current;
mod current_writes;
mod exchange;
mod exchange_bearer;
mod exchange_refusals;
mod fixtures;
mod legacy;
mod legacy_fixtures;
mod legacy_reconcile;
mod limits_earn;
mod write_fixtures;
