//! The asset page's card of the person's lots: Insights' open lots for this asset under the
//! chosen rule set, with what could be sold tax-free today
//! (`crate::pages::insights::asset_lots`, drawn by Insights' report module once the page is
//! shown: it reads every operation, as Insights does).

use leptos::prelude::*;

use crate::components::LazyPage;
use crate::i18n::t;
use crate::pages::insights::{asset_lots_part, AssetLotsInputs};

/// The lots card of the asset with `asset_id` (shown as `symbol`).
#[component]
pub fn LotsCard(asset_id: String, symbol: String) -> impl IntoView {
    provide_context(AssetLotsInputs { asset_id, symbol });
    view! {
        <section class="card asset-lots" id="asset-lots" aria-labelledby="asset-lots-title">
            <h2 id="asset-lots-title">{t("Your lots")}</h2>
            <LazyPage load=asset_lots_part later=true />
        </section>
    }
}
