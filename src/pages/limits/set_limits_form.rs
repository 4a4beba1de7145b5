//! Setting the key's limits, once: buy and sell limits and their currency, checked before
//! sending; a warning that limits are permanent; a dialog that asks to type the confirmation
//! phrase; exactly one request; a 409 explained.

use folio_client::current::{Currency, LimitsRequest};
use folio_client::CurrencyId;
use leptos::prelude::*;
use leptos::task::spawn_local;
use rust_decimal::Decimal;

use crate::components::{ConfirmDialog, OneClick};
use crate::format::format_fiat_with_unit;
use crate::money_forms::{check_limit, limits_confirmed, LIMITS_CONFIRM_PHRASE};
use crate::session::use_session;
use crate::settings::use_settings;

fn limit_field(
    id: &'static str,
    label: &'static str,
    text: RwSignal<String>,
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    let error_id = format!("{id}-error");
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input id=id type="text" inputmode="decimal" autocomplete="off"
                aria-invalid=move || error.get().is_some().to_string()
                aria-describedby=error_id.clone()
                prop:value=move || text.get()
                on:input=move |ev| { text.set(event_target_value(&ev)); error.set(None); } />
            <p id=error_id class="field-error" role="alert">{move || error.get()}</p>
        </div>
    }
}

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
    let currency = RwSignal::new(
        currencies
            .iter()
            .find(|c| c.symbol.as_deref() == Some("EUR"))
            .or(currencies.first())
            .map(|c| c.id.clone())
            .unwrap_or_else(CurrencyId::eur),
    );
    let codes: Vec<(CurrencyId, String)> = currencies
        .iter()
        .map(|c| {
            (
                c.id.clone(),
                c.symbol.clone().unwrap_or_else(|| c.id.to_string()),
            )
        })
        .collect();
    let codes = StoredValue::new(codes);
    let code = move || {
        codes.with_value(|cs| {
            cs.iter()
                .find(|(id, _)| *id == currency.get())
                .map(|(_, c)| c.clone())
                .unwrap_or_default()
        })
    };
    let typed = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let guard = OneClick::new();
    let checked = RwSignal::new(None::<(Decimal, Decimal)>);
    let review = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let b = check_limit(&buy.get_untracked());
        let s = check_limit(&sell.get_untracked());
        buy_error.set(b.as_ref().err().map(|e| e.message()));
        sell_error.set(s.as_ref().err().map(|e| e.message()));
        if let (Ok(b), Ok(s)) = (b, s) {
            checked.set(Some((b, s)));
            typed.set(String::new());
            open.set(true);
        }
    };
    let confirm = Callback::new(move |()| {
        let Some((buy_limit, sell_limit)) = checked.get_untracked() else {
            return;
        };
        if !limits_confirmed(&typed.get_untracked()) {
            return;
        }
        let Some(client) = session.client(settings) else {
            return;
        };
        if !guard.try_start() {
            return;
        }
        let request = LimitsRequest {
            buy_limit,
            sell_limit,
            currency_id: currency.get_untracked(),
        };
        spawn_local(async move {
            let message = match client.set_trading_limits(&request).await {
                Ok(_) => None,
                Err(e) if e.status() == Some(409) => Some("Limits were already set for this key (perhaps from another tab or app). Limits are permanent, so they were not changed; the key's current limits are shown below.".to_string()),
                Err(e) if e.write_outcome_unknown() => Some("No answer came back, so Folio cannot tell whether the limits were set. The page has been reloaded to show the key's current limits.".to_string()),
                Err(e) => Some(format!("The limits were not set: {}", e.user_message())),
            };
            notice.set(message);
            open.set(false);
            guard.finish();
            reload.update(|n| *n += 1);
        });
    });
    let blocked = Signal::derive(move || !limits_confirmed(&typed.get()));
    let summary = move || {
        checked.get().map(|(b, s)| {
            let unit = code();
            format!(
                "Buying at most {} and selling at most {} per day with this key, from now on.",
                format_fiat_with_unit(b, Some(&unit)),
                format_fiat_with_unit(s, Some(&unit))
            )
        })
    };
    let options = codes.with_value(|cs| cs.iter().map(|(id, c)| {
        let id2 = id.clone();
        view! { <option value=id.to_string() selected=move || currency.get() == id2>{c.clone()}</option> }
    }).collect_view());
    view! {
        <form class="card set-limits" aria-labelledby="set-limits-title" novalidate=true on:submit=review>
            <h2 id="set-limits-title">"Set daily limits"</h2>
            <p class="notice" id="limits-permanent">
                <strong>"Permanent: "</strong>
                "once set, this key's limits can never be changed or removed. Budgets reset every day at 00:00 UTC."
            </p>
            {limit_field("buy-limit-input", "Daily buy limit", buy, buy_error)}
            {limit_field("sell-limit-input", "Daily sell limit", sell, sell_error)}
            <div class="field">
                <label for="limit-currency-input">"Currency"</label>
                <select id="limit-currency-input" on:change=move |ev| currency.set(CurrencyId::new(event_target_value(&ev)))>{options}</select>
            </div>
            <div class="form-actions">
                <button type="submit" class="button button-primary" id="review-limits">"Set limits…"</button>
            </div>
        </form>
        <ConfirmDialog open=open id="confirm-limits" title="Set permanent limits?" confirm_label="Set limits"
                pending_label="Setting…" guard=guard on_confirm=confirm blocked=blocked>
                <p>{summary}</p>
                <p><strong>"This cannot be undone."</strong></p>
                <div class="field">
                    <label for="limits-confirm-text">{format!("Type {LIMITS_CONFIRM_PHRASE} to confirm")}</label>
                    <input id="limits-confirm-text" type="text" autocomplete="off" spellcheck="false"
                        prop:value=move || typed.get() on:input=move |ev| typed.set(event_target_value(&ev)) />
                </div>
            </ConfirmDialog>
    }
}
