//! The detail panel of one operation: every transaction with its ids (each with a Copy
//! button), wallet, amount, fee, balance after, when it was credited, trade details and what
//! it compensates.

use folio_client::current::{Operation, OperationTransaction};
use folio_client::Money;
use leptos::prelude::*;

use crate::format::{format_amount, format_datetime_zoned, MISSING};
use crate::i18n::t;
use crate::pages::operations::rows::{type_label, Names};
use crate::url::asset_href;

/// Copies text to the clipboard and says so next to the button; `label` names what it copies
/// ("Copy trade id").
#[component]
fn CopyButton(#[prop(into)] value: String, label: &'static str) -> impl IntoView {
    let copied = RwSignal::new(false);
    let text = value.clone();
    let copy = move |_| {
        let promise = window().navigator().clipboard().write_text(&text);
        leptos::task::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            copied.try_set(ok);
        });
    };
    view! {
        <button type="button" class="button button-quiet copy-button" aria-label=label on:click=copy>
            {move || if copied.get() { t("Copied") } else { t("Copy") }}
        </button>
    }
}

/// A term and its id with a Copy button (`copy` is the button's label for screen readers).
fn id_line(term: &'static str, copy: &'static str, value: Option<String>) -> impl IntoView {
    view! {
        <dt>{term}</dt>
        <dd class="id-line">
            {match value {
                Some(v) => view! {
                    <code class="id">{v.clone()}</code>
                    <CopyButton value=v label=copy />
                }
                .into_any(),
                None => MISSING.into_any(),
            }}
        </dd>
    }
}

fn money_text(m: Option<&Money>, names: &Names) -> String {
    m.map(|m| format!("{} {}", format_amount(m.value), names.unit_of(m)))
        .unwrap_or_else(|| MISSING.to_string())
}

fn transaction(tx: &OperationTransaction, names: &Names) -> impl IntoView {
    let kind = tx
        .transaction_type
        .as_ref()
        .map(|t| t.as_str().to_string())
        .unwrap_or_else(|| MISSING.into());
    let flow = tx.flow.as_ref().map(|f| f.as_str().to_string());
    let cancelled = tx
        .asset_balance_after
        .as_ref()
        .is_some_and(|m| m.value == -rust_decimal::Decimal::ONE);
    let balance = if cancelled {
        t("Cancelled (no balance change)").to_string()
    } else {
        money_text(tx.asset_balance_after.as_ref(), names)
    };
    // The asset's page, for a leg in an asset the catalogue named.
    let asset = tx.asset_id.as_ref().and_then(|id| {
        let symbol = names.symbol(id.as_str());
        let href = asset_href(&symbol)?;
        Some(view! {
            <dt>{t("Asset")}</dt>
            <dd><a href=href data-testid="op-asset-link">{symbol}</a></dd>
        })
    });
    let credited = tx
        .credited_at
        .map(format_datetime_zoned)
        .unwrap_or_else(|| t("Pending").into());
    let trade = tx.trade.clone().map(|trade| {
        let d = |v: Option<rust_decimal::Decimal>| v.map(format_amount).unwrap_or_else(|| MISSING.into());
        view! {
            {id_line(t("Trade id"), t("Copy trade id"), trade.trade_id.map(|i| i.to_string()))}
            <dt>{t("Rate")}</dt><dd class="num">{d(trade.rate)}</dd>
            <dt>{t("Rate with fee")}</dt><dd class="num">{d(trade.rate_with_fee)}</dd>
            <dt>{t("Trade fee")}</dt><dd class="num amount">{money_text(trade.fee.as_ref(), names)}</dd>
            <dt>{t("Fee percentage")}</dt><dd class="num">{trade.fee_percentage.map(|p| format!("{} %", format_amount(p))).unwrap_or_else(|| MISSING.into())}</dd>
            <dt>{t("EUR rate")}</dt><dd class="num">{d(trade.to_eur_rate)}</dd>
        }
    });
    let compensates = tx.compensates.clone().map(|c| {
        let info = tx
            .compensates_info
            .as_ref()
            .map(|i| {
                let op = i
                    .operation_type
                    .as_ref()
                    .map(|kind| type_label(kind.as_str()));
                let tx = i
                    .transaction_type
                    .as_ref()
                    .map(|kind| kind.as_str().to_string());
                format!("{} / {}", op.unwrap_or_default(), tx.unwrap_or_default())
            })
            .unwrap_or_default();
        view! {
            {id_line(t("Compensates"), t("Copy compensates"), Some(c))}
            <dt>{t("Compensated kind")}</dt><dd>{info}</dd>
        }
    });
    view! {
        <li class="op-tx">
            <h3>{format!("{kind} · {}", flow.as_deref().unwrap_or(MISSING))}</h3>
            <dl class="op-tx-fields">
                {id_line(t("Transaction id"), t("Copy transaction id"), Some(tx.transaction_id.to_string()))}
                {asset}
                <dt>{t("Amount")}</dt><dd class="num amount">{money_text(tx.asset_amount.as_ref(), names)}</dd>
                <dt>{t("Fee")}</dt><dd class="num amount">{money_text(tx.fee_amount.as_ref(), names)}</dd>
                <dt>{t("Balance after")}</dt><dd class="num amount">{balance}</dd>
                <dt>{t("Credited")}</dt><dd>{credited}</dd>
                {id_line(t("Wallet id"), t("Copy wallet id"), tx.wallet_id.as_ref().map(|w| w.to_string()))}
                {id_line(t("Order id"), t("Copy order id"), tx.order_id.clone())}
                {trade}
                {compensates}
            </dl>
        </li>
    }
}

/// The panel for one operation.
#[component]
pub fn OperationDetail(
    op: Operation,
    names: Names,
    /// Closes the panel.
    on_close: Callback<()>,
) -> impl IntoView {
    let raw = op
        .operation_type
        .as_ref()
        .map(|t| t.as_str().to_string())
        .unwrap_or_else(|| "unknown".into());
    let txs = op
        .transactions
        .iter()
        .map(|tx| transaction(tx, &names))
        .collect_view();
    view! {
        <section class="card op-detail" aria-labelledby="op-detail-title" data-testid="op-detail">
            <div class="op-detail-head">
                <h2 id="op-detail-title">{type_label(&raw)}</h2>
                <button type="button" class="button button-quiet" id="op-detail-close"
                    on:click=move |_| on_close.run(())>{t("Close")}</button>
            </div>
            <dl class="op-tx-fields">
                {id_line(t("Operation id"), t("Copy operation id"), Some(op.operation_id.to_string()))}
            </dl>
            <ul class="op-tx-list">{txs}</ul>
        </section>
    }
}
