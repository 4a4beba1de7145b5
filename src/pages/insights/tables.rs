//! The report's tables: realised gains per asset, every sale with the lots it used, income
//! and the lots still open. Each scrolls inside its card on a narrow screen and exports its
//! rows as CSV (`folio_insights::csv`).

use chrono::Datelike;
use folio_insights::{Acquired, Disposal, IncomeRow};
use leptos::prelude::*;

use super::figure::{day, eur, exact, not_known, quantity};
use super::report::Computed;
use crate::components::{csv_export, ExportButtons};
use crate::format::{format_count, trend_class};
use crate::i18n::{t, tf};
use crate::url::asset_href;

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
            let unknown = (g.cost_unknown > 0).then(|| {
                tf(
                    "{n} with unknown cost or date",
                    &[("n", &format_count(g.cost_unknown))],
                )
            });
            // Each treatment on a line of its own: they are taxed differently.
            let taxable = if g.taxable.is_empty() {
                view! { <span data-value="0">{eur(Some(rust_decimal::Decimal::ZERO))}</span> }.into_any()
            } else {
                g.taxable
                    .iter()
                    .map(|(basis, gain)| view! {
                        <span class=format!("taxable-line {}", trend_class(*gain)) data-basis=format!("{basis:?}") data-value=exact(*gain)>
                            {tf("{amount} {treatment}", &[("amount", &eur(*gain)), ("treatment", super::text::basis(*basis))])}
                        </span>
                    })
                    .collect_view()
                    .into_any()
            };
            view! {
                <tr data-asset=g.asset.symbol.clone()>
                    <th scope="row">{asset_link(&g.asset.symbol)}</th>
                    <td class="num amount">{taxable}</td>
                    <td class=format!("num amount {}", trend_class(g.tax_free_gain)) data-value=exact(g.tax_free_gain)>{eur(g.tax_free_gain)}</td>
                    <td class="num">{format_count(g.disposals)}</td>
                    <td>{unknown}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="card" id="insights-gains" aria-labelledby="insights-gains-title">
            <h2 id="insights-gains-title">{t("Realised gains and losses")}</h2>
            {if empty {
                view! { <p class="state state-empty">{t("No sale in this year.")}</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll" tabindex="0" role="region" aria-label=t("Realised gains, scrollable table")>
                        <table class="data-table">
                            <thead><tr>
                                <th scope="col">{t("Asset")}</th>
                                <th scope="col" class="num">{t("Taxable")}</th>
                                <th scope="col" class="num">{t("Tax-free")}</th>
                                <th scope="col" class="num">{t("Sales")}</th>
                                <th scope="col">{t("Note")}</th>
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

/// A quantity, or "not known" when its sum overflowed.
fn or_unknown(value: Option<rust_decimal::Decimal>) -> String {
    value.map_or_else(|| not_known().to_string(), quantity)
}

fn lot_line(l: &folio_insights::LotUse) -> String {
    let from = match l.acquired {
        Acquired::On(d) => tf("bought {date}", &[("date", &day(d))]),
        Acquired::Pool => t("average cost").into(),
        Acquired::Unknown => t("acquired on an unknown day").into(),
    };
    tf(
        "{quantity} {from}: cost {cost}, gain {gain} — {treatment}",
        &[
            ("quantity", &quantity(l.quantity)),
            ("from", &from),
            ("cost", &eur(l.cost)),
            ("gain", &eur(l.gain)),
            ("treatment", super::text::basis(l.basis)),
        ],
    )
}

/// Sales drawn in the list of a year's sales (the rest are in its CSV).
const SALES_SHOWN: usize = 500;

/// One sale's row, with the lots it used.
fn disposal_row(d: &Disposal) -> impl IntoView {
    let lots = d
        .lots
        .iter()
        .map(|l| view! { <li>{lot_line(l)}</li> })
        .collect_view();
    view! {
        <tr>
            <td>{day(d.day)}</td>
            <th scope="row">{asset_link(&d.asset.symbol)}{d.swap.then(|| t(" (swap)"))}</th>
            <td class="num amount">{quantity(d.quantity)}</td>
            <td class="num amount">{eur(d.proceeds)}</td>
            <td class="num amount">{eur(d.cost)}</td>
            <td class=format!("num amount {}", trend_class(d.gain))>{eur(d.gain)}</td>
            <td><ul class="lots-used">{lots}</ul></td>
        </tr>
    }
}

/// Every sale of the year with the lots it used (collapsed).
#[component]
pub fn DisposalsTable(computed: Computed, year: i32) -> impl IntoView {
    // The report's own list, filtered where it is used: at 100,000 operations a year has
    // thousands of sales, and copying them on every switch of rules or year was measurable.
    let report = computed.report;
    let of_year = move |d: &&Disposal| d.day.year() == year;
    let count = report.disposals.iter().filter(of_year).count();
    let rules = computed.rules;
    let export_report = std::sync::Arc::clone(&report);
    let make = csv_export(move || {
        let refs: Vec<&Disposal> = export_report.disposals.iter().filter(of_year).collect();
        (
            format!("folio-insights-sales-{year}-{}.csv", rules.slug()),
            folio_insights::csv::disposals_csv(&refs),
        )
    });
    // Drawn once the list is first opened, and at most SALES_SHOWN rows (the CSV holds every
    // sale): at 100,000 operations a year has thousands of sales, and drawing them all on
    // every switch of rules or year was most of the wait (`cargo xtask bench insights`).
    let opened = RwSignal::new(false);
    let more = count.saturating_sub(SALES_SHOWN);
    let body = move || {
        opened.get().then(|| {
            report
                .disposals
                .iter()
                .filter(of_year)
                .take(SALES_SHOWN)
                .map(disposal_row)
                .collect_view()
        })
    };
    view! {
        <details class="card insights-sales" id="insights-sales" on:toggle=move |_| opened.set(true)>
            <summary>{tf("Every sale of the year, with the lots it used ({n})", &[("n", &format_count(count))])}</summary>
            <div class="table-scroll" tabindex="0" role="region" aria-label=t("Sales and lots used, scrollable table")>
                <table class="data-table">
                    <thead><tr>
                        <th scope="col">{t("Date")}</th>
                        <th scope="col">{t("Asset")}</th>
                        <th scope="col" class="num">{t("Quantity")}</th>
                        <th scope="col" class="num">{t("Proceeds")}</th>
                        <th scope="col" class="num">{t("Cost")}</th>
                        <th scope="col" class="num">{t("Gain")}</th>
                        <th scope="col">{t("Lots used")}</th>
                    </tr></thead>
                    <tbody>{body}</tbody>
                </table>
            </div>
            {(more > 0).then(|| view! { <p class="hint">{tf("… and {n} more.", &[("n", &format_count(more))])}</p> })}
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
                    <th scope="row">{asset_link(&r.asset.symbol)}</th>
                    <td>{super::text::income_kind(r.kind)}</td>
                    <td class="num amount">{or_unknown(r.gross)}</td>
                    <td class="num amount">{or_unknown(r.fee)}</td>
                    <td class="num amount">{or_unknown(r.net)}</td>
                    <td class="num">{format_count(r.count)}</td>
                    <td class="num amount" data-value=exact(r.value)>{eur(r.value)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="card" id="insights-income" aria-labelledby="insights-income-title">
            <h2 id="insights-income-title">{t("Income")}</h2>
            {if empty {
                view! { <p class="state state-empty">{t("No reward or dividend in this year.")}</p> }.into_any()
            } else {
                view! {
                    <div class="table-scroll" tabindex="0" role="region" aria-label=t("Income, scrollable table")>
                        <table class="data-table">
                            <thead><tr>
                                <th scope="col">{t("Asset")}</th>
                                <th scope="col">{t("Kind")}</th>
                                <th scope="col" class="num">{t("Gross")}</th>
                                <th scope="col" class="num">{t("Fee")}</th>
                                <th scope="col" class="num">{t("Net")}</th>
                                <th scope="col" class="num">{t("Payments")}</th>
                                <th scope="col" class="num">{t("Value when received")}</th>
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

/// Lots drawn in the table of open lots (the rest are in its CSV): savings plans and daily
/// rewards leave thousands of lots at 100,000 operations, and drawing them all on every
/// switch of rules was most of its wait (`cargo xtask bench insights`).
pub(super) const LOTS_SHOWN: usize = 200;

/// The lots still held, with what could be sold tax-free today (the first [`LOTS_SHOWN`]
/// drawn; the line above counts and values every one).
#[component]
pub fn OpenLotsTable(computed: Computed) -> impl IntoView {
    let today = folio_insights::days::tax_day(computed.rules, chrono::Utc::now());
    let report = std::sync::Arc::clone(&computed.report);
    let lots = &report.open_lots;
    let free_today: Vec<_> = lots
        .iter()
        .filter(|l| l.tax_free_from.is_some_and(|d| d <= today))
        .collect();
    let free_value = folio_client::checked::sum(free_today.iter().filter_map(|l| l.value));
    let free_count = format_count(free_today.len());
    let free_line = match free_value.filter(|_| !free_today.is_empty()) {
        Some(v) => tf(
            "{n} lot(s) could be sold tax-free today, worth {value} at today's prices.",
            &[("n", &free_count), ("value", &eur(Some(v)))],
        ),
        None => tf(
            "{n} lot(s) could be sold tax-free today.",
            &[("n", &free_count)],
        ),
    };
    let (empty, count) = (lots.is_empty(), lots.len());
    let more = count.saturating_sub(LOTS_SHOWN);
    let rules = computed.rules;
    let export_report = std::sync::Arc::clone(&report);
    let make = csv_export(move || {
        (
            format!("folio-insights-open-lots-{}.csv", rules.slug()),
            folio_insights::csv::open_lots_csv(&export_report.open_lots),
        )
    });
    // Drawn once the list is first opened (like the sales): 200 rows were most of what a
    // switch of rules drew at 100,000 operations. The line above it answers "what could I
    // sell tax-free today" without opening it.
    let opened = RwSignal::new(false);
    let shown_report = std::sync::Arc::clone(&report);
    let body = move || {
        opened.get().then(|| {
            shown_report
                .open_lots
                .iter()
                .take(LOTS_SHOWN)
                .map(|l| lot_row(l, today, true))
                .collect_view()
        })
    };
    view! {
        <section class="card" id="insights-lots" aria-labelledby="insights-lots-title">
            <h2 id="insights-lots-title">{t("Open lots")}</h2>
            <p class="hint" id="insights-free-today">{free_line}</p>
            {if empty {
                view! { <p class="state state-empty">{t("No asset is held.")}</p> }.into_any()
            } else {
                view! {
                    <details class="insights-lots-list" id="insights-lots-list" on:toggle=move |_| opened.set(true)>
                        <summary>{tf("Every open lot ({n})", &[("n", &format_count(count))])}</summary>
                        <div class="table-scroll" tabindex="0" role="region" aria-label=t("Open lots, scrollable table")>
                            <table class="data-table">
                                {lots_head(true)}
                                <tbody>{body}</tbody>
                            </table>
                        </div>
                        {(more > 0).then(|| view! { <p class="hint" id="insights-lots-more">{tf("… and {n} more.", &[("n", &format_count(more))])}</p> })}
                    </details>
                }.into_any()
            }}
            <ExportButtons id="insights-lots-export" empty=Signal::derive(move || empty) make=make csv_only=true />
        </section>
    }
}

/// The headings of a table of open lots (`with_asset`: a column naming each lot's asset).
pub(super) fn lots_head(with_asset: bool) -> impl IntoView {
    view! {
        <thead><tr>
            {with_asset.then(|| view! { <th scope="col">{t("Asset")}</th> })}
            <th scope="col">{t("Acquired")}</th>
            <th scope="col" class="num">{t("Quantity")}</th>
            <th scope="col" class="num">{t("Cost")}</th>
            <th scope="col" class="num">{t("Value today")}</th>
            <th scope="col" class="num">{t("Unrealised")}</th>
            <th scope="col">{t("Tax-free from")}</th>
        </tr></thead>
    }
}

/// One open lot's row: what it is (`with_asset`: its asset heads the row, else its day),
/// what it cost, what it is worth and when it is tax-free.
pub(super) fn lot_row(
    l: &folio_insights::OpenLot,
    today: chrono::NaiveDate,
    with_asset: bool,
) -> impl IntoView {
    let free = match (l.tax_free_from, l.acquired) {
        (Some(d), _) if d <= today => t("now").to_string(),
        (Some(d), _) => day(d),
        (None, Acquired::Unknown) if !l.asset.regime.is_security() => {
            t("unknown: enter the acquisition date").to_string()
        }
        (None, _) => "—".to_string(),
    };
    let class = match l.altvermoegen {
        Some(true) => t(" (Altvermögen)"),
        Some(false) => t(" (Neuvermögen)"),
        None => "",
    };
    let acquired = format!("{}{class}", super::text::acquired(l.acquired));
    let first = if with_asset {
        view! {
            <th scope="row">{asset_link(&l.asset.symbol)}</th>
            <td>{acquired}</td>
        }
        .into_any()
    } else {
        view! { <th scope="row">{acquired}</th> }.into_any()
    };
    view! {
        <tr data-testid="open-lot">
            {first}
            <td class="num amount">{quantity(l.quantity)}</td>
            <td class="num amount">{eur(l.cost)}</td>
            <td class="num amount">{eur(l.value)}</td>
            <td class=format!("num amount {}", trend_class(l.unrealised))>{eur(l.unrealised)}</td>
            <td>{free}</td>
        </tr>
    }
}

/// An asset's symbol, leading to its page (no link for an id the catalogue did not name).
fn asset_link(symbol: &str) -> impl IntoView {
    view! { <a href=asset_href(symbol)>{symbol.to_string()}</a> }
}
