//! An asset's page (`/assets/<symbol>`): everything Folio knows about one asset in one place.
//! Its name, class and current price; the person's holding as the portfolio reports it
//! (balance, available, staked, value, invested, return); its open lots as Insights finds
//! them under the chosen rule set, with what could be sold tax-free today; its price over a chosen period from
//! the exchange's market of it against the euro, or why there is no chart; its staking offers;
//! and the ways on: Buy or sell (Trade with the asset chosen), its exchange market, its
//! operations (the Operations list filtered to it, with its exports) and Stake (Earn filtered
//! to it).
//!
//! Each part reads on its own: a key without a permission, or a read that fails, costs that
//! part (which says why), never the page. Buy, sell and stake links show only to a key that
//! may trade or stake. A symbol several assets share (a coin and a stock) means the one held,
//! else the first the catalogue lists.

mod activity;
mod figures;
mod load;
mod lots_card;
mod operations_card;
mod price_chart;

use folio_client::current::{AssetType, EarnConfig};
use folio_client::scopes::Scope;
use folio_client::ApiError;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;
use rust_decimal::Decimal;

use crate::components::error_view::PlainWords;
use crate::components::EmptyState;
use crate::contexts::session::use_session;
use crate::data::load::{account_resource, load_states};
use crate::format::{
    format_amount, format_fiat_with_unit, format_signed_percent, round_to, trend_class,
    with_currency, MISSING,
};
use crate::i18n::{t, tf};
use crate::pages::earn::rules::apr_percent;
use crate::pages::earn::text::type_words;
use crate::pages::watchlist::{WatchStar, WatchedIds};
pub(crate) use figures::{change_over, euro_market};
use figures::{symbol_in, Holding};
use load::{load, AssetView};
use lots_card::LotsCard;
use operations_card::OperationsCard;
use price_chart::PriceChart;

/// The asset class in the reader's words (a class Folio does not know is shown as sent).
pub fn class_words(kind: Option<&AssetType>) -> String {
    match kind {
        Some(AssetType::Cryptocoin) => t("Crypto").to_string(),
        Some(AssetType::Stock) => t("Stock").to_string(),
        Some(AssetType::Etf) => t("ETF").to_string(),
        Some(AssetType::Etc) => t("Commodity (ETC)").to_string(),
        Some(AssetType::Index) => t("Crypto index").to_string(),
        Some(AssetType::Metal) => t("Precious metal").to_string(),
        Some(AssetType::Other(raw)) => raw.clone(),
        None => MISSING.to_string(),
    }
}

#[component]
pub fn AssetPage() -> impl IntoView {
    let location = use_location();
    let symbol = Memo::new(move |_| symbol_in(&location.pathname.get()));
    let data = account_resource(
        move || symbol.get(),
        |client, keyless, symbol| async move {
            match symbol {
                Some(symbol) => load(client, keyless, symbol).await,
                None => Ok(None),
            }
        },
    );
    let content = load_states(
        move || data.get(),
        t("this asset"),
        move || data.refetch(),
        move |view| match view {
            Some(view) => asset_view(view).into_any(),
            None => not_found(symbol.get_untracked()).into_any(),
        },
    );
    view! {
        <section class="page asset-page" aria-labelledby="asset-title">
            {content}
        </section>
    }
}

/// No asset has the symbol the address names.
fn not_found(symbol: Option<String>) -> impl IntoView {
    let what = symbol.unwrap_or_default();
    view! {
        <h1 id="asset-title">{t("Asset not found")}</h1>
        <EmptyState title=tf("No asset has the symbol “{symbol}”", &[("symbol", &what)])>
            <p>
                {t("The service's catalogue lists no asset with this symbol. Look for it on ")}
                <A href="/trade">{t("Trade")}</A>
                {t(", or go back to ")}
                <A href="/">{t("your portfolio")}</A>
                "."
            </p>
        </EmptyState>
    }
}

fn asset_view(view: AssetView) -> impl IntoView {
    let session = use_session();
    let symbol = view.symbol.clone();
    let may_trade = session.may(Scope::TradeWrite);
    let may_stake = session.may(Scope::EarnWrite);
    let price_text = match &view.price {
        Ok(Some(p)) => with_currency(&format_amount(*p), Some("EUR")),
        Ok(None) => t("not available").to_string(),
        Err(e) => e.user_message(),
    };
    let class = class_words(view.asset.asset_type.as_ref());
    let trade_href = format!("/trade?asset={symbol}");
    view! {
        <div class="page-head asset-head">
            <h1 id="asset-title">
                {view.name.clone()}
                " "
                <span class="asset-symbol">{symbol.clone()}</span>
            </h1>
            <div class="asset-actions">
                <WatchStar watched=WatchedIds::new() id=view.asset.id.to_string() symbol=symbol.clone() />
                {may_trade.then(|| view! { <A href={trade_href} {..} class="button" id="asset-trade">{t("Buy or sell")}</A> })}
            </div>
        </div>
        <div class="summary card figures">
            <div>
                <p class="total-label" id="asset-price-label">{t("Price now")}</p>
                <p id="asset-price" class="figure amount" aria-labelledby="asset-price-label asset-price" data-value=view.price.clone().ok().flatten().map(|p| p.to_string()).unwrap_or_default()>{price_text}</p>
            </div>
            <div>
                <p class="total-label" id="asset-class-label">{t("Class")}</p>
                <p id="asset-class" class="figure" aria-labelledby="asset-class-label asset-class">{class}</p>
            </div>
            {view.asset.isin.clone().map(|isin| view! {
                <div>
                    <p class="total-label" id="asset-isin-label">{t("ISIN")}</p>
                    <p id="asset-isin" class="figure" aria-labelledby="asset-isin-label asset-isin">{isin}</p>
                </div>
            })}
        </div>
        {position_card(&view.holding, &symbol, view.decimals)}
        <LotsCard asset_id=view.asset.id.to_string() symbol=symbol.clone() />
        <PriceChart market=euro_market(&symbol) />
        {staking_card(&view.offers, &symbol, may_stake)}
        <OperationsCard asset_id=view.asset.id.to_string() symbol=symbol.clone() decimals=view.decimals />
    }
}

/// A row of the position card.
fn figure_row(
    label: &'static str,
    id: &'static str,
    value: Option<Decimal>,
    text: String,
) -> impl IntoView {
    view! {
        <div class="figure-row">
            <dt>{label}</dt>
            <dd id=id class="amount" data-value=value.map(|v| v.to_string()).unwrap_or_default()>{text}</dd>
        </div>
    }
}

/// The person's holding, as the portfolio reports it.
fn position_card(
    holding: &Result<Option<Holding>, ApiError>,
    symbol: &str,
    decimals: u32,
) -> impl IntoView {
    let body = match holding {
        Err(e) => view! { <p class="notice" id="asset-position-error">{e.user_message()}</p> }.into_any(),
        Ok(None) => view! { <p id="asset-not-held">{tf("You hold no {symbol}.", &[("symbol", symbol)])}</p> }.into_any(),
        Ok(Some(h)) => {
            let units = |v: Option<Decimal>| {
                v.map_or_else(|| MISSING.to_string(), |v| format!("{} {symbol}", format_amount(round_to(v, decimals))))
            };
            let euros = |v: Option<Decimal>| v.map_or_else(|| MISSING.to_string(), |v| format_fiat_with_unit(v, Some("EUR")));
            let percent = h.return_percent.map_or_else(|| MISSING.to_string(), format_signed_percent);
            view! {
                <dl class="figures-list" id="asset-position">
                    {figure_row(t("Balance"), "asset-balance", h.balance, units(h.balance))}
                    {figure_row(t("Available"), "asset-available", h.available, units(h.available))}
                    {figure_row(t("Staked or locked"), "asset-staked", h.staked, units(h.staked.or(Some(Decimal::ZERO))))}
                    {figure_row(t("Value"), "asset-value", h.value, euros(h.value))}
                    {figure_row(t("Invested"), "asset-invested", h.invested, euros(h.invested))}
                    <div class="figure-row">
                        <dt>{t("Return")}</dt>
                        <dd id="asset-return" class=format!("amount {}", trend_class(h.total_return)) data-value=h.total_return.map(|v| v.to_string()).unwrap_or_default()>
                            {format!("{} ({percent})", euros(h.total_return))}
                        </dd>
                    </div>
                </dl>
            }
            .into_any()
        }
    };
    view! {
        <section class="card" aria-labelledby="asset-position-title">
            <h2 id="asset-position-title">{t("Your position")}</h2>
            {body}
        </section>
    }
}

/// The asset's staking offers, and Stake for a key that may.
fn staking_card(
    offers: &Result<Vec<EarnConfig>, ApiError>,
    symbol: &str,
    may_stake: bool,
) -> impl IntoView {
    let body = match offers {
        Err(e) => view! { <p class="notice" id="asset-staking-error">{e.user_message()}</p> }.into_any(),
        Ok(list) if list.is_empty() => view! {
            <p id="asset-no-staking">{tf("The service offers no staking for {symbol}.", &[("symbol", symbol)])}</p>
        }
        .into_any(),
        Ok(list) => {
            let rows = list
                .iter()
                .map(|c| {
                    let apr = c
                        .annual_percentage_rate
                        .and_then(apr_percent)
                        .map_or_else(|| MISSING.to_string(), |p| format!("{} %", format_amount(p)));
                    let kind = c.earn_type.as_ref().map_or_else(|| MISSING.to_string(), type_words);
                    let state = match (c.enabled, c.soldout) {
                        (_, Some(true)) => t("Sold out"),
                        (Some(false), _) => t("Closed"),
                        _ => t("Open"),
                    };
                    view! {
                        <tr data-testid="asset-offer">
                            <td>{kind}</td>
                            <td class="num apr">{apr}</td>
                            <td>{state}</td>
                        </tr>
                    }
                })
                .collect_view();
            let href = format!("/earn?asset={symbol}");
            let stake = tf("Stake or unstake {symbol}", &[("symbol", symbol)]);
            view! {
                <div class="table-scroll" tabindex="0" role="region" aria-labelledby="asset-staking-title">
                    <table class="data-table" id="asset-offers">
                        <thead>
                            <tr>
                                <th scope="col">{t("Type")}</th>
                                <th scope="col" class="num">{t("APR")}</th>
                                <th scope="col">{t("State")}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                {may_stake.then(|| view! { <p><A href={href} {..} class="button" id="asset-stake">{stake}</A></p> })}
            }
            .into_any()
        }
    };
    view! {
        <section class="card" aria-labelledby="asset-staking-title">
            <h2 id="asset-staking-title">{t("Staking")}</h2>
            {body}
        </section>
    }
}
