//! The prices and what follows them — the chosen asset's current price, the request for a
//! quote, the quote card with its countdown and Accept behind the confirmation, then the
//! receipt, the refusal or "outcome unknown" — as a module of its own in the release build
//! (`trade_quote`). The form shows with the page's
//! module; this part is fetched as soon as the page starts (and readied when a link to Trade
//! is pointed at), long before "Get quote" can be pressed. It takes the page's [`TradeData`]
//! from the context.

use std::future::Future;
use std::pin::Pin;

use folio_client::current::{Quote, QuoteRequest, Ticker};
use folio_client::{ApiError, AssetId, Client};
use leptos::prelude::*;

use super::flow::TradeData;
use super::outcome::Outcome;
use super::quote_card::QuoteCard;

crate::sections::split_page!(trade_quote, quote_part, preload_quote_part, QuotePart);

/// A quote being asked for (`POST /v1/quotes`), sent once when awaited.
pub type QuoteAsked = Pin<Box<dyn Future<Output = Result<Quote, ApiError>>>>;

crate::sections::split_fn!(
    trade_quote,
    preload_quote_request,
    /// The request for a quote, built in this part's module: the request's body, the answer's
    /// reader and their error handling weigh on the page's first load no more than the card
    /// does. Nothing is sent until the returned future is awaited; an `Err` means this part
    /// did not arrive and nothing was sent.
    fn request_quote(client: Client, request: QuoteRequest) -> QuoteAsked {
        Box::pin(async move { client.current().create_quote(&request).await })
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

/// The current price being asked for (`GET /v1/tickers/{asset}`, with the keyless client when
/// the key may not read it); `None` when the service gives none.
pub type PriceAsked = Pin<Box<dyn Future<Output = Option<Ticker>>>>;

crate::sections::split_fn!(
    trade_quote,
    preload_price,
    /// The read of the chosen asset's current price, built in this part's module like the
    /// quote's request. An `Err` means this part did not arrive; the price is then shown as
    /// not available.
    fn read_price(keyed: Client, keyless: Client, asset: AssetId) -> PriceAsked {
        Box::pin(async move {
            crate::data::catalogue::ticker(&keyed, &keyless, &asset)
                .await
                .ok()
        })
    }
);
