//! Shared harness of the browser tests, in three parts:
//! - [`world`]: one test's world (the sandbox and a browser session), started and signed in
//!   in one call, and what a person does across pages: open a path, connect, confirm a dialog.
//! - [`browser`]: chromedriver and Chromium as processes of the test, and the low-level
//!   WebDriver steps (find, wait for text, run JavaScript, click, type, screenshots, console).
//! - [`proxy`]: nginx or Caddy with the shipped configuration in front of the sandbox.
//! - [`witness`]: what a test observes to assert: storages, URL, accessibility, displayed
//!   figures, the page's errors and the sandbox's request log.
//!
//! Browser sessions are heavy on a 2-core machine: a world holds a lock for its whole life, so
//! the tests run one at a time whatever the test harness's thread count.

mod browser;
mod proxy;
mod witness;
mod world;

pub use proxy::Proxy;
pub use witness::figure;
pub use world::{
    config, shot_name, slow_network, Window, World, ACCOUNT_ROUTES, DESKTOP, FULL_KEY, PHONE,
    READ_KEY,
};
