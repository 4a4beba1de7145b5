//! Keyboard shortcuts as a keyboard user presses them (WebDriver key actions): `g` then a
//! letter opens a section, `/` puts the cursor in the page's search, `?` opens the list and
//! `Esc` closes it; nothing happens while typing in a field.

use fantoccini::key::Key;

use crate::support::{World, DESKTOP, FULL_KEY, PHONE};

/// Waits until the address is `path` and the page's heading contains `heading`.
async fn arrived(w: &World, path: &str, heading: &str) {
    w.eventually(
        &format!("return location.pathname === {path:?};"),
        &format!("arriving at {path}"),
    )
    .await;
    w.wait_text("main h1", heading).await;
}

/// Whether the shortcuts dialog is open.
async fn list_open(w: &World) -> bool {
    w.js("return document.querySelector('[data-testid=shortcuts]')?.open === true;")
        .await
        .as_bool()
        == Some(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn g_then_a_letter_opens_sections_and_slash_finds_the_search() {
    let w = World::signed_in_with(crate::support::config(), DESKTOP, FULL_KEY, "/").await;
    w.watch_errors().await;
    w.find("#portfolio-total").await;
    w.press_keys("gh").await;
    arrived(&w, "/history", "History").await;
    w.press_keys("go").await;
    arrived(&w, "/operations", "Operations").await;

    // `/` puts the cursor in the filter's search; typing there types, it never navigates.
    w.find("#ops-search").await;
    w.press_keys("/").await;
    let focused = w.js("return document.activeElement.id;").await;
    assert_eq!(focused, "ops-search");
    w.press_keys("gt").await;
    let typed = w
        .js("return document.getElementById('ops-search').value;")
        .await;
    assert_eq!(typed, "gt", "the keys went into the field");
    assert_eq!(w.js("return location.pathname;").await, "/operations");

    // Out of the field, `g` `x` opens the exchange; a late letter does nothing.
    w.js("document.activeElement.blur(); return true;").await;
    w.press_keys("gx").await;
    arrived(&w, "/market", "Exchange").await;
    w.press_keys("g").await;
    tokio::time::sleep(std::time::Duration::from_millis(1700)).await;
    w.press_keys("p").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(w.js("return location.pathname;").await, "/market");
    w.assert_no_page_error().await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn question_mark_lists_the_shortcuts_and_escape_closes_the_list() {
    let w = World::signed_in_with(crate::support::config(), PHONE, FULL_KEY, "/").await;
    w.find("#portfolio-total").await;
    // The list is built the first time it opens (its markup is a module of its own).
    assert!(!list_open(&w).await);
    w.press_keys("?").await;
    w.eventually(
        "return document.querySelector('[data-testid=shortcuts]')?.open === true;",
        "the list opening",
    )
    .await;
    let text = w.text("[data-testid=shortcuts]").await;
    for needle in [
        "Keyboard shortcuts",
        "Portfolio",
        "Operations",
        "Exchange",
        "Discreet mode",
        "Esc",
    ] {
        assert!(text.contains(needle), "the list lacks {needle:?}: {text}");
    }
    w.assert_accessible("the shortcuts list").await;
    w.assert_fits_width("the shortcuts list at 360 px").await;
    w.screenshot("shortcuts-360").await;
    // While the list is open, other shortcuts do nothing.
    w.press_keys("gh").await;
    assert_eq!(w.js("return location.pathname;").await, "/");
    w.press_keys(&char::from(Key::Escape).to_string()).await;
    w.eventually(
        "return document.querySelector('[data-testid=shortcuts]')?.open === false;",
        "the list closing",
    )
    .await;
    let hidden = w
        .js("return getComputedStyle(document.querySelector('[data-testid=shortcuts]')).display;")
        .await;
    assert_eq!(hidden, "none", "the closed list covers the page");

    // The footer's button opens it too (for those without a keyboard).
    w.click("[data-testid=shortcuts-button]").await;
    w.eventually(
        "return document.querySelector('[data-testid=shortcuts]')?.open === true;",
        "the list opening from the footer",
    )
    .await;
    w.click("[data-testid=shortcuts] .dialog-actions button")
        .await;
    assert!(!list_open(&w).await);
    w.close().await;
}
