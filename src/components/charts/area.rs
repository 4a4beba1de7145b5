//! An SVG area chart of values over time. Pointer and keyboard both move a highlighted point
//! whose value and time are read out in a live region; arrow keys, Home and End work when the
//! chart has focus. Pages pair it with a table of the same values.

use chrono::{DateTime, Utc};
use leptos::prelude::*;
use rust_decimal::Decimal;
use wasm_bindgen::JsCast;

use crate::components::charts::geometry::{
    area_path, line_path, line_points, nearest_index, ChartBox,
};
use crate::format::{format_axis_label, format_datetime, format_fiat_with_unit, MISSING};

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
    let active = RwSignal::new(None::<usize>);
    let data = StoredValue::new(data);
    let points = StoredValue::new(points);
    let unit = StoredValue::new(unit);

    let readout = move || match active.get() {
        Some(i) => data.with_value(|d| {
            d.get(i)
                .map(|datum| unit.with_value(|u| describe(datum, u.as_deref())))
                .unwrap_or_default()
        }),
        None => "Point at the chart, or focus it and use the arrow keys, to read values.".into(),
    };

    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if count == 0 {
            return;
        }
        let last = count - 1;
        let next = match (ev.key().as_str(), active.get_untracked()) {
            ("ArrowRight" | "ArrowUp", None) => Some(last),
            ("ArrowLeft" | "ArrowDown", None) => Some(last),
            ("ArrowRight" | "ArrowUp", Some(i)) => Some((i + 1).min(last)),
            ("ArrowLeft" | "ArrowDown", Some(i)) => Some(i.saturating_sub(1)),
            ("Home", _) => Some(0),
            ("End", _) => Some(last),
            ("Escape", _) => None,
            _ => return,
        };
        ev.prevent_default();
        active.set(next);
    };

    let on_pointer = move |ev: leptos::ev::PointerEvent| {
        let Some(target) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let rect = target.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return;
        }
        let x = (f64::from(ev.client_x()) - rect.left()) / rect.width() * FRAME.width;
        active.set(points.with_value(|p| nearest_index(p, x)));
    };

    let marker = move || {
        let i = active.get()?;
        let p = points.with_value(|p| p.get(i).copied())?;
        Some(view! {
            <g class="chart-marker">
                <line
                    x1=format!("{:.2}", p.x)
                    x2=format!("{:.2}", p.x)
                    y1=format!("{:.2}", FRAME.padding)
                    y2=format!("{:.2}", FRAME.height - FRAME.padding)
                    class="chart-guide"
                ></line>
                // A zero-length line with round caps draws a dot that stays round when the
                // chart is stretched (preserveAspectRatio="none").
                <line
                    x1=format!("{:.2}", p.x)
                    x2=format!("{:.2}", p.x)
                    y1=format!("{:.2}", p.y)
                    y2=format!("{:.2}", p.y)
                    class="chart-dot"
                ></line>
            </g>
        })
    };

    let first_label = data.with_value(|d| {
        d.first()
            .and_then(|x| x.time)
            .map(|t| format_axis_label(t, intraday))
            .unwrap_or_default()
    });
    let last_label = data.with_value(|d| {
        d.last()
            .and_then(|x| x.time)
            .map(|t| format_axis_label(t, intraday))
            .unwrap_or_default()
    });
    let (low, high) = data.with_value(|d| {
        let low = d.iter().map(|x| x.value).min();
        let high = d.iter().map(|x| x.value).max();
        unit.with_value(|u| {
            (
                low.map(|v| format_fiat_with_unit(v, u.as_deref()))
                    .unwrap_or_default(),
                high.map(|v| format_fiat_with_unit(v, u.as_deref()))
                    .unwrap_or_default(),
            )
        })
    });
    let view_box = format!("0 0 {} {}", FRAME.width, FRAME.height);
    let help = format!("{label}. {count} points. Use the left and right arrow keys to read them.");

    view! {
        <figure class="area-chart">
            <p class="chart-readout" aria-live="polite" data-testid="chart-readout">{readout}</p>
            <div
                class="chart-focus"
                tabindex="0"
                role="group"
                aria-label=help
                data-testid="history-chart"
                on:keydown=on_key
                on:blur=move |_| active.set(None)
            >
                <svg
                    viewBox=view_box
                    class="chart-svg"
                    preserveAspectRatio="none"
                    aria-hidden="true"
                    focusable="false"
                    on:pointermove=on_pointer
                    on:pointerdown=on_pointer
                    on:pointerleave=move |_| active.set(None)
                >
                    <path d=area class="chart-area"></path>
                    <path d=line class="chart-line"></path>
                    {marker}
                </svg>
            </div>
            <figcaption class="chart-axis">
                <span>{first_label}</span>
                <span class="chart-range">{format!("Low {low} · High {high}")}</span>
                <span>{last_label}</span>
            </figcaption>
        </figure>
    }
}
