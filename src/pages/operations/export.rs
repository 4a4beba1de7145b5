//! Hands a generated file to the browser as a download (a `Blob` and an object URL; no
//! network request, nothing stored).

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// Offers `content` as a file called `name` of type `mime`.
pub fn download(name: &str, mime: &str, content: &str) -> Result<(), JsValue> {
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
