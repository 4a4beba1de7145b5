//! Answer targets: every read of the three APIs, run through `folio_client::Client` itself
//! (envelopes, number quoting, lenient lists, error bodies) on a transport that answers with a
//! mutated body; plus the app's pure functions that consume what was decoded.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use folio_client::current::{AssetsQuery, EarnConfigsQuery, OperationsQuery, Timeframe};
use folio_client::exchange::{CandleInterval, CandlesQuery, OrdersQuery, TradesQuery};
use folio_client::legacy::{
    LegacyCommodityTransactionsQuery, LegacyCryptoTransactionsQuery, LegacyFiatTransactionsQuery,
    LegacyTradesQuery,
};
use folio_client::transport::{
    HttpRequest, HttpResponse, NativeTransport, Transport, TransportError,
};
use folio_client::{ApiKey, AssetId, BaseUrls, Client, OrderId};
use rust_decimal::Decimal;

/// What the fuzz transport does: answer with a given body, or ask the sandbox and keep its
/// answer (to collect seeds).
#[derive(Clone)]
pub enum Answer {
    /// Every request gets this status and body.
    Replay(u16, Rc<String>),
    /// Requests go to the sandbox; the last body is kept.
    Record(NativeTransport, Rc<RefCell<String>>),
}

/// The transport of the fuzz client.
#[derive(Clone)]
pub struct FuzzTransport(pub Rc<RefCell<Answer>>);

impl Transport for FuzzTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let answer = self.0.borrow().clone();
        match answer {
            Answer::Replay(status, body) => Ok(HttpResponse {
                status,
                retry_after: None,
                body: body.to_string(),
            }),
            Answer::Record(native, slot) => {
                let response = native.send(request).await?;
                *slot.borrow_mut() = response.body.clone();
                Ok(response)
            }
        }
    }

    async fn sleep(&self, _duration: Duration) {}
}

/// One read: its name and the call (results are dropped: only a panic matters).
pub type Read = fn(&Client<FuzzTransport>) -> futures::future::LocalBoxFuture<'_, ()>;

macro_rules! reads {
    ($($name:literal => |$c:ident| $call:expr;)*) => {
        /// Every read target, by name.
        pub fn reads() -> Vec<(&'static str, Read)> {
            vec![$(($name, (|$c: &Client<FuzzTransport>| {
                Box::pin(async move { let _ = $call; }) as futures::future::LocalBoxFuture<'_, ()>
            }) as Read)),*]
        }
    };
}

reads! {
    "current.portfolio" => |c| c.current().portfolio(None).await;
    "current.portfolio_history" => |c| c.current().portfolio_history(Timeframe::Month, None).await;
    "current.operations" => |c| c.current().operations(&OperationsQuery::default()).await;
    "current.assets" => |c| c.current().assets(&AssetsQuery::default()).await;
    "current.currencies" => |c| c.current().currencies().await;
    "current.ticker" => |c| c.current().ticker(&AssetId::new("x")).await;
    "current.earn_configs" => |c| c.current().earn_configs(&EarnConfigsQuery::default()).await;
    "current.trading_limits" => |c| c.current().trading_limits().await;
    "legacy.wallets" => |c| c.legacy().wallets().await;
    "legacy.fiat_wallets" => |c| c.legacy().fiat_wallets().await;
    "legacy.asset_wallets" => |c| c.legacy().asset_wallets().await;
    "legacy.trades" => |c| c.legacy().trades(&LegacyTradesQuery::default()).await;
    "legacy.fiat_transactions" => |c| c.legacy().fiat_transactions(&LegacyFiatTransactionsQuery::default()).await;
    "legacy.crypto_transactions" => |c| c.legacy().crypto_transactions(&LegacyCryptoTransactionsQuery::default()).await;
    "legacy.commodity_transactions" => |c| c.legacy().commodity_transactions(&LegacyCommodityTransactionsQuery::default()).await;
    "exchange.time" => |c| c.exchange().time().await;
    "exchange.pairs" => |c| c.exchange().pairs(None).await;
    "exchange.tickers" => |c| c.exchange().tickers(&[]).await;
    "exchange.candles" => |c| c.exchange().candles("BTC-EUR", &CandlesQuery { interval: CandleInterval::H1, from: None, to: None, limit: Some(24) }).await;
    "exchange.assets" => |c| c.exchange().assets(None).await;
    "exchange.account" => |c| c.exchange().account().await;
    "exchange.balances" => |c| c.exchange().balances(None).await;
    "exchange.trades" => |c| c.exchange().trades(&TradesQuery::default()).await;
    "exchange.order" => |c| c.exchange().order(&OrderId::new("o")).await;
    "exchange.book" => |c| {
        if let Ok(book) = c.exchange().order_book("BTC-EUR", None).await {
            for step in folio::for_tests::grouping_steps(Some(Decimal::new(1, 2))) {
                let _ = folio::for_tests::grouped_book(&book, step, 20);
            }
            let _ = folio::for_tests::spread(&book);
        }
    };
    "exchange.orders" => |c| {
        if let Ok(page) = c.exchange().orders(&OrdersQuery::default()).await {
            for order in &page.data {
                let _ = folio::for_tests::fill_percent(order);
            }
        }
    };
}

/// A client whose requests go through `answer`.
pub fn client(answer: Rc<RefCell<Answer>>) -> Client<FuzzTransport> {
    Client::with_transport(
        BaseUrls::same_origin("http://127.0.0.1:1"),
        ApiKey::new("folio-demo-full"),
        FuzzTransport(answer),
    )
    .key_known_good(true)
}

/// The real answers of the sandbox to every read, in [`reads`] order (the seeds).
pub fn sandbox_seeds() -> Vec<String> {
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let server = runtime
        .block_on(folio_sandbox::serve(folio_sandbox::Config {
            frozen_prices: true,
            ..folio_sandbox::Config::default()
        }))
        .expect("the sandbox starts");
    let origin = format!("http://{}", server.addr());
    let slot = Rc::new(RefCell::new(String::new()));
    let answer = Rc::new(RefCell::new(Answer::Record(
        NativeTransport::default(),
        slot.clone(),
    )));
    let live = Client::with_transport(
        BaseUrls::same_origin(&origin),
        ApiKey::new("folio-demo-full"),
        FuzzTransport(answer),
    );
    let seeds = reads()
        .into_iter()
        .map(|(_, read)| {
            runtime.block_on(read(&live));
            slot.borrow().clone()
        })
        .collect();
    runtime.block_on(server.shutdown());
    seeds
}
