//! Market: pick a pair (search), see its mid price and 24 h figures, the order book and the
//! candles (interval in the URL, with a table), and place an order. The candles' chart and
//! table, and the order form, are modules of their own (`candles.rs`, `order_form.rs`),
//! fetched once the price and the book are shown, as are the candles, the balances and the
//! exchange's clock. Market data refreshes every few seconds; a click on a book
//! level copies its price into the order form.

mod book;
mod candle_geometry;
mod candles;
mod clock_skew;
mod depth_chart;
mod order_form;
mod order_ticket;
mod pair_picker;
mod place_order;
mod ticker;

use std::time::Duration;

use folio_client::exchange::{CandleInterval, OrderType, Pair, Ticker};
use folio_client::Listed;
use leptos::prelude::*;

use super::section::PairsPage;
use crate::components::{EmptyState, LazyPage};
use crate::data::load::{account_resource, account_resource_when, kept_while_reloading};
use crate::data::next_task::shown_once;
use crate::data::resource::AccountResource;
use crate::i18n::t;
use crate::pages::exchange::text::find_pair;
use crate::url::{use_url_state, with_param, UrlState};
use book::OrderBookView;
pub(crate) use candles::preload_candles_part;
use candles::CandlesView;
use clock_skew::ClockSkewWarning;
pub(crate) use order_form::preload_order_form;
use order_form::{order_form_part, OrderFormInputs};
use pair_picker::PairPicker;
use ticker::TickerHeader;

/// How often the ticker and the book are read again.
const REFRESH: Duration = Duration::from_secs(5);

/// The tickers of every pair, read beside the pairs as the page opens: the page's first price
/// is then shown with the pairs instead of one more round trip after them.
#[derive(Clone, Copy)]
struct FirstTickers(AccountResource<Listed<Ticker>>);

/// The Market page.
#[component]
pub fn ExchangeMarketPage() -> impl IntoView {
    provide_context(FirstTickers(account_resource(
        || (),
        |client, _, ()| async move { client.exchange().tickers(&[]).await },
    )));
    view! {
        <PairsPage title=t("Exchange") title_id="exchange-title" body=|pairs| {
            if pairs.is_empty() {
                view! { <EmptyState title=t("No trading pairs")><p>{t("The exchange lists no trading pairs right now.")}</p></EmptyState> }.into_any()
            } else {
                view! { <Market pairs=pairs /> }.into_any()
            }
        } />
    }
}

/// The pair and the candle interval, kept in the URL (`?pair=BTC_EUR&interval=1h`).
#[derive(Debug, Clone, PartialEq)]
struct MarketChoice {
    /// The pair's name as asked for (matched against the pairs; the first one otherwise).
    pair: Option<String>,
    interval: CandleInterval,
}

impl UrlState for MarketChoice {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        let interval = get("interval")
            .map(|i| CandleInterval::parse(&i))
            .filter(|i| i.seconds().is_some())
            .unwrap_or(CandleInterval::H1);
        Self {
            pair: get("pair"),
            interval,
        }
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("pair", self.pair.clone()),
            ("interval", Some(self.interval.as_str().to_string())),
        ]
    }
}

#[component]
fn Market(pairs: Vec<Pair>) -> impl IntoView {
    let (choice, set_choice) = use_url_state::<MarketChoice>(());
    let all = StoredValue::new(pairs);
    let pair = Memo::new(move |_| {
        all.with_value(|ps| {
            find_pair(ps, choice.with(|c| c.pair.clone()).as_deref())
                .or(ps.first())
                .cloned()
        })
    });
    let interval = Memo::new(move |_| choice.with(|c| c.interval.clone()));
    let tick = RwSignal::new(0u64);
    if let Ok(handle) = set_interval_with_handle(move || tick.update(|t| *t += 1), REFRESH) {
        on_cleanup(move || handle.clear());
    }
    let name = move || pair.with(|p| p.as_ref().map(|p| p.pair.clone()).unwrap_or_default());
    // The first price comes from the tickers read beside the pairs; each refresh reads the
    // chosen pair's alone.
    let first = use_context::<FirstTickers>();
    let ticker = account_resource(
        move || (name(), tick.get()),
        move |client, _, (p, tick)| async move {
            let tickers = match first.filter(|_| tick == 0) {
                Some(FirstTickers(all)) => all.await,
                None => client.exchange().tickers(&[p.as_str()]).await,
            };
            tickers.map(|t| t.into_iter().find(|t| t.pair == p))
        },
    );
    let ticker = kept_while_reloading(ticker);
    // The book is read once the price is shown: asked for beside it, its answer came before
    // the price's first paint and its drawing with it (Lighthouse mobile counted the book's
    // round trip into the page's largest paint, the price).
    let price_shown = shown_once(Some(Signal::derive(move || ticker.with(Option::is_some))));
    let book = account_resource_when(
        price_shown,
        move || (name(), tick.get()),
        |client, _, (p, _)| async move { client.exchange().order_book(&p, Some(50)).await },
    );
    let book = kept_while_reloading(book);
    // The chart's and the order form's code is asked for once the price and the book have
    // answered (or failed) and been shown (`LazyPage`).
    let figures_in =
        Signal::derive(move || ticker.with(Option::is_some) && book.with(Option::is_some));
    let balances_version = RwSignal::new(0u32);
    // What the page shows second (the balances for the order form, the candles, the clock
    // check) is read once the price and the book are shown: on a slow connection those reads
    // no longer share it with the page's first figures.
    let shown = shown_once(Some(figures_in));
    let balances = account_resource_when(
        shown,
        move || balances_version.get(),
        |client, _, _| async move { client.exchange().balances(None).await.map(Vec::from) },
    );
    let balances = kept_while_reloading(balances);
    let mid = Signal::derive(move || {
        ticker.with(|t| {
            t.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|t| t.as_ref())
                .and_then(|t| t.price)
        })
    });
    let order_type = RwSignal::new(OrderType::Limit);
    let limit_text = RwSignal::new(String::new());
    let on_price = Callback::new(move |price: String| {
        if order_type.get_untracked() == OrderType::Market
            || order_type.get_untracked() == OrderType::StopMarket
        {
            order_type.set(OrderType::Limit);
        }
        limit_text.set(price);
    });
    let pair_signal = Signal::derive(move || pair.get());
    let on_pick = Callback::new(move |p: String| {
        let next = with_param(&choice.get_untracked(), (), "pair", Some(p));
        set_choice.run(next);
    });
    let on_interval = Callback::new(move |i: String| {
        let next = with_param(&choice.get_untracked(), (), "interval", Some(i));
        set_choice.run(next);
    });
    let on_placed = Callback::new(move |()| balances_version.update(|v| *v += 1));
    provide_context(OrderFormInputs {
        pair: pair_signal,
        mid,
        balances,
        order_type,
        limit_text,
        on_placed,
    });
    view! {
        <ClockSkewWarning when=shown />
        <PairPicker pairs=all.get_value() current=Signal::derive(name) on_pick=on_pick />
        <TickerHeader pair=pair_signal ticker=ticker />
        <div class="market-grid">
            <OrderBookView pair=pair_signal book=book on_price=on_price />
            <CandlesView pair=pair_signal interval=interval on_interval=on_interval shown=shown />
            <LazyPage load=order_form_part later=true ready=figures_in />
        </div>
    }
}
