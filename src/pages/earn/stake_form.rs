//! Stake or unstake: pick an offer, the direction and an amount (checked against what is
//! available, or staked, before sending), optionally a wallet; confirm; one request; the
//! result, and the offers table reloads with the new amounts.

use crate::components::error_view::AmountWords;
use crate::components::error_view::PlainWords;
use folio_client::current::{validate_amount, EarnAction, EarnActionRequest, EarnActionResult};
use folio_client::WalletId;
use leptos::html;
use leptos::prelude::*;

use super::EarnRow;
use crate::components::{focus_when_shown, ConfirmDialog, ReadAs};
use crate::data::write::{no_answer_sentence, use_write, Sent, WriteLabel};
use crate::format::{format_amount, or_missing};
use crate::money::read_as_words;
use crate::session::use_session;
use crate::settings::use_settings;

#[component]
pub fn StakeForm(
    rows: Vec<EarnRow>,
    reload: RwSignal<u32>,
    /// The last action's outcome (kept by the page across reloads).
    result: RwSignal<Option<Result<String, String>>>,
) -> impl IntoView {
    let session = use_session();
    let settings = use_settings();
    let rows = StoredValue::new(rows);
    let config = RwSignal::new(String::new());
    let action = RwSignal::new(EarnAction::Stake);
    let amount = RwSignal::new(String::new());
    let wallet = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let open = RwSignal::new(false);
    let write = use_write::<EarnActionResult>();
    let guard = write.guard();
    let pending_request = RwSignal::new(None::<(EarnAction, EarnActionRequest, String)>);
    let chosen = move || {
        rows.with_value(|rs| {
            rs.iter()
                .find(|r| r.config.id.as_str() == config.get())
                .cloned()
        })
    };
    let review = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        result.set(None);
        let Some(row) = chosen() else {
            error.set(Some("Choose an offer first.".into()));
            return;
        };
        let act = action.get_untracked();
        let usable = if act == EarnAction::Stake {
            row.available
        } else {
            Some(row.staked.unwrap_or_default())
        };
        match validate_amount(&amount.get_untracked(), row.decimals, usable) {
            Err(e) => error.set(Some(e.message())),
            Ok(value) => {
                error.set(None);
                let w = wallet.get_untracked().trim().to_string();
                let request = EarnActionRequest {
                    config_id: row.config.id.clone(),
                    wallet_id: (!w.is_empty()).then(|| WalletId::new(w)),
                    asset_amount: value,
                };
                let verb = if act == EarnAction::Stake {
                    "Stake"
                } else {
                    "Unstake"
                };
                let text = format!("{verb} {} {}.", format_amount(value), row.symbol);
                pending_request.set(Some((act, request, text)));
                open.set(true);
            }
        }
    };
    // The answer: shown under the form, the amount cleared and the offers reloaded.
    Effect::new(move |_| {
        let Some(sent) = write.outcome() else { return };
        let text = pending_request
            .with_untracked(|p| p.as_ref().map(|(_, _, t)| t.clone()).unwrap_or_default());
        result.set(Some(earn_sentence(&sent, &text)));
        amount.set(String::new());
        open.set(false);
        reload.update(|n| *n += 1);
    });
    let confirm = Callback::new(move |()| {
        let Some((act, request, text)) = pending_request.get_untracked() else {
            return;
        };
        let Some(client) = session.client(settings) else {
            return;
        };
        let label = WriteLabel {
            what: text.clone(),
            check_href: "/earn".into(),
            check_words: "Check your staked amounts".into(),
        };
        write.send(
            label,
            move |sent| match earn_sentence(sent, &text) {
                Ok(t) | Err(t) => t,
            },
            async move { client.current().earn_action(act, &request).await },
        );
    });
    let options = rows.with_value(|rs| rs.iter().map(|r| {
        let apr = or_missing(r.config.annual_percentage_rate.and_then(crate::money_forms::apr_percent), |a| format!("{} %", format_amount(a)));
        let kind = or_missing(r.config.earn_type.as_ref(), |t| t.as_str().to_string());
        let id = r.config.id.to_string();
        let id2 = id.clone();
        view! { <option value=id selected=move || config.get() == id2>{format!("{} — {kind}, {apr}", r.symbol)}</option> }
    }).collect_view());
    let hint = move || {
        chosen().map(|r| {
            format!(
                "{} available, {} staked; up to {} decimals.",
                or_missing(r.available, format_amount),
                or_missing(r.staked, format_amount),
                r.decimals
            )
        })
    };
    let radio = move |id: &'static str, label: &'static str, value: EarnAction| {
        view! {
            <label class="radio" for=id>
                <input type="radio" name="earn-action" id=id prop:checked=move || action.get() == value
                    on:change=move |_| { action.set(value); error.set(None); } />
                {label}
            </label>
        }
    };
    view! {
        <form class="card stake-form" aria-labelledby="stake-title" novalidate=true on:submit=review>
            <h2 id="stake-title">"Stake or unstake"</h2>
            <div class="field">
                <label for="earn-config">"Offer"</label>
                <select id="earn-config" on:change=move |ev| { config.set(event_target_value(&ev)); error.set(None); }>
                    <option value="">"Choose…"</option>
                    {options}
                </select>
            </div>
            <fieldset>
                <legend>"Direction"</legend>
                {radio("earn-stake", "Stake (available → staked)", EarnAction::Stake)}
                {radio("earn-unstake", "Unstake (staked → available)", EarnAction::Unstake)}
            </fieldset>
            <div class="field">
                <label for="earn-amount">"Amount"</label>
                <input id="earn-amount" type="text" inputmode="decimal" autocomplete="off"
                    aria-invalid=move || error.get().is_some().to_string()
                    aria-describedby="earn-amount-read earn-amount-hint earn-amount-error"
                    prop:value=move || amount.get() on:input=move |ev| { amount.set(event_target_value(&ev)); error.set(None); } />
                <ReadAs id="earn-amount-read" words=Signal::derive(move || {
                    let symbol = chosen().map(|r| r.symbol).unwrap_or_default();
                    amount.with(|t| read_as_words(t, &symbol))
                }) />
                <p id="earn-amount-hint" class="hint">{hint}</p>
                <p id="earn-amount-error" class="field-error" role="alert" data-testid="earn-error">{move || error.get()}</p>
            </div>
            <div class="field">
                <label for="earn-wallet">"Wallet id (optional)"</label>
                <input id="earn-wallet" type="text" autocomplete="off" spellcheck="false"
                    aria-describedby="earn-wallet-hint"
                    prop:value=move || wallet.get() on:input=move |ev| wallet.set(event_target_value(&ev)) />
                <p id="earn-wallet-hint" class="hint">"Leave empty to use the asset's main wallet."</p>
            </div>
            <div class="form-actions">
                <button type="submit" class="button button-primary" id="review-earn">"Review…"</button>
            </div>
            {move || result.get().map(|r| match r {
                Ok(m) => view! { <p class="success" role="status" data-testid="earn-result" node_ref={focus_when_shown::<html::P>()} tabindex="-1">{m}</p> }.into_any(),
                Err(m) => view! { <p class="form-error" role="alert" data-testid="earn-result" node_ref={focus_when_shown::<html::P>()} tabindex="-1">{m}</p> }.into_any(),
            })}
        </form>
        <ConfirmDialog open=open id="confirm-earn" title="Confirm" confirm_label="Confirm"
            pending_label="Sending…" guard=guard on_confirm=confirm>
            <p class="dialog-summary">{move || pending_request.get().map(|(_, _, t)| t)}</p>
            <p>"The request is sent once."</p>
        </ConfirmDialog>
    }
}

/// The sentence for the answer to a stake or unstake described by `text`.
fn earn_sentence(sent: &Sent<EarnActionResult>, text: &str) -> Result<String, String> {
    match sent {
        Sent::Done(answer) => Ok(format!(
            "Done: {text} Status: {}.",
            answer
                .status
                .as_ref()
                .map(|s| s.as_str().to_string())
                .unwrap_or_else(|| "accepted".into())
        )),
        Sent::Unknown => Err(no_answer_sentence(
            text,
            "Operations or the amounts above, which have been reloaded,",
        )),
        Sent::Refused(e) => Err(format!("Not done: {}", e.user_message())),
    }
}
