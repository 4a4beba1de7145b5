//! An exchange that takes the key only as `Authorization: Bearer` (the sandbox's
//! `--exchange-bearer-only`, the scheme of the exchange's own developer page): the page's
//! first read falls back to Bearer once, and the order placed and canceled from the page go
//! with Bearer, each exactly once.

use folio_sandbox::Config;

use crate::exchange::{order_form, resting_buy_price, review_and_confirm, ORDERS_PATH};
use crate::support::{config, World, DESKTOP, FULL_KEY};

/// The writes the sandbox answered, as (method, sent with Bearer, status).
fn writes(w: &World) -> Vec<(String, bool, u16)> {
    w.server
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" || r.method == "DELETE")
        .map(|r| (r.method, r.bearer, r.status))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bearer_only_exchange_is_traded_from_the_page_with_each_write_sent_once() {
    let bearer_only = Config {
        exchange_bearer_only: true,
        ..config()
    };
    let w = World::signed_in_with(bearer_only, DESKTOP, FULL_KEY, "/market?pair=BTC-EUR").await;
    // The ticker is shown: the refused x-api-key read was tried again with Bearer.
    let price = resting_buy_price(&w).await;
    w.assert_no_page_error().await;
    w.server.clear_requests();
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    review_and_confirm(&w).await;
    let placed = w.find("#order-result[data-order-id]").await;
    let id = placed.attr("data-order-id").await.unwrap().unwrap();
    assert_eq!(
        writes(&w),
        vec![("POST".to_string(), true, 201)],
        "one order, with Bearer"
    );
    assert_eq!(w.sent("POST", ORDERS_PATH), 1);

    w.goto("/market/orders?status=open").await;
    let row = format!("[data-testid=order-row][data-order-id='{id}']");
    w.click(&format!("{row} [data-testid=cancel-order]")).await;
    w.confirm_dialog(&format!("confirm-cancel-{id}")).await;
    w.wait_text("[data-testid=orders-notice]", "Canceled").await;
    let sent = writes(&w);
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert_eq!(
        (sent[1].0.as_str(), sent[1].1),
        ("DELETE", true),
        "{sent:?}"
    );
    w.close().await;
}
