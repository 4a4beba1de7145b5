//! An SVG area chart of values over time. Pointer and keyboard both move a highlighted point
//! whose value and time are read out in a live region; arrow keys, Home and End work when the
//! chart has focus. Pages pair it with a table of the same values.

use chrono::{DateTime, Utc};
use leptos::prelude::*;
use rust_decimal::Decimal;
use wasm_bindgen::JsCast;

use crate::components::charts::geometry::{
    area_path, line_path, line_points, nearest_index, ChartBox, ChartPoint,
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
        if let Some(next) = point_after_key(&ev.key(), active.get_untracked(), count) {
            ev.prevent_default();
            active.set(next);
        }
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
        Some(marker_at(p))
    };

    let (first_label, last_label, low, high) =
        data.with_value(|d| unit.with_value(|u| axis_words(d, u.as_deref(), intraday)));
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

/// The point the key moves to: `Some(None)` clears the highlight, `None` means the key does
/// nothing here. Right/Up go later, Left/Down earlier (the first press starts at the latest
/// point), Home and End jump, Escape clears.
fn point_after_key(key: &str, current: Option<usize>, count: usize) -> Option<Option<usize>> {
    let last = count.checked_sub(1)?;
    Some(match (key, current) {
        ("ArrowRight" | "ArrowUp" | "ArrowLeft" | "ArrowDown", None) => Some(last),
        ("ArrowRight" | "ArrowUp", Some(i)) => Some(i.saturating_add(1).min(last)),
        ("ArrowLeft" | "ArrowDown", Some(i)) => Some(i.saturating_sub(1)),
        ("Home", _) => Some(0),
        ("End", _) => Some(last),
        ("Escape", _) => None,
        _ => return None,
    })
}

/// The guide line and dot at the highlighted point.
fn marker_at(p: ChartPoint) -> impl IntoView {
    view! {
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
    }
}

/// The axis words: first and last time, lowest and highest value.
fn axis_words(
    data: &[ChartDatum],
    unit: Option<&str>,
    intraday: bool,
) -> (String, String, String, String) {
    let time = |x: Option<&ChartDatum>| {
        x.and_then(|x| x.time)
            .map(|t| format_axis_label(t, intraday))
            .unwrap_or_default()
    };
    let value = |v: Option<Decimal>| {
        v.map(|v| format_fiat_with_unit(v, unit))
            .unwrap_or_default()
    };
    let low = value(data.iter().map(|x| x.value).min());
    let high = value(data.iter().map(|x| x.value).max());
    (time(data.first()), time(data.last()), low, high)
}

#[cfg(test)]
mod tests {
    use super::point_after_key;

    #[test]
    fn keys_move_the_highlight() {
        assert_eq!(point_after_key("ArrowLeft", None, 5), Some(Some(4)));
        assert_eq!(point_after_key("ArrowRight", Some(4), 5), Some(Some(4)));
        assert_eq!(point_after_key("ArrowLeft", Some(0), 5), Some(Some(0)));
        assert_eq!(point_after_key("Home", Some(3), 5), Some(Some(0)));
        assert_eq!(point_after_key("Escape", Some(3), 5), Some(None));
        assert_eq!(point_after_key("a", Some(3), 5), None);
        assert_eq!(point_after_key("End", None, 0), None);
    }
}
