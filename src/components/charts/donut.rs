//! The allocation donut: each holding's share of the portfolio, drawn as ring segments, with
//! a table of the same figures beside it (the table is the accessible alternative).

use leptos::prelude::*;

use crate::components::charts::allocation::AllocationSlice;
use crate::components::charts::geometry::{donut_segment, donut_spans};
use crate::format::{format_fiat, format_share};
use crate::i18n::{t, tf};

/// Number of distinct slice colours defined in the stylesheet (`.slice-0` …).
pub const SLICE_COLOURS: usize = 8;

/// Donut plus allocation table.
#[component]
pub fn AllocationDonut(slices: Vec<AllocationSlice>, unit: Option<String>) -> impl IntoView {
    let value_heading = match &unit {
        Some(u) => tf("Value ({unit})", &[("unit", u)]),
        None => t("Value").to_string(),
    };
    let percents: Vec<_> = slices.iter().map(|s| s.percent).collect();
    let spans = donut_spans(&percents);
    let summary = slices
        .iter()
        .map(|s| format!("{} {}", s.label, format_share(s.percent)))
        .collect::<Vec<_>>()
        .join(", ");
    let segments = spans
        .iter()
        .enumerate()
        .map(|(i, (start, end))| {
            let d = donut_segment(100.0, 100.0, 62.0, 96.0, *start, *end);
            view! { <path d=d class=format!("slice slice-{}", i % SLICE_COLOURS)></path> }
        })
        .collect_view();
    let rows = slices
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            view! {
                <tr data-allocation-label=s.label.clone()>
                    <th scope="row">
                        <span class=format!("swatch slice-{}", i % SLICE_COLOURS) aria-hidden="true"></span>
                        {s.label.clone()}
                    </th>
                    <td class="num value amount">{format_fiat(s.value)}</td>
                    <td class="num share">{format_share(s.percent)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="allocation">
            <svg
                viewBox="0 0 200 200"
                class="donut"
                role="img"
                aria-label=tf("Allocation: {summary}", &[("summary", &summary)])
            >
                {segments}
            </svg>
            <div class="table-scroll" tabindex="0" role="region" aria-label=t("Allocation table")>
                <table class="data-table allocation-table" data-testid="allocation-table">
                    <caption class="visually-hidden">{t("Allocation by holding")}</caption>
                    <thead>
                        <tr>
                            <th scope="col">{t("Holding")}</th>
                            <th scope="col" class="num">{value_heading}</th>
                            <th scope="col" class="num">{t("Share")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </div>
    }
}
