//! The one pair of export buttons every list uses: "Export CSV" and "Export JSON" for what the
//! list shows. The page says how a file is made (`make`, which may fetch the code that writes
//! it, e.g. the Operations export's own module); the buttons offer the result as a download
//! (`data::download`) and say so next to them when it cannot be made or saved. Nothing is
//! sent anywhere and no key is ever written into a file.

use futures::future::LocalBoxFuture;
use leptos::prelude::*;

use crate::data::download::offer_parts;
use crate::data::paging::CursorList;
use crate::i18n::t;
use folio_export::archive::json_array;

/// A file to offer for download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    /// The file name (account-neutral).
    pub name: String,
    /// Its media type.
    pub mime: &'static str,
    /// Its text, as strings already handed to the browser, one after the other: a long file
    /// is handed over a slice at a time as it is written (`ExportFile::in_parts`), so no one
    /// task copies all of it.
    pub content: js_sys::Array,
}

impl ExportFile {
    /// A CSV file.
    pub fn csv(name: String, content: String) -> Self {
        Self::in_parts(name, false, js_sys::Array::of1(&content.into()))
    }

    /// A JSON file.
    pub fn json(name: String, content: String) -> Self {
        Self::in_parts(name, true, js_sys::Array::of1(&content.into()))
    }

    /// A JSON or CSV file whose text is `parts`.
    pub fn in_parts(name: String, json: bool, parts: js_sys::Array) -> Self {
        ExportFile {
            name,
            mime: if json {
                "application/json"
            } else {
                "text/csv;charset=utf-8"
            },
            content: parts,
        }
    }
}

/// Which of the two files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// Documented columns.
    Csv,
    /// The records as received.
    Json,
}

/// Makes the file of a kind: `Err` holds the sentence to show.
pub type MakeFile = Callback<ExportKind, LocalBoxFuture<'static, Result<ExportFile, String>>>;

/// The export of every record a cursor list shows: JSON = the records exactly as received
/// (`raw`), CSV = `csv` of them. Named `<name>-<today>.<ext>` (no account detail).
pub fn records_export<T: Clone + Send + Sync + 'static>(
    list: CursorList<T>,
    name: &'static str,
    raw: fn(&T) -> Option<&str>,
    csv: impl Fn(&[&str]) -> String + Send + Sync + 'static,
) -> MakeFile {
    Callback::new(move |kind: ExportKind| {
        let items = list.items();
        let records: Vec<&str> = items.iter().filter_map(raw).collect();
        ready(file_of(kind, name, &records, &csv))
    })
}

/// [`records_export`] for records already at hand (`records`: their JSON texts as received).
pub fn texts_export(
    records: Vec<String>,
    name: &'static str,
    csv: impl Fn(&[&str]) -> String + Send + Sync + 'static,
) -> MakeFile {
    Callback::new(move |kind: ExportKind| {
        let texts: Vec<&str> = records.iter().map(String::as_str).collect();
        ready(file_of(kind, name, &texts, &csv))
    })
}

/// A CSV made on demand (a report's table): `file()` answers its name and text. Only
/// [`ExportKind::Csv`] is offered for it (see [`ExportButtons`]'s `csv_only`).
pub fn csv_export(file: impl Fn() -> (String, String) + Send + Sync + 'static) -> MakeFile {
    Callback::new(move |_: ExportKind| {
        let (name, text) = file();
        ready(ExportFile::csv(name, text))
    })
}

/// The file of `kind` for `records`, named `<name>-<today>.<ext>` (today in the person's time
/// zone; the file's times stay UTC instants).
fn file_of(
    kind: ExportKind,
    name: &str,
    records: &[&str],
    csv: &dyn Fn(&[&str]) -> String,
) -> ExportFile {
    let name = format!(
        "{name}-{}",
        folio_client::date_text::day_text(crate::format::local_time::today())
    );
    match kind {
        ExportKind::Json => ExportFile::json(format!("{name}.json"), json_array(records)),
        ExportKind::Csv => ExportFile::csv(format!("{name}.csv"), csv(records)),
    }
}

fn ready(file: ExportFile) -> LocalBoxFuture<'static, Result<ExportFile, String>> {
    Box::pin(std::future::ready(Ok(file)))
}

/// "Export CSV" and "Export JSON" (off while the list is `empty`); the buttons' ids are
/// `{id}-csv` and `{id}-json`, the message's `{id}-notice`.
#[component]
pub fn ExportButtons(
    /// Prefix of the ids.
    id: &'static str,
    /// Whether the list shows nothing.
    #[prop(into)]
    empty: Signal<bool>,
    /// Makes a file.
    make: MakeFile,
    /// Hides the buttons (e.g. while another view replaces the list).
    #[prop(optional, into)]
    hidden: Signal<bool>,
    /// Called when a button is approached (e.g. to fetch the writer's module early).
    #[prop(optional)]
    warm: Option<Callback<()>>,
    /// Offers the CSV only (a computed table has no records "as received").
    #[prop(optional)]
    csv_only: bool,
) -> impl IntoView {
    let notice = RwSignal::new(None::<String>);
    let export = move |kind: ExportKind| {
        notice.set(None);
        let file = make.run(kind);
        leptos::task::spawn_local(async move {
            let refused = match file.await {
                Ok(file) => offer_parts(&file.name, file.mime, &file.content)
                    .err()
                    .map(|_| t("The browser refused the download.").to_string()),
                Err(why) => Some(why),
            };
            notice.set(refused);
        });
    };
    let warm_up = move || {
        if let Some(w) = warm {
            w.run(());
        }
    };
    view! {
        <div class="list-export" hidden=hidden
            on:pointerenter=move |_| warm_up() on:focusin=move |_| warm_up()>
            <button type="button" class="button" id=format!("{id}-csv") disabled=empty
                on:click=move |_| export(ExportKind::Csv)>{t("Export CSV")}</button>
            {(!csv_only).then(|| view! {
                <button type="button" class="button" id=format!("{id}-json") disabled=empty
                    on:click=move |_| export(ExportKind::Json)>{t("Export JSON")}</button>
            })}
            <p class="notice" id=format!("{id}-notice") role="alert" hidden=move || notice.with(Option::is_none)>
                {move || notice.get()}
            </p>
        </div>
    }
}
