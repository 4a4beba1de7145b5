//! Legacy wallets (`/legacy-api`), the section's overview: the person sees every crypto wallet,
//! fiat wallet and grouped asset wallet (crypto coins, metals) of the legacy API with its
//! balance exactly as sent, and when they last did something there.

use folio_client::legacy::{LegacyAssetWallets, LegacyFiatWallet, LegacyItem, LegacyWallet};
use folio_client::{ApiError, Client};
use leptos::prelude::*;

use super::cells::{amount_cell, badge, id_cell, table_region, zoned_time_text, Column};
use super::frame::{legacy_states, LegacyFrame};
use crate::components::{texts_export, ExportButtons, MakeFile};
use crate::data::load::account_resource;
use crate::format::{or_missing, MISSING};
use crate::i18n::t;
use crate::pages::legacy::text::yes_no;
use folio_client::legacy::LegacyList as ApiList;
use folio_export::archive::{grouped_csv, list_csv};

/// The three wallet lists.
#[derive(Debug, Clone, PartialEq)]
pub struct LegacyWalletsData {
    /// `GET /v1/wallets`.
    pub crypto: Vec<LegacyItem<LegacyWallet>>,
    /// `GET /v1/fiatwallets`.
    pub fiat: Vec<LegacyItem<LegacyFiatWallet>>,
    /// `GET /v1/asset-wallets`.
    pub grouped: LegacyAssetWallets,
}

async fn load(client: Client) -> Result<LegacyWalletsData, ApiError> {
    Ok(LegacyWalletsData {
        crypto: client.legacy().wallets().await?.into_vec(),
        fiat: client.legacy().fiat_wallets().await?.into_vec(),
        grouped: client.legacy().asset_wallets().await?,
    })
}

fn wallet_head() -> Vec<Column> {
    vec![
        (t("Name"), false),
        (t("Asset"), false),
        (t("Balance"), true),
        (t("Default"), false),
        (t("Pending"), true),
        (t("Deleted"), false),
        (t("Id"), false),
    ]
}

fn grouped_head() -> Vec<Column> {
    vec![
        (t("Name"), false),
        (t("Asset"), false),
        (t("Balance"), true),
        (t("Default"), false),
        (t("Deleted"), false),
        (t("Id"), false),
    ]
}

fn fiat_head() -> Vec<Column> {
    vec![
        (t("Name"), false),
        (t("Currency"), false),
        (t("Balance"), true),
        (t("Pending"), true),
        (t("Id"), false),
    ]
}

fn wallet_row(w: &LegacyItem<LegacyWallet>, group: &'static str, pending: bool) -> impl IntoView {
    let a = &w.attributes;
    let symbol = a
        .cryptocoin_symbol
        .clone()
        .unwrap_or_else(|| MISSING.into());
    let data_symbol = symbol.clone();
    view! {
        <tr data-testid=group data-id=w.id.clone() data-symbol=data_symbol>
            <th scope="row">
                {a.name.clone().unwrap_or_else(|| MISSING.into())}
                {(a.deleted == Some(true)).then(|| badge(t("Deleted"), "badge-deleted"))}
            </th>
            <td>{symbol}</td>
            {amount_cell(a.balance, "balance", None)}
            <td>{yes_no(a.is_default)}</td>
            {pending.then(|| view! { <td class="num">{or_missing(a.pending_transactions_count, |n| n.to_string())}</td> })}
            <td>{yes_no(a.deleted)}</td>
            {id_cell(&w.id)}
        </tr>
    }
}

fn fiat_row(w: &LegacyItem<LegacyFiatWallet>) -> impl IntoView {
    let a = &w.attributes;
    let symbol = a.fiat_symbol.clone().unwrap_or_else(|| MISSING.into());
    let data_symbol = symbol.clone();
    view! {
        <tr data-testid="legacy-fiat-wallet" data-id=w.id.clone() data-symbol=data_symbol>
            <th scope="row">{a.name.clone().unwrap_or_else(|| MISSING.into())}</th>
            <td>{symbol}</td>
            {amount_cell(a.balance, "balance", None)}
            <td class="num">{or_missing(a.pending_transactions_count, |n| n.to_string())}</td>
            {id_cell(&w.id)}
        </tr>
    }
}

/// The JSON texts as received of `items`.
fn raws<A>(items: &[LegacyItem<A>]) -> Vec<String> {
    items.iter().filter_map(|i| i.raw.clone()).collect()
}

/// The asset wallets' export: JSON = the wallets as received, CSV = one row each with its
/// group first (the archive's `asset-wallets.csv`).
fn grouped_export(rows: Vec<(&'static str, String)>) -> MakeFile {
    let texts = rows.iter().map(|(_, r)| r.clone()).collect();
    texts_export(texts, "folio-legacy-asset-wallets", move |_| {
        let pairs: Vec<(&str, &str)> = rows.iter().map(|(g, r)| (*g, r.as_str())).collect();
        grouped_csv(ApiList::AssetWallets, &pairs)
    })
}

fn wallets_view(data: LegacyWalletsData) -> impl IntoView {
    let g = &data.grouped;
    let grouped: Vec<(&'static str, String)> = g
        .cryptocoin
        .iter()
        .filter_map(|w| Some(("cryptocoin", w.raw.clone()?)))
        .chain(
            g.metal
                .iter()
                .filter_map(|w| Some(("commodity.metal", w.raw.clone()?))),
        )
        .collect();
    let last = g
        .last_user_action
        .as_ref()
        .map(zoned_time_text)
        .unwrap_or_else(|| MISSING.into());
    let crypto = data
        .crypto
        .iter()
        .map(|w| wallet_row(w, "legacy-wallet", true))
        .collect_view();
    let fiat = data.fiat.iter().map(fiat_row).collect_view();
    let coins = g
        .cryptocoin
        .iter()
        .map(|w| wallet_row(w, "legacy-asset-wallet", false))
        .collect_view();
    let metals = g
        .metal
        .iter()
        .map(|w| wallet_row(w, "legacy-metal-wallet", false))
        .collect_view();
    view! {
        <section class="card" aria-labelledby="legacy-overview-title">
            <h2 id="legacy-overview-title">{t("Overview")}</h2>
            <dl class="figures-list">
                <div class="figure-row"><dt>{t("Crypto wallets")}</dt><dd id="legacy-crypto-count">{data.crypto.len()}</dd></div>
                <div class="figure-row"><dt>{t("Fiat wallets")}</dt><dd id="legacy-fiat-count">{data.fiat.len()}</dd></div>
                <div class="figure-row"><dt>{t("Metal wallets")}</dt><dd id="legacy-metal-count">{g.metal.len()}</dd></div>
                <div class="figure-row"><dt>{t("Your last action")}</dt><dd id="legacy-last-action">{last}</dd></div>
            </dl>
            <p class="hint">{t("Balances are shown exactly as the legacy API sends them. The Portfolio page shows the same money from the current API.")}</p>
        </section>
        <section class="card" aria-labelledby="legacy-wallets-title">
            <h2 id="legacy-wallets-title">{t("Crypto wallets")}</h2>
            <ExportButtons id="legacy-wallets-export" empty=data.crypto.is_empty()
                make=texts_export(raws(&data.crypto), "folio-legacy-wallets", |r| list_csv(ApiList::Wallets, r)) />
            {table_region("legacy-wallets", t("Crypto wallets (GET /v1/wallets)").into(), &wallet_head(), crypto)}
        </section>
        <section class="card" aria-labelledby="legacy-fiat-wallets-title">
            <h2 id="legacy-fiat-wallets-title">{t("Fiat wallets")}</h2>
            <ExportButtons id="legacy-fiat-wallets-export" empty=data.fiat.is_empty()
                make=texts_export(raws(&data.fiat), "folio-legacy-fiat-wallets", |r| list_csv(ApiList::FiatWallets, r)) />
            {table_region("legacy-fiat-wallets", t("Fiat wallets (GET /v1/fiatwallets)").into(), &fiat_head(), fiat)}
        </section>
        <section class="card" aria-labelledby="legacy-asset-wallets-title">
            <h2 id="legacy-asset-wallets-title">{t("Asset wallets by type")}</h2>
            <ExportButtons id="legacy-asset-wallets-export" empty=grouped.is_empty() make=grouped_export(grouped) />
            {table_region("legacy-asset-coins", t("Crypto coins (GET /v1/asset-wallets)").into(), &grouped_head(), coins)}
            {table_region("legacy-asset-metals", t("Metals (GET /v1/asset-wallets)").into(), &grouped_head(), metals)}
        </section>
    }
}

#[component]
fn Wallets() -> impl IntoView {
    let data = account_resource(|| (), |client, _, ()| load(client));
    legacy_states(data, t("the legacy wallets"), wallets_view)
}

/// `/legacy-api`: the overview and the wallets.
#[component]
pub fn LegacyWalletsPage() -> impl IntoView {
    view! {
        <LegacyFrame title=t("Legacy API")
            intro=t("A read-only look at your account through Bitpanda's legacy API, until it is switched off.")>
            <Wallets />
        </LegacyFrame>
    }
}
