//! Exchange lists and market view in the browser: order filters land in the URL and survive
//! a reload, paging shows every order exactly once (the sandbox's list as witness), a book
//! level fills the order form's price, the candle interval is in the URL, the candles have
//! labelled price and time axes and a crosshair (keys and pointer), the book's depth chart
//! names the table's totals, and the market fits a phone and flags a skewed clock.

use std::collections::HashSet;

use folio_client::exchange::OrdersQuery;
use serde_json::Value;

use crate::exchange::{all_orders, mid, ORDERS_PATH};
use crate::support::{config, World, FULL_KEY, PHONE};

/// The ids of the order rows on screen, in order.
async fn order_ids_on_screen(w: &World) -> Vec<String> {
    let v = w
        .js("return JSON.stringify([...document.querySelectorAll('[data-testid=order-row]')].map(r => r.dataset.orderId));")
        .await;
    serde_json::from_str(v.as_str().unwrap_or("[]")).unwrap()
}

/// The candle chart's price labels (bottom to top, with their heights) and visible time
/// labels, each with whether it lies inside the chart, and the lowest low and highest high
/// of the candles' table.
const CANDLE_AXES: &str = r#"
const plot = document.querySelector('.candles .chart-plot').getBoundingClientRect();
const inside = (e) => { const r = e.getBoundingClientRect(); return r.left >= plot.left - 0.5 && r.right <= plot.right + 0.5; };
const shown = (sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null);
const num = (t) => Number(t.replaceAll(',', ''));
const prices = shown('[data-testid=candle-price-axis] span')
  .map(e => ({ price: num(e.textContent), top: e.getBoundingClientRect().top, inside: inside(e) }));
const times = shown('[data-testid=candle-time-axis] span').map(e => ({ text: e.textContent, inside: inside(e) }));
const rows = [...document.querySelectorAll('#candles-table tbody tr')].map(r => [...r.cells].map(c => num(c.textContent)));
return { prices, times, low: Math.min(...rows.map(r => r[3])), high: Math.max(...rows.map(r => r[2])) };
"#;

/// Checks the candle chart's axes: a few ascending prices within the candles' range, higher
/// up the higher they are, and `times` time labels, all inside the chart.
async fn assert_candle_axes(w: &World, times: usize) {
    let axes = w.js(CANDLE_AXES).await;
    let prices = axes["prices"].as_array().expect("price labels");
    assert!(prices.len() >= 2, "{axes}");
    let (low, high) = (
        axes["low"].as_f64().unwrap(),
        axes["high"].as_f64().unwrap(),
    );
    for pair in prices.windows(2) {
        assert!(
            pair[0]["price"].as_f64() < pair[1]["price"].as_f64(),
            "{axes}"
        );
        assert!(pair[0]["top"].as_f64() > pair[1]["top"].as_f64(), "{axes}");
    }
    for p in prices {
        let price = p["price"].as_f64().unwrap();
        assert!(
            (low..=high).contains(&price),
            "{price} outside {low}..{high}"
        );
    }
    let shown = axes["times"].as_array().expect("time labels");
    assert_eq!(shown.len(), times, "{axes}");
    for label in prices.iter().chain(shown) {
        assert_eq!(label["inside"], true, "inside the chart: {label}");
    }
}

/// Presses "Load more" until the list says every order is loaded.
async fn load_every_page(w: &World) {
    for _ in 0..40 {
        let state = w
            .js("return document.querySelector('#orders-list-status[data-complete=true]') ? 'done' : (document.getElementById('orders-load-more') ? 'more' : 'busy');")
            .await;
        match state.as_str() {
            Some("done") => return,
            Some("more") => w.click("#orders-load-more").await,
            _ => {}
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    panic!("the order list never finished loading");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn order_filters_live_in_the_url_and_paging_shows_every_order_once() {
    let w = World::signed_in(FULL_KEY, "/market/orders?size=10").await;
    let expected = all_orders(&w, OrdersQuery::default()).await;
    assert!(expected.len() > 20, "several pages: {}", expected.len());
    load_every_page(&w).await;
    let ids = order_ids_on_screen(&w).await;
    let unique: HashSet<&String> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "no order twice");
    let want: Vec<String> = expected.iter().map(|o| o.id.to_string()).collect();
    assert_eq!(ids, want, "every order once, newest first");
    let pages = w.sent("GET", ORDERS_PATH);
    assert!(
        pages >= expected.len() / 10,
        "paged by 10: {pages} requests"
    );

    w.choose("#filter-status", "closed").await;
    w.wait_js_true("location.search.includes('status=closed')")
        .await;
    w.click("#filter-pair-btc-eur").await;
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
    w.find("#orders-list-status[data-complete=true]").await;
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
    let w = World::signed_in(FULL_KEY, "/market?pair=ETH-EUR").await;
    w.find("#book-bids .book-price").await;
    w.choose("#order-type", "Market").await;
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
    assert_depth_chart(&w).await;

    w.choose("#candle-interval", "15m").await;
    w.wait_js_true("location.search.includes('interval=15m')")
        .await;
    w.wait_js_true("document.querySelectorAll('[data-testid=candle-row]').length === 48")
        .await;
    assert_candle_axes(&w, 5).await;
    assert_candle_crosshair(&w).await;
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

/// The depth chart draws both sides, and its label names the totals the book table shows at
/// its deepest levels (the last bid, the top ask).
async fn assert_depth_chart(w: &World) {
    let seen = w
        .js("const d = p => document.querySelector(`[data-testid=depth-chart] .depth-${p}`).getAttribute('d');\
             const bids = document.querySelectorAll('#book-bids tr');\
             return [document.querySelector('[data-testid=depth-chart]').getAttribute('aria-label'),\
                     d('bids'), d('asks'),\
                     bids[bids.length - 1].cells[2].textContent.trim(),\
                     document.querySelector('#book-asks tr').cells[2].textContent.trim()];")
        .await;
    let label = seen[0].as_str().unwrap_or_default();
    for (i, side) in [(1, "bids"), (2, "asks")] {
        assert!(
            seen[i]
                .as_str()
                .is_some_and(|d| d.starts_with('M') && d.ends_with('Z')),
            "the {side} are not drawn: {seen}"
        );
    }
    w.js("document.querySelector('[data-testid=depth-chart]').scrollIntoView(); return true;")
        .await;
    w.screenshot("market-depth-1280").await;
    let (bids, asks) = (seen[3].as_str().unwrap(), seen[4].as_str().unwrap());
    assert!(
        label.starts_with(&format!("Depth chart: {bids} waiting to be bought"))
            && label.contains(&format!(", {asks} to be sold")),
        "{label:?} does not name the totals {bids} and {asks}"
    );
}

/// The candles' crosshair: with the chart focused, the first arrow press reads the newest
/// candle (the table's first row), the next one the candle before; a pointer on the chart's
/// left edge reads the oldest.
async fn assert_candle_crosshair(w: &World) {
    let row = |n: usize| {
        format!("return [...document.querySelectorAll('#candles-table tbody tr')[{n}].cells].map(c => c.textContent);")
    };
    let readout = || w.text("[data-testid=candle-readout]");
    w.js("document.querySelector('[data-testid=candle-chart]').focus(); return true;")
        .await;
    for n in 0..2 {
        w.press_keys(&char::from(fantoccini::key::Key::Left).to_string())
            .await;
        let cells = w.js(&row(n)).await;
        let (start, close) = (cells[0].as_str().unwrap(), cells[4].as_str().unwrap());
        let expected = format!("{start} · Open");
        let text = readout().await;
        assert!(
            text.starts_with(&expected) && text.contains(&format!("Close {close}")),
            "row {n}: {text:?} reads another candle than {cells}"
        );
    }
    w.js("document.querySelector('[data-testid=candle-chart]').scrollIntoView(); return true;")
        .await;
    w.screenshot("candles-crosshair-1280").await;
    w.js("const svg = document.querySelector('.candle-chart'); const r = svg.getBoundingClientRect();\
          svg.dispatchEvent(new PointerEvent('pointermove', { clientX: r.left + 1, clientY: r.top + r.height / 2, bubbles: true }));\
          return true;")
        .await;
    let oldest = w
        .js("const rows = document.querySelectorAll('#candles-table tbody tr'); return rows[rows.length - 1].cells[0].textContent;")
        .await;
    let text = readout().await;
    assert!(
        text.starts_with(oldest.as_str().unwrap()),
        "the left edge reads {text:?}, not the oldest candle {oldest}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_sees_the_market_and_a_skewed_clock_is_flagged() {
    let skewed = folio_sandbox::Config {
        now: Some(chrono::Utc::now() - chrono::Duration::hours(1)),
        ..config()
    };
    let w = World::signed_in_with(skewed, PHONE, FULL_KEY, "/market?pair=BTC-EUR").await;
    w.wait_text("#clock-skew", "ahead of the exchange").await;
    w.find("#book-bids .book-price").await;
    mid(&w).await;
    w.wait_js_true("document.querySelectorAll('[data-testid=candle-row]').length > 1")
        .await;
    assert_candle_axes(&w, 3).await;
    w.assert_fits_width("the market").await;
    w.screenshot("exchange-market-360").await;
    w.close().await;
}
