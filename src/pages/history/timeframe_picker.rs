//! Buttons for the five timeframes; the pressed one is the one in the URL.

use folio_client::current::Timeframe;
use leptos::prelude::*;

use super::timeframe::{timeframe_name, timeframe_short};
use crate::i18n::t;

#[component]
pub fn TimeframePicker(
    current: Signal<Timeframe>,
    #[prop(into)] on_pick: Callback<Timeframe>,
) -> impl IntoView {
    let buttons = Timeframe::ALL
        .into_iter()
        .map(|tf| {
            view! {
                <button
                    type="button"
                    class="segment"
                    id=format!("timeframe-{}", tf.as_str())
                    data-timeframe=tf.as_str()
                    aria-pressed=move || if current.get() == tf { "true" } else { "false" }
                    aria-label=format!("{} ({})", timeframe_short(tf), timeframe_name(tf))
                    on:click=move |_| on_pick.run(tf)
                >
                    {timeframe_short(tf)}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="segmented" role="group" aria-label=t("Timeframe") data-testid="timeframe-picker">
            {buttons}
        </div>
    }
}
