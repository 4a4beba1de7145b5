//! The Exchange section's own navigation (Market, Orders, Trades, Balances and fees).

use leptos::prelude::*;

use crate::components::SectionNav;

const SECTION: &[(&str, &str)] = &[
    ("/market", "Market"),
    ("/market/orders", "Orders"),
    ("/market/trades", "Trades"),
    ("/market/balances", "Balances and fees"),
];

/// Links between the Exchange pages.
#[component]
pub fn ExchangeNav() -> impl IntoView {
    view! { <SectionNav pages=SECTION label="Exchange" /> }
}
