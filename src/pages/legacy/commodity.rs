//! Legacy metal transactions (`/legacy-api/commodity-transactions?page_size=10`): the person
//! reads the metal movements of the legacy API, newest first, page by page, each with the
//! trade it belongs to, whether it was a savings-plan execution or a storage fee, and its
//! tags as sent.

use folio_client::legacy::{LegacyCommodityTransaction, LegacyItem, LegacyTrade};
use leptos::prelude::*;

use super::cells::{
    amount_cell, badge, direction_text, id_cell, kind_text, status_cell, time_cell, trade_badges,
    Column,
};
use super::crypto::asset_text;
use super::list_page::{FiatSymbols, LegacyListPage, ListSpec, ListTexts};
use crate::format::{format_amount, MISSING};
use crate::i18n::t;
use crate::pages::legacy::filters::LegacyList;
use crate::pages::legacy::text::{tag_text, yes_no};

fn head() -> Vec<Column> {
    vec![
        (t("When"), false),
        (t("Type"), false),
        (t("Direction"), false),
        (t("Metal"), false),
        (t("Amount"), true),
        (t("Fee"), true),
        (t("Value (EUR)"), true),
        (t("Status"), false),
        // The trade the movement belongs to: "Trade" in German too. Not `t("Trade")`, which
        // is the Trade section ("Handeln").
        ("Trade", false),
        (t("Savings plan"), false),
        (t("Storage fee"), false),
        (t("Tags"), false),
        (t("Id"), false),
    ]
}

fn texts() -> ListTexts {
    ListTexts {
        title: t("Legacy metal transactions"),
        intro: t("Gold, silver and other metals bought, sold and paid as fees, as the legacy API lists them. In the current API they are in Operations."),
        caption: t("Metal transactions, newest first"),
        head: head(),
        what: t("metal transactions"),
        empty: (
            t("No metal transactions"),
            t("The legacy API lists no metal transactions."),
        ),
    }
}

/// The embedded trade: "Buy 0.5 (…1a2b3c4d)" with its badges.
fn trade_cell(trade: Option<&LegacyItem<LegacyTrade>>) -> impl IntoView {
    let Some(t) = trade else {
        return view! { <td class="trade">{MISSING}</td> }.into_any();
    };
    let a = &t.attributes;
    let kind = kind_text(a.trade_type.as_ref().map(|k| k.as_str()));
    let amount = a.amount_cryptocoin.map(format_amount).unwrap_or_default();
    view! {
        <td class="trade" data-trade-id=t.id.clone()>
            {format!("{kind} ")}<span class="amount">{amount}</span>" "
            <span class="mono" title=t.id.clone()>{format!("({})", crate::data::id_names::short_id(&t.id))}</span>
            " " {trade_badges(a.is_swap, a.is_savings)}
        </td>
    }
    .into_any()
}

fn row(item: &LegacyItem<LegacyCommodityTransaction>, _: &FiatSymbols) -> AnyView {
    let a = &item.attributes;
    let kind = a.transaction_type.as_ref().map(|k| k.as_str().to_string());
    let metal = asset_text(a.cryptocoin_symbol.as_ref(), a.cryptocoin_id.as_ref());
    let tags = if a.tags.is_empty() {
        MISSING.to_string()
    } else {
        a.tags.iter().map(tag_text).collect::<Vec<_>>().join(", ")
    };
    view! {
        <tr data-testid="legacy-commodity-transaction" data-id=item.id.clone()
            data-savings=(a.is_savings == Some(true)).to_string()
            data-storage-fee=(a.is_metal_storage_fee == Some(true)).to_string()>
            {time_cell(&a.time)}
            <td class="kind">
                {kind_text(kind.as_deref())}
                {(a.is_savings == Some(true)).then(|| badge(t("Savings plan"), "badge-savings"))}
                {(a.is_metal_storage_fee == Some(true)).then(|| badge(t("Storage fee"), "badge-fee"))}
            </td>
            <td class="direction">{direction_text(a.in_or_out.as_ref().map(|d| d.as_str()))}</td>
            <td class="asset">{metal.clone()}</td>
            {amount_cell(a.amount, "amount", Some(metal.clone()))}
            {amount_cell(a.fee, "fee", Some(metal))}
            {amount_cell(a.amount_eur, "value-eur", None)}
            {status_cell(a.status.as_ref().map(|s| s.as_str()))}
            {trade_cell(a.trade.as_ref())}
            <td class="savings">{yes_no(a.is_savings)}</td>
            <td class="storage-fee">{yes_no(a.is_metal_storage_fee)}</td>
            <td class="tags">{tags}</td>
            {id_cell(&item.id)}
        </tr>
    }
    .into_any()
}

static METALS: ListSpec<LegacyCommodityTransaction> = ListSpec {
    list: LegacyList::Commodity,
    table_id: "legacy-commodity-transactions",
    texts,
    names_fiats: false,
    fetch: |client, filter, cursor| {
        Box::pin(async move {
            client
                .legacy()
                .commodity_transactions(&filter.commodity_query(cursor))
                .await
        })
    },
    row,
};

/// `/legacy-api/commodity-transactions`.
#[component]
pub fn LegacyCommodityPage() -> impl IntoView {
    view! { <LegacyListPage spec=&METALS /> }
}
