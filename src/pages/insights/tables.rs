//! The report's tables: realised gains per asset, every sale with the lots it used, income
//! and the lots still open. Each scrolls inside its card on a narrow screen and exports its
//! rows as CSV (`folio_insights::csv`).

use chrono::Datelike;
use folio_insights::{Disposal, IncomeRow};
use leptos::prelude::*;

use super::figure::{eur, exact, quantity};
use super::report::Computed;
use crate::components::{csv_export, ExportButtons};
use crate::format::{format_count, trend_class};

/// Realised gains per asset in the year.
#[component]
pub fn GainsTable(computed: Computed, year: i32) -> impl IntoView {
    let rows: Vec<_> = computed
        .report
        .gains
        .iter()
        .filter(|g| g.year == year)
        .cloned()
        .collect();
    let empty = rows.is_empty();
    let export_rows = rows.clone();
    let rules = computed.rules;
    let make = csv_export(move || {
        (
            format!("folio-insights-gains-{year}-{}.csv", rules.slug()),
            folio_insights::csv::gains_csv(&export_rows),
        )
    });
    let body = rows
        .into_iter()
        .map(|g| {
            let unknown = (g.cost_unknown > 0).then(|| format!("{} with unknown cost", g.cost_unknown));
            view! {
                <tr data-asset=g.asset.symbol.clone()>
                    <th scope="row">{g.asset.symbol.clone()}</th>
                    <td class=format!("num amount {}", trend_class(Some(g.taxable_gain))) data-value=exact(Some(g.taxable_gain))>{eur(Some(g.taxable_gain))}</td>
                    <td class=format!("num amount {}", trend_class(Some(g.tax_free_gain))) data-value=exact(Some(g.tax_free_gain))>{eur(Some(g.tax_free_gain))}</td>
                    <td class="num">{format_count(g.disposals)}</td>
                    <td>{unknown}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="card" id="insights-gains" aria-labelledby="insights-gains-title">
            <h2 id="insights-gains-title">"Realised gains and losses"</h2>
            {if empty {
                view! { <p class="state state-empty">"No sale in this year."</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll" tabindex="0" role="region" aria-label="Realised gains, scrollable table">
                        <table class="data-table">
                            <thead><tr>
                                <th scope="col">"Asset"</th>
                                <th scope="col" class="num">"Taxable"</th>
                                <th scope="col" class="num">"Tax-free"</th>
                                <th scope="col" class="num">"Sales"</th>
                                <th scope="col">"Note"</th>
                            </tr></thead>
                            <tbody>{body}</tbody>
                        </table>
                    </div>
                }.into_any()
            }}
            <ExportButtons id="insights-gains-export" empty=Signal::derive(move || empty) make=make csv_only=true />
        </section>
    }
}

fn lot_line(l: &folio_insights::LotUse) -> String {
    let from = l
        .acquired
        .map(|d| format!("bought {d}"))
        .unwrap_or_else(|| "average cost".into());
    format!(
        "{} {from}: cost {}, gain {} — {}",
        quantity(l.quantity),
        eur(l.cost),
        eur(l.gain),
        l.basis.label()
    )
}

/// Every sale of the year with the lots it used (collapsed).
#[component]
pub fn DisposalsTable(computed: Computed, year: i32) -> impl IntoView {
    let rows: Vec<Disposal> = computed
        .report
        .disposals
        .iter()
        .filter(|d| d.time.year() == year)
        .cloned()
        .collect();
    let count = rows.len();
    let rules = computed.rules;
    let export_rows = rows.clone();
    let make = csv_export(move || {
        let refs: Vec<&Disposal> = export_rows.iter().collect();
        (
            format!("folio-insights-sales-{year}-{}.csv", rules.slug()),
            folio_insights::csv::disposals_csv(&refs),
        )
    });
    let body = rows
        .into_iter()
        .map(|d| {
            let lots = d
                .lots
                .iter()
                .map(|l| view! { <li>{lot_line(l)}</li> })
                .collect_view();
            view! {
                <tr>
                    <td>{d.time.format("%Y-%m-%d").to_string()}</td>
                    <th scope="row">{d.asset.symbol.clone()}{d.swap.then_some(" (swap)")}</th>
                    <td class="num amount">{quantity(d.quantity)}</td>
                    <td class="num amount">{eur(d.proceeds)}</td>
                    <td class="num amount">{eur(d.cost)}</td>
                    <td class=format!("num amount {}", trend_class(d.gain))>{eur(d.gain)}</td>
                    <td><ul class="lots-used">{lots}</ul></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <details class="card insights-sales" id="insights-sales">
            <summary>{format!("Every sale of the year, with the lots it used ({})", format_count(count))}</summary>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Sales and lots used, scrollable table">
                <table class="data-table">
                    <thead><tr>
                        <th scope="col">"Date"</th>
                        <th scope="col">"Asset"</th>
                        <th scope="col" class="num">"Quantity"</th>
                        <th scope="col" class="num">"Proceeds"</th>
                        <th scope="col" class="num">"Cost"</th>
                        <th scope="col" class="num">"Gain"</th>
                        <th scope="col">"Lots used"</th>
                    </tr></thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
            <ExportButtons id="insights-sales-export" empty=Signal::derive(move || count == 0) make=make csv_only=true />
        </details>
    }
}

/// Income of the year per asset and kind.
#[component]
pub fn IncomeTable(computed: Computed, year: i32) -> impl IntoView {
    let rows: Vec<IncomeRow> = computed
        .report
        .income
        .iter()
        .filter(|r| r.year == year)
        .cloned()
        .collect();
    let empty = rows.is_empty();
    let rules = computed.rules;
    let export_rows = rows.clone();
    let make = csv_export(move || {
        let refs: Vec<&IncomeRow> = export_rows.iter().collect();
        (
            format!("folio-insights-income-{year}-{}.csv", rules.slug()),
            folio_insights::csv::income_csv(&refs),
        )
    });
    let body = rows
        .into_iter()
        .map(|r| {
            view! {
                <tr>
                    <th scope="row">{r.asset.symbol.clone()}</th>
                    <td>{r.kind.label()}</td>
                    <td class="num amount">{quantity(r.gross)}</td>
                    <td class="num amount">{quantity(r.fee)}</td>
                    <td class="num amount">{quantity(r.net)}</td>
                    <td class="num">{format_count(r.count)}</td>
                    <td class="num amount" data-value=exact(r.value)>{eur(r.value)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="card" id="insights-income" aria-labelledby="insights-income-title">
            <h2 id="insights-income-title">"Income"</h2>
            {if empty {
                view! { <p class="state state-empty">"No reward or dividend in this year."</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll" tabindex="0" role="region" aria-label="Income, scrollable table">
                        <table class="data-table">
                            <thead><tr>
                                <th scope="col">"Asset"</th>
                                <th scope="col">"Kind"</th>
                                <th scope="col" class="num">"Gross"</th>
                                <th scope="col" class="num">"Fee"</th>
                                <th scope="col" class="num">"Net"</th>
                                <th scope="col" class="num">"Payments"</th>
                                <th scope="col" class="num">"Value when received"</th>
                            </tr></thead>
                            <tbody>{body}</tbody>
                        </table>
                    </div>
                }.into_any()
            }}
            <ExportButtons id="insights-income-export" empty=Signal::derive(move || empty) make=make csv_only=true />
        </section>
    }
}

/// The lots still held, with what could be sold tax-free today.
#[component]
pub fn OpenLotsTable(computed: Computed) -> impl IntoView {
    let today = chrono::Utc::now().date_naive();
    let lots = computed.report.open_lots.clone();
    let free_today: Vec<_> = lots
        .iter()
        .filter(|l| l.tax_free_from.is_some_and(|d| d <= today))
        .collect();
    let free_value = folio_client::checked::sum(free_today.iter().filter_map(|l| l.value));
    let free_line = format!(
        "{} lot(s) could be sold tax-free today{}.",
        format_count(free_today.len()),
        free_value
            .filter(|_| !free_today.is_empty())
            .map(|v| format!(", worth {} at today's prices", eur(Some(v))))
            .unwrap_or_default()
    );
    let empty = lots.is_empty();
    let rules = computed.rules;
    let export_rows = lots.clone();
    let make = csv_export(move || {
        (
            format!("folio-insights-open-lots-{}.csv", rules.slug()),
            folio_insights::csv::open_lots_csv(&export_rows),
        )
    });
    let body = lots
        .into_iter()
        .map(|l| {
            let free = match l.tax_free_from {
                Some(d) if d <= today => "now".to_string(),
                Some(d) => d.to_string(),
                None => "—".to_string(),
            };
            view! {
                <tr>
                    <th scope="row">{l.asset.symbol.clone()}</th>
                    <td>{l.acquired.map(|d| d.to_string()).unwrap_or_else(|| "average".into())}</td>
                    <td class="num amount">{quantity(l.quantity)}</td>
                    <td class="num amount">{eur(l.cost)}</td>
                    <td class="num amount">{eur(l.value)}</td>
                    <td class=format!("num amount {}", trend_class(l.unrealised))>{eur(l.unrealised)}</td>
                    <td>{free}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="card" id="insights-lots" aria-labelledby="insights-lots-title">
            <h2 id="insights-lots-title">"Open lots"</h2>
            <p class="hint" id="insights-free-today">{free_line}</p>
            {if empty {
                view! { <p class="state state-empty">"No asset is held."</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll" tabindex="0" role="region" aria-label="Open lots, scrollable table">
                        <table class="data-table">
                            <thead><tr>
                                <th scope="col">"Asset"</th>
                                <th scope="col">"Acquired"</th>
                                <th scope="col" class="num">"Quantity"</th>
                                <th scope="col" class="num">"Cost"</th>
                                <th scope="col" class="num">"Value today"</th>
                                <th scope="col" class="num">"Unrealised"</th>
                                <th scope="col">"Tax-free from"</th>
                            </tr></thead>
                            <tbody>{body}</tbody>
                        </table>
                    </div>
                }.into_any()
            }}
            <ExportButtons id="insights-lots-export" empty=Signal::derive(move || empty) make=make csv_only=true />
        </section>
    }
}
