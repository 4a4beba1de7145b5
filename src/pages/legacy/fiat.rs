//! Legacy fiat transactions (`/legacy-api/fiat-transactions?type=deposit&status=pending`): the
//! person reads deposits, withdrawals and the fiat side of trades of the legacy API, newest
//! first, filtered by kind and status, page by page; every status in plain words.

use std::collections::HashMap;

use folio_client::legacy::{LegacyFiatTransaction, LegacyItem};
use leptos::prelude::*;

use super::cells::{
    amount_cell, direction_text, id_cell, kind_text, status_cell, table_region, time_cell, Column,
};
use super::filter_bar::{use_filter, FilterBar};
use super::frame::LegacyFrame;
use super::pager::{fiat_symbol, use_fiat_symbols, use_pager, PagerControls};
use crate::components::EmptyState;
use crate::legacy_filters::LegacyList;
use crate::legacy_words::yes_no;

const HEAD: &[Column] = &[
    ("When", false),
    ("Type", false),
    ("Direction", false),
    ("Amount", true),
    ("Fee", true),
    ("Status", false),
    ("Confirmed", false),
    ("Id", false),
];

fn row(t: &LegacyItem<LegacyFiatTransaction>, fiats: &HashMap<String, String>) -> impl IntoView {
    let a = &t.attributes;
    let fiat = fiat_symbol(fiats, a.fiat_id.as_deref());
    let kind = a.transaction_type.as_ref().map(|k| k.as_str().to_string());
    view! {
        <tr data-testid="legacy-fiat-transaction" data-id=t.id.clone() data-type=kind.clone().unwrap_or_default()>
            {time_cell(&a.time)}
            <td class="kind">{kind_text(kind.as_deref())}</td>
            <td class="direction">{direction_text(a.in_or_out.as_ref().map(|d| d.as_str()))}</td>
            {amount_cell(a.amount, "amount", Some(fiat.clone()))}
            {amount_cell(a.fee, "fee", Some(fiat))}
            {status_cell(a.status.as_ref().map(|s| s.as_str()))}
            <td>{yes_no(a.confirmed)}</td>
            {id_cell(&t.id)}
        </tr>
    }
}

#[component]
fn FiatList() -> impl IntoView {
    let filter = use_filter(LegacyList::Fiat);
    let pager = use_pager(filter, |client, f, cursor| async move {
        client
            .legacy()
            .fiat_transactions(&f.fiat_query(cursor))
            .await
    });
    let fiats = use_fiat_symbols();
    let body = move || {
        let fiats = fiats.get();
        pager.items().iter().map(|t| row(t, &fiats)).collect_view()
    };
    let empty = move || {
        pager.empty().then(|| {
            view! { <EmptyState title="No fiat transactions">
                <p>"The legacy API lists no fiat transactions for these filters."</p>
            </EmptyState> }
        })
    };
    view! {
        <FilterBar list=LegacyList::Fiat filter=filter />
        {table_region("legacy-fiat-transactions", "Fiat transactions, newest first".into(), HEAD, body)}
        {empty}
        <PagerControls pager=pager what="fiat transactions" />
    }
}

/// `/legacy-api/fiat-transactions`.
#[component]
pub fn LegacyFiatPage() -> impl IntoView {
    view! {
        <LegacyFrame title="Legacy fiat transactions"
            intro="Money paid in and out of the fiat wallets, as the legacy API lists it. In the current API it is in Operations.">
            <FiatList />
        </LegacyFrame>
    }
}
