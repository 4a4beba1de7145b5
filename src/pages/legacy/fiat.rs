//! Legacy fiat transactions (`/legacy-api/fiat-transactions?type=deposit&status=pending`): the
//! person reads deposits, withdrawals and the fiat side of trades of the legacy API, newest
//! first, filtered by kind and status, page by page; every status in plain words.

use folio_client::legacy::{LegacyFiatTransaction, LegacyItem};
use leptos::prelude::*;

use super::cells::{
    amount_cell, direction_text, id_cell, kind_text, status_cell, time_cell, Column,
};
use super::list_page::{FiatSymbols, LegacyListPage, ListSpec, ListTexts};
use super::pager::fiat_symbol;
use crate::i18n::t;
use crate::pages::legacy::filters::LegacyList;
use crate::pages::legacy::text::yes_no;

fn head() -> Vec<Column> {
    vec![
        (t("When"), false),
        (t("Type"), false),
        (t("Direction"), false),
        (t("Amount"), true),
        (t("Fee"), true),
        (t("Status"), false),
        (t("Confirmed"), false),
        (t("Id"), false),
    ]
}

fn texts() -> ListTexts {
    ListTexts {
        title: t("Legacy fiat transactions"),
        intro: t("Money paid in and out of the fiat wallets, as the legacy API lists it. In the current API it is in Operations."),
        caption: t("Fiat transactions, newest first"),
        head: head(),
        what: t("fiat transactions"),
        empty: (
            t("No fiat transactions"),
            t("The legacy API lists no fiat transactions for these filters."),
        ),
    }
}

fn row(t: &LegacyItem<LegacyFiatTransaction>, fiats: &FiatSymbols) -> AnyView {
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
    .into_any()
}

static FIAT: ListSpec<LegacyFiatTransaction> = ListSpec {
    list: LegacyList::Fiat,
    table_id: "legacy-fiat-transactions",
    texts,
    names_fiats: true,
    fetch: |client, filter, cursor| {
        Box::pin(async move {
            client
                .legacy()
                .fiat_transactions(&filter.fiat_query(cursor))
                .await
        })
    },
    row,
};

/// `/legacy-api/fiat-transactions`.
#[component]
pub fn LegacyFiatPage() -> impl IntoView {
    view! { <LegacyListPage spec=&FIAT /> }
}
