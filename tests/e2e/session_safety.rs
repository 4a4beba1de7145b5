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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_that_worked_and_is_now_refused_is_named_revoked_and_forgotten() {
    let w = World::signed_in(FULL_KEY, "/").await;
    // The service now refuses the key itself (401 invalid_api_key), as after a revocation.
    w.server
        .inject(folio_sandbox::Fault::new("/v1/operations", 401));
    w.goto("/operations").await;
    w.wait_js_true("sessionStorage.getItem('folio.key') === null")
        .await;
    w.wait_text("main", "revoked or has expired").await;
    assert!(w.text("main").await.contains("Create a new key"));
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tab_without_a_stored_activity_time_forgets_its_key_before_sending() {
    let w = World::signed_in(FULL_KEY, "/").await;
    // No activity time stored: the key is forgotten on the next start, before anything is
    // sent.
    w.js("sessionStorage.removeItem('folio.last_activity'); return true;")
        .await;
    let sent = w.server.requests().len();
    w.goto("/").await;
    w.wait_js_true("sessionStorage.getItem('folio.key') === null")
        .await;
    assert!(
        w.server
            .requests()
            .iter()
            .skip(sent)
            .all(|r| r.api_key.as_deref() != Some(FULL_KEY)),
        "nothing keyed was sent"
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restored_tab_counts_its_idle_time_from_the_stored_activity() {
    let w = World::signed_in(FULL_KEY, "/").await;
    // Last activity a minute ago, idle limit 30 s (the test hook may only shorten it): a
    // restored tab must not start counting again from now.
    w.js("sessionStorage.setItem('folio.last_activity', String(Date.now() - 60000)); sessionStorage.setItem('folio.idle_limit_ms', '30000'); return true;")
        .await;
    w.goto("/").await;
    // Forgotten at the first check (every 5 s): well within the 15 s this waits, where
    // counting from the restore would take 30 s.
    w.wait_js_true("sessionStorage.getItem('folio.key') === null")
        .await;
    w.close().await;
}
