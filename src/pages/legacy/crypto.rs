//! Legacy crypto transactions (`/legacy-api/crypto-transactions?type=withdrawal&status=finished`):
//! the person reads the coin movements of the legacy API, newest first, filtered by kind
//! and status, page by page; every status in plain words.

use folio_client::legacy::{LegacyCryptoTransaction, LegacyItem};
use leptos::prelude::*;

use super::cells::{
    amount_cell, direction_text, id_cell, kind_text, status_cell, time_cell, Column,
};
use super::list_page::{FiatSymbols, LegacyListPage, ListSpec, ListTexts};
use crate::format::or_missing;
use crate::i18n::t;
use crate::pages::legacy::filters::LegacyList;

fn head() -> Vec<Column> {
    vec![
        (t("When"), false),
        (t("Type"), false),
        (t("Direction"), false),
        (t("Asset"), false),
        (t("Amount"), true),
        (t("Fee"), true),
        (t("Value (EUR)"), true),
        (t("Status"), false),
        (t("Confirmations"), true),
        (t("Id"), false),
    ]
}

fn texts() -> ListTexts {
    ListTexts {
        title: t("Legacy crypto transactions"),
        intro: t("Coins received, sent and traded, as the legacy API lists them. In the current API they are in Operations."),
        caption: t("Crypto transactions, newest first"),
        head: head(),
        what: t("crypto transactions"),
        empty: (
            t("No crypto transactions"),
            t("The legacy API lists no crypto transactions for these filters."),
        ),
    }
}

/// The asset's symbol, else its numeric id.
pub fn asset_text(symbol: Option<&String>, id: Option<&String>) -> String {
    symbol
        .cloned()
        .or_else(|| id.map(|id| format!("#{id}")))
        .unwrap_or_default()
}

fn row(t: &LegacyItem<LegacyCryptoTransaction>, _: &FiatSymbols) -> AnyView {
    let a = &t.attributes;
    let kind = a.transaction_type.as_ref().map(|k| k.as_str().to_string());
    let asset = asset_text(a.cryptocoin_symbol.as_ref(), a.cryptocoin_id.as_ref());
    view! {
        <tr data-testid="legacy-crypto-transaction" data-id=t.id.clone() data-type=kind.clone().unwrap_or_default()>
            {time_cell(&a.time)}
            <td class="kind">{kind_text(kind.as_deref())}</td>
            <td class="direction">{direction_text(a.in_or_out.as_ref().map(|d| d.as_str()))}</td>
            <td class="asset">{asset.clone()}</td>
            {amount_cell(a.amount, "amount", Some(asset.clone()))}
            {amount_cell(a.fee, "fee", Some(asset))}
            {amount_cell(a.amount_eur, "value-eur", None)}
            {status_cell(a.status.as_ref().map(|s| s.as_str()))}
            <td class="num">{or_missing(a.confirmations, |c| c.to_string())}</td>
            {id_cell(&t.id)}
        </tr>
    }
    .into_any()
}

static CRYPTO: ListSpec<LegacyCryptoTransaction> = ListSpec {
    list: LegacyList::Crypto,
    table_id: "legacy-crypto-transactions",
    texts,
    names_fiats: false,
    fetch: |client, filter, cursor| {
        Box::pin(async move {
            client
                .legacy()
                .crypto_transactions(&filter.crypto_query(cursor))
                .await
        })
    },
    row,
};

/// `/legacy-api/crypto-transactions`.
#[component]
pub fn LegacyCryptoPage() -> impl IntoView {
    view! { <LegacyListPage spec=&CRYPTO /> }
}
