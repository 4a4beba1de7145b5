//! "Export CSV" and "Export JSON" of Operations (the shared `components::ExportButtons`):
//! what the filters show. Writing the file is only needed when a button is pressed, so the
//! release build keeps it in a module of its own (`operations_export`), fetched when a
//! button is approached.

use folio_client::current::Operation;
use leptos::prelude::*;

use super::csv::{to_csv, to_json};
use super::loader::Loader;
use super::rows::Names;
use crate::components::{ExportButtons, ExportFile, ExportKind, MakeFile};
use crate::i18n::t;
use crate::split::{split_fn, warm_module};
use futures::future::LocalBoxFuture;

/// The list's export buttons (off while nothing is shown).
#[component]
pub fn OperationsExport(
    loader: Loader,
    shown: Memo<Vec<usize>>,
    hidden: Signal<bool>,
) -> impl IntoView {
    let make: MakeFile = Callback::new(move |kind: ExportKind| {
        let picked: Vec<Operation> = {
            let ops = loader.ops.read_untracked();
            shown
                .get_untracked()
                .into_iter()
                .filter_map(|i| ops.get(i).cloned())
                .collect()
        };
        let names = loader.names.get_untracked();
        let file = async move {
            write_file(picked, names, kind == ExportKind::Json)
                .await
                .map_err(|_| {
                    t("The export could not be opened. Check your connection and try again.")
                        .to_string()
                })
        };
        Box::pin(file) as LocalBoxFuture<'static, _>
    });
    view! {
        <ExportButtons id="export" empty=Signal::derive(move || shown.with(Vec::is_empty))
            make=make hidden=hidden warm=Callback::new(|_| warm_module(preload_export())) />
    }
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
        ExportFile::json("operations.json".into(), to_json(ops))
    } else {
        ExportFile::csv("operations.csv".into(), to_csv(ops, names))
    }
}
