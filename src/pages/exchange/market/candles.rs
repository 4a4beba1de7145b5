//! Candles: an interval choice (kept in the URL), a candlestick chart with a price axis (a few
//! round prices as grid lines, labelled at the left) and a time axis (five evenly spread
//! start times, three on a phone), a crosshair (pointer, or arrow keys with the chart
//! focused) whose candle is read out above the chart, and the same candles as a table (open,
//! high, low, close, volume) for people who do not read charts.
//!
//! The chart and the table are a module of their own in the release build
//! (`market_candles`): the card and its request come with the page, its content as soon as
//! the module arrives (fetched as the page starts, with the order form's).

use chrono::DateTime;
use folio_client::exchange::{Candle, CandleInterval, CandlesQuery, Pair};
use folio_client::Client;
use leptos::prelude::*;

use crate::components::charts::geometry::{two_places, ChartBox, ChartPoint};
use crate::components::charts::pointing::Crosshair;
use crate::components::charts::ticks::time_tick_indices;
use crate::components::{LazyPage, TableAlternative};
use crate::data::load::{account_resource_when, load_states};
use crate::data::next_task::Shown;
use crate::data::resource::AccountResource;
use crate::format::{
    format_amount, format_axis_label, format_count, format_datetime, zoned_heading, MISSING,
};
use crate::i18n::{t, tf};
use crate::pages::exchange::market::candle_geometry::{candle_bars, price_axis};
use crate::pages::exchange::text::{fixed, price_decimals, size_decimals};

/// Candles shown.
const COUNT: u32 = 48;

const FRAME: ChartBox = ChartBox {
    width: 600.0,
    height: 240.0,
    padding: 8.0,
};

const INTERVALS: [CandleInterval; 8] = [
    CandleInterval::M1,
    CandleInterval::M5,
    CandleInterval::M10,
    CandleInterval::M15,
    CandleInterval::M30,
    CandleInterval::H1,
    CandleInterval::H4,
    CandleInterval::D1,
];

fn when(c: &Candle) -> String {
    c.timestamp
        .and_then(|t| DateTime::from_timestamp(t, 0))
        .map(format_datetime)
        .unwrap_or_else(|| MISSING.into())
}

/// A candle in words, for the readout: "Nov 25, 14:00 · Open … · High … · Low … · Close …
/// · Volume …" (prices with the pair's `pd` decimals, the volume with its `sd`).
fn describe(c: &Candle, pd: u32, sd: u32) -> String {
    tf(
        "{time} · Open {open} · High {high} · Low {low} · Close {close} · Volume {volume}",
        &[
            ("time", &when(c)),
            ("open", &fixed(c.open, pd)),
            ("high", &fixed(c.high, pd)),
            ("low", &fixed(c.low, pd)),
            ("close", &fixed(c.close, pd)),
            ("volume", &fixed(c.volume, sd)),
        ],
    )
}

/// The chart of `candles` (oldest first) with its axes and a crosshair: the pointer, or the
/// arrow keys with the chart focused, pick a candle whose prices are read out above it.
fn chart(candles: Vec<Candle>, label: String, (pd, sd): (u32, u32)) -> impl IntoView {
    let bars = candle_bars(&candles, FRAME);
    // Times of day while the candles span a day at most, dates beyond.
    let (first, last) = (
        candles.first().and_then(|c| c.timestamp),
        candles.last().and_then(|c| c.timestamp),
    );
    let intraday = first
        .zip(last)
        .is_some_and(|(a, b)| b.saturating_sub(a) <= 86_400);
    let axis = price_axis(&candles, FRAME);
    let view_box = FRAME.view_box();
    let grid = axis
        .iter()
        .map(|(y, _)| {
            let y = two_places(*y);
            view! { <line x1="0" x2=two_places(FRAME.width) y1=y.clone() y2=y class="chart-grid"></line> }
        })
        .collect_view();
    let prices = axis
        .into_iter()
        .map(|(y, price)| {
            view! { <span style:top=format!("{}%", two_places(y / FRAME.height * 100.0))>{format_amount(price)}</span> }
        })
        .collect_view();
    let times = time_tick_indices(candles.len(), 5)
        .into_iter()
        .filter_map(|i| {
            let time = DateTime::from_timestamp(candles.get(i)?.timestamp?, 0)?;
            Some(view! { <span>{format_axis_label(time, intraday)}</span> })
        })
        .collect_view();

    // The crosshair's index is a bar's.
    let crosshair = Crosshair::new(
        bars.iter().map(|b| ChartPoint { x: b.x, y: 0.0 }).collect(),
        FRAME.width,
    );
    let picked = StoredValue::new(bars.iter().map(|b| b.candle).collect::<Vec<_>>());
    let candles = StoredValue::new(candles);
    let readout = move || match crosshair.index() {
        Some(bar) => picked
            .with_value(|p| p.get(bar).copied())
            .and_then(|i| candles.with_value(|c| c.get(i).map(|c| describe(c, pd, sd))))
            .unwrap_or_default(),
        None => t("Point at the candles, or focus the chart and use the arrow keys, to read them.")
            .into(),
    };
    let guide = move || {
        let x = two_places(crosshair.point()?.x);
        Some(view! {
            <line x1=x.clone() x2=x y1=two_places(FRAME.padding)
                y2=two_places(FRAME.height - FRAME.padding) class="chart-guide"></line>
        })
    };
    let help = tf(
        "{chart} Use the left and right arrow keys to read the candles.",
        &[("chart", &label)],
    );
    view! {
        <p class="chart-readout" aria-live="polite" data-testid="candle-readout">{readout}</p>
        <div class="chart-plot">
            <div class="chart-focus" tabindex="0" role="group" aria-label=help
                data-testid="candle-chart" on:keydown=move |ev| crosshair.key(&ev) on:blur=move |_| crosshair.clear()>
                <svg class="candle-chart" viewBox=view_box preserveAspectRatio="none"
                    aria-hidden="true" focusable="false"
                    on:pointermove=move |ev| crosshair.pointer(&ev)
                    on:pointerdown=move |ev| crosshair.pointer(&ev)
                    on:pointerleave=move |_| crosshair.clear()>
                    {grid}
                    {bars.into_iter().map(|b| {
                        let class = if b.rising { "candle rising" } else { "candle falling" };
                        view! {
                            <g class=class>
                                <line x1=two_places(b.x) x2=two_places(b.x) y1=two_places(b.wick_top) y2=two_places(b.wick_bottom)></line>
                                <rect x=two_places(b.x - b.width / 2.0) y=two_places(b.body_top) width=two_places(b.width) height=two_places(b.body_height)></rect>
                            </g>
                        }
                    }).collect_view()}
                    {guide}
                </svg>
            </div>
            <div class="chart-ticks" aria-hidden="true" data-testid="candle-price-axis">{prices}</div>
        </div>
        <div class="chart-axis chart-time-axis" aria-hidden="true" data-testid="candle-time-axis">{times}</div>
    }
}

/// The candles of `pair` at `interval`; `on_interval` receives a new interval's name. The
/// card and its interval choice come with the page; the candles are read once `shown` (the
/// page's ticker and book are in and shown), and the chart and the table are a part of their
/// own ([`CandlesPart`], module `market_candles`) asked for then too, so the pair, its ticker
/// and its book show first on a slow connection.
#[component]
pub fn CandlesView(
    pair: Signal<Option<Pair>>,
    interval: Memo<CandleInterval>,
    on_interval: Callback<String>,
    shown: Shown,
) -> impl IntoView {
    let name = move || pair.with(|p| p.as_ref().map(|p| p.pair.clone()).unwrap_or_default());
    let candles = account_resource_when(
        shown,
        move || (name(), interval.get()),
        |client: Client, _, (p, i)| async move {
            let query = CandlesQuery {
                interval: i,
                from: None,
                to: None,
                limit: Some(COUNT),
            };
            client.exchange().candles(&p, &query).await.map(Vec::from)
        },
    );
    provide_context(CandlesInputs {
        pair,
        interval,
        candles,
    });
    view! {
        <section class="card candles" aria-labelledby="candles-title">
            <div class="card-head">
                <h2 id="candles-title">{t("Price")}</h2>
                <div class="field field-inline">
                    <label for="candle-interval">{t("Interval")}</label>
                    <select id="candle-interval" on:change=move |ev| on_interval.run(event_target_value(&ev))>
                        {INTERVALS.iter().map(|i| {
                            let (value, i2) = (i.as_str().to_string(), i.clone());
                            view! { <option value=value.clone() selected=move || interval.get() == i2>{value.clone()}</option> }
                        }).collect_view()}
                    </select>
                </div>
            </div>
            <LazyPage load=candles_part later=true ready=shown.flag() />
        </section>
    }
}

/// What the chart and the table need from the card (the part takes no props).
#[derive(Clone, Copy)]
struct CandlesInputs {
    pair: Signal<Option<Pair>>,
    interval: Memo<CandleInterval>,
    candles: AccountResource<Vec<Candle>>,
}

crate::split::split_page!(
    market_candles,
    candles_part,
    preload_candles_part,
    CandlesPart
);

/// The chart and the table of the card's candles (nothing without [`CandlesInputs`]).
#[component]
fn CandlesPart() -> impl IntoView {
    let CandlesInputs {
        pair,
        interval,
        candles,
    } = use_context::<CandlesInputs>()?;
    let name = move || pair.with(|p| p.as_ref().map(|p| p.pair.clone()).unwrap_or_default());
    let body = load_states(
        move || candles.get(),
        t("the candles"),
        move || candles.refetch(),
        move |list: Vec<Candle>| {
            let p = pair.get_untracked();
            let (pd, sd) = (price_decimals(p.as_ref()), size_decimals(p.as_ref()));
            let label = tf(
                "Candlestick chart of {pair} at {interval} intervals, {count} candles; the table below lists them.",
                &[
                    ("pair", &name()),
                    ("interval", interval.get_untracked().as_str()),
                    ("count", &format_count(list.len())),
                ],
            );
            let rows = list
                .iter()
                .rev()
                .map(|c| {
                    view! {
                        <tr data-testid="candle-row">
                            <td>{when(c)}</td>
                            <td class="num">{fixed(c.open, pd)}</td>
                            <td class="num">{fixed(c.high, pd)}</td>
                            <td class="num">{fixed(c.low, pd)}</td>
                            <td class="num">{fixed(c.close, pd)}</td>
                            <td class="num">{fixed(c.volume, sd)}</td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                {chart(list, label, (pd, sd))}
                <TableAlternative summary=t("Candles as a table") id="candles-table" class="compact"
                    caption=t("Candles, newest first").to_string()>
                    <thead><tr><th scope="col">{zoned_heading(t("Start"))}</th><th scope="col" class="num">{t("Opening")}</th><th scope="col" class="num">{t("High")}</th><th scope="col" class="num">{t("Low")}</th><th scope="col" class="num">{t("Closing")}</th><th scope="col" class="num">{t("Volume")}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </TableAlternative>
            }
        },
    );
    Some(body)
}
