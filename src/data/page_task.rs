//! Reads started by a page belong to that page: when the page goes away (navigation, a filter
//! change that rebuilds it, the key forgotten), its reads in flight are dropped — which aborts
//! their `fetch` — so a late answer can never touch the page's disposed state.
//!
//! Writes never go through here: they belong to the app ([`super::write`]).

use std::future::Future;

use leptos::prelude::*;
use leptos::task::spawn_local_scoped_with_cancellation;

/// The owner of the component that created it; spawns reads tied to that owner. Create it in
/// the component's body (not in an event handler, where no owner is current).
#[derive(Clone, Copy)]
pub struct PageTasks {
    owner: StoredValue<Option<Owner>>,
}

impl PageTasks {
    /// Captures the current owner.
    pub fn new() -> Self {
        Self {
            owner: StoredValue::new(Owner::current()),
        }
    }

    /// Runs `read` until it finishes or the owner is cleaned up, whichever comes first. If the
    /// owner is already gone, nothing runs.
    pub fn spawn(&self, read: impl Future<Output = ()> + 'static) {
        let Some(Some(owner)) = self.owner.try_get_value() else {
            return;
        };
        owner.with(|| spawn_local_scoped_with_cancellation(read));
    }
}

impl Default for PageTasks {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for PageTasks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PageTasks")
    }
}
