//! A banner shown when this tab's storage refused to keep the key or its activity time
//! (full or blocked): the key works on this page, but a reload will ask for it again.

use leptos::prelude::*;

use crate::contexts::session::use_session;

/// The storage problem of the session, while there is one.
#[component]
pub fn StorageBanner() -> impl IntoView {
    let session = use_session();
    move || {
        session.storage_problem().map(|problem| {
            view! { <div class="offline-banner" role="alert" data-testid="storage-banner">{problem}</div> }
        })
    }
}
