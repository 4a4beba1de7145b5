//! Stake or unstake: pick an offer, the direction and an amount (checked against what is
//! available, or staked, before sending), optionally a wallet; confirm; one request; the
//! result, and the offers table reloads with the new amounts.

use crate::components::error_view::AmountWords;
use crate::components::error_view::PlainWords;
use folio_client::current::{validate_amount, EarnAction, EarnActionRequest, EarnActionResult};
use folio_client::WalletId;
use leptos::html;
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::EarnRow;
use crate::amounts::read_as_words;
use crate::components::{focus_when_shown, ConfirmDialog, DecimalField, Radio};
use crate::contexts::session::use_session;
use crate::contexts::settings::use_settings;
use crate::data::write::{no_answer_sentence, use_write, Sent, Words, WriteLabel};
use crate::format::{format_amount, or_missing};
use crate::i18n::{t, tf};

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
    let pending_request = RwSignal::new(None::<(EarnAction, EarnActionRequest, Words)>);
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
            error.set(Some(t("Choose an offer first.").into()));
            return;
        };
        let act = action.get_untracked();
        let typed = (amount.get_untracked(), wallet.get_untracked());
        match stake_request(&row, act, &typed.0, &typed.1) {
            Err(message) => error.set(Some(message)),
            Ok((request, text)) => {
                error.set(None);
                pending_request.set(Some((act, request, text)));
                open.set(true);
            }
        }
    };
    // The answer: shown under the form, the amount cleared and the offers reloaded.
    crate::effect::effect(move || {
        let Some(sent) = write.outcome() else { return };
        let text = pending_request.with_untracked(|p| {
            p.as_ref()
                .map(|(_, _, words)| words.text())
                .unwrap_or_default()
        });
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
            check_words: Words::new(|| t("Check your staked amounts").into()),
        };
        write.send(
            label,
            move |sent| match earn_sentence(sent, &text.text()) {
                Ok(t) | Err(t) => t,
            },
            async move { client.current().earn_action(act, &request).await },
        );
    });
    let options = rows.with_value(|rs| offer_options(rs, config));
    let hint = Signal::derive(move || {
        chosen().map(|r| {
            tf(
                "{available} available, {staked} staked; up to {decimals} decimals.",
                &[
                    ("available", &or_missing(r.available, format_amount)),
                    ("staked", &or_missing(r.staked, format_amount)),
                    ("decimals", &r.decimals.to_string()),
                ],
            )
        })
    });
    let read_as = Signal::derive(move || {
        let symbol = chosen().map(|r| r.symbol).unwrap_or_default();
        amount.with(|t| read_as_words(t, &symbol))
    });
    view! {
        <form class="card stake-form" aria-labelledby="stake-title" novalidate=true on:submit=review>
            <h2 id="stake-title">{t("Stake or unstake")}</h2>
            <div class="field">
                <label for="earn-config">{t("Offer")}</label>
                <select id="earn-config" on:change=move |ev| { config.set(event_target_value(&ev)); error.set(None); }>
                    <option value="">{t("Choose…")}</option>
                    {options}
                </select>
            </div>
            <DirectionChoice action=action error=error />
            <DecimalField id="earn-amount" label=t("Amount").to_string() text=amount error=error read_as=read_as hint=hint />
            <div class="field">
                <label for="earn-wallet">{t("Wallet id (optional)")}</label>
                <input id="earn-wallet" type="text" autocomplete="off" spellcheck="false"
                    aria-describedby="earn-wallet-hint"
                    prop:value=move || wallet.get() on:input=move |ev| wallet.set(event_target_value(&ev)) />
                <p id="earn-wallet-hint" class="hint">{t("Leave empty to use the asset's main wallet.")}</p>
            </div>
            <div class="form-actions">
                <button type="submit" class="button button-primary" id="review-earn">{t("Review…")}</button>
            </div>
            {move || result.get().map(result_line)}
        </form>
        <ConfirmDialog open=open id="confirm-earn" title=t("Confirm") confirm_label=t("Confirm")
            pending_label=t("Sending…") guard=guard on_confirm=confirm>
            <p class="dialog-summary">{move || pending_request.get().map(|(_, _, words)| words.text())}</p>
            <p>{t("The request is sent once.")}</p>
        </ConfirmDialog>
    }
}

/// The request for `act` on `row` with the typed amount (checked against what is available,
/// or staked) and wallet, and its description; or the message for the amount field.
fn stake_request(
    row: &EarnRow,
    act: EarnAction,
    amount: &str,
    wallet: &str,
) -> Result<(EarnActionRequest, Words), String> {
    let usable = if act == EarnAction::Stake {
        row.available
    } else {
        Some(row.staked.unwrap_or_default())
    };
    let typed = crate::amounts::as_typed(amount);
    let value = validate_amount(&typed, row.decimals, usable).map_err(|e| e.message())?;
    let wallet = wallet.trim();
    let request = EarnActionRequest {
        config_id: row.config.id.clone(),
        wallet_id: (!wallet.is_empty()).then(|| WalletId::new(wallet)),
        asset_amount: value,
    };
    let symbol = row.symbol.clone();
    Ok((
        request,
        Words::new(move || stake_words(act, value, &symbol)),
    ))
}

/// What a stake or unstake of `value` `symbol` does, in a sentence.
fn stake_words(act: EarnAction, value: Decimal, symbol: &str) -> String {
    let amount = format_amount(value);
    let values = [("amount", amount.as_str()), ("asset", symbol)];
    if act == EarnAction::Stake {
        tf("Stake {amount} {asset}.", &values)
    } else {
        tf("Unstake {amount} {asset}.", &values)
    }
}

/// The offers as options of the picker, `config` selected.
fn offer_options(rows: &[EarnRow], config: RwSignal<String>) -> impl IntoView {
    rows.iter().map(|r| {
        let apr = or_missing(r.config.annual_percentage_rate.and_then(super::rules::apr_percent), |a| format!("{} %", format_amount(a)));
        let kind = or_missing(r.config.earn_type.as_ref(), super::text::type_words);
        let id = r.config.id.to_string();
        let id2 = id.clone();
        view! { <option value=id selected=move || config.get() == id2>{format!("{} — {kind}, {apr}", r.symbol)}</option> }
    }).collect_view()
}

/// Stake or unstake.
#[component]
fn DirectionChoice(action: RwSignal<EarnAction>, error: RwSignal<Option<String>>) -> impl IntoView {
    let option = move |id: &'static str, label: &'static str, value: EarnAction| {
        let pick = Callback::new(move |()| {
            action.set(value);
            error.set(None);
        });
        view! { <Radio name="earn-action" id=id checked=Signal::derive(move || action.get() == value) on_pick=pick>{label}</Radio> }
    };
    view! {
        <fieldset>
            <legend>{t("Direction")}</legend>
            {option("earn-stake", t("Stake (available → staked)"), EarnAction::Stake)}
            {option("earn-unstake", t("Unstake (staked → available)"), EarnAction::Unstake)}
        </fieldset>
    }
}

/// The outcome under the form (focused when it appears).
fn result_line(outcome: Result<String, String>) -> AnyView {
    match outcome {
        Ok(m) => view! { <p class="success" role="status" data-testid="earn-result" node_ref={focus_when_shown::<html::P>()} tabindex="-1">{m}</p> }.into_any(),
        Err(m) => view! { <p class="form-error" role="alert" data-testid="earn-result" node_ref={focus_when_shown::<html::P>()} tabindex="-1">{m}</p> }.into_any(),
    }
}

/// The sentence for the answer to a stake or unstake described by `text`.
fn earn_sentence(sent: &Sent<EarnActionResult>, text: &str) -> Result<String, String> {
    match sent {
        Sent::Done(answer) => {
            let status = answer
                .status
                .as_ref()
                .map(|s| s.as_str().to_string())
                .unwrap_or_else(|| t("accepted").into());
            Ok(tf(
                "Done: {action} Status: {status}.",
                &[("action", text), ("status", &status)],
            ))
        }
        Sent::Unknown => Err(no_answer_sentence(
            text,
            t("Operations or the amounts above, which have been reloaded,"),
        )),
        Sent::Refused(e) => Err(tf("Not done: {reason}", &[("reason", &e.user_message())])),
    }
}
