//! Exchange: orders placed and canceled through the page, with the sandbox's exchange account
//! (read by a native client) and its request log as witnesses — a resting limit order locks
//! funds and canceling frees them; a market buy fills with a fee; invalid orders send
//! nothing; the fat-finger warning must be acknowledged; a read-only key places nothing.
//! Lists, the book and the phone layout are in `exchange_browse.rs`.

use folio_client::exchange::{Balance, Order, OrdersQuery, TradesQuery};
use folio_client::OrderId;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::support::{figure, World, FULL_KEY, READ_KEY};

/// Where orders are placed (POST) and listed (GET).
pub(crate) const ORDERS_PATH: &str = "/exchange/v1/account/orders";

/// The exchange balance of one currency or asset (zero when the account holds none).
async fn balance(w: &World, symbol: &str) -> Balance {
    w.api()
        .exchange()
        .balances(None)
        .await
        .expect("balances")
        .into_iter()
        .find(|b| b.symbol == symbol)
        .unwrap_or(Balance {
            symbol: symbol.into(),
            available: Decimal::ZERO,
            locked: Decimal::ZERO,
        })
}

/// The status of an order, as the exchange account has it.
async fn order_status(w: &World, id: &str) -> String {
    let order = w
        .api()
        .exchange()
        .order(&OrderId::new(id))
        .await
        .expect("order");
    order.status.expect("a status").as_str().to_string()
}

/// Every order of the exchange account matching `query`, all pages read.
pub(crate) async fn all_orders(w: &World, query: OrdersQuery) -> Vec<Order> {
    let mut out = Vec::new();
    let mut q = OrdersQuery {
        limit: Some(100),
        ..query
    };
    loop {
        let page = w.api().exchange().orders(&q).await.expect("orders");
        let next = page.next_cursor().map(str::to_string);
        out.extend(page.data);
        match next {
            Some(c) => q.cursor = Some(c),
            None => return out,
        }
    }
}

/// Fills the order form: side, type, size (and limit price when given).
pub(crate) async fn order_form(
    w: &World,
    side: &str,
    order_type: &str,
    size: &str,
    limit: Option<&str>,
) {
    w.click(&format!("#order-side-{side}")).await;
    w.choose("#order-type", order_type).await;
    w.fill("#order-size", size).await;
    if let Some(price) = limit {
        w.fill("#order-limit-price", price).await;
    }
}

/// Reviews the order and confirms it in the dialog.
pub(crate) async fn review_and_confirm(w: &World) {
    w.click("#review-order").await;
    w.confirm_dialog("confirm-order").await;
}

/// Reviews, confirms and returns the new order's id.
pub(crate) async fn review_and_place(w: &World) -> String {
    review_and_confirm(w).await;
    let result = w.find("#order-result[data-order-id]").await;
    result.attr("data-order-id").await.unwrap().unwrap()
}

/// The market's mid price shown on the page (waiting for it).
pub(crate) async fn mid(w: &World) -> Decimal {
    w.value("#ticker-mid").await
}

/// A limit price 5 % under the market: a buy at it rests, with no fat-finger warning.
pub(crate) async fn resting_buy_price(w: &World) -> Decimal {
    (mid(w).await * Decimal::new(95, 2)).round_dp(0)
}

/// Cancels the open order `id` from the Orders page, confirming in the dialog; fails unless
/// exactly one cancel reached the exchange.
pub(crate) async fn cancel_on_the_orders_page(w: &World, id: &str) {
    w.goto("/market/orders?status=open").await;
    let row = format!("[data-testid=order-row][data-order-id='{id}']");
    w.click(&format!("{row} [data-testid=cancel-order]")).await;
    w.confirm_dialog(&format!("confirm-cancel-{id}")).await;
    w.wait_text("[data-testid=orders-notice]", "Canceled").await;
    assert_eq!(w.sent("DELETE", id), 1, "exactly one cancel sent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resting_limit_order_locks_funds_and_cancel_frees_them() {
    let w = World::signed_in(FULL_KEY, "/market?pair=BTC-EUR").await;
    let before = balance(&w, "EUR").await;
    let price = resting_buy_price(&w).await;
    w.server.clear_requests();
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    let worth = (price * Decimal::new(1, 2)).round_dp(2);
    let shown = w.wait_text("#order-value", "EUR").await;
    assert_eq!(figure(&shown), worth, "{shown}");
    w.screenshot("exchange-market-1280").await;
    w.assert_accessible("the market").await;
    let id = review_and_place(&w).await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 1, "exactly one order sent");

    assert_eq!(order_status(&w, &id).await, "new");
    let locked = balance(&w, "EUR").await;
    assert_eq!(locked.locked - before.locked, price * Decimal::new(1, 2));
    assert_eq!(
        before.available - locked.available,
        price * Decimal::new(1, 2)
    );

    w.goto("/market/orders?status=open").await;
    let row = format!("[data-testid=order-row][data-order-id='{id}']");
    w.wait_text(&row, "Open").await;
    w.screenshot("exchange-orders-1280").await;
    w.assert_accessible("orders").await;
    w.goto("/market/balances").await;
    assert_eq!(
        w.value("[data-testid=balance-row][data-symbol=EUR] .locked")
            .await,
        locked.locked
    );

    cancel_on_the_orders_page(&w, &id).await;
    assert_eq!(order_status(&w, &id).await, "canceled");
    let after = balance(&w, "EUR").await;
    assert_eq!(
        (after.available, after.locked),
        (before.available, before.locked)
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_market_buy_fills_and_shows_in_trades_and_balances_with_its_fee() {
    let w = World::signed_in(FULL_KEY, "/market?pair=ETH-EUR").await;
    mid(&w).await;
    w.server.clear_requests();
    w.click("#order-side-buy").await;
    w.choose("#order-type", "Market").await;
    w.click("#order-mode-amount").await;
    w.fill("#order-size", "100.00").await;
    let id = review_and_place(&w).await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 1);

    let query = TradesQuery {
        order_id: Some(OrderId::new(id.clone())),
        ..TradesQuery::default()
    };
    let trades = w
        .api()
        .exchange()
        .trades(&query)
        .await
        .expect("trades")
        .data;
    assert!(!trades.is_empty(), "the market order filled");
    w.goto(&format!("/market/trades?order={id}")).await;
    for t in &trades {
        let row = format!("[data-testid=trade-row][data-trade-id='{}']", t.id);
        let fee = t.fee.as_ref().and_then(|f| f.amount).expect("a fee");
        assert!(fee > Decimal::ZERO);
        assert_eq!(w.value(&format!("{row} .fee")).await, fee);
        assert_eq!(
            w.value(&format!("{row} td:nth-child(5)")).await,
            t.quantity.unwrap()
        );
    }
    let first = format!("[data-testid=trade-row][data-trade-id='{}']", trades[0].id);
    w.click(&format!("{first} [data-testid=trade-details]"))
        .await;
    let currency = trades[0]
        .fee
        .as_ref()
        .and_then(|f| f.currency.clone())
        .unwrap();
    w.wait_text("#trade-detail-fee-currency", &currency).await;
    let rows = w
        .js("return document.querySelectorAll('[data-testid=trade-row]').length;")
        .await;
    assert_eq!(rows.as_u64(), Some(trades.len() as u64));

    let eth = balance(&w, "ETH").await;
    w.goto("/market/balances").await;
    assert_eq!(
        w.value("[data-testid=balance-row][data-symbol=ETH] .available")
            .await,
        eth.available
    );
    w.wait_text("#current-tier", "fee").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_orders_get_a_message_at_the_field_and_send_nothing() {
    let w = World::signed_in(FULL_KEY, "/market?pair=BTC-EUR").await;
    let m = mid(&w).await.round_dp(0);
    w.server.clear_requests();
    let cases = [
        (
            "0.00001",
            m.to_string(),
            "#order-size-error",
            "less than the minimum",
        ),
        (
            "0.01",
            format!("{m}.5"),
            "#order-limit-price-error",
            "tick size",
        ),
        (
            "50",
            m.to_string(),
            "#order-size-error",
            "Not enough balance",
        ),
        ("abc", m.to_string(), "#order-size-error", "Enter a number"),
        (
            "0.000015",
            m.to_string(),
            "#order-size-error",
            "multiple of",
        ),
    ];
    for (size, price, at, message) in cases {
        order_form(&w, "buy", "Limit", size, Some(&price)).await;
        w.click("#review-order").await;
        w.wait_text(at, message).await;
        let dialog = w
            .js("return document.getElementById('confirm-order') !== null;")
            .await;
        assert_eq!(dialog, Value::Bool(false), "no review for {size} @ {price}");
    }
    // A sell beyond the BTC balance.
    order_form(&w, "sell", "Limit", "5", Some(&m.to_string())).await;
    w.click("#review-order").await;
    w.wait_text("#order-size-error", "BTC are available").await;
    assert_eq!(
        w.sent("POST", ORDERS_PATH),
        0,
        "nothing was sent: {:?}",
        w.server.requests()
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_limit_price_far_from_the_market_must_be_acknowledged() {
    let w = World::signed_in(FULL_KEY, "/market?pair=BTC-EUR").await;
    let far = (mid(&w).await * Decimal::new(5, 1)).round_dp(0);
    w.server.clear_requests();
    order_form(&w, "buy", "Limit", "0.001", Some(&far.to_string())).await;
    w.click("#review-order").await;
    w.wait_text("#fat-finger-warning", "50.0 % below the market price")
        .await;
    w.screenshot("exchange-fat-finger-1280").await;
    let disabled = w
        .js("return document.getElementById('confirm-order-confirm').disabled;")
        .await;
    assert_eq!(
        disabled,
        Value::Bool(true),
        "confirm waits for the acknowledgement"
    );
    let _ = w.find("#confirm-order-confirm").await.click().await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 0);
    w.click("#fat-finger-ack").await;
    w.click("#confirm-order-confirm").await;
    w.find("#order-result[data-order-id]").await;
    assert_eq!(w.sent("POST", ORDERS_PATH), 1);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_key_is_told_it_cannot_trade_and_nothing_is_placed() {
    let w = World::signed_in(READ_KEY, "/market?pair=BTC-EUR").await;
    let price = resting_buy_price(&w).await;
    let before = all_orders(&w, OrdersQuery::default()).await.len();
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    w.click("#review-order").await;
    w.click("#confirm-order-confirm").await;
    w.wait_text("#order-result", "permission").await;
    let refused: Vec<u16> = w
        .server
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == ORDERS_PATH)
        .map(|r| r.status)
        .collect();
    assert_eq!(refused, [403], "one refused request");
    assert_eq!(all_orders(&w, OrdersQuery::default()).await.len(), before);
    w.close().await;
}

/// Presses the Cancel button `css` as a person would (when it can be pressed) and confirms
/// if a confirmation opens; `"disabled"` when the button refused, `"pressed"` otherwise.
async fn try_to_cancel(w: &World, css: &str, id: &str) -> String {
    let script = format!(
        "const b = document.querySelector({css:?}); if (!b) return 'missing';\
         if (b.disabled) return 'disabled'; b.click(); return 'pressed';"
    );
    let pressed = w.js(&script).await.as_str().unwrap_or_default().to_string();
    if pressed == "pressed" {
        w.confirm_dialog(&format!("confirm-cancel-{id}")).await;
    }
    pressed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_is_canceled_once_whichever_of_its_cancel_buttons_is_pressed() {
    let w = World::signed_in(FULL_KEY, "/market?pair=BTC-EUR").await;
    let price = resting_buy_price(&w).await;
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    let id = review_and_place(&w).await;
    w.goto("/market/orders?status=open").await;
    let row = format!("[data-testid=order-row][data-order-id='{id}']");
    w.wait_text(&row, "Open").await;
    w.server.clear_requests();

    // The cancel is answered 6 s late: meanwhile every other Cancel of the order is tried.
    w.server.inject(folio_sandbox::Fault {
        hang_secs: 6,
        ..folio_sandbox::Fault::of_kind(
            format!("/account/orders/{id}"),
            folio_sandbox::FaultKind::Late,
            1,
        )
    });
    w.js(&format!(
        "document.querySelector(\"{row}\").__before = true; return true;"
    ))
    .await;
    w.click(&format!("{row} [data-testid=cancel-order]")).await;
    w.confirm_dialog(&format!("confirm-cancel-{id}")).await;

    // The list read again under another filter, without a reload: its row is drawn anew,
    // with a Cancel button of its own.
    w.js(
        "history.pushState(null, '', '/market/orders?status=open&pair=BTC-EUR');\
          dispatchEvent(new PopStateEvent('popstate')); return true;",
    )
    .await;
    w.wait_js_true(&format!("document.querySelector(\"{row}\")"))
        .await;
    let rebuilt = w
        .js(&format!(
            "return !document.querySelector(\"{row}\").__before;"
        ))
        .await;
    if rebuilt == Value::Bool(true) {
        let again = try_to_cancel(&w, &format!("{row} [data-testid=cancel-order]"), &id).await;
        assert_eq!(again, "disabled", "the rebuilt row's Cancel sends nothing");
    }
    // The order's detail panel has a Cancel of its own too.
    w.click(&format!("{row} [data-testid=order-details]")).await;
    w.find("#order-detail [data-testid=cancel-order]").await;
    let detail = try_to_cancel(&w, "#order-detail [data-testid=cancel-order]", &id).await;
    assert_eq!(
        detail, "disabled",
        "the detail panel's Cancel sends nothing"
    );

    for _ in 0..100 {
        if order_status(&w, &id).await == "canceled" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(order_status(&w, &id).await, "canceled");
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    assert_eq!(w.sent("DELETE", &id), 1, "one cancel for one order");
    w.close().await;
}
