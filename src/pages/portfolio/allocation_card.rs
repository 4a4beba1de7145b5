//! The portfolio's allocation card: by holding (a donut and its table) and by asset class (a
//! bar and a table with each class's value, share, invested and return), with how
//! concentrated the portfolio is. Its heading comes with the page; the rest is a part of its
//! own (module `portfolio_allocation`), drawn once the figures are shown ([`LazyPage`]'s
//! `later`), and its module is fetched then: fetched as the page started, it was in the chain
//! Lighthouse's simulated largest paint ended with.

use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::classes::{by_class, concentration, ClassRow, Concentration};
use super::rows::PositionRow;
use crate::components::charts::allocation::AllocationSlice;
use crate::components::charts::donut::SLICE_COLOURS;
use crate::components::charts::geometry::two_places;
use crate::components::{AllocationDonut, LazyPage};
use crate::format::{
    format_fiat, format_share, format_signed_fiat, format_signed_percent, trend_class, MISSING,
};
use crate::i18n::{t, tf};

/// What the part draws (it takes no props).
#[derive(Clone)]
struct AllocationInputs {
    slices: Vec<AllocationSlice>,
    unit: String,
    /// The positions, the cash in the valuation currency and the portfolio's total.
    held: (Vec<PositionRow>, Decimal, Option<Decimal>),
}

/// The card for `slices`, their values in `unit`; `held`: the positions, the cash in the
/// valuation currency and the total, for the classes and the concentration.
#[component]
pub fn AllocationCard(
    slices: Vec<AllocationSlice>,
    unit: String,
    held: (Vec<PositionRow>, Decimal, Option<Decimal>),
) -> impl IntoView {
    provide_context(AllocationInputs { slices, unit, held });
    view! {
        <section class="card" aria-labelledby="allocation-title">
            <h2 id="allocation-title">{t("Allocation")}</h2>
            <LazyPage load=allocation_part later=true />
        </section>
    }
}

crate::split::split_page!(
    portfolio_allocation,
    allocation_part,
    preload_allocation_part,
    AllocationPart
);

/// The donut and its table, the classes and the concentration (nothing without
/// [`AllocationInputs`]).
#[component]
fn AllocationPart() -> impl IntoView {
    let AllocationInputs { slices, unit, held } = use_context::<AllocationInputs>()?;
    let (positions, cash, total) = held;
    let classes = by_class(&positions, cash).filter(|rows| !rows.is_empty());
    let concentrated = total.and_then(|total| concentration(&positions, total));
    Some(view! {
        <AllocationDonut slices=slices unit=Some(unit.clone()) />
        {classes.map(|rows| class_view(rows, &unit))}
        {concentrated.map(concentration_view)}
    })
}

/// The classes as a bar (shares side by side) and a table.
fn class_view(rows: Vec<ClassRow>, unit: &str) -> impl IntoView {
    let summary = rows
        .iter()
        .map(|r| format!("{} {}", r.class.words(), format_share(r.percent)))
        .collect::<Vec<_>>()
        .join(", ");
    // Chart geometry only: each class's share as a width along a 100-wide bar.
    let mut from = 0.0;
    let bars = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let width = r.percent.to_f64().unwrap_or(0.0);
            let x = from;
            from += width;
            view! { <rect x=two_places(x) y="0" width=two_places(width) height="8" class=format!("slice slice-{}", i % SLICE_COLOURS)></rect> }
        })
        .collect_view();
    let table_rows = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let (gain, sign) = match r.total_return {
                Some((gain, percent)) => (
                    format!("{} ({})", format_signed_fiat(gain), format_signed_percent(percent)),
                    Some(gain),
                ),
                None => (MISSING.to_string(), None),
            };
            view! {
                <tr data-class=r.class.key() data-value=r.value.to_string()>
                    <th scope="row">
                        <span class=format!("swatch slice-{}", i % SLICE_COLOURS) aria-hidden="true"></span>
                        {r.class.words()}
                    </th>
                    <td class="num value amount">{format_fiat(r.value)}</td>
                    <td class="num share">{format_share(r.percent)}</td>
                    <td class="num invested amount">{r.invested.map_or_else(|| MISSING.to_string(), format_fiat)}</td>
                    <td class=format!("num return amount {}", trend_class(sign))>{gain}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <h3 id="classes-title">{t("By asset class")}</h3>
        <svg viewBox="0 0 100 8" preserveAspectRatio="none" class="class-bar" role="img"
            aria-label=tf("By asset class: {summary}", &[("summary", &summary)])>
            {bars}
        </svg>
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby="classes-title">
            <table class="data-table class-table" id="class-table" data-testid="class-table">
                <thead>
                    <tr>
                        <th scope="col">{t("Class")}</th>
                        <th scope="col" class="num">{tf("Value ({unit})", &[("unit", unit)])}</th>
                        <th scope="col" class="num">{t("Share")}</th>
                        <th scope="col" class="num">{t("Invested")}</th>
                        <th scope="col" class="num">{t("Return")}</th>
                    </tr>
                </thead>
                <tbody>{table_rows}</tbody>
            </table>
        </div>
        <p class="hint">{t("Cash is your balance in the valuation currency; a class's return counts only the positions that report what was invested in them.")}</p>
    }
}

/// The largest positions' share, and a plain line when one is more than a third.
fn concentration_view(c: Concentration) -> impl IntoView {
    let (name, share) = c.largest;
    view! {
        <p id="concentration" data-largest=share.to_string()>
            {tf(
                "Your largest position, {name}, is {share} of the portfolio; the three largest together are {top}.",
                &[("name", &name), ("share", &format_share(share)), ("top", &format_share(c.top_three))],
            )}
        </p>
        {c.over_a_third.then(|| view! {
            <p class="notice" id="concentration-warning" role="note">
                {tf("{name} alone is more than a third of your portfolio: a fall in its price moves the whole a lot.", &[("name", &name)])}
            </p>
        })}
    }
}
