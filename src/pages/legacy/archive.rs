//! "Download everything" (`/legacy-api/archive`): before the legacy API is switched off, the
//! person saves every legacy list in one ZIP — each list as JSON exactly as the API sent it
//! and as CSV, with a README — made in this browser. The page shows the progress of each list
//! with Stop, Resume and "Save what was read", then the packing's progress. Reading belongs to
//! the tab ([`state`]): it goes on while another page is open.

mod pack;
mod reader;
mod state;

use folio_client::legacy::LegacyList;
use folio_export::archive::title;
use leptos::prelude::*;

use super::frame::{use_legacy_gone, LegacyFrame};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use pack::{offer_zip, pack};
use reader::read_all;
use state::{archive, ListProgress, ListState, Phase};

/// The page.
#[component]
pub fn LegacyArchivePage() -> impl IntoView {
    view! {
        <LegacyFrame
            title="Download everything"
            intro="One ZIP file with every list of the legacy API — wallets, trades, fiat, crypto and metal transactions — exactly as the API sends them (JSON) and as spreadsheets (CSV), to keep after the switch-off. It is made in this browser and goes nowhere else."
        >
            <ArchivePanel />
        </LegacyFrame>
    }
}

/// The legacy API's address as the README names it (a same-origin path gets the page's origin).
fn source_address(base: &str) -> String {
    if base.starts_with('/') {
        let origin = window().location().origin().unwrap_or_default();
        format!("{origin}{base}")
    } else {
        base.to_string()
    }
}

/// "1,234 of 2,000" / "1,234".
fn read_words(row: &ListProgress) -> String {
    let read = crate::format::format_count(row.read);
    match row.total {
        Some(total) if row.state != ListState::Complete || total as usize != row.read => {
            format!("{read} of {}", crate::format::format_count(total as usize))
        }
        _ => read,
    }
}

fn state_words(state: &ListState) -> String {
    match state {
        ListState::Waiting => "Waiting".into(),
        ListState::Reading => "Reading…".into(),
        ListState::Complete => "Complete".into(),
        ListState::Stopped => "Stopped".into(),
        ListState::Failed(why) => format!("Failed: {why}"),
    }
}

fn list_key(list: LegacyList) -> &'static str {
    folio_export::archive::file_stem(list)
}

/// The progress table, the buttons and the status line.
#[component]
fn ArchivePanel() -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let gone = use_legacy_gone();
    Effect::new(move |_| {
        if !session.is_connected() {
            archive().clear();
        }
    });
    let start = Callback::new(move |fresh: bool| {
        let (Some(client), Some(urls)) = (session.client(settings), settings.base_urls()) else {
            return;
        };
        let a = archive();
        if fresh {
            a.clear();
        }
        a.read.borrow_mut().source = source_address(&urls.legacy);
        leptos::task::spawn_local(read_all(a, client, move || gone.set(true)));
    });
    let phase = archive().phase;
    let lists = archive().lists;
    let rows = move || {
        lists
            .get()
            .into_iter()
            .map(|row| {
                view! {
                    <tr data-testid="archive-list" data-list=list_key(row.list)
                        data-read=row.read.to_string() data-state=state_words(&row.state)>
                        <th scope="row">{title(row.list)}</th>
                        <td class="num">{read_words(&row)}</td>
                        <td>{state_words(&row.state)}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <div class="card archive">
            <table class="archive-lists">
                <caption>"Progress of each list"</caption>
                <thead><tr><th scope="col">"List"</th><th scope="col" class="num">"Records read"</th><th scope="col">"State"</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <ArchiveActions phase=phase.clone() start=start />
            <ArchiveStatus phase=phase />
        </div>
    }
}

/// The buttons the phase allows.
#[component]
fn ArchiveActions(phase: ArcRwSignal<Phase>, start: Callback<bool>) -> impl IntoView {
    let start = move |fresh: bool| start.run(fresh);
    move || match phase.get() {
        Phase::Idle | Phase::PackFailed(_) => view! {
            <div class="archive-actions">
                <button type="button" class="button button-primary" id="archive-start"
                    on:click=move |_| start(true)>"Download everything"</button>
            </div>
        }
        .into_any(),
        Phase::Reading => view! {
            <div class="archive-actions">
                <button type="button" class="button" id="archive-stop"
                    on:click=move |_| archive().stop.set(true)>"Stop"</button>
            </div>
        }
        .into_any(),
        Phase::Stopped => view! {
            <div class="archive-actions">
                <button type="button" class="button button-primary" id="archive-resume"
                    on:click=move |_| start(false)>"Resume"</button>
                <button type="button" class="button" id="archive-save-partial"
                    on:click=move |_| leptos::task::spawn_local(pack(archive(), true))>
                    "Save what was read"
                </button>
            </div>
        }
        .into_any(),
        Phase::Packing { .. } => ().into_any(),
        Phase::Saved { incomplete, .. } => {
            let resumable = incomplete > 0;
            view! {
                    <div class="archive-actions">
                        <button type="button" class="button" id="archive-save-again"
                            on:click=move |_| {
                                let zip = archive().read.borrow().zip.clone();
                                if let Some((name, bytes)) = zip {
                                    offer_zip(&name, &bytes);
                                }
                            }>"Save again"</button>
                        {resumable.then(|| {
                            view! {
                                <button type="button" class="button" id="archive-resume"
                                    on:click=move |_| start(false)>"Resume the incomplete lists"</button>
                            }
                        })}
                        <button type="button" class="button button-quiet" id="archive-restart"
                            on:click=move |_| start(true)>"Read everything again"</button>
                    </div>
                }
                .into_any()
        }
    }
}

/// One sentence on where things stand (announced to screen readers).
#[component]
fn ArchiveStatus(phase: ArcRwSignal<Phase>) -> impl IntoView {
    let packing = phase.clone();
    let text = move || {
        match phase.get() {
        Phase::Idle => "Reads every legacy list to its end, 500 records a request. With many records this takes a few minutes; you can open other pages meanwhile.".to_string(),
        Phase::Reading => "Reading the lists…".to_string(),
        Phase::Stopped => "Stopped. Resume continues each list where it stopped; “Save what was read” makes a ZIP of what is here now, marked incomplete.".to_string(),
        Phase::Packing { done, total } => format!("Making the ZIP… {}%", done.saturating_mul(100) / total.max(1)),
        Phase::Saved { name, bytes, incomplete, offered } => {
            let size = crate::format::format_count(bytes.div_ceil(1024));
            let missing = match incomplete {
                0 => "Every list is complete.".to_string(),
                1 => "1 list is incomplete: its README says which and why.".to_string(),
                n => format!("{n} lists are incomplete: the README says which and why."),
            };
            let saved = if offered { "Saved" } else { "The browser refused to save" };
            format!("{saved} {name} ({size} KB). {missing}")
        }
        Phase::PackFailed(why) => format!("The ZIP could not be made ({why}). Start again to read the lists anew."),
    }
    };
    let bar = move || match packing.get() {
        Phase::Packing { done, total } => Some(view! {
            <progress id="archive-packing" max=total.to_string() value=done.to_string() aria-label="Making the ZIP"></progress>
        }),
        _ => None,
    };
    view! {
        {bar}
        <p class="archive-status" id="archive-status" role="status" aria-live="polite">{text}</p>
    }
}
