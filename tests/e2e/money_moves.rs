//! Helpers shared by the Trade, Limits and Earn tests: the ledger's side (assets, holdings,
//! operations read by a native client) and driving the Trade page's order form.

use folio_client::current::{Operation, OperationsQuery};
use folio_client::AssetId;
use rust_decimal::Decimal;

use crate::support::World;

/// The newest operations of one asset.
pub async fn operations_of(w: &World, asset: &str) -> Vec<Operation> {
    let query = OperationsQuery {
        page_size: Some(10),
        asset_ids: vec![AssetId::new(asset)],
        ..OperationsQuery::default()
    };
    w.api()
        .current()
        .operations(&query)
        .await
        .expect("operations")
        .data
}

/// The id of the asset with this symbol.
pub fn asset_id(w: &World, symbol: &str) -> String {
    w.server
        .ledger()
        .assets()
        .into_iter()
        .find(|(_, s, _)| s == symbol)
        .map(|(id, _, _)| id)
        .expect("asset in catalogue")
}

/// (balance, available) of an asset in the ledger.
pub fn holding(w: &World, symbol: &str) -> (Decimal, Decimal) {
    w.server
        .ledger()
        .portfolio("EUR")
        .into_iter()
        .find(|p| p.symbol == symbol)
        .map(|p| (p.balance, p.available))
        .unwrap_or_default()
}

/// On the Trade page: search `symbol` and pick it from the results.
pub async fn pick_asset(w: &World, symbol: &str) {
    w.fill("#asset-search", symbol).await;
    w.click("#asset-search-button").await;
    w.click(&format!("#asset-results button[data-symbol='{symbol}']"))
        .await;
}

/// On the Trade page: pick `symbol`, choose side and unit, type the amount.
pub async fn order(w: &World, symbol: &str, side: &str, unit: &str, amount: &str) {
    pick_asset(w, symbol).await;
    w.wait_text("#picked-asset", symbol).await;
    w.click(&format!("#side-{side}")).await;
    w.click(&format!("#unit-{unit}")).await;
    w.fill("#trade-amount", amount).await;
}

/// Gets a quote for the typed order and waits for the card.
pub async fn quote(w: &World) {
    w.click("#get-quote").await;
    w.find("[data-testid=quote-card]").await;
}

/// Presses Accept on the quote on screen and waits for the confirmation dialog.
pub async fn open_accept_dialog(w: &World) {
    w.click("#accept-quote").await;
    w.find("#confirm-accept[role=dialog]").await;
}

/// Accepts the quote on screen: Accept, then Confirm in the dialog.
pub async fn accept(w: &World) {
    w.click("#accept-quote").await;
    w.confirm_dialog("confirm-accept").await;
}
