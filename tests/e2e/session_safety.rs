//! The key and where it may go (issue 11): changing the API addresses while connected forgets
//! the key before anything is sent to the new addresses, and "Forget key" reaches the copies of
//! the tab that share its connection.

use std::time::Duration;

use crate::support::{World, FULL_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changing_the_api_addresses_while_connected_forgets_the_key() {
    let w = World::signed_in(FULL_KEY, "/settings").await;
    w.click("#settings-profile-live").await;
    w.wait_js_true("sessionStorage.getItem('folio.key') === null")
        .await;
    // In-app navigation (a reload would drop the notice, which lives in memory only).
    w.js("document.querySelector(\"a[href='/']\").click(); return true;")
        .await;
    w.wait_text("main", "API addresses changed").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_key_reaches_the_copies_of_the_tab() {
    let w = World::signed_in(FULL_KEY, "/").await;
    // A copy of this tab (window.open copies sessionStorage, as "Duplicate tab" does).
    let first = w.browser.window().await.expect("this window");
    w.js("window.open(location.href, '_blank'); return true;")
        .await;
    let mut copy = None;
    for _ in 0..50 {
        let windows = w.browser.windows().await.expect("windows");
        if let Some(other) = windows.into_iter().find(|h| *h != first) {
            copy = Some(other);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let copy = copy.expect("the copy opened");
    w.browser
        .switch_to_window(copy.clone())
        .await
        .expect("to the copy");
    w.find("#portfolio-total").await;
    w.browser
        .switch_to_window(first)
        .await
        .expect("back to the first");
    w.click("[data-testid=forget-key]").await;
    w.browser.switch_to_window(copy).await.expect("to the copy");
    w.wait_js_true("sessionStorage.getItem('folio.key') === null")
        .await;
    w.wait_text("main", "another copy of this tab").await;
    w.close().await;
}
