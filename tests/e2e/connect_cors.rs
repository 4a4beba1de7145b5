//! Connect on a host that the browser will not let this site call: the current API set to
//! another origin (a second sandbox sending no CORS headers) is reported as "does not allow
//! calls from this site", not as a refused key; the same address with nothing listening is
//! reported as the network failure it is.

use folio_sandbox::Config;
use serde_json::json;

use crate::support::{World, FULL_KEY};

/// Opens Connect with the custom profile: the current API at `current`, the others on the
/// page's own origin.
async fn connect_page_with_current_api_at(w: &World, current: &str) {
    w.goto("/connect").await;
    let settings = json!({
        "profile": "custom",
        "profile_chosen": true,
        "custom": { "current": current, "legacy": "/legacy", "exchange": "/exchange" },
    });
    w.set_session_item("folio.settings", &settings.to_string())
        .await;
    w.browser.refresh().await.expect("reloads");
    w.find("#api-key").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_without_cors_is_named_as_such_and_a_dead_host_as_a_network_failure() {
    let w = World::start().await;
    let other = folio_sandbox::serve(Config::default())
        .await
        .expect("second sandbox starts");
    connect_page_with_current_api_at(&w, &format!("{}/public", other.url())).await;
    w.submit_key(FULL_KEY).await;
    let said = w
        .wait_text(
            "[data-testid=connect-error]",
            "does not allow calls from this site",
        )
        .await;
    assert!(
        said.contains("not refused") && said.contains("reverse proxy"),
        "{said}"
    );
    assert!(w.is_absent("[data-testid=scopes-table]").await);
    assert!(
        w.js("return document.querySelector('#api-key').getAttribute('aria-invalid') !== 'true';")
            .await
            .as_bool()
            .unwrap_or(false),
        "the key field is not marked wrong"
    );
    w.assert_accessible("the CORS message").await;
    w.screenshot("connect-cors-blocked-1280").await;
    let dead = format!("http://127.0.0.1:{}/public", free_port());
    other.shutdown().await;

    connect_page_with_current_api_at(&w, &dead).await;
    w.submit_key(FULL_KEY).await;
    let said = w
        .wait_text("[data-testid=connect-error]", "Could not reach the service")
        .await;
    assert!(!said.contains("does not allow calls"), "{said}");
    w.close().await;
}

/// A port nothing listens on.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("binds");
    listener.local_addr().expect("has an address").port()
}
