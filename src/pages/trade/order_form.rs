//! The order: fiat currency, Buy or Sell, the amount as quantity or money, and "Get quote".
//! The amount is checked when "Get quote" is pressed; a problem is shown at the field and
//! nothing is sent.

use folio_client::current::Side;
use leptos::prelude::*;

use super::flow::{use_trade, Stage, TradeData};
use crate::amounts::read_as_words;
use crate::components::{radio_for, MoneyButton, ReadAs};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::format::format_amount;
use crate::i18n::{t, tf};
use crate::pages::trade::ticket::AmountUnit;

#[component]
pub fn OrderForm(data: TradeData) -> impl IntoView {
    let ctx = use_trade();
    let session = use_session();
    let settings = use_settings();
    if ctx.currency.get_untracked().is_none() {
        let wanted = settings.currency();
        let id = data
            .currencies
            .iter()
            .find(|c| c.symbol.as_deref() == Some(wanted.as_str()))
            .map(|c| c.id.clone());
        ctx.currency.set(id);
    }
    let options = data
        .currencies
        .iter()
        .map(|c| {
            let id = c.id.clone();
            let code = c.symbol.clone().unwrap_or_else(|| id.to_string());
            let selected = move || ctx.currency.get().as_ref() == Some(&id);
            view! { <option value=c.id.to_string() selected=selected>{code}</option> }
        })
        .collect_view();
    let currency_code = {
        let data = data.clone();
        move || data.code_of(ctx.currency.get().as_ref())
    };
    let unit_hint = move || match ctx.unit.get() {
        AmountUnit::Notional => tf(
            "Money in {currency}, up to 2 decimals.",
            &[("currency", &currency_code())],
        ),
        AmountUnit::Quantity => match ctx.asset.get() {
            Some(a) => tf(
                "Quantity of {asset}, up to {decimals} decimals.",
                &[("asset", &a.symbol), ("decimals", &a.decimals.to_string())],
            ),
            None => t("Quantity of the asset.").to_string(),
        },
    };
    let sell_hint = move || {
        let asset = ctx.asset.get()?;
        (ctx.side.get() == Side::Sell).then(|| match asset.available {
            Some(a) => tf(
                "You can sell up to {amount} {asset}.",
                &[("amount", &format_amount(a)), ("asset", &asset.symbol)],
            ),
            None => t("Your available balance could not be read.").to_string(),
        })
    };
    let invalid = move || ctx.amount_error.get().is_some();
    let read_unit = {
        let data = data.clone();
        move || match ctx.unit.get() {
            AmountUnit::Notional => data.code_of(ctx.currency.get().as_ref()),
            AmountUnit::Quantity => ctx.asset.get().map(|a| a.symbol).unwrap_or_default(),
        }
    };
    let read_as = Signal::derive(move || ctx.amount.with(|t| read_as_words(t, &read_unit())));
    let quote_failed = move || {
        ctx.stage.with(|stage| match stage {
            Stage::QuoteFailed(message) => Some(message.clone()),
            _ => None,
        })
    };
    let get_quote = Callback::new(move |()| ctx.get_quote(session.client(settings)));
    view! {
        <form class="card order-form" aria-labelledby="order-title" novalidate=true
            on:submit=move |ev| { ev.prevent_default(); get_quote.run(()); }>
            <h2 id="order-title">{t("Order")}</h2>
            <fieldset>
                <legend>{t("Buy or sell")}</legend>
                {radio_for("side", "side-buy", t("Buy"), Side::Buy, ctx.side)}
                {radio_for("side", "side-sell", t("Sell"), Side::Sell, ctx.side)}
            </fieldset>
            <div class="field">
                <label for="trade-currency">{t("Fiat currency")}</label>
                <select id="trade-currency" on:change=move |ev| {
                    let id = event_target_value(&ev);
                    ctx.currency.set(Some(folio_client::CurrencyId::new(id)));
                }>{options}</select>
            </div>
            <fieldset>
                <legend>{t("Amount in")}</legend>
                {radio_for("unit", "unit-notional", t("Money (notional)"), AmountUnit::Notional, ctx.unit)}
                {radio_for("unit", "unit-quantity", t("Asset quantity"), AmountUnit::Quantity, ctx.unit)}
            </fieldset>
            <div class="field">
                <label for="trade-amount">{t("Amount")}</label>
                <input id="trade-amount" type="text" inputmode="decimal" autocomplete="off"
                    aria-invalid=move || invalid().to_string()
                    aria-describedby="trade-amount-read trade-amount-hint trade-amount-error"
                    prop:value=move || ctx.amount.get()
                    on:input=move |ev| { ctx.amount.set(event_target_value(&ev)); ctx.amount_error.set(None); } />
                <ReadAs id="trade-amount-read" words=read_as />
                <p id="trade-amount-hint" class="hint">{unit_hint} " " {sell_hint}</p>
                <p id="trade-amount-error" class="field-error" role="alert" data-testid="amount-error">
                    {move || ctx.amount_error.get()}
                </p>
            </div>
            {move || quote_failed().map(|m| view! { <p class="form-error" role="alert" data-testid="quote-error">{m}</p> })}
            <div class="form-actions">
                <MoneyButton guard=ctx.quoting id="get-quote" label=t("Get quote")
                    pending_label=t("Getting a quote…") on_click=get_quote />
            </div>
        </form>
    }
}
