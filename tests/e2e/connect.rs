//! Connect: a good key is validated, its scopes shown and kept in sessionStorage only;
//! a wrong key is refused with a message and nothing is stored; forget ends the session.

use crate::support::{World, FULL_KEY, READ_KEY};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_key_connects_shows_scopes_and_stays_in_session_storage_only() {
    let w = World::start().await;
    w.goto("/").await;
    w.find("#api-key").await;
    assert!(
        w.url().await.ends_with("/connect"),
        "a visitor without a key lands on Connect"
    );
    w.capture_console().await;

    w.submit_key(&format!("  {FULL_KEY}  ")).await;
    let table = w.text("[data-testid=scopes-table]").await;
    for scope in [
        "Balance",
        "Transaction",
        "Trade (Read)",
        "Trade (Write)",
        "Earn (Read)",
        "Earn (Write)",
    ] {
        assert!(table.contains(scope), "scope table lists {scope}: {table}");
    }
    let (session, local) = w.storages().await;
    assert!(
        session.contains(FULL_KEY),
        "the trimmed key is in sessionStorage"
    );
    assert!(!session.contains(&format!(" {FULL_KEY}")), "stored trimmed");
    assert!(!local.contains(FULL_KEY), "never in localStorage: {local}");
    assert!(!w.url().await.contains(FULL_KEY));

    w.click("#continue-to-portfolio").await;
    w.find("#portfolio-total").await;
    assert!(!w.url().await.contains(FULL_KEY));
    assert!(!w.console_text().await.contains(FULL_KEY), "never logged");

    // Every request that carried the key went to the sandbox's API paths.
    for r in w.server.requests() {
        if r.api_key.is_some() {
            assert!(
                ["/public/", "/exchange/", "/legacy/"]
                    .iter()
                    .any(|api| r.path.starts_with(api)),
                "key sent to {}",
                r.path
            );
        }
    }

    // A reload keeps the session.
    w.browser.refresh().await.unwrap();
    w.find("#portfolio-total").await;

    // Forget key ends it.
    w.click("[data-testid=forget-key]").await;
    w.find("#api-key").await;
    let (session, local) = w.storages().await;
    assert!(!session.contains(FULL_KEY) && !local.contains(FULL_KEY));
    w.goto("/").await;
    w.find("#api-key").await;
    assert!(w.url().await.ends_with("/connect"));
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_key_is_refused_and_nothing_is_stored() {
    let w = World::start().await;
    w.goto("/connect").await;
    w.submit_key("not-a-real-key").await;
    let message = w.wait_text("[data-testid=connect-error]", "key").await;
    assert!(
        !message.contains('{') && !message.contains('<'),
        "plain words: {message}"
    );
    let (session, local) = w.storages().await;
    assert!(!session.contains("not-a-real-key"), "{session}");
    assert!(!local.contains("not-a-real-key"));
    assert!(w.url().await.ends_with("/connect"));
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn read_only_key_shows_missing_write_scopes_and_no_write_ran() {
    let w = World::start().await;
    w.goto("/connect").await;
    w.submit_key(READ_KEY).await;
    w.find("[data-testid=scopes-table]").await;
    let trade_write = w
        .text("[data-testid=scopes-table] [data-scope='Trade (Write)']")
        .await;
    assert!(trade_write.contains("No"), "{trade_write}");
    let balance = w
        .text("[data-testid=scopes-table] [data-scope='Balance']")
        .await;
    assert!(balance.contains("Yes"), "{balance}");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect_page_has_no_accessibility_violations() {
    let w = World::start().await;
    w.goto("/connect").await;
    w.find("#api-key").await;
    w.assert_accessible("Connect").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deep_link_survives_the_detour_through_connect() {
    let w = World::start().await;
    w.goto("/history?timeframe=YEAR").await;
    w.find("#api-key").await;
    assert!(
        w.url().await.contains("/connect?next="),
        "{}",
        w.url().await
    );
    w.submit_key(FULL_KEY).await;
    w.click("#continue-to-portfolio").await;
    let pressed = w.find("[data-timeframe='YEAR'][aria-pressed='true']").await;
    assert!(pressed.is_displayed().await.unwrap());
    assert!(w.url().await.ends_with("/history?timeframe=YEAR"));
    assert!(!w.url().await.contains(FULL_KEY));
    w.close().await;
}

/// Which page an address shows, for a visitor without a key: a page that needs one sends
/// them to Connect in its place, so Back returns to where they were instead of bouncing
/// off the page again; an address below a known one is "not found".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_key_back_leaves_connect_and_unknown_addresses_are_not_found() {
    let w = World::start().await;
    w.goto("/settings").await;
    w.find("#settings-title").await;
    w.follow("/").await;
    w.find("#api-key").await;
    assert!(w.url().await.ends_with("/connect"), "{}", w.url().await);
    w.js("history.back(); return true;").await;
    w.find("#settings-title").await;
    assert!(w.url().await.ends_with("/settings"), "{}", w.url().await);

    w.goto("/history/unknown").await;
    w.wait_text("h1", "Page not found").await;
    w.goto("/market/").await;
    w.find("#api-key").await;
    assert!(
        w.url().await.ends_with("/connect?next=%2Fmarket%2F"),
        "{}",
        w.url().await
    );
    w.close().await;
}
