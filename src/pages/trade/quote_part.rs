//! The prices and what follows them — the chosen asset's current price, the request for a
//! quote, the quote card with its countdown and Accept behind the confirmation, then the
//! receipt, the refusal or "outcome unknown" — as a module of its own in the release build
//! (`trade_quote`). The form shows with the page's
//! module; this part is fetched as soon as the page starts (and readied when a link to Trade
//! is pointed at), long before "Get quote" can be pressed. It takes the page's [`TradeData`]
//! from the context.

use folio_client::current::{Quote, QuoteRequest, Ticker};
use folio_client::{ApiError, AssetId, Client};
use leptos::prelude::*;

use super::flow::TradeData;
use super::outcome::Outcome;
use super::quote_card::QuoteCard;

crate::split::split_page!(trade_quote, quote_part, preload_quote_part, QuotePart);

crate::split::split_fn!(
    trade_quote,
    preload_quote_request,
    /// Asks for a quote (`POST /v1/quotes`) from this part's module: the request's body, the
    /// answer's reader and their error handling weigh on the page's first load no more than
    /// the card does. `Err` means this part did not arrive and nothing was sent.
    async fn request_quote(client: Client, request: QuoteRequest) -> Result<Quote, ApiError> {
        client.current().create_quote(&request).await
    }
);

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

crate::split::split_fn!(
    trade_quote,
    preload_price,
    /// Reads the chosen asset's current price (`GET /v1/tickers/{asset}`, with the keyless
    /// client when the key may not read it) from this part's module, like the quote's request;
    /// `Ok(None)` when the service gives none. `Err` means this part did not arrive; the price
    /// is then shown as not available.
    async fn read_price(keyed: Client, keyless: Client, asset: AssetId) -> Option<Ticker> {
        crate::data::id_names::ticker(&keyed, &keyless, &asset)
            .await
            .ok()
    }
);
