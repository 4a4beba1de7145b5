//! "Export CSV" and "Export JSON": what the filters show, handed to the browser as a
//! download (a `Blob` and an object URL; no network request, nothing stored).

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::csv::{to_csv, to_json};
use super::loader::Loader;

/// The two export buttons (off while nothing is shown).
#[component]
pub fn ExportButtons(
    loader: Loader,
    shown: Memo<Vec<usize>>,
    hidden: Signal<bool>,
) -> impl IntoView {
    let empty = move || shown.with(Vec::is_empty);
    view! {
        <div class="ops-export" hidden=hidden>
            <button type="button" class="button" id="export-csv" disabled=empty
                on:click=move |_| export(loader, shown, false)>"Export CSV"</button>
            <button type="button" class="button" id="export-json" disabled=empty
                on:click=move |_| export(loader, shown, true)>"Export JSON"</button>
        </div>
    }
}

/// Downloads the operations in `shown` as JSON or CSV; says so when the browser refuses.
fn export(loader: Loader, shown: Memo<Vec<usize>>, json: bool) {
    let ops = loader.ops.read_untracked();
    let picked = shown.get_untracked().into_iter().filter_map(|i| ops.get(i));
    let result = if json {
        download("operations.json", "application/json", &to_json(picked))
    } else {
        let names = loader.names.get_untracked();
        let csv = to_csv(picked, &names);
        download("operations.csv", "text/csv;charset=utf-8", &csv)
    };
    if result.is_err() {
        let refused = "The browser refused the download.";
        loader.notice.set(Some(refused.into()));
    }
}

/// Offers `content` as a file called `name` of type `mime`.
fn download(name: &str, mime: &str, content: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(content));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let anchor: web_sys::HtmlAnchorElement = document().create_element("a")?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(30),
    );
    Ok(())
}
