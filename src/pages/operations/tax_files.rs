//! "Files for tax tools" on Operations: the person picks a tax year (or two dates) and a
//! format — Bitpanda-style trades CSV, Koinly universal CSV or Ghostfolio import JSON — and
//! Folio reads every operation (not only the ones the filters show: a reversal may cross the
//! period's edge), adds the legacy API's trades when the key may read them, writes the file
//! (`folio_export::tax`; the form and its work live in the export's own wasm module) and shows one line saying what is
//! in it and what was left out and why **before** the download button appears.
//! docs/exports.md maps every operation type to each format's rows.

use chrono::{Datelike, Utc};
use folio_client::date_text::read_day;
use folio_client::scopes::Scope;
use folio_export::tax::{DateRange, TaxFormat};
use futures::future::{AbortHandle, Abortable};
use leptos::prelude::*;

use super::tax_prepare::{prepare, PreparedFile, Step, TaxRequest};
use super::tax_summary::summary_line;
use crate::components::LazyPage;
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::download::offer_parts;
use crate::data::page_task::PageTasks;
use crate::format::format_count;
use crate::i18n::{t, tf};
use crate::split::split_page;
use crate::split::warm_module;

/// Where preparing the file stands.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Prepared {
    Idle,
    /// Reading the operations, or writing the file.
    Working(Step),
    Ready {
        name: String,
        summary: String,
    },
    Failed(String),
}

fn format_of(value: &str) -> TaxFormat {
    TaxFormat::ALL
        .into_iter()
        .find(|f| f.slug() == value)
        .unwrap_or(TaxFormat::BitpandaCsv)
}

fn format_label(format: TaxFormat) -> &'static str {
    match format {
        TaxFormat::BitpandaCsv => t("Bitpanda-style trades CSV"),
        TaxFormat::KoinlyCsv => t("Koinly universal CSV"),
        TaxFormat::GhostfolioJson => t("Ghostfolio import JSON"),
    }
}

/// The period from the form: a tax year, or two dates (`Err` names the field and why).
fn period(year: &str, from: &str, to: &str) -> Result<DateRange, (&'static str, String)> {
    if year != "custom" {
        return year
            .parse::<i32>()
            .ok()
            .and_then(DateRange::year)
            .ok_or(("tax-year", t("Pick a tax year.").into()));
    }
    let date = |text: &str, field: &'static str| {
        read_day(text).ok_or_else(|| (field, t("Enter a date.").to_string()))
    };
    let (from, to) = (date(from, "tax-from")?, date(to, "tax-to")?);
    DateRange::new(from, to).ok_or(("tax-to", t("The end must not be before the start.").into()))
}

// The form and its work load with the export's module when the disclosure is first opened.
split_page!(
    exports,
    tax_files_form,
    preload_tax_files_form,
    TaxFilesForm
);

/// The panel: a disclosure under the page heading whose content loads when first opened.
#[component]
pub fn TaxFiles() -> impl IntoView {
    let opened = RwSignal::new(false);
    view! {
        <details class="card tax-files" id="tax-files"
            on:pointerenter=|_| warm_module(preload_tax_files_form())
            on:focusin=|_| warm_module(preload_tax_files_form())
            on:toggle=move |_| opened.set(true)>
            <summary>{t("Files for tax tools")}</summary>
            {move || opened.get().then(|| view! { <LazyPage load=tax_files_form /> })}
        </details>
    }
}

/// The form: period, format, legacy trades, Prepare, the summary line and Download.
#[component]
fn TaxFilesForm() -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let this_year = Utc::now().year();
    let year = RwSignal::new((this_year - 1).to_string());
    let from = RwSignal::new(String::new());
    let to = RwSignal::new(String::new());
    let format = RwSignal::new(TaxFormat::BitpandaCsv);
    let with_legacy = RwSignal::new(true);
    let errors = RwSignal::new(None::<(&'static str, String)>);
    let state = RwSignal::new(Prepared::Idle);
    let file = StoredValue::new_local(None::<PreparedFile>);
    // Stop: the preparation in flight, dropped when pressed (its reads are aborted).
    let running = StoredValue::new_local(None::<AbortHandle>);
    // Preparing a file belongs to this page (and, through its client, to the key's
    // session): leaving the page or forgetting the key stops it and drops what it read;
    // so does Stop.
    let tasks = PageTasks::new();
    let may_legacy = move || session.may(Scope::LegacyRead);
    let busy = move || matches!(state.get(), Prepared::Working(_));
    // Stops the preparation in flight, if any: it is dropped, so it neither asks for more
    // nor offers a file.
    let stop = move || {
        let handle = running.try_update_value(Option::take).flatten();
        if let Some(handle) = &handle {
            handle.abort();
        }
        handle.is_some()
    };
    let stopped = move || {
        state.set(Prepared::Failed(
            t("Export stopped: no file was made.").into(),
        ))
    };
    // A change of period, format or legacy trades forgets the file made for the old ones,
    // and stops one being made for them (it would be offered as the new one's).
    let reset = move || {
        file.set_value(None);
        match stop() {
            true => stopped(),
            false => state.set(Prepared::Idle),
        }
    };

    let on_prepare = move |_| {
        let range = match period(
            &year.get_untracked(),
            &from.get_untracked(),
            &to.get_untracked(),
        ) {
            Ok(range) => range,
            Err(e) => {
                errors.set(Some(e));
                return;
            }
        };
        errors.set(None);
        let (Some(client), Some(keyless)) =
            (session.client(settings), session.keyless_client(settings))
        else {
            state.set(Prepared::Failed(t("Connect with your key first.").into()));
            return;
        };
        let (format, legacy) = (
            format.get_untracked(),
            with_legacy.get_untracked() && may_legacy(),
        );
        state.set(Prepared::Working(Step::Reading(0)));
        let request = TaxRequest {
            range,
            format,
            with_legacy: legacy,
        };
        let progress = Box::new(move |step| state.set(Prepared::Working(step)));
        let (handle, registration) = AbortHandle::new_pair();
        running.set_value(Some(handle));
        let preparing = Abortable::new(prepare(client, keyless, request, progress), registration);
        tasks.spawn(async move {
            let outcome = preparing.await;
            // Ended by itself: nothing is left to stop (stopped: Stop, or the change that
            // stopped it, said so already and may have started another).
            if outcome.is_ok() {
                running.set_value(None);
            }
            match outcome {
                Ok(Ok(done)) => {
                    let (name, summary) = (done.name.clone(), summary_line(&done.summary));
                    file.set_value(Some(done));
                    state.set(Prepared::Ready { name, summary });
                }
                Ok(Err(why)) => state.set(Prepared::Failed(why)),
                Err(_) => {}
            }
        });
    };
    let on_stop = move |_| {
        if stop() {
            stopped();
        }
    };
    let on_download = move |_| {
        let refused = file.with_value(|f| {
            f.as_ref().map(|f| {
                let mime = match f.json {
                    true => "application/json",
                    false => "text/csv;charset=utf-8",
                };
                offer_parts(&f.name, mime, &f.parts).is_err()
            })
        });
        if refused == Some(true) {
            state.set(Prepared::Failed(
                t("The browser refused the download.").into(),
            ));
        }
    };
    let error_for = move |field: &'static str| {
        move || {
            errors.with(|e| {
                e.as_ref()
                    .filter(|(f, _)| *f == field)
                    .map(|(_, m)| m.clone())
            })
        }
    };
    let years = (2014..=this_year)
        .rev()
        .map(|y| view! { <option value=y.to_string()>{y.to_string()}</option> })
        .collect_view();
    let formats = TaxFormat::ALL
        .into_iter()
        .map(|f| view! { <option value=f.slug()>{format_label(f)}</option> })
        .collect_view();
    let custom = move || year.get() == "custom";
    let status = move || match state.get() {
        Prepared::Idle => None,
        Prepared::Working(Step::Reading(n)) => {
            let n = format_count(n);
            Some(tf("Reading every operation… {n} so far.", &[("n", &n)]))
        }
        Prepared::Working(Step::Writing(done, of)) => {
            let (done, of) = (format_count(done), format_count(of));
            let v = [("done", done.as_str()), ("of", of.as_str())];
            Some(tf("Writing the file: {done} of {of} operations.", &v))
        }
        Prepared::Ready { summary, .. } => Some(summary),
        Prepared::Failed(why) => Some(why),
    };
    view! {
        <div class="tax-files-form">
            <p class="hint">
                {t("A file for one period that Koinly, Ghostfolio or tools reading Bitpanda's own CSV can import. ")}
                {t("It is made from every operation of the account, whatever the list's filters show.")}
                " "{t("Its days are whole days in UTC, as the file states.")}
            </p>
            <form class="tax-form" on:submit=|ev| ev.prevent_default()>
                <div class="field">
                    <label for="tax-year">{t("Period")}</label>
                    <select id="tax-year" prop:value=move || year.get()
                        on:change=move |ev| { year.set(event_target_value(&ev)); reset(); }>
                        {years}
                        <option value="custom">{t("Other dates…")}</option>
                    </select>
                    <p id="tax-year-error" class="field-error" role="alert">{error_for("tax-year")}</p>
                </div>
                <div class="field" hidden=move || !custom()>
                    <label for="tax-from">{t("From")}</label>
                    <input id="tax-from" type="date" prop:value=move || from.get()
                        aria-describedby="tax-from-error"
                        on:change=move |ev| { from.set(event_target_value(&ev)); reset(); } />
                    <p id="tax-from-error" class="field-error" role="alert">{error_for("tax-from")}</p>
                </div>
                <div class="field" hidden=move || !custom()>
                    <label for="tax-to">{t("To")}</label>
                    <input id="tax-to" type="date" prop:value=move || to.get()
                        aria-describedby="tax-to-error"
                        on:change=move |ev| { to.set(event_target_value(&ev)); reset(); } />
                    <p id="tax-to-error" class="field-error" role="alert">{error_for("tax-to")}</p>
                </div>
                <div class="field">
                    <label for="tax-format">{t("Format")}</label>
                    <select id="tax-format" prop:value=move || format.get().slug()
                        on:change=move |ev| { format.set(format_of(&event_target_value(&ev))); reset(); }>
                        {formats}
                    </select>
                </div>
                <label class="check" hidden=move || !may_legacy()>
                    <input type="checkbox" id="tax-legacy" prop:checked=move || with_legacy.get()
                        on:change=move |ev| { with_legacy.set(event_target_checked(&ev)); reset(); } />
                    {t("Add the legacy API's trades that the current history lacks")}
                </label>
                <div class="tax-actions">
                    <button type="button" class="button" id="tax-prepare" disabled=busy on:click=on_prepare>
                        {t("Prepare the file")}
                    </button>
                    {move || busy().then(|| view! {
                        <button type="button" class="button" id="tax-stop" on:click=on_stop>
                            {t("Stop")}
                        </button>
                    })}
                    {move || matches!(state.get(), Prepared::Ready { .. }).then(|| {
                        let name = match state.get() { Prepared::Ready { name, .. } => name, _ => String::new() };
                        view! {
                            <button type="button" class="button button-primary" id="tax-download" on:click=on_download>
                                {tf("Download {name}", &[("name", &name)])}
                            </button>
                        }
                    })}
                </div>
            </form>
            <p id="tax-summary" class="tax-summary" role="status" aria-live="polite">{status}</p>
        </div>
    }
}
