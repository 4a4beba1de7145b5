//! The Exchange section's own navigation (Market, Orders, Trades, Balances and fees).

use leptos::prelude::*;

use crate::components::SectionNav;
use crate::i18n::{t, tc};

/// Links between the Exchange pages.
#[component]
pub fn ExchangeNav() -> impl IntoView {
    let pages = [
        ("/market", tc("page", "Market")),
        ("/market/orders", t("Orders")),
        ("/market/trades", t("Trades")),
        ("/market/balances", t("Balances and fees")),
    ];
    view! { <SectionNav pages=pages label=t("Exchange") /> }
}
