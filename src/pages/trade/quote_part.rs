//! The quote and what follows it — the quote card with its countdown and Accept behind the
//! confirmation, then the receipt, the refusal or "outcome unknown" — as a module of its own in
//! the release build (`trade_quote`). The form shows with the page's module; this part is
//! fetched as soon as the page starts (and readied when a link to Trade is pointed at), long
//! before a quote can come back. It takes the page's [`TradeData`] from the context.

use leptos::prelude::*;

use super::flow::TradeData;
use super::outcome::Outcome;
use super::quote_card::QuoteCard;

crate::sections::split_page!(trade_quote, quote_part, preload_quote_part, QuotePart);

/// The quote card and the outcome with the page's [`TradeData`] (nothing without it).
#[component]
fn QuotePart() -> impl IntoView {
    use_context::<TradeData>().map(|data| {
        view! {
            <QuoteCard data=data.clone() />
            <Outcome data=data />
        }
    })
}
