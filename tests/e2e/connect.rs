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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn key_fields_opt_out_of_password_managers_and_an_unsendable_character_is_named_at_the_field()
{
    let w = World::start().await;
    w.goto("/connect").await;
    w.find("#api-key").await;
    for field in ["#api-key", "#exchange-key", "#legacy-key"] {
        let script = format!(
            "const f = document.querySelector('{field}');\
             return ['name', 'autocomplete', 'data-1p-ignore', 'data-lpignore', 'data-bwignore', 'data-form-type']\
               .map(a => f.getAttribute(a));"
        );
        assert_eq!(
            w.js(&script).await,
            serde_json::json!([null, "off", "true", "true", "true", "other"]),
            "{field}: no name, and every password manager told to leave it alone"
        );
    }

    // A typographic dash pasted into the key: the browser could not send it in a header.
    w.server.clear_requests();
    w.submit_key("folio\u{2013}demo-full").await;
    let message = w
        .wait_text("[data-testid=connect-error]", "cannot be sent")
        .await;
    assert!(
        message.contains("U+2013") && message.contains("character 6"),
        "names the character and its place: {message}"
    );
    assert!(
        !message.contains("reach"),
        "not a network failure: {message}"
    );
    assert_eq!(
        w.js("return document.querySelector('#api-key').getAttribute('aria-invalid');")
            .await,
        serde_json::json!("true")
    );
    assert!(
        w.server.requests().iter().all(|r| r.api_key.is_none()),
        "nothing was sent with the key"
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_that_accepts_a_write_probe_raises_an_alarm_and_grants_nothing() {
    let w = World::start().await;
    w.goto("/connect").await;
    w.find("#api-key").await;
    // A service that wrongly answers 2xx to requests that can never succeed.
    for path in [
        "/public/v1/quotes",
        "/public/v1/earn/actions/stake",
        "/exchange/v1/account/orders",
    ] {
        w.server.inject(folio_sandbox::Fault::new(path, 200));
    }
    w.submit_key(FULL_KEY).await;
    let alarm = w.wait_text("[data-testid=probe-alarm]", "Warning").await;
    for scope in ["Trade (Write)", "Earn (Write)", "Exchange (Trade)"] {
        assert!(alarm.contains(scope), "the alarm names {scope}: {alarm}");
        let row = w
            .text(&format!(
                "[data-testid=scopes-table] [data-scope='{scope}']"
            ))
            .await;
        assert!(row.contains("No") && !row.contains("Yes"), "{scope}: {row}");
    }
    assert_eq!(
        w.js("return document.querySelector('[data-testid=probe-alarm]').getAttribute('role');")
            .await,
        serde_json::json!("alert")
    );
    let posts: Vec<_> = w
        .server
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST")
        .collect();
    assert_eq!(posts.len(), 3, "one probe per write scope, sent once");
    w.close().await;
}
