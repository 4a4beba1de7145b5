//! A key per API: the main key plus a key of the exchange's own and one of the legacy API's
//! own, typed behind "Use a different key for…". The sandbox's `folio-demo-exchange` and
//! `folio-demo-legacy` keys are valid on one API only and their scopes differ from the main
//! read-only key's: each API is probed and shown with its key, each request carries its API's
//! key (request log), an order is placed and canceled with the exchange key while the
//! read-only main key may not trade, and Forget key forgets all three. An own key its API
//! refuses is said at its field and nothing is kept.

use crate::exchange::{
    cancel_on_the_orders_page, order_form, resting_buy_price, review_and_place, ORDERS_PATH,
};
use crate::support::{World, FULL_KEY, READ_KEY};

const EXCHANGE_KEY: &str = "folio-demo-exchange";
const LEGACY_KEY: &str = "folio-demo-legacy";

/// On Connect: opens "Use a different key for…" and types the exchange and legacy keys.
async fn type_own_keys(w: &World, exchange: &str, legacy: &str) {
    w.goto("/connect").await;
    w.click("#own-keys-toggle").await;
    w.fill("#exchange-key", exchange).await;
    w.fill("#legacy-key", legacy).await;
}

/// The text of the scopes table's row for `scope`.
async fn scope_row(w: &World, scope: &str) -> String {
    w.text(&format!(
        "[data-testid=scopes-table] [data-scope='{scope}']"
    ))
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exchange_and_legacy_keys_of_their_own_work_end_to_end() {
    let w = World::start().await;
    type_own_keys(&w, EXCHANGE_KEY, LEGACY_KEY).await;
    w.submit_key(READ_KEY).await;
    w.find("[data-testid=scopes-table]").await;
    assert!(scope_row(&w, "Trade (Write)").await.contains("No"));
    assert!(scope_row(&w, "Balance").await.contains("Yes"));
    assert!(scope_row(&w, "Exchange (Trade)").await.contains("Yes"));
    assert!(scope_row(&w, "Legacy (Read)").await.contains("Yes"));
    let exchange_group = w
        .text("[data-testid=scopes-table] tbody[data-api=exchange] .scope-group")
        .await;
    assert!(exchange_group.contains("its own key"), "{exchange_group}");
    let current_group = w
        .text("[data-testid=scopes-table] tbody[data-api=current] .scope-group")
        .await;
    assert!(current_group.contains("main key"), "{current_group}");
    w.screenshot("connect-three-keys").await;
    w.assert_accessible("Connect with three keys").await;
    let (session, local) = w.storages().await;
    for key in [READ_KEY, EXCHANGE_KEY, LEGACY_KEY] {
        assert!(session.contains(key), "{key} kept in the tab");
        assert!(!local.contains(key), "{key} never in localStorage");
    }

    w.click("#continue-to-portfolio").await;
    w.find("#portfolio-total").await;
    w.server.clear_requests();
    // The read-only main key may not trade on the current API…
    w.goto("/trade").await;
    w.find("[data-testid=read-only]").await;
    // …while the exchange's own key places and cancels an order.
    w.goto("/market?pair=BTC-EUR").await;
    let price = resting_buy_price(&w).await;
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    let id = review_and_place(&w).await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 1, "exactly one order");
    cancel_on_the_orders_page(&w, &id).await;
    w.goto("/legacy-api").await;
    w.find("[data-testid=legacy-wallet]").await;

    let requests = w.server.requests();
    for api in ["/public/", "/exchange/", "/legacy/"] {
        assert!(requests.iter().any(|r| r.path.starts_with(api)), "{api}");
    }
    for r in requests {
        let expected = if r.path.starts_with("/exchange/") {
            EXCHANGE_KEY
        } else if r.path.starts_with("/legacy/") {
            LEGACY_KEY
        } else {
            READ_KEY
        };
        if let Some(sent) = &r.api_key {
            assert_eq!(sent, expected, "{} {}", r.method, r.path);
        }
    }

    w.click("[data-testid=forget-key]").await;
    w.find("#api-key").await;
    let (session, _) = w.storages().await;
    for key in [READ_KEY, EXCHANGE_KEY, LEGACY_KEY] {
        assert!(!session.contains(key), "{key} forgotten");
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_own_key_its_api_refuses_is_said_at_its_field_and_nothing_is_kept() {
    let w = World::start().await;
    type_own_keys(&w, "not-an-exchange-key", "").await;
    w.submit_key(FULL_KEY).await;
    let message = w
        .wait_text("#exchange-key-error", "The exchange API refused this key")
        .await;
    assert!(!message.contains('{'), "plain words: {message}");
    assert_eq!(
        w.find("#exchange-key")
            .await
            .attr("aria-invalid")
            .await
            .unwrap()
            .as_deref(),
        Some("true")
    );
    assert!(w.is_absent("[data-testid=connected]").await);
    let (session, _) = w.storages().await;
    assert!(!session.contains(FULL_KEY) && !session.contains("not-an-exchange-key"));
    // No write probe was sent to the exchange with the refused key.
    assert_eq!(w.sent("POST", ORDERS_PATH), 0);
    w.close().await;
}
