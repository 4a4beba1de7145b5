//! wasm-bindgen tests in headless Chromium: the parts that only exist in a browser — real
//! `sessionStorage`, the fetch transport, components mounted into the DOM.
//! Run with `cargo test -p folio --target wasm32-unknown-unknown` (cargo xtask test does).
#![cfg(target_arch = "wasm32")]

use folio::for_tests::{ErrorView, PlainWords};
use folio_client::{ApiError, ApiKey, BaseUrls, Client};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn window() -> web_sys::Window {
    web_sys::window().expect("a window")
}

#[wasm_bindgen_test]
fn storage_writes_session_storage_and_never_local_storage() {
    folio::for_tests::storage::set("folio.test", "value");
    let session = window().session_storage().unwrap().unwrap();
    assert_eq!(
        session.get_item("folio.test").unwrap().as_deref(),
        Some("value")
    );
    assert_eq!(
        folio::for_tests::storage::get("folio.test").as_deref(),
        Some("value")
    );
    folio::for_tests::storage::remove("folio.test");
    assert_eq!(session.get_item("folio.test").unwrap(), None);
    let local = window().local_storage().unwrap().unwrap();
    assert_eq!(
        local.length().unwrap(),
        0,
        "Folio never writes localStorage"
    );
}

#[wasm_bindgen_test]
async fn browser_transport_reports_an_unreachable_service_as_network_error() {
    // Port 9 (discard) on loopback is closed: fetch rejects, the client must not panic.
    let client = Client::new(
        BaseUrls::same_origin("http://127.0.0.1:9"),
        ApiKey::new("k"),
    );
    let error = client.current().portfolio(None).await.unwrap_err();
    assert!(matches!(error, ApiError::Network { .. }), "{error:?}");
    assert!(
        !error.user_message().contains("folio"),
        "no key or internals in the message"
    );
}

#[wasm_bindgen_test]
async fn browser_transport_reports_a_key_the_browser_cannot_send_as_network_error() {
    // A header value outside Latin-1 makes `Headers.set` throw: a network error, not a trap.
    let client = Client::new(
        BaseUrls::same_origin("http://127.0.0.1:9"),
        ApiKey::new("k€y"),
    );
    let error = client.current().portfolio(None).await.unwrap_err();
    assert!(matches!(error, ApiError::Network { .. }), "{error:?}");
}

#[wasm_bindgen_test]
fn error_view_shows_plain_words_and_a_retry_button() {
    let document = window().document().unwrap();
    let host: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&host).unwrap();
    let error = ApiError::from_response(502, None, "<html><body>502 Bad Gateway</body></html>");
    let retried = RwSignal::new(0);
    let _handle = leptos::mount::mount_to(host.clone(), move || {
        view! { <ErrorView error=error.clone() what="the portfolio" on_retry=move |_| retried.update(|n| *n += 1) /> }
    });
    let text = host.text_content().unwrap_or_default();
    assert!(text.contains("Could not load the portfolio"), "{text}");
    assert!(text.contains("502"), "{text}");
    assert!(!text.contains("<html"), "{text}");
    let button: web_sys::HtmlElement = host
        .query_selector("button")
        .unwrap()
        .unwrap()
        .unchecked_into();
    button.click();
    assert_eq!(retried.get_untracked(), 1);
}

#[wasm_bindgen_test]
fn money_formatting_is_exact_in_wasm() {
    use std::str::FromStr;
    let value = folio_client::Decimal::from_str("1234567.005").unwrap();
    assert_eq!(folio::for_tests::format_fiat(value), "1,234,567.01");
    let btc = folio_client::Decimal::from_str("0.00197000").unwrap();
    assert_eq!(folio::for_tests::format_amount(btc), "0.00197000");
}
