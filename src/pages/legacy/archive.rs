//! "Download everything" (`/legacy-api/archive`): before the legacy API is switched off, the
//! person saves every legacy list in one ZIP — each list as JSON exactly as the API sent it
//! and as CSV, with a README — made in this browser. The page shows the progress of each list
//! with Stop, Resume and "Save what was read", then the ZIP's progress. Reading belongs to
//! the tab ([`state`]): it goes on while another page is open.

mod reader;
mod state;
mod zip;

use folio_client::legacy::LegacyList;
use folio_export::archive::Halt;
use leptos::prelude::*;

use super::frame::{use_legacy_gone, LegacyFrame};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::i18n::{t, tf, tn};
use reader::read_all;
use state::{archive, ListProgress, ListState, Phase};
use zip::{make_zip, offer_zip};

/// The page.
#[component]
pub fn LegacyArchivePage() -> impl IntoView {
    view! {
        <LegacyFrame
            title=t("Download everything")
            intro=t("One ZIP file with every list of the legacy API — wallets, trades, fiat, crypto and metal transactions — exactly as the API sends them (JSON) and as spreadsheets (CSV), to keep after the switch-off. It is made in this browser and goes nowhere else.")
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
            let total = crate::format::format_count(total as usize);
            tf("{read} of {total}", &[("read", &read), ("total", &total)])
        }
        _ => read,
    }
}

fn state_words(state: &ListState) -> String {
    match state {
        ListState::Waiting => t("Waiting").into(),
        ListState::Reading => t("Reading…").into(),
        ListState::Complete => t("Complete").into(),
        ListState::Stopped => t("Stopped").into(),
        ListState::Failed(why) => tf("Failed: {why}", &[("why", why)]),
        ListState::Halted(halt) => tf("Stopped: {reason}", &[("reason", halt_words(*halt))]),
    }
}

/// Why the service's answers made reading a list stop, in the language shown.
fn halt_words(halt: Halt) -> &'static str {
    match halt {
        Halt::CursorCycle => t("the service pointed to a page it had already sent"),
        Halt::NothingNew => t("the service sent three pages in a row with nothing new"),
    }
}

/// How reading a list stands, for `data-state`: the same English in every language.
fn state_key(state: &ListState) -> String {
    match state {
        ListState::Waiting => "Waiting".into(),
        ListState::Reading => "Reading…".into(),
        ListState::Complete => "Complete".into(),
        ListState::Stopped => "Stopped".into(),
        ListState::Failed(why) => format!("Failed: {why}"),
        ListState::Halted(halt) => format!("Stopped: {}", halt.reason()),
    }
}

/// A list's name in the progress table (the words of [`folio_export::archive::title`], which
/// names the lists in the ZIP's English README).
fn list_title(list: LegacyList) -> &'static str {
    match list {
        LegacyList::Wallets => t("Crypto wallets"),
        LegacyList::FiatWallets => t("Fiat wallets"),
        LegacyList::AssetWallets => t("Asset wallets (crypto and metals, grouped)"),
        LegacyList::Trades => t("Trades"),
        LegacyList::FiatTransactions => t("Fiat transactions"),
        LegacyList::CryptoTransactions => t("Crypto transactions"),
        LegacyList::CommodityTransactions => t("Commodity (metal) transactions"),
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
    crate::effect::effect(move || {
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
        // The archive belongs to this key's session: forgetting the key (any way) clears it,
        // and its reads, refused from then on, stop.
        session.on_end(|| archive().clear());
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
                        data-read=row.read.to_string() data-state=state_key(&row.state)>
                        <th scope="row">{list_title(row.list)}</th>
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
                <caption>{t("Progress of each list")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t("List")}</th>
                        <th scope="col" class="num">{t("Records read")}</th>
                        <th scope="col">{t("State")}</th>
                    </tr>
                </thead>
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
        Phase::Idle | Phase::ZipFailed(_) => view! {
            <div class="archive-actions">
                <button type="button" class="button button-primary" id="archive-start"
                    on:click=move |_| start(true)>{t("Download everything")}</button>
            </div>
        }
        .into_any(),
        Phase::Reading => view! {
            <div class="archive-actions">
                <button type="button" class="button" id="archive-stop"
                    on:click=move |_| archive().stop.set(true)>{t("Stop")}</button>
            </div>
        }
        .into_any(),
        Phase::Stopped => view! {
            <div class="archive-actions">
                <button type="button" class="button button-primary" id="archive-resume"
                    on:click=move |_| start(false)>{t("Resume")}</button>
                <button type="button" class="button" id="archive-save-partial"
                    on:click=move |_| leptos::task::spawn_local(make_zip(archive(), true))>
                    {t("Save what was read")}
                </button>
            </div>
        }
        .into_any(),
        Phase::Zipping { .. } => ().into_any(),
        Phase::Saved { incomplete, .. } => {
            let resumable = incomplete > 0;
            view! {
                    <div class="archive-actions">
                        <button type="button" class="button" id="archive-save-again"
                            on:click=move |_| {
                                let zip = archive().read.borrow().zip.clone();
                                if let Some((name, blob)) = zip {
                                    offer_zip(&name, &blob);
                                }
                            }>{t("Save again")}</button>
                        {resumable.then(|| {
                            view! {
                                <button type="button" class="button" id="archive-resume"
                                    on:click=move |_| start(false)>{t("Resume the incomplete lists")}</button>
                            }
                        })}
                        <button type="button" class="button button-quiet" id="archive-restart"
                            on:click=move |_| start(true)>{t("Read everything again")}</button>
                    </div>
                }
                .into_any()
        }
    }
}

/// One sentence on where things stand (announced to screen readers).
#[component]
fn ArchiveStatus(phase: ArcRwSignal<Phase>) -> impl IntoView {
    let zipping = phase.clone();
    let text = move || {
        match phase.get() {
        Phase::Idle => t("Reads every legacy list to its end, 500 records a request. With many records this takes a few minutes; you can open other pages meanwhile.").to_string(),
        Phase::Reading => t("Reading the lists…").to_string(),
        Phase::Stopped => t("Stopped. Resume continues each list where it stopped; “Save what was read” makes a ZIP of what is here now, marked incomplete.").to_string(),
        Phase::Zipping { done, total } => {
            let percent = (done.saturating_mul(100) / total.max(1)).to_string();
            tf("Making the ZIP… {percent}%", &[("percent", &percent)])
        }
        Phase::Saved { name, bytes, incomplete, offered } => {
            let size = crate::format::format_count(bytes.div_ceil(1024));
            let missing = match incomplete {
                0 => t("Every list is complete.").to_string(),
                n => tn(
                    n,
                    "1 list is incomplete: its README says which and why.",
                    "{n} lists are incomplete: the README says which and why.",
                ),
            };
            let values = [("name", name.as_str()), ("size", size.as_str())];
            let saved = if offered {
                tf("Saved {name} ({size} KB).", &values)
            } else {
                tf("The browser refused to save {name} ({size} KB).", &values)
            };
            format!("{saved} {missing}")
        }
        Phase::ZipFailed(why) => tf(
            "The ZIP could not be made ({why}). Start again to read the lists anew.",
            &[("why", &why)],
        ),
    }
    };
    let bar = move || match zipping.get() {
        Phase::Zipping { done, total } => Some(view! {
            <progress id="archive-packing" max=total.to_string() value=done.to_string() aria-label=t("Making the ZIP")></progress>
        }),
        _ => None,
    };
    view! {
        {bar}
        <p class="archive-status" id="archive-status" role="status" aria-live="polite">{text}</p>
    }
}
