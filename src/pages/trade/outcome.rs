//! After an accept: the receipt (execution price, fee, quantity, notional, time, tax and
//! withholding, remaining budget) with a link to the operation; a refusal in plain words with
//! its next step; or, when the answer never came, "outcome unknown" with "Check", which sends
//! the accept of the same quote once more: the service refuses a second accept of a quote, so
//! the check tells whether the first went through and can never trade twice.

use folio_client::current::{AcceptedQuote, Quote};
use leptos::html;
use leptos::prelude::*;
use leptos_router::components::A;

use super::flow::{use_trade, CheckState, Stage, TradeData};
use crate::components::focus_when_shown;
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::format::{format_amount, format_datetime_zoned, format_fiat_with_unit, or_missing};
use crate::i18n::t;
use crate::pages::operations::filter::OperationsFilter;
use crate::pages::trade::ticket::NextStep;
use crate::url::{query_string, UrlState};

/// The Operations address showing this asset, narrowed to `text` (a trade id) when given.
fn operations_link(symbol: &str, text: Option<String>) -> String {
    let filter = OperationsFilter {
        asset: (!symbol.is_empty()).then(|| symbol.to_string()),
        text: text.unwrap_or_default(),
        ..OperationsFilter::default()
    };
    format!("/operations{}", query_string(&filter.to_query()))
}

#[component]
pub fn Outcome(data: TradeData) -> impl IntoView {
    let ctx = use_trade();
    let session = use_session();
    let settings = use_settings();
    // The asset of the quote itself, never the picker's current choice.
    let symbol = move || match ctx.stage.get_untracked() {
        Stage::Done(q, _) | Stage::Refused(q, _) | Stage::Unknown { quote: q, .. } => {
            ctx.quoted_symbol(&q)
        }
        _ => String::new(),
    };
    let another = move |_| ctx.start_over();
    let new_quote = move |_| ctx.new_quote(session.client(settings));
    move || {
        match ctx.stage.get() {
        Stage::Done(quote, accepted) => Some(view! {
            <Receipt quote=quote accepted=*accepted data=data.clone() symbol=symbol() />
            <p class="button-row"><button type="button" class="button" id="another-trade" on:click=another>{t("Make another trade")}</button></p>
        }.into_any()),
        Stage::Refused(_, refusal) => {
            let next = match refusal.next {
                NextStep::NewQuote => view! { <button type="button" class="button button-primary" id="refused-new-quote" on:click=new_quote>{t("Get a new quote")}</button> }.into_any(),
                NextStep::SeeOperations => view! { <A href={operations_link(&symbol(), None)} {..} class="button">{t("See Operations")}</A> }.into_any(),
                NextStep::ChangeAmount => view! { <button type="button" class="button button-primary" id="change-amount" on:click=another>{t("Change the amount")}</button> }.into_any(),
                NextStep::SeeLimits => view! {
                    <button type="button" class="button button-primary" id="change-amount" on:click=another>{t("Change the amount")}</button>
                    <A href="/limits" {..} class="button">{t("See limits")}</A>
                }.into_any(),
            };
            Some(view! {
                <section class="card outcome refused" aria-labelledby="refused-title">
                    <h2 id="refused-title" node_ref={focus_when_shown::<html::H2>()} tabindex="-1">{t("Not traded")}</h2>
                    <p class="form-error" role="alert" data-testid="trade-refused">{refusal.sentence}</p>
                    <p class="button-row">{next}</p>
                </section>
            }.into_any())
        }
        Stage::Unknown { check, .. } => Some(view! { <UnknownOutcome check=check symbol=symbol() /> }.into_any()),
        _ => None,
    }
    }
}

#[component]
fn UnknownOutcome(check: CheckState, symbol: String) -> impl IntoView {
    let ctx = use_trade();
    let session = use_session();
    let settings = use_settings();
    let checking = check == CheckState::Checking;
    let result = match check {
        CheckState::NotYet | CheckState::Checking => None,
        CheckState::AlreadyAccepted => Some(
            view! {
                <p class="success" role="status" data-testid="check-found">
                    {t("The trade went through: the service says this quote was already accepted. ")}
                    <A href=operations_link(&symbol, None)>{t("See it in Operations")}</A>
                </p>
            }
            .into_any(),
        ),
        CheckState::CannotTell(message) => Some(
            view! {
                <p class="field-error" role="alert" data-testid="check-cannot-tell">
                    {message} " " <A href=operations_link(&symbol, None)>{t("Open Operations")}</A>
                </p>
            }
            .into_any(),
        ),
    };
    view! {
        <section class="card outcome unknown" aria-labelledby="unknown-title" data-testid="outcome-unknown">
            <h2 id="unknown-title" node_ref={focus_when_shown::<html::H2>()} tabindex="-1">{t("Outcome unknown")}</h2>
            <p class="notice" role="alert">
                {t("The accept was sent, but no answer came back, so Folio cannot tell whether the trade happened. It will not be sent again by itself. “Check” asks the service to accept the same quote once more: if the trade went through, the service refuses; if it did not and the quote is still valid, the trade happens now — never twice.")}
            </p>
            <p class="button-row">
                <button type="button" class="button button-primary" id="check-trade" disabled=checking
                    on:click=move |_| ctx.check(session.client(settings))>
                    {if checking { t("Checking…") } else { t("Check: accept the same quote again") }}
                </button>
                <button type="button" class="button" id="another-trade" on:click=move |_| ctx.start_over()>{t("Start over")}</button>
            </p>
            {result}
        </section>
    }
}

#[component]
fn Receipt(
    quote: Quote,
    accepted: AcceptedQuote,
    data: TradeData,
    symbol: String,
) -> impl IntoView {
    let fiat = data.code_of(accepted.currency_id.as_ref().or(quote.currency_id.as_ref()));
    let e = accepted.execution.clone();
    let get = |f: fn(&folio_client::current::TradeExecution) -> Option<rust_decimal::Decimal>| {
        e.as_ref().and_then(f)
    };
    let money = |v| or_missing(v, |n| format_fiat_with_unit(n, Some(&fiat)));
    let per_unit = |v| or_missing(v, |p| format!("{} {fiat}", format_amount(p)));
    let tax = accepted.tax.clone();
    let withholding = match tax.as_ref().and_then(|t| t.pessimistic_withholding) {
        Some(true) => t("Yes (pessimistic)"),
        Some(false) => t("No"),
        None => "—",
    };
    let budget = accepted.trading_budget.as_ref().map(|b| {
        let unit = data.code_of(b.limit_currency_id.as_ref());
        (
            or_missing(b.buy_budget_remaining, |v| {
                format_fiat_with_unit(v, Some(&unit))
            }),
            or_missing(b.sell_budget_remaining, |v| {
                format_fiat_with_unit(v, Some(&unit))
            }),
        )
    });
    let rows = [
        (
            t("Execution price"),
            "receipt-price",
            per_unit(get(|x| x.price)),
            get(|x| x.price),
        ),
        (
            t("Price incl. fee"),
            "receipt-price-with-fee",
            per_unit(get(|x| x.price_with_fee)),
            get(|x| x.price_with_fee),
        ),
        (
            t("Fee"),
            "receipt-fee",
            money(get(|x| x.fee)),
            get(|x| x.fee),
        ),
        (
            t("Quantity"),
            "receipt-quantity",
            or_missing(get(|x| x.quantity), |q| {
                format!("{} {symbol}", format_amount(q))
            }),
            get(|x| x.quantity),
        ),
        (
            t("Notional"),
            "receipt-notional",
            money(get(|x| x.notional)),
            get(|x| x.notional),
        ),
        (
            t("Tax withheld"),
            "receipt-tax",
            money(tax.as_ref().and_then(|t| t.tax_amount)),
            tax.as_ref().and_then(|t| t.tax_amount),
        ),
    ];
    let executed = or_missing(
        e.as_ref().and_then(|x| x.executed_at),
        format_datetime_zoned,
    );
    let trade_id = accepted.trade_id.as_ref().map(|t| t.to_string());
    let ops_href = operations_link(&symbol, trade_id.clone());
    let title = if accepted.side.as_ref().map(|s| s.as_str()) == Some("SELL") {
        t("Sold")
    } else {
        t("Bought")
    };
    view! {
        <section class="card outcome receipt" aria-labelledby="receipt-title" data-testid="receipt">
            <h2 id="receipt-title" node_ref={focus_when_shown::<html::H2>()} tabindex="-1">{title}</h2>
            <p class="success" role="status">{t("The trade is done.")}</p>
            <dl class="figures-list">
                {rows.into_iter().map(|(label, id, text, value)| view! {
                    <div class="figure-row"><dt>{label}</dt><dd id=id data-value=value.map(|v| v.to_string())>{text}</dd></div>
                }).collect_view()}
                <div class="figure-row"><dt>{t("Pessimistic withholding")}</dt><dd id="receipt-withholding">{withholding}</dd></div>
                <div class="figure-row"><dt>{t("Executed at")}</dt><dd id="receipt-executed-at">{executed}</dd></div>
                <div class="figure-row"><dt>{t("Trade id")}</dt><dd id="receipt-trade-id" class="mono">{trade_id.unwrap_or_else(|| "—".into())}</dd></div>
                {budget.map(|(buy, sell)| view! {
                    <div class="figure-row"><dt>{t("Buying left today")}</dt><dd id="receipt-buy-budget">{buy}</dd></div>
                    <div class="figure-row"><dt>{t("Selling left today")}</dt><dd id="receipt-sell-budget">{sell}</dd></div>
                })}
            </dl>
            <p><A href={ops_href} {..} id="receipt-operations-link">{t("See this trade in Operations")}</A></p>
        </section>
    }
}
