//! Reads started by a page belong to that page: when the page goes away (navigation, a filter
//! change that rebuilds it, the key forgotten), its reads in flight are dropped — which aborts
//! their `fetch` — so a late answer can never touch the page's disposed state.
//!
//! Writes never go through here: they belong to the app ([`super::write`]).

use std::future::Future;
use std::pin::Pin;

use futures::future::{AbortHandle, Abortable};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// The owner of the component that created it; spawns reads tied to that owner. Create it in
/// the component's body (not in an event handler, where no owner is current).
///
/// Only a *weak* reference to the owner is kept, and the spawned future holds none: a strong
/// one would keep the page's owner — and all its effects — alive after the page is left.
#[derive(Clone, Copy)]
pub struct PageTasks {
    owner: StoredValue<Option<WeakOwner>>,
}

impl PageTasks {
    /// Captures the current owner.
    pub fn new() -> Self {
        Self {
            owner: StoredValue::new(Owner::current().map(|o| o.downgrade())),
        }
    }

    /// Runs `read` until it finishes or the owner is cleaned up, whichever comes first (the
    /// future is then dropped, which aborts its request). If the owner is already gone,
    /// nothing runs.
    pub fn spawn(&self, read: impl Future<Output = ()> + 'static) {
        self.spawn_boxed(Box::pin(read));
    }

    /// [`Self::spawn`] for a boxed read: compiled once, where a generic body would be compiled
    /// again for every page's read.
    fn spawn_boxed(&self, read: Pin<Box<dyn Future<Output = ()>>>) {
        let Some(owner) = self
            .owner
            .try_get_value()
            .flatten()
            .and_then(|weak| weak.upgrade())
        else {
            return;
        };
        let (abort, registration) = AbortHandle::new_pair();
        owner.with(|| on_cleanup(move || abort.abort()));
        drop(owner);
        spawn_local(async move {
            let _ = Abortable::new(read, registration).await;
        });
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
