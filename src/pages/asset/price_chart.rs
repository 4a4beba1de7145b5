//! The asset's price over a chosen period (day, week, month, year; kept in the URL as
//! `?period=week`), drawn from the exchange's candles of its market against the euro
//! (`BTC_EUR`): the change over the period, an area chart of the closing prices, the same
//! prices as a table, and a link to the market. The exchange answering that the market does
//! not exist (404) is said in words: the service keeps no price history of an asset otherwise.

use chrono::DateTime;
use folio_client::exchange::{Candle, CandlesQuery};
use folio_client::{ApiError, Client};
use leptos::prelude::*;

use super::figures::{change_over, Period};
use crate::components::{AreaChart, ChartDatum, EmptyState, TableAlternative};
use crate::data::load::{account_resource, load_states};
use crate::format::{
    format_amount, format_datetime, format_signed_amount, format_signed_percent, trend_class,
    with_currency, zoned_heading, MISSING,
};
use crate::i18n::{t, tf};
use crate::url::{use_url_state, UrlState};

impl UrlState for Period {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        Period::parse(get("period").as_deref())
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![(
            "period",
            (*self != Period::Day).then(|| self.as_str().to_string()),
        )]
    }
}

/// The period's name in the reader's words.
fn period_words(period: Period) -> &'static str {
    match period {
        Period::Day => t("24 hours"),
        Period::Week => t("7 days"),
        Period::Month => t("30 days"),
        Period::Year => t("1 year"),
    }
}

/// The price card of the exchange's `market` (`BTC_EUR`).
#[component]
pub fn PriceChart(market: String) -> impl IntoView {
    let pair = market;
    let (period, set_period) = use_url_state::<Period>(());
    let pair = StoredValue::new(pair);
    let candles = account_resource(
        move || period.get(),
        move |client: Client, _, period: Period| {
            let pair = pair.get_value();
            async move {
                let (interval, count) = period.candles();
                let query = CandlesQuery {
                    interval,
                    from: None,
                    to: None,
                    limit: Some(count),
                };
                client
                    .exchange()
                    .candles(&pair, &query)
                    .await
                    .map(Vec::from)
            }
        },
    );
    let shown = load_states(
        move || candles.get(),
        t("the prices"),
        move || candles.refetch(),
        move |list: Vec<Candle>| prices(list, period.get_untracked(), pair.get_value()),
    );
    let body = move || match candles.get() {
        Some(Err(ApiError::NotFound(_))) => no_market(&pair.get_value()).into_any(),
        _ => shown(),
    };
    let choices = Period::ALL
        .into_iter()
        .map(|p| {
            view! {
                <button
                    type="button"
                    class="segment"
                    id=format!("period-{}", p.as_str())
                    aria-pressed=move || if period.get() == p { "true" } else { "false" }
                    data-period=p.as_str()
                    on:click=move |_| set_period.run(p)
                >
                    {period_words(p)}
                </button>
            }
        })
        .collect_view();
    view! {
        <section class="card asset-prices" aria-labelledby="asset-prices-title">
            <div class="card-head">
                <h2 id="asset-prices-title">{t("Price history")}</h2>
                <div class="segmented" role="group" aria-label=t("Period")>{choices}</div>
            </div>
            {body}
        </section>
    }
}

/// Why there is no chart: the exchange has no such market.
fn no_market(pair: &str) -> impl IntoView {
    let symbol = pair.strip_suffix("_EUR").unwrap_or(pair);
    view! {
        <p id="asset-no-chart">
            {tf(
                "No price chart: the exchange has no market for {symbol} against the euro, and the service keeps no price history of an asset otherwise.",
                &[("symbol", symbol)],
            )}
        </p>
    }
}

/// The change, chart, table and market link of `list` (oldest first).
fn prices(list: Vec<Candle>, period: Period, pair: String) -> AnyView {
    let quote = "EUR".to_string();
    let unit = Some(quote.as_str());
    let data: Vec<ChartDatum> = list
        .iter()
        .filter_map(|c| {
            Some(ChartDatum {
                time: c.timestamp.and_then(|s| DateTime::from_timestamp(s, 0)),
                value: c.close?,
            })
        })
        .collect();
    if data.is_empty() {
        return view! {
            <EmptyState title=t("No prices for this period")>
                <p>{tf("The exchange has no trades in {pair} over this period.", &[("pair", &pair)])}</p>
            </EmptyState>
        }
        .into_any();
    }
    let change = change_over(&list);
    let change_text = change.map_or_else(
        || MISSING.to_string(),
        |(amount, percent)| {
            format!(
                "{} ({})",
                with_currency(&format_signed_amount(amount), unit),
                format_signed_percent(percent)
            )
        },
    );
    let change_class = format!("figure amount {}", trend_class(change.map(|c| c.0)));
    let rows = data
        .iter()
        .rev()
        .map(|d| {
            view! {
                <tr>
                    <td>{d.time.map(format_datetime).unwrap_or_else(|| MISSING.into())}</td>
                    <td class="num">{with_currency(&format_amount(d.value), unit)}</td>
                </tr>
            }
        })
        .collect_view();
    let label = tf(
        "Closing prices of {pair} over {period}; the table below lists them.",
        &[("pair", &pair), ("period", period_words(period))],
    );
    view! {
        <p class="asset-change">
            <span id="asset-change-label">{tf("Change over {period}", &[("period", period_words(period))])}</span>
            " "
            <span id="asset-change" class=change_class aria-labelledby="asset-change-label asset-change" data-value=change.map(|c| c.0.to_string()).unwrap_or_default()>{change_text}</span>
        </p>
        <AreaChart data=data label=label unit=quote.clone() intraday=period.intraday() />
        <TableAlternative summary=t("Show the prices as a table") id="asset-prices-table"
            caption=tf("Closing prices of {pair}, newest first", &[("pair", &pair)])>
            <thead>
                <tr>
                    <th scope="col">{zoned_heading(t("Time"))}</th>
                    <th scope="col" class="num">{t("Close")}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </TableAlternative>
        <p>
            <a href=format!("/market?pair={pair}") data-testid="asset-market">{tf("Open the {pair} market", &[("pair", &pair)])}</a>
        </p>
    }
    .into_any()
}
