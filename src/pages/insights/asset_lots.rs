//! An asset's lots on its page (`/assets/<symbol>`): the open lots Insights' report finds for
//! that asset under the chosen rule set (`?rules=at|de`, Austria by default as on Insights),
//! with what could be sold tax-free today. It is Insights' own report — the same ledger read
//! (every operation, plus the legacy API's trades when the key may read them), the same rules —
//! so the lots are the ones Insights lists for the asset, and it lives in Insights' report
//! module (`insights_report`), fetched once the asset page is shown.
//!
//! Costs typed on Insights for arrivals without one stay in that page (for its tab only), so
//! here such a lot's cost is "not known", with the way to give it one.

use std::collections::HashMap;

use folio_client::checked;
use folio_client::scopes::Scope;
use folio_insights::{OpenLot, Report, RuleSet};
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::choice::{InsightsChoice, RulesSelect};
use super::figure::{day, eur, exact, quantity};
use super::made::MadeReports;
use super::tables::{lot_row, lots_head, LOTS_SHOWN};
use crate::contexts::session::use_session;
use crate::data::load::{account_resource, load_states};
use crate::format::{format_count, trend_class};
use crate::i18n::{t, tf};
use crate::url::use_url_state;

/// What an asset's page gives its lots part.
#[derive(Clone, Debug)]
pub struct AssetLotsInputs {
    /// The asset's id in the current API (how the report names it).
    pub asset_id: String,
    /// Its symbol, for the sentences.
    pub symbol: String,
}

/// One asset's open lots and their totals.
#[derive(Debug, Clone, PartialEq)]
pub struct AssetLots {
    /// The lots, in the report's order (oldest first).
    pub lots: Vec<OpenLot>,
    /// Their quantity together.
    pub quantity: Decimal,
    /// Their cost together (`None`: a lot's cost is not known).
    pub cost: Option<Decimal>,
    /// Their value today together (`None`: no price today).
    pub value: Option<Decimal>,
    /// Value minus cost (`None`: either is not known).
    pub unrealised: Option<Decimal>,
    /// The quantity that could be sold tax-free `today`.
    pub free_quantity: Decimal,
    /// Its value today (`None`: a free lot has no price).
    pub free_value: Option<Decimal>,
}

/// The open lots of `report` for the asset `asset_id`, with what is tax-free on `today` (the
/// rule set's day). Sums are checked: an overflow makes the total "not known", never a panic.
pub fn lots_of(report: &Report, asset_id: &str, today: chrono::NaiveDate) -> AssetLots {
    let lots: Vec<OpenLot> = report
        .open_lots
        .iter()
        .filter(|l| &*l.asset.id == asset_id)
        .cloned()
        .collect();
    let free: Vec<&OpenLot> = lots
        .iter()
        .filter(|l| l.tax_free_from.is_some_and(|d| d <= today))
        .collect();
    let (cost, value) = (
        every(lots.iter(), |l| l.cost),
        every(lots.iter(), |l| l.value),
    );
    AssetLots {
        quantity: checked::sum(lots.iter().map(|l| l.quantity)).unwrap_or_default(),
        cost,
        value,
        unrealised: checked::difference(value, cost),
        free_quantity: checked::sum(free.iter().map(|l| l.quantity)).unwrap_or_default(),
        free_value: every(free.iter().copied(), |l| l.value),
        lots,
    }
}

/// The sum of `of` over `lots`, `None` when one of them is not known (or the sum overflows).
fn every<'a>(
    lots: impl Iterator<Item = &'a OpenLot>,
    of: fn(&OpenLot) -> Option<Decimal>,
) -> Option<Decimal> {
    checked::sum(lots.map(of).collect::<Option<Vec<Decimal>>>()?)
}

crate::split::split_page!(
    insights_report,
    asset_lots_part,
    preload_asset_lots_part,
    AssetLotsPart
);

/// The lots card's body: the rule set, the reading's progress, then the lots.
#[component]
fn AssetLotsPart() -> impl IntoView {
    let AssetLotsInputs { asset_id, symbol } = use_context::<AssetLotsInputs>()?;
    let session = use_session();
    let with_legacy = session.may(Scope::LegacyRead);
    let (choice, set_choice) = use_url_state::<InsightsChoice>(());
    let read_so_far = RwSignal::new(0usize);
    let data = account_resource(
        || (),
        move |client, keyless, ()| async move {
            super::load::load(client, keyless, with_legacy, &|n| read_so_far.set(n)).await
        },
    );
    let made = StoredValue::new_local(MadeReports::default());
    let rules = Memo::new(move |_| choice.with(|c| c.rules));
    let (id, sym) = (StoredValue::new(asset_id), StoredValue::new(symbol));
    let lots = Memo::new(move |_| {
        let rules = rules.get();
        let entered = HashMap::new();
        data.with(|d| match d {
            Some(Ok(d)) => made.try_update_value(|m| {
                let computed = m.report(d, rules, &entered);
                let today = folio_insights::days::tax_day(rules, chrono::Utc::now());
                (
                    lots_of(&computed.report, &id.get_value(), today),
                    today,
                    rules,
                )
            }),
            _ => None,
        })
    });
    let progress = move || {
        data.with(|d| d.is_none()).then(|| {
            tf(
                "Reading every operation… {n} so far.",
                &[("n", &format_count(read_so_far.get()))],
            )
        })
    };
    let shown = load_states(
        move || data.with(|d| d.map(|r| r.map(|_| ()).map_err(Clone::clone))),
        t("every operation"),
        move || data.refetch(),
        move |()| {
            lots.get()
                .map(|(found, today, rules)| lots_view(found, today, rules, &sym.get_value()))
        },
    );
    Some(view! {
        <RulesSelect id="asset-lots-rules" choice=choice set_choice=set_choice />
        <p class="hint" id="asset-lots-progress" role="status" aria-live="polite">{progress}</p>
        {shown}
    })
}

/// The totals line, what is tax-free today and the table of `found`.
fn lots_view(found: AssetLots, today: chrono::NaiveDate, rules: RuleSet, symbol: &str) -> AnyView {
    let insights = format!("/insights?rules={}", rules.slug());
    if found.lots.is_empty() {
        return view! {
            <p id="asset-no-lots">
                {tf("Insights finds no open lot of {symbol} in your operations.", &[("symbol", symbol)])}
                " "
                <a href=insights>{t("Open Insights")}</a>
            </p>
        }
        .into_any();
    }
    let units = |q: Decimal| format!("{} {symbol}", quantity(q));
    let free_line = if found.free_quantity.is_zero() {
        t("Nothing of it could be sold tax-free today.").to_string()
    } else {
        tf(
            "Sellable tax-free today: {quantity}, worth {value} at today's price.",
            &[
                ("quantity", &units(found.free_quantity)),
                ("value", &eur(found.free_value)),
            ],
        )
    };
    let next_free = found
        .lots
        .iter()
        .filter_map(|l| l.tax_free_from)
        .filter(|d| *d > today)
        .min()
        .map(|d| {
            tf(
                "The next lot becomes tax-free on {day}.",
                &[("day", &day(d))],
            )
        });
    let more = found.lots.len().saturating_sub(LOTS_SHOWN);
    let rows = found
        .lots
        .iter()
        .take(LOTS_SHOWN)
        .map(|l| lot_row(l, today, false))
        .collect_view();
    view! {
        <dl class="figures-list" id="asset-lots-totals">
            <div class="figure-row">
                <dt>{t("Open lots")}</dt>
                <dd id="asset-lots-count">{format_count(found.lots.len())}</dd>
            </div>
            <div class="figure-row">
                <dt>{t("Quantity")}</dt>
                <dd id="asset-lots-quantity" class="amount" data-value=found.quantity.normalize().to_string()>{units(found.quantity)}</dd>
            </div>
            <div class="figure-row">
                <dt>{t("Cost")}</dt>
                <dd id="asset-lots-cost" class="amount" data-value=exact(found.cost)>{eur(found.cost)}</dd>
            </div>
            <div class="figure-row">
                <dt>{t("Unrealised")}</dt>
                <dd id="asset-lots-unrealised" class=format!("amount {}", trend_class(found.unrealised)) data-value=exact(found.unrealised)>{eur(found.unrealised)}</dd>
            </div>
        </dl>
        <p id="asset-free-today" data-value=found.free_quantity.normalize().to_string()>{free_line}</p>
        {next_free.map(|line| view! { <p class="hint" id="asset-next-free">{line}</p> })}
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="asset-lots-caption">
            <table class="data-table" id="asset-lots-table">
                <caption id="asset-lots-caption">{tf("Open lots of {symbol}, oldest first", &[("symbol", symbol)])}</caption>
                {lots_head(false)}
                <tbody>{rows}</tbody>
            </table>
        </div>
        {(more > 0).then(|| view! { <p class="hint" id="asset-lots-more">{tf("… and {n} more: Insights' CSV of open lots holds every one.", &[("n", &format_count(more))])}</p> })}
        <p class="hint">
            {t("Estimates under the rules chosen, not tax advice. A lot without a known cost can be given one on Insights. ")}
            <a href=insights id="asset-lots-insights">{t("Open Insights")}</a>
        </p>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use chrono::NaiveDate;
    use folio_insights::{Acquired, AssetRef, Regime};

    use super::*;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn lot(
        id: &str,
        on: &str,
        q: Decimal,
        cost: Option<Decimal>,
        value: Option<Decimal>,
        free: Option<&str>,
    ) -> OpenLot {
        OpenLot {
            asset: AssetRef {
                id: Arc::from(id),
                symbol: Arc::from(id),
                regime: Regime::Crypto,
            },
            acquired: Acquired::On(on.parse().unwrap()),
            quantity: q,
            cost,
            value,
            unrealised: None,
            tax_free_from: free.map(|d| d.parse().unwrap()),
            altvermoegen: None,
        }
    }

    #[test]
    fn an_assets_lots_are_its_own_and_what_is_free_today_counts_only_past_dates() {
        let report = Report {
            open_lots: vec![
                lot(
                    "btc",
                    "2024-01-10",
                    dec("0.5"),
                    Some(dec("20000")),
                    Some(dec("30000")),
                    Some("2025-01-11"),
                ),
                lot(
                    "eth",
                    "2024-02-01",
                    dec("3"),
                    Some(dec("6000")),
                    Some(dec("9000")),
                    Some("2025-02-02"),
                ),
                lot(
                    "btc",
                    "2026-03-05",
                    dec("0.25"),
                    Some(dec("15000")),
                    Some(dec("15000")),
                    Some("2027-03-06"),
                ),
            ],
            ..Report::default()
        };
        let today: NaiveDate = "2026-11-29".parse().unwrap();
        let found = lots_of(&report, "btc", today);
        assert_eq!(found.lots.len(), 2);
        assert_eq!(found.quantity, dec("0.75"));
        assert_eq!(found.cost, Some(dec("35000")));
        assert_eq!(found.value, Some(dec("45000")));
        assert_eq!(found.unrealised, Some(dec("10000")));
        // Only the 2024 lot: the 2026 one is free from 6 March 2027.
        assert_eq!(found.free_quantity, dec("0.5"));
        assert_eq!(found.free_value, Some(dec("30000")));
    }

    #[test]
    fn an_unknown_cost_makes_the_total_cost_and_gain_unknown() {
        let report = Report {
            open_lots: vec![
                lot(
                    "btc",
                    "2024-01-10",
                    dec("1"),
                    None,
                    Some(dec("60000")),
                    None,
                ),
                lot(
                    "btc",
                    "2025-01-10",
                    dec("1"),
                    Some(dec("40000")),
                    Some(dec("60000")),
                    None,
                ),
            ],
            ..Report::default()
        };
        let found = lots_of(&report, "btc", "2026-11-29".parse().unwrap());
        assert_eq!(found.cost, None);
        assert_eq!(found.unrealised, None);
        assert_eq!(found.value, Some(dec("120000")));
        // Nothing is free (no lot has a tax-free day): nothing free is worth nothing.
        assert_eq!(found.free_quantity, Decimal::ZERO);
        assert_eq!(found.free_value, Some(Decimal::ZERO));
    }
}
