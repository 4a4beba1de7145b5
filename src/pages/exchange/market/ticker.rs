//! The pair's header: mid price and the 24-hour high, low and volume (dashes in the same
//! layout while they load).

use crate::components::error_view::PlainWords;
use folio_client::exchange::{Pair, Ticker};
use folio_client::ApiError;
use leptos::prelude::*;

use crate::i18n::{t, tf};
use crate::pages::exchange::text::{fixed, price_decimals, size_decimals};

/// The header; shows the last figures while a refresh runs.
#[component]
pub fn TickerHeader(
    pair: Signal<Option<Pair>>,
    ticker: RwSignal<Option<Result<Option<Ticker>, ApiError>>>,
) -> impl IntoView {
    let body = move || {
        let p = pair.get();
        let (pd, sd) = (price_decimals(p.as_ref()), size_decimals(p.as_ref()));
        let quote = p
            .as_ref()
            .and_then(|p| p.quote_asset.clone())
            .unwrap_or_default();
        let base = p
            .as_ref()
            .and_then(|p| p.base_asset.clone())
            .unwrap_or_default();
        match ticker.get() {
            // The figures' own layout with dashes, so nothing below moves when they arrive
            // (Lighthouse counted a 0.29 layout shift when a one-line hint stood here).
            None => view! {
                <p class="visually-hidden">{t("Loading the price…")}</p>
                <dl class="ticker-figures" aria-hidden="true">
                    <div><dt>{t("Mid price")}</dt><dd class="ticker-mid">"—"</dd></div>
                    <div><dt>{t("24 h high")}</dt><dd>"—"</dd></div>
                    <div><dt>{t("24 h low")}</dt><dd>"—"</dd></div>
                    <div><dt>{t("24 h volume")}</dt><dd>"—"</dd></div>
                </dl>
            }.into_any(),
            Some(Err(e)) => view! { <p class="form-error" role="alert">{tf("The price could not be read: {reason}", &[("reason", &e.user_message())])}</p> }.into_any(),
            Some(Ok(None)) => view! { <p class="hint">{t("The exchange sent no price for this pair.")}</p> }.into_any(),
            Some(Ok(Some(ticker))) => view! {
                <dl class="ticker-figures">
                    <div><dt>{t("Mid price")}</dt><dd id="ticker-mid" class="ticker-mid" data-value=ticker.price.map(|v| v.to_string()).unwrap_or_default()>{format!("{} {quote}", fixed(ticker.price, pd))}</dd></div>
                    <div><dt>{t("24 h high")}</dt><dd id="ticker-high">{fixed(ticker.high, pd)}</dd></div>
                    <div><dt>{t("24 h low")}</dt><dd id="ticker-low">{fixed(ticker.low, pd)}</dd></div>
                    <div><dt>{t("24 h volume")}</dt><dd id="ticker-volume">{format!("{} {base}", fixed(ticker.volume, sd))}</dd></div>
                </dl>
            }.into_any(),
        }
    };
    view! {
        <section class="card ticker" aria-labelledby="ticker-title" aria-live="off">
            <h2 id="ticker-title">{move || pair.get().map(|p| p.pair).unwrap_or_default()}</h2>
            {body}
        </section>
    }
}
