//! Legacy trades (`/legacy-api/trades?type=sell&page_size=10`): the person reads every trade of
//! the legacy API, newest first, filtered by side, page by page; swaps and savings-plan
//! executions carry a text badge.

use folio_client::legacy::{LegacyItem, LegacyTrade};
use leptos::prelude::*;

use super::cells::{amount_cell, id_cell, kind_text, status_cell, time_cell, trade_badges, Column};
use super::list_page::{FiatSymbols, LegacyListPage, ListSpec, ListTexts};
use super::pager::fiat_symbol;
use crate::i18n::t;
use crate::pages::legacy::filters::LegacyList;

fn head() -> Vec<Column> {
    vec![
        (t("When"), false),
        (t("Type"), false),
        (t("Asset"), false),
        (t("Amount"), true),
        (t("Fiat amount"), true),
        (t("Price"), true),
        (t("Status"), false),
        (t("Trade id"), false),
    ]
}

fn texts() -> ListTexts {
    ListTexts {
        title: t("Legacy trades"),
        intro: t(
            "Buys and sells as the legacy API lists them. In the current API they are in Operations.",
        ),
        caption: t("Trades, newest first"),
        head: head(),
        what: t("trades"),
        empty: (
            t("No trades"),
            t("The legacy API lists no trades for these filters."),
        ),
    }
}

fn row(t: &LegacyItem<LegacyTrade>, fiats: &FiatSymbols) -> AnyView {
    let a = &t.attributes;
    let fiat = fiat_symbol(fiats, a.fiat_id.as_deref());
    let asset = a
        .cryptocoin_symbol
        .clone()
        .or_else(|| a.cryptocoin_id.as_ref().map(|id| format!("#{id}")))
        .unwrap_or_default();
    let kind = a.trade_type.as_ref().map(|k| k.as_str().to_string());
    view! {
        <tr data-testid="legacy-trade" data-id=t.id.clone() data-type=kind.clone().unwrap_or_default()
            data-swap=(a.is_swap == Some(true)).to_string() data-savings=(a.is_savings == Some(true)).to_string()>
            {time_cell(&a.time)}
            <td class="kind">{kind_text(kind.as_deref())} {trade_badges(a.is_swap, a.is_savings)}</td>
            <td class="asset">{asset}</td>
            {amount_cell(a.amount_cryptocoin, "amount", None)}
            {amount_cell(a.amount_fiat, "fiat-amount", Some(fiat.clone()))}
            {amount_cell(a.price, "price", Some(fiat))}
            {status_cell(a.status.as_ref().map(|s| s.as_str()))}
            {id_cell(&t.id)}
        </tr>
    }
    .into_any()
}

static TRADES: ListSpec<LegacyTrade> = ListSpec {
    list: LegacyList::Trades,
    table_id: "legacy-trades",
    texts,
    names_fiats: true,
    fetch: |client, filter, cursor| {
        Box::pin(async move { client.legacy().trades(&filter.trades_query(cursor)).await })
    },
    row,
};

/// `/legacy-api/trades`.
#[component]
pub fn LegacyTradesPage() -> impl IntoView {
    view! { <LegacyListPage spec=&TRADES /> }
}
