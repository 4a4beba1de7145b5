//! The reconciliation on the migration page: on request, reads both sides — legacy wallets,
//! asset wallets, fiat wallets and every legacy trade; the current portfolio, every current
//! operation and the catalogue's symbols — and shows, per asset and fiat currency and per
//! trade category, whether the two APIs agree (`folio_client::legacy::reconcile`).

use folio_client::legacy::reconcile::{
    reconcile, BalanceKind, LegacyWallets, Outcome, Period, Reconciliation,
};
use folio_client::legacy::{LegacyTradesQuery, MAX_PAGE_SIZE};
use folio_client::{ApiError, AssetId, Client};
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::cells::{amount_cell, table_region, Column};
use super::frame::legacy_states;
use crate::data::id_names;
use crate::data::ledger::every_operation;
use crate::data::load::account_resource;
use crate::i18n::t;
use crate::pages::legacy::text::{
    difference, outcome_words, reconciliation_summary, trade_kind_words,
};

/// Reads both APIs and compares them over the whole history.
pub async fn load(client: Client, keyless: Client) -> Result<Reconciliation, ApiError> {
    let crypto = client.legacy().wallets().await?;
    let fiat = client.legacy().fiat_wallets().await?;
    let grouped = client.legacy().asset_wallets().await?;
    let all = LegacyTradesQuery {
        page_size: Some(MAX_PAGE_SIZE),
        ..LegacyTradesQuery::default()
    };
    let trades = client.legacy().trades_all(&all).await?;
    let positions = client.current().portfolio(None).await?;
    let operations = every_operation(&client, &|_| ()).await?;
    let currencies = id_names::currencies(&client, &keyless).await;
    let ids: Vec<AssetId> = positions
        .iter()
        .filter_map(|p| p.asset_id.clone())
        .collect();
    let assets = id_names::assets(&client, &keyless, &ids).await;
    let symbol_of = |id: &str| {
        let asset = assets
            .iter()
            .find(|a| a.id.as_str() == id)
            .and_then(|a| a.symbol.clone());
        asset.or_else(|| {
            currencies
                .iter()
                .find(|c| c.id.as_str() == id)
                .and_then(|c| c.symbol.clone())
        })
    };
    let wallets = LegacyWallets {
        crypto: &crypto,
        metal: &grouped.metal,
        fiat: &fiat,
    };
    Ok(reconcile(
        wallets,
        &trades,
        &positions,
        &operations,
        symbol_of,
        Period::default(),
    ))
}

fn outcome_key(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Match => "match",
        Outcome::Difference => "difference",
        Outcome::NotInLegacy => "not_in_legacy",
        Outcome::TooLarge => "too_large",
    }
}

fn outcome_cell(outcome: Outcome) -> impl IntoView {
    view! { <td class=format!("outcome outcome-{}", outcome_key(outcome))>{outcome_words(outcome)}</td> }
}

fn balance_head() -> Vec<Column> {
    vec![
        (t("Asset or currency"), false),
        (t("Kind"), false),
        (t("Legacy API"), true),
        (t("Current API"), true),
        (t("Difference"), true),
        (t("Outcome"), false),
    ]
}

fn trade_head() -> Vec<Column> {
    vec![
        (t("Trades"), false),
        (t("Legacy API"), true),
        (t("Current API"), true),
        (t("Difference"), true),
        (t("Outcome"), false),
    ]
}

fn report_view(r: Reconciliation) -> impl IntoView {
    let differences = r.differences();
    let summary = reconciliation_summary(&r);
    let balances = r
        .balances
        .iter()
        .map(|b| {
            let kind = if b.kind == BalanceKind::Fiat {
                t("Fiat")
            } else {
                t("Asset")
            };
            view! {
                <tr data-testid="reconcile-balance" data-symbol=b.symbol.clone() data-outcome=outcome_key(b.outcome)>
                    <th scope="row">{b.symbol.clone()}</th>
                    <td>{kind}</td>
                    {amount_cell(b.legacy, "legacy", None)}
                    {amount_cell(b.current, "current", None)}
                    {amount_cell(difference(b.legacy, b.current), "difference", None)}
                    {outcome_cell(b.outcome)}
                </tr>
            }
        })
        .collect_view();
    let trades = r
        .trades
        .iter()
        .map(|t| {
            let outcome = if t.matches() { Outcome::Match } else { Outcome::Difference };
            let legacy = Decimal::from(t.legacy as u64);
            let current = Decimal::from(t.current as u64);
            view! {
                <tr data-testid="reconcile-trades" data-kind=format!("{:?}", t.kind) data-outcome=outcome_key(outcome)>
                    <th scope="row">{trade_kind_words(t.kind)}</th>
                    {amount_cell(Some(legacy), "legacy", None)}
                    {amount_cell(Some(current), "current", None)}
                    {amount_cell(current.checked_sub(legacy), "difference", None)}
                    {outcome_cell(outcome)}
                </tr>
            }
        })
        .collect_view();
    view! {
        <p class=if differences == 0 { "success reconcile-summary" } else { "notice reconcile-summary" }
            id="reconcile-summary" role="status"
            data-all-equal=(differences == 0).to_string() data-differences=differences.to_string()>
            {summary}
        </p>
        {table_region("reconcile-balances", t("Balances per asset and currency").into(), &balance_head(), balances)}
        {table_region("reconcile-trade-counts", t("Trade counts over the whole history").into(), &trade_head(), trades)}
        <p class="hint">{t("Difference is the current figure minus the legacy one. Holdings the legacy API never listed (stocks, ETFs) are not differences.")}</p>
    }
}

#[component]
fn Report() -> impl IntoView {
    let data = account_resource(|| (), |client, keyless, ()| load(client, keyless));
    legacy_states(data, t("both APIs for the comparison"), report_view)
}

/// The comparison card: a button starts it (it reads every trade and operation).
#[component]
pub fn ReconciliationCard() -> impl IntoView {
    let started = RwSignal::new(false);
    view! {
        <section class="card" aria-labelledby="reconcile-title" data-testid="reconciliation">
            <h2 id="reconcile-title">{t("Do both APIs show the same account?")}</h2>
            <p>{t("Folio reads your balances and every trade from both APIs and compares them, so you can switch knowing nothing is missing.")}</p>
            <Show
                when=move || started.get()
                fallback=move || view! {
                    <button type="button" class="button button-primary" id="reconcile-start"
                        on:click=move |_| started.set(true)>
                        {t("Compare both APIs")}
                    </button>
                }
            >
                <Report />
            </Show>
        </section>
    }
}
