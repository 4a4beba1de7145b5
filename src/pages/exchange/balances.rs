//! Balances and fees: what the exchange account holds per asset (available, locked by open
//! orders, total) and its fee tier — the current one, the next one and the 30-day volume
//! still needed to reach it.

use folio_client::exchange::{Account, Balance, FeeTier};
use folio_client::{ApiError, Client};
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::nav::ExchangeNav;
use crate::data::load::{account_resource, load_states};
use crate::format::{format_amount, or_missing};
use crate::i18n::{t, tf};

async fn load(client: Client) -> Result<(Vec<Balance>, Account), ApiError> {
    Ok((
        client.exchange().balances(None).await?.into_vec(),
        client.exchange().account().await?,
    ))
}

fn fee_text(tier: &FeeTier) -> String {
    match (tier.fee, tier.fee_mode.as_deref()) {
        (Some(fee), Some("percentage") | None) => format!("{} %", format_amount(fee.normalize())),
        (Some(fee), Some(mode)) => format!("{} ({mode})", format_amount(fee.normalize())),
        (None, _) => "—".into(),
    }
}

/// The Balances and fees page.
#[component]
pub fn ExchangeBalancesPage() -> impl IntoView {
    let data = account_resource(|| (), |client, _, ()| load(client));
    let content = load_states(
        move || data.get(),
        t("the exchange balances"),
        move || data.refetch(),
        |(balances, account)| {
            view! { <BalancesTable balances=balances /> <FeeTiers account=account /> }
        },
    );
    view! {
        <section class="page exchange-page" aria-labelledby="exchange-balances-title">
            <div class="page-head"><h1 id="exchange-balances-title">{t("Exchange balances and fees")}</h1></div>
            <ExchangeNav />
            {content}
        </section>
    }
}

#[component]
fn BalancesTable(balances: Vec<Balance>) -> impl IntoView {
    let rows = balances.into_iter().map(|b| view! {
        <tr data-testid="balance-row" data-symbol=b.symbol.clone()>
            <th scope="row">{b.symbol.clone()}</th>
            <td class="num available amount" data-value=b.available.to_string()>{format_amount(b.available)}</td>
            <td class="num locked amount" data-value=b.locked.to_string()>{format_amount(b.locked)}</td>
            <td class="num balance-total amount">{or_missing(b.available.checked_add(b.locked), format_amount)}</td>
        </tr>
    }).collect_view();
    view! {
        <section class="card" aria-labelledby="balances-title">
            <h2 id="balances-title">{t("Balances")}</h2>
            <p class="hint">{t("Locked funds are reserved by open orders; cancel an order to free them.")}</p>
            <div class="table-scroll" tabindex="0" role="region" aria-label=t("Balances table")>
                <table class="data-table" id="exchange-balances">
                    <thead><tr><th scope="col">{t("Asset")}</th><th scope="col" class="num">{t("Available")}</th><th scope="col" class="num">{t("Locked")}</th><th scope="col" class="num">{t("Total")}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}

#[component]
fn FeeTiers(account: Account) -> impl IntoView {
    let volume = account.traded_volume30d;
    let missing = account
        .next_tier
        .as_ref()
        .and_then(|t| t.required_volume30d)
        .zip(volume)
        .and_then(|(need, have)| need.checked_sub(have))
        .map(|left| left.max(Decimal::ZERO));
    let tier = |tier: Option<FeeTier>| {
        tier.map(|tier| {
            tf(
                "{tier} — fee {fee}",
                &[
                    ("tier", &tier.name.clone().unwrap_or_else(|| "—".into())),
                    ("fee", &fee_text(&tier)),
                ],
            )
        })
    };
    let next =
        tier(account.next_tier.clone()).unwrap_or_else(|| t("You are in the top tier.").into());
    view! {
        <section class="card" aria-labelledby="fees-title">
            <h2 id="fees-title">{t("Fee tier")}</h2>
            <dl class="figures-list">
                <div class="figure-row"><dt>{t("30-day traded volume")}</dt><dd id="traded-volume" class="amount" data-value=volume.map(|v| v.to_string()).unwrap_or_default()>{or_missing(volume, format_amount)}</dd></div>
                <div class="figure-row"><dt>{t("Current tier")}</dt><dd id="current-tier">{tier(account.current_tier).unwrap_or_else(|| "—".into())}</dd></div>
                <div class="figure-row"><dt>{t("Next tier")}</dt><dd id="next-tier">{next}</dd></div>
                {missing.map(|m| view! { <div class="figure-row"><dt>{t("Volume still needed")}</dt><dd id="volume-needed" class="amount">{format_amount(m)}</dd></div> })}
            </dl>
        </section>
    }
}
