//! A route's page whose code is in a lazily loaded section (`crate::split`): nothing new
//! is shown while its module arrives (a quiet "Opening…" appears only if it takes a while),
//! then the page. When the module cannot be fetched, the page says why in plain words: Folio
//! was updated (Reload), or the connection failed (Retry). Never a panic.

use leptos::prelude::*;
use leptos::task::spawn_local_scoped_with_cancellation;

use crate::data::resource::AccountResource;
use crate::i18n::t;
use crate::split::{check_for_new_build, BuildCheck, PageLoad};

/// Where a page's module stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Module {
    Arriving,
    Failed,
    Ready,
}

/// Shows the page `load` builds; `load` comes from `split_page!`. A `quiet` one (a part of a
/// page whose module another place on the page already announces) shows nothing while its
/// module arrives. A part shown `later` is asked for once `ready` is true (always, without
/// it) and the page has been shown with it: the figures a person opened the page for come
/// first on a slow connection, not sharing it with code (Lighthouse mobile: the part's pack
/// no longer delays the page's largest paint).
///
/// No `<Suspense>` here on purpose: a suspense boundary would also wait for every resource
/// the page reads, hiding (and so unfocusing) the page whenever one reloads. The view is
/// built once, under this component's owner, and shown as soon as it exists.
#[component]
pub fn LazyPage(
    load: fn() -> PageLoad,
    #[prop(optional)] quiet: bool,
    #[prop(optional)] later: bool,
    #[prop(optional, into)] ready: Option<Signal<bool>>,
) -> impl IntoView {
    let module = RwSignal::new(Module::Arriving);
    let page = StoredValue::new_local(None::<AnyView>);
    // A Retry click runs outside any owner: the page is still built under this one.
    let owner = Owner::current();
    let start = move || {
        module.set(Module::Arriving);
        let task = async move {
            match load().await {
                Ok(view) => {
                    page.set_value(Some(view));
                    module.set(Module::Ready);
                }
                Err(_) => module.set(Module::Failed),
            }
        };
        match &owner {
            Some(owner) => owner.with(|| spawn_local_scoped_with_cancellation(task)),
            None => spawn_local_scoped_with_cancellation(task),
        }
    };
    if later {
        let (start, mut asked) = (start.clone(), false);
        crate::effect::effect(move || {
            if !asked && ready.is_none_or(|r| r.get()) {
                asked = true;
                crate::data::next_task::after_next_paint(Box::new(start.clone()));
            }
        });
    } else {
        start();
    }
    move || match module.get() {
        Module::Arriving if quiet => ().into_any(),
        Module::Arriving => view! {
            <p class="section-opening" role="status" aria-live="polite">
                {t("Opening this section…")}
            </p>
        }
        .into_any(),
        Module::Failed => view! { <SectionFailed retry=start.clone() /> }.into_any(),
        Module::Ready => page
            .try_update_value(Option::take)
            .flatten()
            .unwrap_or_else(|| ().into_any()),
    }
}

/// The message when a section's module did not arrive, with the way out.
#[component]
fn SectionFailed(retry: impl Fn() + Clone + Send + Sync + 'static) -> impl IntoView {
    // Held the way every page's read is (one compiled resource for the app, in the main module).
    let check = AccountResource::new(|| async { Ok(check_for_new_build().await) });
    let retry = move |_| retry();
    let reload = |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    };
    view! {
        <section class="card section-failed" role="alert" data-testid="section-failed">
            {move || match check.get().and_then(Result::ok) {
                Some(BuildCheck::Updated) => {
                    view! {
                        <h1>{t("Folio was updated")}</h1>
                        <p>
                            {t("A new version of Folio replaced the files this page needs. Reload to use the new version; your key stays in this tab.")}
                        </p>
                        <button type="button" class="button" on:click=reload>
                            {t("Reload")}
                        </button>
                    }
                        .into_any()
                }
                other => {
                    let why = if other == Some(BuildCheck::NoAnswer) {
                        t("Its part of Folio could not be downloaded: the connection seems to be down, and this section has not been saved on this device yet. Check the connection and try again.")
                    } else {
                        t("Its part of Folio could not be downloaded. Try again.")
                    };
                    view! {
                        <h1>{t("This section could not be opened")}</h1>
                        <p>{why}</p>
                        <button type="button" class="button" on:click=retry.clone()>
                            {t("Retry")}
                        </button>
                    }
                        .into_any()
                }
            }}
        </section>
    }
}
