//! Table cells shared by the legacy pages: amounts exactly as sent (the exact decimal also
//! in `data-value`), times, statuses in plain words (the raw value in `data-status`), kinds
//! in words, and text badges for swaps, savings plans and storage fees.

use crate::pages::legacy::text::status_words;
use folio_client::legacy::LegacyTime;
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::format::{
    format_amount, format_datetime, format_datetime_zoned, zoned_heading, MISSING,
};
use crate::i18n::t;
use crate::pages::legacy::text::{direction_words, type_words};

/// A legacy time in the person's time zone, `4 May 2026, 11:15`, or "—" (a table's cell: the
/// time column's heading names the zone).
pub fn time_text(time: &LegacyTime) -> String {
    time.instant()
        .map(format_datetime)
        .unwrap_or_else(|| MISSING.to_string())
}

/// A legacy time on its own, with the zone named: `4 May 2026, 11:15 (Europe/Vienna)`, or "—".
pub fn zoned_time_text(time: &LegacyTime) -> String {
    time.instant()
        .map(format_datetime_zoned)
        .unwrap_or_else(|| MISSING.to_string())
}

/// A time cell (the instant in `datetime`).
pub fn time_cell(time: &LegacyTime) -> impl IntoView {
    let iso = time
        .instant()
        .map(folio_client::date_text::timestamp_text)
        .unwrap_or_default();
    view! { <td class="time"><time datetime=iso>{time_text(time)}</time></td> }
}

/// An amount with the scale the service sent and an optional unit; the exact value is in
/// `data-value` ("" when missing).
pub fn amount_cell(
    value: Option<Decimal>,
    class: &'static str,
    unit: Option<String>,
) -> impl IntoView {
    let exact = value.map(|v| v.to_string()).unwrap_or_default();
    let text = match (value, unit.filter(|u| !u.is_empty())) {
        (Some(v), Some(u)) => format!("{} {u}", format_amount(v)),
        (Some(v), None) => format_amount(v),
        (None, _) => MISSING.to_string(),
    };
    view! { <td class=format!("num amount {class}") data-value=exact>{text}</td> }
}

/// A status in plain words; the raw value in `data-status`.
pub fn status_cell(raw: Option<&str>) -> impl IntoView {
    let raw = raw.unwrap_or_default().to_string();
    let words = if raw.is_empty() {
        MISSING.to_string()
    } else {
        status_words(&raw)
    };
    view! { <td class="status" data-status=raw>{words}</td> }
}

/// A kind (`type`) in words; the raw value in `data-type`.
pub fn kind_text(raw: Option<&str>) -> String {
    raw.map(type_words).unwrap_or_else(|| MISSING.to_string())
}

/// A direction in words.
pub fn direction_text(raw: Option<&str>) -> String {
    raw.map(direction_words)
        .unwrap_or_else(|| MISSING.to_string())
}

/// A labelled badge (text, never colour only).
pub fn badge(text: &'static str, class: &'static str) -> impl IntoView {
    view! { <span class=format!("legacy-badge {class}")>{text}</span> }
}

/// The badges of a trade: swap, savings plan.
pub fn trade_badges(is_swap: Option<bool>, is_savings: Option<bool>) -> impl IntoView {
    view! {
        {(is_swap == Some(true)).then(|| badge(t("Swap"), "badge-swap"))}
        {(is_savings == Some(true)).then(|| badge(t("Savings plan"), "badge-savings"))}
    }
}

/// The last eight characters of an id, with the whole id as a tooltip.
pub fn id_cell(id: &str) -> impl IntoView {
    view! { <td class="mono id" title=id.to_string()>{crate::data::id_names::short_id(id)}</td> }
}

/// A column heading and whether the column holds numbers (right-aligned).
pub type Column = (&'static str, bool);

/// A table in a horizontally scrolling, focusable region with a visible caption. The time
/// column (headed "When", filled by [`time_cell`]) names the person's time zone in its heading.
pub fn table_region(
    id: &'static str,
    caption: String,
    head: &[Column],
    body: impl IntoView + 'static,
) -> impl IntoView {
    let caption_id = format!("{id}-caption");
    let labelled_by = caption_id.clone();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby=labelled_by>
            <table class="data-table legacy-table" id=id>
                <caption id=caption_id>{caption}</caption>
                <thead>
                    <tr>
                        {head
                            .iter()
                            .map(|&(h, num)| {
                                let h = if h == t("When") { zoned_heading(h) } else { h.to_string() };
                                view! { <th scope="col" class:num=num>{h}</th> }
                            })
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>{body}</tbody>
            </table>
        </div>
    }
}
