//! Trade: the person buys or sells an asset through a quote. They pick the asset (search by
//! symbol on the server, or one they hold) and see its current price, choose the fiat
//! currency, Buy or Sell and an amount as quantity or as money; the amount is checked before
//! anything is sent. "Get quote" shows the price, premium and a live countdown; "Accept"
//! asks for confirmation and sends exactly one request; the receipt links to Operations.
//! Refusals are explained with the next step; a lost answer offers "Check". A key without
//! the "Trade (Write)" permission sees prices only.

mod asset_picker;
mod countdown;
mod flow;
mod order_form;
mod outcome;
mod quote_card;
mod quote_part;
pub(crate) mod ticket;

use folio_client::current::PortfolioPosition;
use folio_client::scopes::Scope;
use folio_client::{ApiError, AssetId, Client};
use leptos::prelude::*;

use crate::components::{BudgetSummary, LazyPage, ScopeNotice};
use crate::contexts::session::use_session;
use crate::data::id_names;
use crate::data::load::{account_resource, kept_while_reloading, load_states};
use crate::i18n::t;
use crate::pages::trade::ticket::asset_decimals;
use asset_picker::AssetPicker;
use flow::{Holding, PickedAsset, Stage, TradeCtx, TradeData};
use order_form::OrderForm;
pub(crate) use quote_part::preload_quote_part;
use quote_part::quote_part;

/// Turns asset positions into holdings named by the catalogue.
fn holdings(
    positions: &[PortfolioPosition],
    assets: &[folio_client::current::Asset],
) -> Vec<Holding> {
    positions
        .iter()
        .filter_map(|p| {
            let id = p.asset_id.clone()?;
            let asset = assets.iter().find(|a| a.id == id);
            let symbol = asset
                .and_then(|a| a.symbol.clone())
                .unwrap_or_else(|| id_names::short_id(id.as_str()));
            let balance = p.balance.as_ref().map(|m| m.value);
            let scale = balance.map(|b| b.scale());
            Some(Holding {
                asset: PickedAsset {
                    name: asset
                        .and_then(|a| a.name.clone())
                        .unwrap_or_else(|| symbol.clone()),
                    decimals: asset_decimals(scale, asset.and_then(|a| a.asset_type.as_ref())),
                    available: p.available_balance.as_ref().map(|m| m.value).or(balance),
                    symbol,
                    id,
                },
                balance,
            })
        })
        .collect()
}

async fn load(client: Client, keyless: Client) -> Result<TradeData, ApiError> {
    let currencies = id_names::currencies(&client, &keyless).await;
    let holdings = match client.current().portfolio(None).await {
        Ok(positions) => {
            let ids: Vec<AssetId> = positions
                .iter()
                .filter_map(|p| p.asset_id.clone())
                .collect();
            let assets = id_names::assets(&client, &keyless, &ids).await;
            Some(holdings(&positions, &assets))
        }
        Err(ApiError::MissingScope(_)) => None,
        Err(e) => return Err(e),
    };
    let limits = client.current().trading_limits().await.ok().flatten();
    Ok(TradeData {
        currencies,
        holdings,
        limits,
    })
}

#[component]
pub fn TradePage() -> impl IntoView {
    let session = use_session();
    let ctx = TradeCtx::new();
    provide_context(ctx);
    let data = account_resource(
        move || ctx.reload.track(),
        |client, keyless, ()| load(client, keyless),
    );
    // Keep the last answer on screen while a reload runs.
    let shown = kept_while_reloading(data);
    let may_trade = move || session.may(Scope::TradeWrite);

    let content = load_states(
        move || shown.get(),
        t("the trade form"),
        move || data.refetch(),
        move |loaded| trade_view(loaded, may_trade()),
    );
    view! {
        <section class="page trade-page" aria-labelledby="trade-title">
            <div class="page-head">
                <h1 id="trade-title">{t("Trade")}</h1>
            </div>
            {content}
        </section>
    }
}

fn trade_view(loaded: TradeData, may_trade: bool) -> impl IntoView {
    let ctx = flow::use_trade();
    let budget = loaded.limits.clone().map(|limits| {
        let unit = loaded.code_of(limits.currency_id.as_ref());
        view! {
            <aside class="card trade-budget" aria-labelledby="budget-title">
                <h2 id="budget-title">{t("Daily budget")}</h2>
                <BudgetSummary limits=limits unit=unit />
            </aside>
        }
    });
    // Read in place (`with`): cloning the stage would bring the quote's and the receipt's
    // copying code, which only the quote part needs, into the page's first load.
    let form_shown = Memo::new(move |_| {
        ctx.stage
            .with(|stage| matches!(stage, Stage::Idle | Stage::QuoteFailed(_)))
    });
    let holdings = loaded.holdings.clone();
    let form_data = loaded.clone();
    // The quote card and the outcome load as a part of their own (`quote_part`).
    provide_context(loaded);
    view! {
        {(!may_trade).then(|| view! {
            <ScopeNotice scope=Scope::TradeWrite can=t("look up assets and their prices") cannot=t("get quotes or trade") />
        })}
        <div class="trade-layout">
            <div class="trade-main">
                <AssetPicker holdings=holdings />
                {may_trade.then(move || view! {
                    {move || form_shown.get().then(|| view! { <OrderForm data=form_data.clone() /> })}
                    <LazyPage load=quote_part later=true />
                })}
            </div>
            {budget}
        </div>
    }
}
