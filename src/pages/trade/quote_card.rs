//! The quote on screen: price, price with premium, premium, quantity, notional and a live
//! countdown to its expiry; "New quote", "Change order", and "Accept" behind a confirmation
//! dialog that restates the trade. The accept itself is sent once ([`super::flow`]).

use folio_client::current::{Quote, QuoteFigures, Side};
use leptos::prelude::*;

use super::flow::{use_trade, Stage, TradeData};
use crate::components::{ConfirmDialog, MoneyButton};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::format::{format_amount, format_fiat_with_unit, or_missing};
use crate::i18n::{t, tf};
use crate::pages::trade::countdown::{format_countdown, use_countdown};

/// The card, while a quote is open or being accepted.
#[component]
pub fn QuoteCard(data: TradeData) -> impl IntoView {
    let ctx = use_trade();
    let current = Memo::new(move |_| match ctx.stage.get() {
        Stage::Quoted(q) | Stage::Accepting(q) => Some(q),
        _ => None,
    });
    move || {
        current
            .get()
            .map(|q| view! { <QuoteView quote=q data=data.clone() /> })
    }
}

/// What a quote means in words: "Buy 0.00026546 BTC for 25.00 EUR".
fn restate(side: &Side, f: &QuoteFigures, symbol: &str, fiat: &str) -> String {
    let qty = or_missing(f.quantity, format_amount);
    let notional = or_missing(f.notional, |n| format_fiat_with_unit(n, Some(fiat)));
    match side {
        Side::Sell => tf(
            "Sell {quantity} {asset} and receive {amount}",
            &[("quantity", &qty), ("asset", symbol), ("amount", &notional)],
        ),
        _ => tf(
            "Buy {quantity} {asset} for {amount}",
            &[("quantity", &qty), ("asset", symbol), ("amount", &notional)],
        ),
    }
}

#[component]
fn QuoteView(quote: Quote, data: TradeData) -> impl IntoView {
    let ctx = use_trade();
    let session = use_session();
    let settings = use_settings();
    let figures = quote.quote.clone().unwrap_or(QuoteFigures {
        price: None,
        price_with_premium: None,
        premium: None,
        quantity: None,
        notional: None,
        expires_at: None,
        to_euro_rate: None,
    });
    let countdown = use_countdown(figures.expires_at);
    let expired = countdown.expired;
    let fiat = data.code_of(quote.currency_id.as_ref());
    // The quoted asset, never the picker's current choice.
    let symbol = ctx.quoted_symbol(&quote);
    let side = quote.side.clone().unwrap_or(Side::Buy);
    let summary = restate(&side, &figures, &symbol, &fiat);
    let money = |v| or_missing(v, |n| format_fiat_with_unit(n, Some(&fiat)));
    let per_unit = |v| or_missing(v, |p| format!("{} {fiat}", format_amount(p)));
    let rows = [
        (
            t("Price"),
            "quote-price",
            per_unit(figures.price),
            figures.price,
        ),
        (
            t("Price incl. premium"),
            "quote-price-with-premium",
            per_unit(figures.price_with_premium),
            figures.price_with_premium,
        ),
        (
            t("Premium (fee)"),
            "quote-premium",
            money(figures.premium),
            figures.premium,
        ),
        (
            t("Quantity"),
            "quote-quantity",
            or_missing(figures.quantity, |q| {
                format!("{} {symbol}", format_amount(q))
            }),
            figures.quantity,
        ),
        (
            if side == Side::Sell {
                t("You receive")
            } else {
                t("You pay")
            },
            "quote-notional",
            money(figures.notional),
            figures.notional,
        ),
    ];
    let table = rows
        .into_iter()
        .map(|(label, id, text, value)| view! {
            <div class="figure-row"><dt>{label}</dt><dd id=id data-value=value.map(|v| v.to_string())>{text}</dd></div>
        })
        .collect_view();
    let timer = move || match countdown.seconds_left.get() {
        Some(0) => t("Expired").to_string(),
        Some(s) => tf("Expires in {time}", &[("time", &format_countdown(s))]),
        None => t("No expiry given").to_string(),
    };
    let client = move || session.client(settings);
    let accept = Callback::new(move |()| ctx.accept(client()));
    let new_quote = Callback::new(move |()| ctx.new_quote(client()));
    let accepting = ctx.accepting;
    let dialog_summary = summary.clone();
    let confirm_label = if side == Side::Sell {
        t("Sell now")
    } else {
        t("Buy now")
    };
    view! {
        <section class="card quote-card" aria-labelledby="quote-title" data-testid="quote-card" data-quote-id=quote.quote_id.to_string()>
            <div class="quote-head">
                <h2 id="quote-title">{t("Quote")}</h2>
                <p class="countdown" role="timer" id="quote-countdown" class:expired=move || expired.get()>{timer}</p>
            </div>
            <p class="quote-summary">{summary}</p>
            <dl class="figures-list">{table}</dl>
            <Show when=move || expired.get()>
                <p class="notice" role="status" data-testid="quote-expired">
                    {t("This quote has expired, so it can no longer be accepted. Get a new quote for today's price.")}
                </p>
            </Show>
            <div class="form-actions button-row">
                <button type="button" class="button button-primary" id="accept-quote"
                    disabled=move || expired.get() || accepting.pending()
                    on:click=move |_| { if !expired.get_untracked() { ctx.confirm_open.set(true); } }>
                    {t("Accept…")}
                </button>
                <MoneyButton guard=ctx.quoting id="new-quote" label=t("New quote") pending_label=t("Getting a quote…")
                    class="new-quote" on_click=new_quote blocked=Signal::derive(move || accepting.pending()) />
                <button type="button" class="button button-quiet" id="change-order"
                    disabled=move || accepting.pending() on:click=move |_| ctx.start_over()>
                    {t("Change order")}
                </button>
            </div>
            <ConfirmDialog open=ctx.confirm_open id="confirm-accept" title=t("Confirm the trade")
                confirm_label=confirm_label pending_label=t("Sending…") guard=accepting on_confirm=accept
                blocked=expired>
                <p class="dialog-summary">{dialog_summary.clone()}</p>
                <p>{t("This happens at once and cannot be undone. The request is sent once, even if you press again.")}</p>
                <Show when=move || expired.get()>
                    <p class="field-error" role="alert">{t("The quote has expired; cancel and get a new quote.")}</p>
                </Show>
            </ConfirmDialog>
        </section>
    }
}
