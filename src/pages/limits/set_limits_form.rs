//! Setting the key's limits, once: buy and sell limits and their currency, checked before
//! sending and read back beside each field; a warning that limits are permanent; a dialog that
//! asks to type both amounts again; exactly one request; a 409 explained.

use crate::components::error_view::AmountWords;
use crate::components::error_view::PlainWords;
use folio_client::current::TradingLimits;
use folio_client::current::{Currency, LimitsRequest};
use folio_client::CurrencyId;
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::rules::{check_limit, limits_retyped};
use crate::components::{ConfirmDialog, DecimalField};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::write::{no_answer_sentence, use_write, Sent, Words, WriteLabel};
use crate::format::format_fiat_with_unit;
use crate::i18n::{t, tf};

#[component]
pub fn SetLimitsForm(
    currencies: Vec<Currency>,
    reload: RwSignal<u32>,
    notice: RwSignal<Option<String>>,
) -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let (buy, sell) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let (buy_error, sell_error) = (RwSignal::new(None), RwSignal::new(None));
    let (first, codes) = currency_codes(&currencies);
    let currency = RwSignal::new(first);
    let codes = StoredValue::new(codes);
    let code = move || {
        codes.with_value(|cs| {
            cs.iter()
                .find(|(id, _)| *id == currency.get())
                .map(|(_, c)| c.clone())
                .unwrap_or_default()
        })
    };
    let (buy_again, sell_again) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let (buy_again_error, sell_again_error) = (RwSignal::new(None), RwSignal::new(None));
    let open = RwSignal::new(false);
    let write = use_write::<TradingLimits>();
    let guard = write.guard();
    let checked = RwSignal::new(None::<(Decimal, Decimal)>);
    let review = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let b = check_limit(&buy.get_untracked());
        let s = check_limit(&sell.get_untracked());
        buy_error.set(b.as_ref().err().map(|e| e.message()));
        sell_error.set(s.as_ref().err().map(|e| e.message()));
        if let (Ok(b), Ok(s)) = (b, s) {
            checked.set(Some((b, s)));
            buy_again.set(String::new());
            sell_again.set(String::new());
            open.set(true);
        }
    };
    crate::effect::effect(move || {
        let Some(sent) = write.outcome() else { return };
        notice.set(limits_sentence(&sent));
        open.set(false);
        reload.update(|n| *n += 1);
    });
    let retyped = move || {
        checked
            .get()
            .is_some_and(|c| limits_retyped(&buy_again.get(), &sell_again.get(), c))
    };
    let confirm = Callback::new(move |()| {
        let Some((buy_limit, sell_limit)) = checked.get_untracked() else {
            return;
        };
        if !retyped() {
            return;
        }
        let Some(client) = session.client(settings) else {
            return;
        };
        let request = LimitsRequest {
            buy_limit,
            sell_limit,
            currency_id: currency.get_untracked(),
        };
        let label = WriteLabel {
            what: Words::new(|| t("Setting this key's permanent daily limits.").into()),
            check_href: "/limits".into(),
            check_words: Words::new(|| t("See the key's limits").into()),
        };
        write.send(
            label,
            |sent| limits_sentence(sent).unwrap_or_else(|| t("The limits are set.").to_string()),
            async move { client.current().set_trading_limits(&request).await },
        );
    });
    let blocked = Signal::derive(move || !retyped());
    let read_limit = move |text: RwSignal<String>| {
        Signal::derive(move || {
            let value = text.with(|t| check_limit(t).ok())?;
            Some(format_fiat_with_unit(value, Some(&code())))
        })
    };
    let summary = move || checked.get().map(|limits| limits_summary(limits, &code()));
    let options = codes.with_value(|cs| cs.iter().map(|(id, c)| {
        let id2 = id.clone();
        view! { <option value=id.to_string() selected=move || currency.get() == id2>{c.clone()}</option> }
    }).collect_view());
    view! {
        <form class="card set-limits" aria-labelledby="set-limits-title" novalidate=true on:submit=review>
            <h2 id="set-limits-title">{t("Set daily limits")}</h2>
            <p class="notice" id="limits-permanent">
                <strong>{t("Permanent: ")}</strong>
                {t("once set, this key's limits can never be changed or removed. Budgets reset every day at 00:00 UTC.")}
            </p>
            <DecimalField id="buy-limit-input" label=t("Daily buy limit").to_string() text=buy error=buy_error read_as=read_limit(buy) />
            <DecimalField id="sell-limit-input" label=t("Daily sell limit").to_string() text=sell error=sell_error read_as=read_limit(sell) />
            <div class="field">
                <label for="limit-currency-input">{t("Currency")}</label>
                <select id="limit-currency-input" on:change=move |ev| currency.set(CurrencyId::new(event_target_value(&ev)))>{options}</select>
            </div>
            <div class="form-actions">
                <button type="submit" class="button button-primary" id="review-limits">{t("Set limits…")}</button>
            </div>
        </form>
        <ConfirmDialog open=open id="confirm-limits" title=t("Set permanent limits?") confirm_label=t("Set limits")
                pending_label=t("Setting…") guard=guard on_confirm=confirm blocked=blocked>
                <p>{summary}</p>
                <p><strong>{t("This cannot be undone.")}</strong></p>
                <p>{t("Type both limits again to confirm.")}</p>
                <DecimalField id="limits-confirm-buy" label=t("Daily buy limit, again").to_string() text=buy_again error=buy_again_error read_as=read_limit(buy_again) />
                <DecimalField id="limits-confirm-sell" label=t("Daily sell limit, again").to_string() text=sell_again error=sell_again_error read_as=read_limit(sell_again) />
            </ConfirmDialog>
    }
}

/// What the confirmation says the limits will do.
fn limits_summary((buy, sell): (Decimal, Decimal), unit: &str) -> String {
    tf(
        "Buying at most {buy} and selling at most {sell} per day with this key, from now on.",
        &[
            ("buy", &format_fiat_with_unit(buy, Some(unit))),
            ("sell", &format_fiat_with_unit(sell, Some(unit))),
        ],
    )
}

/// The currency picked at first (EUR when offered) and every currency's code.
fn currency_codes(currencies: &[Currency]) -> (CurrencyId, Vec<(CurrencyId, String)>) {
    let first = currencies
        .iter()
        .find(|c| c.symbol.as_deref() == Some("EUR"))
        .or(currencies.first())
        .map(|c| c.id.clone())
        .unwrap_or_else(CurrencyId::eur);
    let codes = currencies
        .iter()
        .map(|c| {
            let code = c.symbol.clone().unwrap_or_else(|| c.id.to_string());
            (c.id.clone(), code)
        })
        .collect();
    (first, codes)
}

/// The notice after an answer to setting limits (`None` when they were set).
fn limits_sentence(sent: &Sent<TradingLimits>) -> Option<String> {
    match sent {
        Sent::Done(_) => None,
        Sent::Refused(e) if e.status() == Some(409) => Some(t("Limits were already set for this key (perhaps from another tab or app). Limits are permanent, so they were not changed; the key's current limits are shown below.").to_string()),
        Sent::Unknown => Some(no_answer_sentence(
            t("setting the key's permanent limits."),
            t("the key's current limits below (the page has been reloaded)"),
        )),
        Sent::Refused(e) => Some(tf(
            "The limits were not set: {reason}",
            &[("reason", &e.user_message())],
        )),
    }
}
