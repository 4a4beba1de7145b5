//! The Exchange section's own navigation (Market, Orders, Trades, Balances and fees).

use leptos::prelude::*;
use leptos_router::components::A;

const SECTION: &[(&str, &str)] = &[
    ("/market", "Market"),
    ("/market/orders", "Orders"),
    ("/market/trades", "Trades"),
    ("/market/balances", "Balances and fees"),
];

/// Links between the Exchange pages; the current one is marked with `aria-current`.
#[component]
pub fn ExchangeNav() -> impl IntoView {
    view! {
        <nav class="sub-nav" aria-label="Exchange">
            <ul>
                {SECTION
                    .iter()
                    .map(|&(href, label)| view! { <li><A href=href exact=true>{label}</A></li> })
                    .collect_view()}
            </ul>
        </nav>
    }
}
