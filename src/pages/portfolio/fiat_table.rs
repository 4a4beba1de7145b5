//! Fiat balances (EUR, USD, …) in their own table.

use leptos::prelude::*;

use super::rows::FiatRow;
use crate::components::FiatCell;
use crate::i18n::t;

#[component]
pub fn FiatTable(rows: Vec<FiatRow>) -> impl IntoView {
    let body = rows
        .into_iter()
        .map(|row| {
            view! {
                <tr data-currency-symbol=row.code.clone() data-testid="fiat-row">
                    <th scope="row" class="name">
                        <span class="asset-name">{row.name.clone()}</span>
                        <span class="asset-symbol">{row.code.clone()}</span>
                    </th>
                    <FiatCell value=row.balance class="balance" />
                    <FiatCell value=row.available class="available" />
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="fiat-caption">
            <table class="data-table fiat-table" id="fiat-table">
                <caption id="fiat-caption" class="visually-hidden">{t("Cash (fiat balances)")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t("Currency")}</th>
                        <th scope="col" class="num">{t("Balance")}</th>
                        <th scope="col" class="num">{t("Available")}</th>
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
