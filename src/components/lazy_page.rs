//! A route's page whose code is in a lazily loaded section (`crate::sections`): nothing new
//! is shown while its module arrives (a quiet "Opening…" appears only if it takes a while),
//! then the page. When the module cannot be fetched, the page says why in plain words: Folio
//! was updated (Reload), or the connection failed (Retry). Never a panic.

use leptos::prelude::*;
use send_wrapper::SendWrapper;

use crate::sections::{check_for_new_build, BuildCheck, PageLoad};

/// Shows the page `load` builds; `load` comes from `split_page!`.
#[component]
pub fn LazyPage(load: fn() -> PageLoad) -> impl IntoView {
    let attempt = RwSignal::new(0_u32);
    let page = move || {
        attempt.track();
        Suspend::new(SendWrapper::new(async move {
            match load().await {
                Ok(view) => view,
                Err(_) => view! { <SectionFailed attempt=attempt /> }.into_any(),
            }
        }))
    };
    view! {
        <Suspense fallback=|| {
            view! {
                <p class="section-opening" role="status" aria-live="polite">
                    "Opening this section…"
                </p>
            }
        }>{page}</Suspense>
    }
}

/// The message when a section's module did not arrive, with the way out.
#[component]
fn SectionFailed(attempt: RwSignal<u32>) -> impl IntoView {
    let check = LocalResource::new(check_for_new_build);
    let retry = move |_| attempt.update(|n| *n = n.wrapping_add(1));
    let reload = |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    };
    view! {
        <section class="card section-failed" role="alert" data-testid="section-failed">
            {move || match check.get() {
                Some(BuildCheck::Updated) => {
                    view! {
                        <h1>"Folio was updated"</h1>
                        <p>
                            "A new version of Folio replaced the files this page needs. Reload to use the new version; your key stays in this tab."
                        </p>
                        <button type="button" class="button" on:click=reload>
                            "Reload"
                        </button>
                    }
                        .into_any()
                }
                Some(BuildCheck::NoAnswer) => {
                    view! {
                        <h1>"This section could not be opened"</h1>
                        <p>
                            "Its part of Folio could not be downloaded: the connection seems to be down, and this section has not been saved on this device yet. Check the connection and try again."
                        </p>
                        <button type="button" class="button" on:click=retry>
                            "Retry"
                        </button>
                    }
                        .into_any()
                }
                Some(BuildCheck::Same) | None => {
                    view! {
                        <h1>"This section could not be opened"</h1>
                        <p>"Its part of Folio could not be downloaded. Try again."</p>
                        <button type="button" class="button" on:click=retry>
                            "Retry"
                        </button>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}
