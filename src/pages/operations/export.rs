//! "Export CSV" and "Export JSON" of Operations (the shared `components::ExportButtons`):
//! what the filters show. Writing the file is only needed when a button is pressed, so the
//! release build keeps it in a module of its own (`exports`), fetched when a
//! button is approached.
//!
//! The file is written [`SLICE`] operations at a time ([`JSON_SLICE`] for JSON), straight from
//! the loaded list (no copy of the operations), each slice's text handed to the browser as a
//! Blob of its own, with the page's thread free between slices: at 100,000 operations no task
//! holds the page for long and the wasm memory holds one slice's text, not the file; the
//! progress is shown, and Stop ends the writing (no file is offered then). One export at a
//! time: the buttons are off while one is written.

use leptos::prelude::*;

use super::csv::ExportWriter;
use super::loader::Loader;
use super::rows::Names;
use crate::components::{ExportButtons, ExportFile, ExportKind, MakeFile};
use crate::data::download::blob_part;
use crate::data::next_task::next_task;
use crate::format::format_count;
use crate::i18n::{t, tf};
use crate::split::{split_fn, warm_module};
use futures::future::LocalBoxFuture;

/// Operations written per slice of CSV (a few milliseconds of work; at 100,000 operations no
/// task over 50 ms, `cargo xtask bench exports`).
const SLICE: usize = 1_000;

/// Operations per slice of JSON: its text is about six times the CSV's (a slice of 1,000 took
/// 54 ms).
const JSON_SLICE: usize = 250;

/// How far the writing got: operations written, of how many.
type Progress = Option<(usize, usize)>;

/// The list's export buttons (off while nothing is shown or a file is being written), the
/// progress of a long one and its Stop.
#[component]
pub fn OperationsExport(
    loader: Loader,
    shown: Memo<Vec<usize>>,
    hidden: Signal<bool>,
) -> impl IntoView {
    let progress = RwSignal::new(None::<(usize, usize)>);
    let stop = StoredValue::new(false);
    let make: MakeFile = Callback::new(move |kind: ExportKind| {
        let picked = shown.get_untracked();
        let names = loader.names.get_untracked();
        stop.set_value(false);
        progress.set(Some((0, picked.len())));
        let file = async move {
            let json = kind == ExportKind::Json;
            let made = write_file(loader, picked, names, json, progress, stop).await;
            progress.try_set(None);
            match made {
                Ok(Some(file)) => Ok(file),
                Ok(None) => Err(t("Export stopped: no file was made.").to_string()),
                Err(_) => Err(t(
                    "The export could not be opened. Check your connection and try again.",
                )
                .to_string()),
            }
        };
        Box::pin(file) as LocalBoxFuture<'static, _>
    });
    let busy = move || progress.with(Option::is_some);
    let status = move || {
        progress.get().map(|(done, of)| {
            let v = [("done", format_count(done)), ("of", format_count(of))];
            let v = [("done", v[0].1.as_str()), ("of", v[1].1.as_str())];
            view! {
                <p class="notice export-progress" role="status" id="export-progress">
                    {tf("Writing the file: {done} of {of} operations.", &v)}" "
                    <button type="button" class="button button-small" id="export-stop"
                        on:click=move |_| stop.set_value(true)>{t("Stop")}</button>
                </p>
            }
        })
    };
    view! {
        <ExportButtons id="export" empty=Signal::derive(move || shown.with(Vec::is_empty) || busy())
            make=make hidden=hidden warm=Callback::new(|_| warm_module(preload_export())) />
        {status}
    }
}

split_fn!(
    exports,
    preload_export,
    /// The export file of the loaded operations at `picked`: JSON as received, or CSV in
    /// Folio's documented columns; `None` when `stop` was set, or the list started over,
    /// before it was done.
    async fn write_file(
        loader: Loader,
        picked: Vec<usize>,
        names: Names,
        json: bool,
        progress: RwSignal<Progress>,
        stop: StoredValue<bool>,
    ) -> Option<ExportFile> {
        written(loader, &picked, &names, json, progress, stop).await
    }
);

/// The file itself, slice by slice (reached only through `write_file`: it lands in its
/// module).
async fn written(
    loader: Loader,
    picked: &[usize],
    names: &Names,
    json: bool,
    progress: RwSignal<Progress>,
    stop: StoredValue<bool>,
) -> Option<ExportFile> {
    let mut writer = if json {
        ExportWriter::json()
    } else {
        ExportWriter::csv()
    };
    let list = loader.list_number();
    let parts = js_sys::Array::new();
    let size = if json { JSON_SLICE } else { SLICE };
    for (n, slice) in picked.chunks(size).enumerate() {
        if n > 0 {
            next_task().await;
        }
        // Stopped, or the list started over meanwhile (another filter, another key): the
        // indexes picked no longer name the same operations.
        if stop.try_get_value() != Some(false) || loader.list_number() != list {
            return None;
        }
        loader.ops.try_with_untracked(|ops| {
            for op in slice.iter().filter_map(|&i| ops.get(i)) {
                writer.add(op, names);
            }
        })?;
        // The slice's text goes to the browser now, as a Blob of its own: a short copy per
        // slice, and the file's Blob at the end only refers to these (no task encodes the
        // whole file; the wasm memory holds one slice's text, not the file).
        parts.push(&blob_part(writer.take(false))?);
        let done = n.saturating_mul(size).saturating_add(slice.len());
        progress.try_set(Some((done, picked.len())));
    }
    parts.push(&blob_part(writer.take(true))?);
    let name = if json {
        "operations.json"
    } else {
        "operations.csv"
    };
    Some(ExportFile::in_parts(name.into(), json, parts))
}
