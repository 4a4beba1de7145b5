//! Trade: quotes and accepts with the sandbox's request log as the witness — receipt figures
//! equal the ledger's trade; one accept whatever the clicks, keys or latency; expired,
//! insufficient and over-budget accepts change nothing; invalid amounts send nothing.

use std::time::Duration;

use folio_client::current::LimitsRequest;
use folio_client::{CurrencyId, QuoteId};
use folio_sandbox::Fault;
use rust_decimal::Decimal;

use crate::money::*;
use crate::support::{config, figure, start, start_with, FULL_KEY};

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buy_by_notional_and_sell_by_quantity_match_the_sandbox() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    let btc = asset_id(&w, "BTC");
    let (before, _) = holding(&w, "BTC");
    w.goto("/trade").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    w.wait_text("#quote-countdown", "Expires in").await;
    let violations = w.axe_violations().await;
    assert!(violations.is_empty(), "axe on the quote: {violations:#?}");
    w.screenshot("trade-quote-1280").await;
    click(&w, "#accept-quote").await;
    w.find("#confirm-accept[role=dialog]").await;
    w.wait_text("#confirm-accept", "Buy").await;
    // The dialog opens with focus on Cancel (the safe choice) and keeps Tab inside.
    w.wait_js_true("document.activeElement.id === 'confirm-accept-cancel'")
        .await;
    click(&w, "#confirm-accept-confirm").await;
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
        value(&w, "#receipt-quantity").await,
        leg.asset_amount.clone().unwrap().value
    );
    assert_eq!(value(&w, "#receipt-notional").await, d("25.00"));
    assert_eq!(
        value(&w, "#receipt-notional").await,
        fiat.asset_amount.clone().unwrap().value
    );
    assert_eq!(value(&w, "#receipt-fee").await, trade.fee.unwrap().value);
    assert_eq!(value(&w, "#receipt-price").await, trade.rate.unwrap());
    assert_eq!(
        value(&w, "#receipt-price-with-fee").await,
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
    assert_eq!(count(&w, "POST", "/accept"), 1);

    // Sell by quantity, picking the asset from the holdings list.
    click(&w, "#another-trade").await;
    choose(&w, "#held-asset", &btc).await;
    w.wait_text("#picked-asset", "BTC").await;
    click(&w, "#side-sell").await;
    click(&w, "#unit-quantity").await;
    fill(&w, "#trade-amount", "0.0001").await;
    quote(&w).await;
    assert_eq!(value(&w, "#quote-quantity").await, d("0.0001"));
    click(&w, "#accept-quote").await;
    click(&w, "#confirm-accept-confirm").await;
    w.find("[data-testid=receipt]").await;
    assert_eq!(value(&w, "#receipt-quantity").await, d("0.0001"));
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
        value(&w, "#receipt-notional").await,
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
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    w.goto("/trade").await;
    order(&w, "ETH", "buy", "notional", "10.00").await;
    quote(&w).await;
    click(&w, "#accept-quote").await;
    w.find("#confirm-accept-confirm").await;
    // Two clicks in the same task (no chance for the DOM to update) and a dblclick.
    w.js(
        "const b = document.querySelector('#confirm-accept-confirm'); b.click(); b.click(); \
          b.dispatchEvent(new MouseEvent('dblclick', {bubbles: true})); b.click(); return true;",
    )
    .await;
    w.find("[data-testid=receipt]").await;
    assert_eq!(count(&w, "POST", "/accept"), 1, "double click");

    click(&w, "#another-trade").await;
    fill(&w, "#trade-amount", "10.00").await;
    quote(&w).await;
    click(&w, "#accept-quote").await;
    let confirm = w.find("#confirm-accept-confirm").await;
    w.js("document.querySelector('#confirm-accept-confirm').focus(); return true;")
        .await;
    // Enter held down: the key repeats.
    confirm.send_keys(&"\u{E007}".repeat(12)).await.ok();
    w.find("[data-testid=receipt]").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(count(&w, "POST", "/accept"), 2, "one accept per quote");
    assert_eq!(count(&w, "POST", "/quotes"), 4, "two quotes + two accepts");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_network_still_sends_one_accept() {
    let mut cfg = config();
    cfg.latency_ms = 1500;
    let w = start_with(cfg, 1280, 800).await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    w.goto("/trade").await;
    order(&w, "ETH", "buy", "notional", "10.00").await;
    quote(&w).await;
    click(&w, "#accept-quote").await;
    w.find("#confirm-accept-confirm").await;
    w.js(
        "const b = document.querySelector('#confirm-accept-confirm'); b.click(); \
          setTimeout(() => b.click(), 200); setTimeout(() => b.click(), 700); return true;",
    )
    .await;
    w.wait_text("#confirm-accept-confirm", "Sending").await;
    w.find("[data-testid=receipt]").await;
    assert_eq!(count(&w, "POST", "/accept"), 1);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_quotes_are_not_traded() {
    let mut cfg = config();
    cfg.quote_ttl_secs = 3;
    let w = start_with(cfg, 1280, 800).await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    let ops = w.server.ledger().operations_count();
    w.goto("/trade").await;
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
    click(&w, "#new-quote").await;
    w.wait_text("#quote-countdown", "Expires in").await;
    w.server.advance_clock(Duration::from_secs(10));
    click(&w, "#accept-quote").await;
    click(&w, "#confirm-accept-confirm").await;
    w.wait_text("[data-testid=trade-refused]", "expired").await;
    w.find("#refused-new-quote").await;
    assert_eq!(count(&w, "POST", "/accept"), 1);
    assert_eq!(w.server.ledger().operations_count(), ops, "no trade");
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn insufficient_funds_over_budget_and_lost_answers() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    let ops = w.server.ledger().operations_count();
    w.goto("/trade").await;
    order(&w, "BTC", "buy", "quantity", "1000").await;
    quote(&w).await;
    click(&w, "#accept-quote").await;
    click(&w, "#confirm-accept-confirm").await;
    w.wait_text("[data-testid=trade-refused]", "not enough funds")
        .await;
    assert_eq!(w.server.ledger().operations_count(), ops);

    // Over budget: limits set elsewhere; the page shows the budget beside the form.
    let limits = LimitsRequest {
        buy_limit: d("5"),
        sell_limit: d("5"),
        currency_id: CurrencyId::eur(),
    };
    api(&w)
        .current()
        .set_trading_limits(&limits)
        .await
        .expect("limits set");
    w.goto("/trade").await;
    w.wait_text("[data-testid=buy-budget]", "5.00").await;
    order(&w, "BTC", "buy", "notional", "25.00").await;
    quote(&w).await;
    click(&w, "#accept-quote").await;
    click(&w, "#confirm-accept-confirm").await;
    w.wait_text("[data-testid=trade-refused]", "daily budget")
        .await;
    assert_eq!(w.server.ledger().operations_count(), ops);

    // The answer is lost: outcome unknown and nothing is re-sent by itself. Meanwhile the
    // quote was accepted (as if the first accept had gone through): "Check" accepts the same
    // quote again, the service refuses a second accept, and the page says the trade happened
    // — exactly one trade.
    click(&w, "#change-amount").await;
    fill(&w, "#trade-amount", "2.00").await;
    quote(&w).await;
    let quote_id = w
        .find("[data-testid=quote-card]")
        .await
        .attr("data-quote-id")
        .await
        .unwrap()
        .expect("quote id");
    w.server.inject(Fault::new("/accept", 500));
    click(&w, "#accept-quote").await;
    click(&w, "#confirm-accept-confirm").await;
    w.find("[data-testid=outcome-unknown]").await;
    assert_eq!(count(&w, "POST", "/accept"), 3);
    api(&w)
        .current()
        .accept_quote(&QuoteId::new(quote_id))
        .await
        .expect("accepted elsewhere");
    click(&w, "#check-trade").await;
    w.wait_text("[data-testid=check-found]", "already accepted")
        .await;
    assert_eq!(count(&w, "POST", "/accept"), 5);
    assert_eq!(w.server.ledger().operations_count(), ops + 1);
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_amounts_show_a_message_and_send_nothing() {
    let w = start().await;
    w.connect(FULL_KEY).await;
    w.server.clear_requests();
    w.goto("/trade").await;
    order(&w, "BTC", "buy", "notional", "0").await;
    let cases = [
        ("notional", "0", "greater than zero"),
        ("notional", "-5", "greater than zero"),
        ("notional", "abc", "Enter a number"),
        ("notional", "10.123", "at most 2 decimals"),
        ("quantity", "0.000000001", "at most 8 decimals"),
    ];
    for (unit, amount, message) in cases {
        click(&w, &format!("#unit-{unit}")).await;
        fill(&w, "#trade-amount", amount).await;
        click(&w, "#get-quote").await;
        w.wait_text("[data-testid=amount-error]", message).await;
    }
    click(&w, "#side-sell").await;
    fill(&w, "#trade-amount", "1000").await;
    click(&w, "#get-quote").await;
    w.wait_text("[data-testid=amount-error]", "more than").await;
    assert!(
        posts(&w).iter().all(|p| !p.contains("/quotes")),
        "{:?}",
        posts(&w)
    );
    w.close().await;
}
