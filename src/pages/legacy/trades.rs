//! Legacy trades (`/legacy-api/trades?type=sell&page_size=10`): the person reads every trade of
//! the legacy API, newest first, filtered by side, page by page; swaps and savings-plan
//! executions carry a text badge.

use folio_client::legacy::{LegacyItem, LegacyTrade};
use leptos::prelude::*;

use super::cells::{
    amount_cell, id_cell, kind_text, status_cell, table_region, time_cell, trade_badges, Column,
};
use super::filter_bar::{use_filter, FilterBar};
use super::frame::LegacyFrame;
use super::pager::{fiat_symbol, use_fiat_symbols, use_pager, PagerControls};
use crate::components::EmptyState;
use crate::legacy_filters::LegacyList;

const HEAD: &[Column] = &[
    ("When", false),
    ("Type", false),
    ("Asset", false),
    ("Amount", true),
    ("Fiat amount", true),
    ("Price", true),
    ("Status", false),
    ("Trade id", false),
];

fn row(
    t: &LegacyItem<LegacyTrade>,
    fiats: &std::collections::HashMap<String, String>,
) -> impl IntoView {
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
}

#[component]
fn TradesList() -> impl IntoView {
    let filter = use_filter(LegacyList::Trades);
    let pager = use_pager(filter, |client, f, cursor| async move {
        client.legacy().trades(&f.trades_query(cursor)).await
    });
    let fiats = use_fiat_symbols();
    let body = move || {
        let fiats = fiats.get();
        pager.items().iter().map(|t| row(t, &fiats)).collect_view()
    };
    let empty = move || {
        pager.empty().then(|| {
            view! { <EmptyState title="No trades">
                <p>"The legacy API lists no trades for these filters."</p>
            </EmptyState> }
        })
    };
    view! {
        <FilterBar list=LegacyList::Trades filter=filter />
        {table_region("legacy-trades", "Trades, newest first".into(), HEAD, body)}
        {empty}
        <PagerControls pager=pager what="trades" />
    }
}

/// `/legacy-api/trades`.
#[component]
pub fn LegacyTradesPage() -> impl IntoView {
    view! {
        <LegacyFrame title="Legacy trades"
            intro="Buys and sells as the legacy API lists them. In the current API they are in Operations.">
            <TradesList />
        </LegacyFrame>
    }
}
