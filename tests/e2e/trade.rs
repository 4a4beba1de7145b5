//! Trade: quotes and accepts with the sandbox's request log as the witness — receipt figures
//! equal the ledger's trade; one accept whatever the clicks, keys or latency; expired,
//! insufficient and over-budget accepts change nothing; invalid amounts send nothing.

use std::time::Duration;

use folio_client::current::LimitsRequest;
use folio_client::{CurrencyId, QuoteId};
use folio_sandbox::{Config, Fault};
use rust_decimal::Decimal;

use crate::money_moves::*;
use crate::support::{config, figure, slow_network, World, DESKTOP, FULL_KEY};

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buy_by_notional_and_sell_by_quantity_match_the_sandbox() {
    let w = World::signed_in(FULL_KEY, "/trade").await;
    let btc = asset_id(&w, "BTC");
    let (before, _) = holding(&w, "BTC");
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    w.wait_text("#quote-countdown", "Expires in").await;
    w.assert_accessible("the quote").await;
    w.screenshot("trade-quote-1280").await;
    open_accept_dialog(&w).await;
    w.wait_text("#confirm-accept", "Buy").await;
    // The dialog opens with focus on Cancel (the safe choice) and keeps Tab inside.
    w.wait_js_true("document.activeElement.id === 'confirm-accept-cancel'")
        .await;
    w.click("#confirm-accept-confirm").await;
    w.find("[data-testid=receipt]").await;
    // Focus moves from the closed dialog to the receipt's heading.
    w.wait_js_true("document.activeElement && document.activeElement.id === 'receipt-title'")
        .await;
    w.screenshot("trade-receipt-1280").await;

    let ops = operations_of(&w, &btc).await;
    let op = &ops[0];
    assert_eq!(op.operation_type.as_ref().map(|t| t.as_str()), Some("buy"));
    let leg = op
        .transactions
        .iter()
        .find(|t| t.asset_id.is_some())
        .unwrap();
    let fiat = op
        .transactions
        .iter()
        .find(|t| t.currency_id.is_some())
        .unwrap();
    let trade = leg.trade.clone().unwrap();
    assert_eq!(
        w.value("#receipt-quantity").await,
        leg.asset_amount.clone().unwrap().value
    );
    assert_eq!(w.value("#receipt-notional").await, d("25.00"));
    assert_eq!(
        w.value("#receipt-notional").await,
        fiat.asset_amount.clone().unwrap().value
    );
    assert_eq!(w.value("#receipt-fee").await, trade.fee.unwrap().value);
    assert_eq!(w.value("#receipt-price").await, trade.rate.unwrap());
    assert_eq!(
        w.value("#receipt-price-with-fee").await,
        trade.rate_with_fee.unwrap()
    );
    let trade_id = trade.trade_id.unwrap().to_string();
    assert_eq!(w.text("#receipt-trade-id").await, trade_id);
    let href = w
        .find("#receipt-operations-link")
        .await
        .attr("href")
        .await
        .unwrap()
        .unwrap();
    assert!(
        href.starts_with("/operations?asset=BTC") && href.contains(&trade_id),
        "{href}"
    );
    let bought = leg.asset_amount.clone().unwrap().value;
    assert_eq!(holding(&w, "BTC").0, before + bought);
    assert_eq!(w.sent("POST", "/accept"), 1);

    // Sell by quantity, picking the asset from the holdings list.
    w.click("#another-trade").await;
    w.choose("#held-asset", &btc).await;
    w.wait_text("#picked-asset", "BTC").await;
    w.click("#side-sell").await;
    w.click("#unit-quantity").await;
    w.fill("#trade-amount", "0.0001").await;
    quote(&w).await;
    assert_eq!(w.value("#quote-quantity").await, d("0.0001"));
    accept(&w).await;
    w.find("[data-testid=receipt]").await;
    assert_eq!(w.value("#receipt-quantity").await, d("0.0001"));
    let ops = operations_of(&w, &btc).await;
    assert_eq!(
        ops[0].operation_type.as_ref().map(|t| t.as_str()),
        Some("sell")
    );
    let fiat = ops[0]
        .transactions
        .iter()
        .find(|t| t.currency_id.is_some())
        .unwrap();
    assert_eq!(
        w.value("#receipt-notional").await,
        fiat.asset_amount.clone().unwrap().value
    );
    assert_eq!(holding(&w, "BTC").0, before + bought - d("0.0001"));
    // The portfolio shows the new balance.
    w.goto("/").await;
    let shown = w.text("[data-asset-symbol='BTC'] .balance").await;
    assert_eq!(figure(&shown), before + bought - d("0.0001"));
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn double_click_and_enter_held_down_send_one_accept() {
    let w = World::signed_in(FULL_KEY, "/trade").await;
    order(&w, "ETH", "buy", "notional", "10.00").await;
    quote(&w).await;
    open_accept_dialog(&w).await;
    // Two clicks in the same task (no chance for the DOM to update) and a dblclick.
    w.js(
        "const b = document.querySelector('#confirm-accept-confirm'); b.click(); b.click(); \
          b.dispatchEvent(new MouseEvent('dblclick', {bubbles: true})); b.click(); return true;",
    )
    .await;
    w.find("[data-testid=receipt]").await;
    assert_eq!(w.sent("POST", "/accept"), 1, "double click");

    w.click("#another-trade").await;
    w.fill("#trade-amount", "10.00").await;
    quote(&w).await;
    w.click("#accept-quote").await;
    let confirm = w.find("#confirm-accept-confirm").await;
    w.js("document.querySelector('#confirm-accept-confirm').focus(); return true;")
        .await;
    // Enter held down: the key repeats.
    confirm.send_keys(&"\u{E007}".repeat(12)).await.ok();
    w.find("[data-testid=receipt]").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(w.sent("POST", "/accept"), 2, "one accept per quote");
    assert_eq!(w.sent("POST", "/quotes"), 4, "two quotes + two accepts");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_network_still_sends_one_accept() {
    let w = World::signed_in_with(slow_network(1500), DESKTOP, FULL_KEY, "/trade").await;
    order(&w, "ETH", "buy", "notional", "10.00").await;
    quote(&w).await;
    open_accept_dialog(&w).await;
    w.js(
        "const b = document.querySelector('#confirm-accept-confirm'); b.click(); \
          setTimeout(() => b.click(), 200); setTimeout(() => b.click(), 700); return true;",
    )
    .await;
    w.wait_text("#confirm-accept-confirm", "Sending").await;
    w.find("[data-testid=receipt]").await;
    assert_eq!(w.sent("POST", "/accept"), 1);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_quotes_are_not_traded() {
    let mut cfg = config();
    cfg.quote_ttl_secs = 3;
    let w = World::signed_in_with(cfg, DESKTOP, FULL_KEY, "/trade").await;
    let ops = w.server.ledger().operations_count();
    order(&w, "ETH", "buy", "notional", "10.00").await;
    quote(&w).await;
    // The countdown runs out on screen: Accept is gone, nothing is sent.
    w.wait_text("[data-testid=quote-expired]", "expired").await;
    assert!(w
        .find("#accept-quote")
        .await
        .attr("disabled")
        .await
        .unwrap()
        .is_some());
    // A fresh quote, expired on the server's clock before it is accepted.
    w.click("#new-quote").await;
    w.wait_text("#quote-countdown", "Expires in").await;
    w.server.advance_clock(Duration::from_secs(10));
    accept(&w).await;
    w.wait_text("[data-testid=trade-refused]", "expired").await;
    w.find("#refused-new-quote").await;
    assert_eq!(w.sent("POST", "/accept"), 1);
    assert_eq!(w.server.ledger().operations_count(), ops, "no trade");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn insufficient_funds_over_budget_and_lost_answers() {
    let w = World::signed_in(FULL_KEY, "/trade").await;
    let ops = w.server.ledger().operations_count();
    order(&w, "BTC", "buy", "quantity", "1000").await;
    quote(&w).await;
    accept(&w).await;
    w.wait_text("[data-testid=trade-refused]", "not enough funds")
        .await;
    assert_eq!(w.server.ledger().operations_count(), ops);

    // Over budget: limits set elsewhere; the page shows the budget beside the form.
    let limits = LimitsRequest {
        buy_limit: d("5"),
        sell_limit: d("5"),
        currency_id: CurrencyId::eur(),
    };
    w.api()
        .current()
        .set_trading_limits(&limits)
        .await
        .expect("limits set");
    w.goto("/trade").await;
    w.wait_text("[data-testid=buy-budget]", "5.00").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    accept(&w).await;
    w.wait_text("[data-testid=trade-refused]", "daily budget")
        .await;
    assert_eq!(w.server.ledger().operations_count(), ops);

    // The answer is lost: outcome unknown and nothing is re-sent by itself. Meanwhile the
    // quote was accepted (as if the first accept had gone through): "Check" accepts the same
    // quote again, the service refuses a second accept, and the page says the trade happened
    // — exactly one trade.
    w.click("#change-amount").await;
    w.fill("#trade-amount", "2.00").await;
    quote(&w).await;
    let quote_id = w
        .find("[data-testid=quote-card]")
        .await
        .attr("data-quote-id")
        .await
        .unwrap()
        .expect("quote id");
    w.server.inject(Fault::new("/accept", 500));
    accept(&w).await;
    w.find("[data-testid=outcome-unknown]").await;
    assert_eq!(w.sent("POST", "/accept"), 3);
    w.api()
        .current()
        .accept_quote(&QuoteId::new(quote_id))
        .await
        .expect("accepted elsewhere");
    w.click("#check-trade").await;
    w.wait_text("[data-testid=check-found]", "already accepted")
        .await;
    assert_eq!(w.sent("POST", "/accept"), 5);
    assert_eq!(w.server.ledger().operations_count(), ops + 1);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_amounts_show_a_message_and_send_nothing() {
    let w = World::signed_in(FULL_KEY, "/trade").await;
    order(&w, "BTC", "buy", "notional", "0").await;
    let cases = [
        ("notional", "0", "greater than zero"),
        ("notional", "-5", "greater than zero"),
        ("notional", "abc", "Enter a number"),
        ("notional", "10.123", "at most 2 decimals"),
        ("quantity", "0.000000001", "at most 8 decimals"),
    ];
    for (unit, amount, message) in cases {
        w.click(&format!("#unit-{unit}")).await;
        w.fill("#trade-amount", amount).await;
        w.click("#get-quote").await;
        w.wait_text("[data-testid=amount-error]", message).await;
    }
    w.click("#side-sell").await;
    w.fill("#trade-amount", "1000").await;
    w.click("#get-quote").await;
    w.wait_text("[data-testid=amount-error]", "more than").await;
    assert_eq!(w.sent("POST", "/quotes"), 0, "{:?}", w.writes());
    w.close().await;
}

/// The part of the page that reads prices and asks for quotes (and shows them) cannot be
/// downloaded: the chosen asset shows without a price, and "Get quote" says so next to the
/// form and sends nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quote_part_that_cannot_be_downloaded_sends_nothing() {
    let config = Config {
        faults: vec![Fault {
            times: 1000,
            ..Fault::new("split_trade_quote", 503)
        }],
        ..config()
    };
    let w = World::signed_in_with(config, DESKTOP, FULL_KEY, "/trade").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    w.wait_text("#ticker-price", "not available").await;
    w.click("#get-quote").await;
    w.wait_text(
        "[data-testid=quote-error]",
        "part of Folio did not download",
    )
    .await;
    assert_eq!(w.sent("POST", "/quotes"), 0, "{:?}", w.writes());
    w.assert_no_page_error().await;
    w.close().await;
}
