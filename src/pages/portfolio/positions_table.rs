//! The asset holdings as a table sortable by every column.

use leptos::prelude::*;

use super::rows::{sort_positions, PositionColumn, PositionRow};
use crate::amounts::staked;
use crate::components::table::sort_state::{SortDirection, SortState};
use crate::components::{AmountCell, FiatCell, PercentCell, SortHeader};
use crate::format::{format_amount, or_missing};
use crate::i18n::{t, tf};
use crate::url::asset_href;

/// One row per asset; header buttons sort (first click: names A→Z, amounts largest first).
#[component]
pub fn PositionsTable(rows: Vec<PositionRow>, #[prop(into)] unit: String) -> impl IntoView {
    let sort = RwSignal::new(SortState {
        column: PositionColumn::Value,
        direction: SortDirection::Descending,
    });
    let rows = StoredValue::new(rows);
    let body = move || {
        let mut sorted = rows.get_value();
        sort_positions(&mut sorted, sort.get());
        sorted
            .into_iter()
            .map(|row| {
                view! {
                    <tr data-asset-symbol=row.symbol.clone() data-asset-id=row.id.clone() data-testid="position-row">
                        <th scope="row" class="name">
                            // A link to the asset's page (no address, so no link, for an
                            // id the catalogue did not name).
                            <a href=asset_href(&row.symbol) class="asset-link">
                                <span class="asset-name">{row.name.clone()}</span>
                                <span class="asset-symbol">{row.symbol.clone()}</span>
                            </a>
                        </th>
                        <AmountCell value=row.balance class="balance" />
                        <td class="num available amount">
                            {or_missing(row.available, format_amount)}
                            {staked(row.balance, row.available).map(|s| view! {
                                <span class="staked-note" data-testid="staked-note">{tf("{amount} staked", &[("amount", &format_amount(s))])}</span>
                            })}
                        </td>
                        <FiatCell value=row.value class="value" />
                        <FiatCell value=row.invested class="invested" />
                        <FiatCell value=row.total_return class="return" signed=true />
                        <PercentCell value=row.return_percent class="return-percent" />
                    </tr>
                }
            })
            .collect_view()
    };
    let desc = SortDirection::Descending;
    view! {
        <p class="hint">{tf("Values in {unit}. Balance includes staked amounts; Available is what can be traded. Select a column heading to sort.", &[("unit", &unit)])}</p>
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="positions-caption">
            <table class="data-table positions-table list-on-phone" id="positions-table">
                <caption id="positions-caption" class="visually-hidden">{t("Asset holdings")}</caption>
                <thead>
                    <tr>
                        <SortHeader column=PositionColumn::Name label=t("Asset") sort=sort first_direction=SortDirection::Ascending />
                        <SortHeader column=PositionColumn::Balance label=t("Balance") sort=sort first_direction=desc class="num" />
                        <SortHeader column=PositionColumn::Available label=t("Available") sort=sort first_direction=desc class="num" />
                        <SortHeader column=PositionColumn::Value label=t("Value") sort=sort first_direction=desc class="num" />
                        <SortHeader column=PositionColumn::Invested label=t("Invested") sort=sort first_direction=desc class="num" />
                        <SortHeader column=PositionColumn::Return label=t("Return") sort=sort first_direction=desc class="num" />
                        <SortHeader column=PositionColumn::ReturnPercent label=t("Return %") sort=sort first_direction=desc class="num" />
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
