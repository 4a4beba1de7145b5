//! An SVG area chart of values over time, with a value axis (a few round values, drawn as
//! grid lines and labelled at the left) and a time axis (five evenly spread times in a row
//! below, three on a phone). Pointer and keyboard both move a highlighted point (a crosshair) whose value and
//! time are read out in a live region; arrow keys, Home and End work when the chart has
//! focus. The axis labels are hidden from assistive technology: the readout and the table
//! pages pair the chart with say the same.

use chrono::{DateTime, Utc};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::charts::geometry::{
    area_path, line_path, line_points, two_places, value_y, ChartBox, ChartPoint,
};
use crate::components::charts::pointing::Crosshair;
use crate::components::charts::ticks::{time_tick_indices, value_ticks};
use crate::format::{
    format_amount, format_axis_label, format_datetime, format_fiat_with_unit, MISSING,
};
use crate::i18n::{t, tf, tn};

const FRAME: ChartBox = ChartBox {
    width: 800.0,
    height: 300.0,
    padding: 24.0,
};

/// One point of the series.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartDatum {
    pub time: Option<DateTime<Utc>>,
    pub value: Decimal,
}

fn describe(datum: &ChartDatum, unit: Option<&str>) -> String {
    let when = datum
        .time
        .map(format_datetime)
        .unwrap_or_else(|| MISSING.into());
    format!("{when}: {}", format_fiat_with_unit(datum.value, unit))
}

/// The chart. `label` names it for assistive technology; `intraday` picks time-of-day axis
/// labels.
#[component]
pub fn AreaChart(
    data: Vec<ChartDatum>,
    #[prop(into)] label: String,
    #[prop(optional)] unit: Option<String>,
    #[prop(optional)] intraday: bool,
) -> impl IntoView {
    let values: Vec<Decimal> = data.iter().map(|d| d.value).collect();
    let points = line_points(&values, FRAME);
    let line = line_path(&points);
    let area = area_path(&points, FRAME);
    let count = data.len();
    let data = StoredValue::new(data);
    let crosshair = Crosshair::new(points, FRAME.width);
    let unit = StoredValue::new(unit);

    let readout = move || match crosshair.index() {
        Some(i) => data.with_value(|d| {
            d.get(i)
                .map(|datum| unit.with_value(|u| describe(datum, u.as_deref())))
                .unwrap_or_default()
        }),
        None => t("Point at the chart, or focus it and use the arrow keys, to read values.").into(),
    };

    let marker = move || crosshair.point().map(marker_at);

    let (low, high) = data.with_value(|d| unit.with_value(|u| range_words(d, u.as_deref())));
    let (value_axis, time_axis) = data.with_value(|d| axes(d, &values, intraday));
    let grid = value_axis
        .iter()
        .map(|(y, _)| {
            let y = two_places(*y);
            view! {
                <line x1=two_places(FRAME.padding) x2=two_places(FRAME.width - FRAME.padding)
                    y1=y.clone() y2=y class="chart-grid"></line>
            }
        })
        .collect_view();
    let value_labels = value_axis
        .into_iter()
        .map(|(y, label)| {
            view! { <span style:top=format!("{}%", two_places(y / FRAME.height * 100.0))>{label}</span> }
        })
        .collect_view();
    let time_labels = time_axis
        .into_iter()
        .map(|label| view! { <span>{label}</span> })
        .collect_view();
    let view_box = FRAME.view_box();
    let points = tn(count, "{n} point", "{n} points");
    let how = t("Use the left and right arrow keys to read them.");
    let help = format!("{label}. {points}. {how}");

    view! {
        <figure class="area-chart">
            <p class="chart-readout" class:amount=move || crosshair.index().is_some() aria-live="polite" data-testid="chart-readout">{readout}</p>
            <div class="chart-plot">
                <div
                    class="chart-focus"
                    tabindex="0"
                    role="group"
                    aria-label=help
                    data-testid="history-chart"
                    on:keydown=move |ev| crosshair.key(&ev)
                    on:blur=move |_| crosshair.clear()
                >
                    <svg
                        viewBox=view_box
                        class="chart-svg"
                        preserveAspectRatio="none"
                        aria-hidden="true"
                        focusable="false"
                        on:pointermove=move |ev| crosshair.pointer(&ev)
                        on:pointerdown=move |ev| crosshair.pointer(&ev)
                        on:pointerleave=move |_| crosshair.clear()
                    >
                        {grid}
                        <path d=area class="chart-area"></path>
                        <path d=line class="chart-line"></path>
                        {marker}
                    </svg>
                </div>
                <div class="chart-ticks" aria-hidden="true" data-testid="chart-value-axis">{value_labels}</div>
            </div>
            <div class="chart-axis chart-time-axis" aria-hidden="true" data-testid="chart-time-axis">{time_labels}</div>
            <figcaption class="chart-axis">
                <span class="chart-range">{tf("Low {low} · High {high}", &[("low", &low), ("high", &high)])}</span>
            </figcaption>
        </figure>
    }
}

/// The guide line and dot at the highlighted point.
fn marker_at(p: ChartPoint) -> impl IntoView {
    view! {
    <g class="chart-marker">
        <line
            x1=two_places(p.x)
            x2=two_places(p.x)
            y1=two_places(FRAME.padding)
            y2=two_places(FRAME.height - FRAME.padding)
            class="chart-guide"
        ></line>
        // A zero-length line with round caps draws a dot that stays round when the
        // chart is stretched (preserveAspectRatio="none").
        <line
            x1=two_places(p.x)
            x2=two_places(p.x)
            y1=two_places(p.y)
            y2=two_places(p.y)
            class="chart-dot"
        ></line>
    </g>
    }
}

/// The lowest and highest value, in words.
fn range_words(data: &[ChartDatum], unit: Option<&str>) -> (String, String) {
    let value = |v: Option<Decimal>| {
        v.map(|v| format_fiat_with_unit(v, unit))
            .unwrap_or_default()
    };
    let low = value(data.iter().map(|x| x.value).min());
    let high = value(data.iter().map(|x| x.value).max());
    (low, high)
}

/// The axes' ticks: a few round values, each with its height in the chart's units, and the
/// labels of a few evenly spread times (the first and the last included, so a row spread
/// from edge to edge puts each under its point).
fn axes(
    data: &[ChartDatum],
    values: &[Decimal],
    intraday: bool,
) -> (Vec<(f64, String)>, Vec<String>) {
    let (Some(low), Some(high)) = (values.iter().min(), values.iter().max()) else {
        return Default::default();
    };
    let value_axis = value_ticks(*low, *high, 4)
        .into_iter()
        .map(|tick| (value_y(tick, values, FRAME), format_amount(tick)))
        .collect();
    let time_axis = time_tick_indices(data.len(), 5)
        .into_iter()
        .filter_map(|i| Some(format_axis_label(data.get(i)?.time?, intraday)))
        .collect();
    (value_axis, time_axis)
}
