//! "Export CSV" and "Export JSON": what the filters show, handed to the browser as a
//! download (a `Blob` and an object URL; no network request, nothing stored). Writing the
//! file is only needed when a button is pressed, so the release build keeps it in a module
//! of its own (`operations_export`), fetched when a button is approached.

use folio_client::current::Operation;
use leptos::prelude::*;

use super::csv::{to_csv, to_json};
use super::loader::Loader;
use super::rows::Names;
use crate::data::download::offer_text;
use crate::sections::{split_fn, warm_module};

/// The two export buttons (off while nothing is shown).
#[component]
pub fn ExportButtons(
    loader: Loader,
    shown: Memo<Vec<usize>>,
    hidden: Signal<bool>,
) -> impl IntoView {
    let empty = move || shown.with(Vec::is_empty);
    view! {
        <div
            class="ops-export"
            hidden=hidden
            on:pointerenter=|_| warm_module(preload_export())
            on:focusin=|_| warm_module(preload_export())
        >
            <button type="button" class="button" id="export-csv" disabled=empty
                on:click=move |_| export(loader, shown, false)>"Export CSV"</button>
            <button type="button" class="button" id="export-json" disabled=empty
                on:click=move |_| export(loader, shown, true)>"Export JSON"</button>
        </div>
    }
}

/// A file to offer for download.
pub struct ExportFile {
    name: &'static str,
    mime: &'static str,
    content: String,
}

/// Writes the operations in `shown` as JSON or CSV and offers the file; says so when the
/// export's module cannot be fetched or the browser refuses the download.
fn export(loader: Loader, shown: Memo<Vec<usize>>, json: bool) {
    let picked: Vec<Operation> = {
        let ops = loader.ops.read_untracked();
        shown
            .get_untracked()
            .into_iter()
            .filter_map(|i| ops.get(i).cloned())
            .collect()
    };
    let names = loader.names.get_untracked();
    leptos::task::spawn_local(async move {
        let refused = match write_file(picked, names, json).await {
            Ok(file) => offer_text(file.name, file.mime, &file.content)
                .err()
                .map(|_| "The browser refused the download."),
            Err(_) => Some("The export could not be opened. Check your connection and try again."),
        };
        if let Some(message) = refused {
            loader.notice.set(Some(message.into()));
        }
    });
}

split_fn!(
    operations_export,
    preload_export,
    /// The export file of `ops`: JSON as received, or CSV in Folio's documented columns.
    fn write_file(ops: Vec<Operation>, names: Names, json: bool) -> ExportFile {
        file_of(&ops, &names, json)
    }
);

/// The file itself (reached only through `write_file`: it lands in its module).
fn file_of(ops: &[Operation], names: &Names, json: bool) -> ExportFile {
    if json {
        ExportFile {
            name: "operations.json",
            mime: "application/json",
            content: to_json(ops),
        }
    } else {
        ExportFile {
            name: "operations.csv",
            mime: "text/csv;charset=utf-8",
            content: to_csv(ops, names),
        }
    }
}
