//! Offering a file the app made as a download: a `Blob`, an object URL and a click on a
//! temporary link. No network request is made and nothing is stored; the URL is revoked
//! after 30 s.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// Offers the file `name` of type `mime` whose text is `parts` (strings already in the
/// browser, one after the other).
pub fn offer_parts(name: &str, mime: &str, parts: &js_sys::Array) -> Result<(), JsValue> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_buffer_source_sequence_and_options(parts, &options)?;
    offer_blob(name, &blob)
}

/// `text` as a Blob, a part of a file written in slices (`None` if the browser refuses
/// it): the text leaves the wasm memory now, and the file's Blob only refers to its parts.
pub fn blob_part(text: String) -> Option<JsValue> {
    let parts = js_sys::Array::of1(&text.into());
    let blob = web_sys::Blob::new_with_buffer_source_sequence(&parts).ok()?;
    Some(blob.into())
}

/// Offers `blob` (already in the browser) as the file `name`.
pub fn offer_blob(name: &str, blob: &web_sys::Blob) -> Result<(), JsValue> {
    let url = web_sys::Url::create_object_url_with_blob(blob)?;
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
