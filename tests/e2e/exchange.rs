//! Exchange: orders placed and canceled through the page, with the sandbox's exchange account
//! (read by a native client) and its request log as witnesses — a resting limit order locks
//! funds and canceling frees them; a market buy fills with a fee; invalid orders send
//! nothing; the fat-finger warning must be acknowledged; filters live in the URL; paging
//! shows every order once; a book level fills the price.

use std::collections::HashSet;

use folio_client::exchange::{Balance, Order, OrdersQuery, TradesQuery};
use folio_client::OrderId;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::money::{api, choose, click, count, fill, value};
use crate::support::{config, figure, start, start_with, World, FULL_KEY};

const ORDERS_PATH: &str = "/exchange/v1/account/orders";

fn posts_of_orders(w: &World) -> usize {
    count(w, "POST", ORDERS_PATH)
}

async fn balance(w: &World, symbol: &str) -> Balance {
    api(w)
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

async fn all_orders(w: &World, query: OrdersQuery) -> Vec<Order> {
    let mut out = Vec::new();
    let mut q = OrdersQuery {
        limit: Some(100),
        ..query
    };
    loop {
        let page = api(w).orders(&q).await.expect("orders");
        let next = page.next_cursor().map(str::to_string);
        out.extend(page.data);
        match next {
            Some(c) => q.cursor = Some(c),
            None => return out,
        }
    }
}

/// Fills the order form: side, type, size (and limit price when given).
async fn order_form(w: &World, side: &str, order_type: &str, size: &str, limit: Option<&str>) {
    click(w, &format!("#order-side-{side}")).await;
    choose(w, "#order-type", order_type).await;
    fill(w, "#order-size", size).await;
    if let Some(price) = limit {
        fill(w, "#order-limit-price", price).await;
    }
}

/// Reviews, confirms and returns the new order's id.
async fn review_and_place(w: &World) -> String {
    click(w, "#review-order").await;
    w.find("#confirm-order[role=dialog]").await;
    click(w, "#confirm-order-confirm").await;
    let result = w.find("#order-result[data-order-id]").await;
    result.attr("data-order-id").await.unwrap().unwrap()
}

async fn mid(w: &World) -> Decimal {
    value(w, "#ticker-mid").await
}

/// The ids of the order rows on screen, in order.
async fn order_ids_on_screen(w: &World) -> Vec<String> {
    let v = w
        .js("return JSON.stringify([...document.querySelectorAll('[data-testid=order-row]')].map(r => r.dataset.orderId));")
        .await;
    serde_json::from_str(v.as_str().unwrap_or("[]")).unwrap()
}

/// Presses "Load more" until the list says every order is loaded.
async fn load_every_page(w: &World) {
    for _ in 0..40 {
        let state = w
            .js("return document.getElementById('orders-complete') ? 'done' : (document.getElementById('orders-load-more') ? 'more' : 'busy');")
            .await;
        match state.as_str() {
            Some("done") => return,
            Some("more") => click(w, "#orders-load-more").await,
            _ => {}
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    panic!("the order list never finished loading");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resting_limit_order_locks_funds_and_cancel_frees_them() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.goto("/market?pair=BTC-EUR").await;
    let before = balance(&w, "EUR").await;
    let price = (mid(&w).await * Decimal::new(95, 2)).round_dp(0);
    w.server.clear_requests();
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    let worth = (price * Decimal::new(1, 2)).round_dp(2);
    let shown = w.wait_text("#order-value", "EUR").await;
    assert_eq!(figure(&shown), worth, "{shown}");
    w.screenshot("exchange-market-1280").await;
    let violations = w.axe_violations().await;
    assert!(violations.is_empty(), "axe on the market: {violations:#?}");
    let id = review_and_place(&w).await;
    assert_eq!(posts_of_orders(&w), 1, "exactly one order sent");

    let order = api(&w)
        .order(&OrderId::new(id.clone()))
        .await
        .expect("order");
    assert_eq!(order.status.unwrap().as_str(), "new");
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
    let violations = w.axe_violations().await;
    assert!(violations.is_empty(), "axe on orders: {violations:#?}");
    w.goto("/market/balances").await;
    assert_eq!(
        value(&w, "[data-testid=balance-row][data-symbol=EUR] .locked").await,
        locked.locked
    );

    w.goto("/market/orders?status=open").await;
    click(&w, &format!("{row} [data-testid=cancel-order]")).await;
    w.find(&format!("#confirm-cancel-{id}[role=dialog]")).await;
    click(&w, &format!("#confirm-cancel-{id}-confirm")).await;
    w.wait_text("[data-testid=orders-notice]", "Canceled").await;
    assert_eq!(count(&w, "DELETE", &id), 1, "exactly one cancel sent");
    let order = api(&w)
        .order(&OrderId::new(id.clone()))
        .await
        .expect("order");
    assert_eq!(order.status.unwrap().as_str(), "canceled");
    let after = balance(&w, "EUR").await;
    assert_eq!(
        (after.available, after.locked),
        (before.available, before.locked)
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_market_buy_fills_and_shows_in_trades_and_balances_with_its_fee() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.goto("/market?pair=ETH-EUR").await;
    mid(&w).await;
    w.server.clear_requests();
    click(&w, "#order-side-buy").await;
    choose(&w, "#order-type", "Market").await;
    click(&w, "#order-mode-amount").await;
    fill(&w, "#order-size", "100.00").await;
    let id = review_and_place(&w).await;
    assert_eq!(posts_of_orders(&w), 1);

    let query = TradesQuery {
        order_id: Some(OrderId::new(id.clone())),
        ..TradesQuery::default()
    };
    let trades = api(&w).trades(&query).await.expect("trades").data;
    assert!(!trades.is_empty(), "the market order filled");
    w.goto(&format!("/market/trades?order={id}")).await;
    for t in &trades {
        let row = format!("[data-testid=trade-row][data-trade-id='{}']", t.id);
        let fee = t.fee.as_ref().and_then(|f| f.amount).expect("a fee");
        assert!(fee > Decimal::ZERO);
        assert_eq!(value(&w, &format!("{row} .fee")).await, fee);
        assert_eq!(
            value(&w, &format!("{row} td:nth-child(5)")).await,
            t.quantity.unwrap()
        );
    }
    let first = format!("[data-testid=trade-row][data-trade-id='{}']", trades[0].id);
    click(&w, &format!("{first} [data-testid=trade-details]")).await;
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
        value(&w, "[data-testid=balance-row][data-symbol=ETH] .available").await,
        eth.available
    );
    w.wait_text("#current-tier", "fee").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_orders_get_a_message_at_the_field_and_send_nothing() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.goto("/market?pair=BTC-EUR").await;
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
        click(&w, "#review-order").await;
        w.wait_text(at, message).await;
        let dialog = w
            .js("return document.getElementById('confirm-order') !== null;")
            .await;
        assert_eq!(dialog, Value::Bool(false), "no review for {size} @ {price}");
    }
    // A sell beyond the BTC balance.
    order_form(&w, "sell", "Limit", "5", Some(&m.to_string())).await;
    click(&w, "#review-order").await;
    w.wait_text("#order-size-error", "BTC are available").await;
    assert_eq!(
        posts_of_orders(&w),
        0,
        "nothing was sent: {:?}",
        w.server.requests()
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_limit_price_far_from_the_market_must_be_acknowledged() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.goto("/market?pair=BTC-EUR").await;
    let far = (mid(&w).await * Decimal::new(5, 1)).round_dp(0);
    w.server.clear_requests();
    order_form(&w, "buy", "Limit", "0.001", Some(&far.to_string())).await;
    click(&w, "#review-order").await;
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
    assert_eq!(posts_of_orders(&w), 0);
    click(&w, "#fat-finger-ack").await;
    click(&w, "#confirm-order-confirm").await;
    w.find("#order-result[data-order-id]").await;
    assert_eq!(posts_of_orders(&w), 1);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn order_filters_live_in_the_url_and_paging_shows_every_order_once() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.goto("/market/orders?size=10").await;
    let expected = all_orders(&w, OrdersQuery::default()).await;
    assert!(expected.len() > 20, "several pages: {}", expected.len());
    load_every_page(&w).await;
    let ids = order_ids_on_screen(&w).await;
    let unique: HashSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "no order twice");
    let want: Vec<String> = expected.iter().map(|o| o.id.to_string()).collect();
    assert_eq!(ids, want, "every order once, newest first");
    let pages = count(&w, "GET", ORDERS_PATH);
    assert!(
        pages >= expected.len() / 10,
        "paged by 10: {pages} requests"
    );

    choose(&w, "#filter-status", "closed").await;
    w.wait_js_true("location.search.includes('status=closed')")
        .await;
    click(&w, "#filter-pair-btc-eur").await;
    w.wait_js_true("location.search.includes('pair=BTC-EUR')")
        .await;
    let closed_btc = all_orders(
        &w,
        OrdersQuery {
            status: Some(folio_client::exchange::StatusFilter::Closed),
            pairs: vec!["BTC-EUR".into()],
            ..OrdersQuery::default()
        },
    )
    .await;
    load_every_page(&w).await;
    let want: Vec<String> = closed_btc.iter().map(|o| o.id.to_string()).collect();
    let mut shown = Vec::new();
    for _ in 0..50 {
        shown = order_ids_on_screen(&w).await;
        if shown == want {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(
        shown, want,
        "the filtered list is the sandbox's closed BTC-EUR orders"
    );
    assert!(want.len() < expected.len());

    // A reload keeps the filters.
    let url = w.url().await;
    w.browser.refresh().await.expect("reloads");
    w.find("#orders-complete").await;
    assert_eq!(w.url().await, url);
    let status = w
        .js("return document.getElementById('filter-status').value;")
        .await;
    assert_eq!(status, Value::String("closed".into()));
    let checked = w
        .js("return document.getElementById('filter-pair-btc-eur').checked;")
        .await;
    assert_eq!(checked, Value::Bool(true));
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_book_level_fills_the_price_and_the_interval_is_in_the_url() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.goto("/market?pair=ETH-EUR").await;
    w.find("#book-bids .book-price").await;
    choose(&w, "#order-type", "Market").await;
    let price = w
        .js("const b = document.querySelector('#book-asks tr:last-child .book-price'); b.click(); return b.dataset.price;")
        .await;
    let price = price.as_str().unwrap().to_string();
    w.wait_js_true(&format!(
        "document.getElementById('order-limit-price') && document.getElementById('order-limit-price').value === '{price}'"
    ))
    .await;
    let kind = w
        .js("return document.getElementById('order-type').value;")
        .await;
    assert_eq!(
        kind,
        Value::String("Limit".into()),
        "a book price makes a limit order"
    );
    assert!(w.text("#book-spread").await.contains("Spread"));

    choose(&w, "#candle-interval", "15m").await;
    w.wait_js_true("location.search.includes('interval=15m')")
        .await;
    w.wait_js_true("document.querySelectorAll('[data-testid=candle-row]').length === 48")
        .await;
    let absent = w
        .js("return document.getElementById('clock-skew') === null;")
        .await;
    assert_eq!(
        absent,
        Value::Bool(true),
        "no clock warning when the clocks agree"
    );
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_sees_the_market_and_a_skewed_clock_is_flagged() {
    let skewed = folio_sandbox::Config {
        now: Some(chrono::Utc::now() - chrono::Duration::hours(1)),
        ..config()
    };
    let w = start_with(skewed, 360, 740).await;
    w.connect(FULL_KEY).await;
    w.goto("/market?pair=BTC-EUR").await;
    w.wait_text("#clock-skew", "ahead of the exchange").await;
    w.find("#book-bids .book-price").await;
    mid(&w).await;
    let width = w.js("return document.documentElement.scrollWidth;").await;
    assert!(
        width.as_u64().unwrap() <= 360,
        "no sideways scrolling: {width}"
    );
    w.screenshot("exchange-market-360").await;
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_key_is_told_it_cannot_trade_and_nothing_is_placed() {
    let w = start().await;
    w.connect(crate::support::READ_KEY).await;
    w.goto("/market?pair=BTC-EUR").await;
    let price = (mid(&w).await * Decimal::new(95, 2)).round_dp(0);
    let before = all_orders(&w, OrdersQuery::default()).await.len();
    order_form(&w, "buy", "Limit", "0.01", Some(&price.to_string())).await;
    click(&w, "#review-order").await;
    click(&w, "#confirm-order-confirm").await;
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
