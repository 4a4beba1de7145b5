//! The virtualised list of operations: a scrolling box in which only the rows in view exist
//! (see `crate::pages::operations::virtual_list`); two spacers, sized at run time through the CSSOM (the CSP
//! forbids inline `style` attributes), stand in for the others. Scrolling near the end asks
//! for the next page.

use leptos::html::{Div, Li};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::loader::{Busy, Loader};
use crate::format::format_clock;
use crate::i18n::{t, tf};
use crate::pages::operations::row_texts::{row_texts, RowTexts};
use crate::pages::operations::rows::{day_of, is_known_type, ListRow, OperationSummary};
use crate::pages::operations::virtual_list::{near_end, window};

/// Height of every row (day headings included), in px; matches `.op-row` in the CSS.
pub const ROW_PX: u32 = 56;

fn set_height(el: &web_sys::HtmlElement, px: u32) {
    let _ = el.style().set_property("height", &format!("{px}px"));
}

/// "Rate 65,000.00 · with fee 65,968.50".
fn rate_text(rate: &str, with_fee: &str) -> String {
    let v = [("rate", rate), ("with_fee", with_fee)];
    tf("Rate {rate} · with fee {with_fee}", &v)
}

fn operation_row(
    s: &OperationSummary,
    texts: RowTexts,
    index: usize,
    selected: RwSignal<Option<usize>>,
) -> AnyView {
    let legs_out = texts
        .out
        .iter()
        .map(|t| format!("− {t}"))
        .collect::<Vec<_>>()
        .join(", ");
    let legs_in = texts
        .incoming
        .iter()
        .map(|t| format!("+ {t}"))
        .collect::<Vec<_>>()
        .join(", ");
    let arrow = (!texts.out.is_empty() && !texts.incoming.is_empty()).then_some(" → ");
    let time = s.time.map(format_clock).unwrap_or_default();
    let status = if s.cancelled {
        Some(("status-cancelled", t("Cancelled")))
    } else if s.pending {
        Some(("status-pending", t("Pending")))
    } else if s.compensating {
        Some(("status-compensating", t("Reversal")))
    } else {
        None
    };
    let extra = [
        texts
            .fee
            .as_ref()
            .map(|fee| tf("Fee {fee}", &[("fee", fee)])),
        texts
            .tax
            .as_ref()
            .map(|tax| tf("Tax {tax}", &[("tax", tax)])),
        texts
            .rate
            .as_ref()
            .map(|(rate, with_fee)| rate_text(rate, with_fee)),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    let is_selected = move || selected.get() == Some(index);
    view! {
        <li class="op-row" data-type=s.type_raw.clone() data-id=texts.id
            class:op-unknown=!is_known_type(&s.type_raw)>
            <button type="button" class="op-open"
                aria-pressed=move || is_selected().to_string()
                on:click=move |_| selected.set(Some(index))>
                <span class="op-line">
                    <span class="op-type">{texts.type_label}</span>
                    {status.map(|(class, text)| view! { <span class=format!("op-status {class}")>{text}</span> })}
                    <span class="op-time">{time}</span>
                </span>
                <span class="op-line op-legs">
                    <span class="op-out amount">{legs_out}</span>
                    {arrow}
                    <span class="op-in amount">{legs_in}</span>
                    {(!extra.is_empty()).then(|| view! { <span class="op-extra amount">{extra}</span> })}
                </span>
            </button>
        </li>
    }
    .into_any()
}

/// The list box.
#[component]
pub fn OperationsList(
    loader: Loader,
    /// Day headings and operations to show, newest first.
    rows: Memo<Vec<ListRow>>,
    /// The operation whose details are open.
    selected: RwSignal<Option<usize>>,
) -> impl IntoView {
    let scroller = NodeRef::<Div>::new();
    let top = NodeRef::<Li>::new();
    let bottom = NodeRef::<Li>::new();
    let scroll_top = RwSignal::new(0i32);
    let viewport = RwSignal::new(720i32);
    let win = Memo::new(move |_| {
        let len = rows.with(Vec::len);
        window(len, ROW_PX, scroll_top.get(), viewport.get())
    });
    crate::effect::effect(move || {
        let w = win.get();
        if let (Some(t), Some(b)) = (top.get(), bottom.get()) {
            set_height(t.unchecked_ref(), w.top_px);
            set_height(b.unchecked_ref(), w.bottom_px);
        }
    });
    crate::effect::effect(move || {
        if let Some(el) = scroller.get() {
            viewport.set(el.client_height().max(ROW_PX as i32));
        }
    });
    // A new filter shows its list from the top.
    Effect::new(move |prev: Option<()>| {
        rows.track();
        if prev.is_some() {
            if let Some(el) = scroller.get_untracked() {
                if rows.with_untracked(Vec::len) <= win.get_untracked().start {
                    el.set_scroll_top(0);
                    scroll_top.set(0);
                }
            }
        }
    });
    let on_scroll = move |_| {
        let Some(el) = scroller.get_untracked() else {
            return;
        };
        scroll_top.set(el.scroll_top());
        viewport.set(el.client_height().max(ROW_PX as i32));
        let len = rows.with_untracked(Vec::len);
        if near_end(win.get_untracked(), len)
            && !loader.progress.get_untracked().done
            && loader.busy.get_untracked() == Busy::Idle
            && loader.error.with_untracked(Option::is_none)
        {
            loader.load(false);
        }
    };
    let visible = move || {
        let w = win.get();
        let slice: Vec<ListRow> =
            rows.with(|r| r[w.start.min(r.len())..w.end.min(r.len())].to_vec());
        let (all, ops, names) = (
            loader.summaries.read(),
            loader.ops.read(),
            loader.names.read(),
        );
        slice
            .iter()
            .filter_map(|row| match row {
                ListRow::Day(i) => all.list.get(*i).map(|s| {
                    view! { <li class="op-row op-day"><h2>{day_of(s)}</h2></li> }.into_any()
                }),
                ListRow::Operation(i) => all
                    .list
                    .get(*i)
                    .zip(ops.get(*i))
                    .map(|(s, op)| operation_row(s, row_texts(op, &names), *i, selected)),
            })
            .collect_view()
    };
    view! {
        <div class="ops-scroll" node_ref=scroller on:scroll=on_scroll tabindex="0"
            role="region" aria-label=t("Operations, newest first") data-testid="ops-scroll">
            <ul class="ops-list" data-rows=move || rows.with(Vec::len).to_string()>
                <li class="vl-spacer" aria-hidden="true" node_ref=top></li>
                {visible}
                <li class="vl-spacer" aria-hidden="true" node_ref=bottom></li>
            </ul>
        </div>
    }
}
