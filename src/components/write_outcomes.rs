//! The banner that brings a write's outcome to the person wherever they went: a write whose
//! page was left before its answer came is listed here — "still waiting" while in flight, then
//! done / refused / outcome unknown with a link to where the record can be checked.

use leptos::prelude::*;

use crate::data::write::{use_writes, OutcomeKind, WriteEntry};
use crate::i18n::{t, tf};

/// Lists the writes of pages that are no longer on screen (see [`crate::data::write`]).
#[component]
pub fn WriteOutcomes() -> impl IntoView {
    let writes = use_writes();
    let location = leptos_router::hooks::use_location();
    view! {
        <div class="write-outcomes" aria-live="polite" data-testid="write-outcomes">
            <For each=move || location.pathname.with(|path| writes.banner_entries(path)) key=|w| (w.id, w.outcome.as_ref().map(|(kind, _)| kind.clone())) let:entry>
                <WriteOutcome entry=entry />
            </For>
        </div>
    }
}

#[component]
fn WriteOutcome(entry: WriteEntry) -> impl IntoView {
    let writes = use_writes();
    let id = entry.id;
    let (class, text) = match &entry.outcome {
        None => (
            "write-outcome pending",
            tf("{what} — still waiting for the answer. You can keep using Folio; the outcome will appear here.",
                &[("what", &entry.what.text())],
            ),
        ),
        Some((OutcomeKind::Done, words)) => ("write-outcome success", words.text()),
        Some((OutcomeKind::Refused, words)) => ("write-outcome refused", words.text()),
        Some((OutcomeKind::Unknown, words)) => ("write-outcome unknown", words.text()),
    };
    let role = if entry.outcome.is_some() {
        "alert"
    } else {
        "status"
    };
    let (href, words) = (entry.check.0.clone(), entry.check.1.text());
    let finished = entry.outcome.is_some();
    view! {
        <div class=class role=role data-testid="write-outcome" data-write-id=id.to_string()>
            <p>{text}</p>
            <a href=href>{words}</a>
            <Show when=move || finished>
                <button type="button" class="button button-small" on:click=move |_| writes.dismiss(id)>
                    {t("Dismiss")}
                </button>
            </Show>
        </div>
    }
}
