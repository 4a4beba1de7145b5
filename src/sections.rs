//! The pages loaded on demand and what readies them: each [`Section`] (Connect, Portfolio,
//! History, Operations, Trade, Earn, Limits, Insights, Settings, an asset's page, and each
//! page of Market and of the Legacy API), the loader of its page and the preloads of the parts it shows as it starts. The
//! mechanism (the `split_page!`/`split_fn!` macros, a module that cannot be fetched) is
//! `crate::split`, below the pages; this module is above them and mounts them.
//!
//! - [`Section::prefetch`] readies a section (its split module and the parts it fetches as it
//!   starts) when a link to it is hovered or focused ([`warm_link`], which the top bar's and
//!   the section navigation's links call through `crate::split::warm`), so a click rarely waits; [`prefetch_likely_when_idle`]
//!   only downloads the packs of the most visited sections once the page has settled
//!   (nothing is started).

use crate::split::PageLoad;

mod ahead;

pub use ahead::{prefetch_likely_when_idle, start_page_of_address, warm_link};

/// The app's half of the one list of sections (`folio_routes::sections!`): the [`Section`]
/// enum, which section an address shows and which sections need a key, written from the list
/// at compile time.
macro_rules! section_enum {
    ($($variant:ident {
        module: $module:literal,
        paths: [$($path:literal),*],
        entry: $entry:literal,
        needs_key: $needs_key:literal,
        parts: [$($part:literal),*] $(,)?
    },)*) => {
        /// The sections: the pages whose code is loaded on demand (a feature's page, or one
        /// page of Market or of the Legacy API), each with a split module of its own.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Section {
            $($variant,)*
        }

        impl Section {
            /// The section at exactly `path` (no query, fragment or trailing `/`: see
            /// `routes::Page::for_path`), `None` for addresses no page answers.
            pub(crate) fn at_exact_path(path: &str) -> Option<Section> {
                match path {
                    $($($path)|* => Some(Section::$variant),)*
                    _ => None,
                }
            }

            /// Whether the section's page works on the account, so needs a key.
            pub(crate) fn needs_key(self) -> bool {
                match self {
                    $(Section::$variant => $needs_key,)*
                }
            }
        }
    };
}

folio_routes::sections!(section_enum);

impl Section {
    /// The section a navigation link leads to, by its path (`None` for paths no page answers);
    /// the table is `routes::Page::for_path`.
    pub fn for_path(path: &str) -> Option<Section> {
        match crate::routes::Page::for_path(path) {
            crate::routes::Page::Section(section) => Some(section),
            _ => None,
        }
    }

    /// The loader of the section's page (its split module, then its view), for `LazyPage`.
    pub fn loader(self) -> fn() -> PageLoad {
        use crate::pages::{
            asset_page, connect_page, earn_page, history_page, insights_page, limits_page,
            operations_page, portfolio_page, trade_page, watchlist_page,
        };
        use crate::pages::{exchange, legacy, settings};
        match self {
            Section::Connect => connect_page,
            Section::Portfolio => portfolio_page,
            Section::History => history_page,
            Section::Operations => operations_page,
            Section::Trade => trade_page,
            Section::Earn => earn_page,
            Section::Limits => limits_page,
            Section::Settings => settings::settings_page,
            Section::Market => exchange::market_page,
            Section::MarketOrders => exchange::orders_page,
            Section::MarketTrades => exchange::trades_page,
            Section::MarketBalances => exchange::balances_page,
            Section::LegacyWallets => legacy::wallets_page,
            Section::LegacyTrades => legacy::trades_page,
            Section::LegacyFiat => legacy::fiat_page,
            Section::LegacyCrypto => legacy::crypto_page,
            Section::LegacyCommodity => legacy::commodity_page,
            Section::LegacyMigrate => legacy::migrate_page,
            Section::LegacyArchive => legacy::archive_page,
            Section::Insights => insights_page,
            Section::Asset => asset_page,
            Section::Watchlist => watchlist_page,
        }
    }

    /// Starts fetching the section's split module in the background (no view is built, nothing is
    /// asked of the service). A failure is ignored here: opening the page tries again and
    /// explains.
    pub fn prefetch(self) {
        leptos::task::spawn_local(self.preload(true));
    }

    /// Loads the section's split module and, `with_parts`, those of the parts it fetches as it
    /// starts (a link about to be followed). A page opened from the address loads its module
    /// alone: its parts are asked for once its first figures are shown (`LazyPage`'s `later`).
    pub(crate) fn preload(
        self,
        with_parts: bool,
    ) -> impl std::future::Future<Output = ()> + 'static {
        use crate::pages::{exchange, legacy, settings};
        use crate::pages::{
            preload_connect, preload_earn, preload_history, preload_insights, preload_limits,
            preload_operations, preload_portfolio, preload_trade,
        };
        async move {
            let _ = match self {
                Section::Connect => preload_connect().await,
                Section::Portfolio => {
                    // The page's module, then its allocation part's (a module of its own).
                    let _ = preload_portfolio().await;
                    if !with_parts {
                        return;
                    }
                    crate::pages::portfolio::preload_allocation_part().await
                }
                Section::History => preload_history().await,
                Section::Operations => {
                    // The page's module, then its tools' and panel's (a module of its own).
                    let _ = preload_operations().await;
                    if !with_parts {
                        return;
                    }
                    crate::pages::operations::preload_tools_part().await
                }
                Section::Trade => {
                    // The page's module, then its quote part's (a module of its own).
                    let _ = preload_trade().await;
                    if !with_parts {
                        return;
                    }
                    crate::pages::trade::preload_quote_part().await
                }
                Section::Earn => preload_earn().await,
                Section::Limits => preload_limits().await,
                Section::Settings => settings::preload_settings().await,
                Section::Market => {
                    // The page's module, then its candles' and its order form's.
                    let _ = exchange::preload_market().await;
                    if !with_parts {
                        return;
                    }
                    let _ = exchange::preload_candles_part().await;
                    exchange::preload_order_form().await
                }
                Section::MarketOrders => exchange::preload_orders().await,
                Section::MarketTrades => exchange::preload_trades().await,
                Section::MarketBalances => exchange::preload_balances().await,
                Section::LegacyWallets => legacy::preload_wallets().await,
                Section::LegacyTrades => legacy::preload_trades().await,
                Section::LegacyFiat => legacy::preload_fiat().await,
                Section::LegacyCrypto => legacy::preload_crypto().await,
                Section::LegacyCommodity => legacy::preload_commodity().await,
                Section::LegacyMigrate => legacy::preload_migrate().await,
                Section::LegacyArchive => legacy::preload_archive().await,
                Section::Insights => {
                    // The page's module, then its report's.
                    let _ = preload_insights().await;
                    if !with_parts {
                        return;
                    }
                    crate::pages::insights::preload_report_part().await
                }
                Section::Asset => crate::pages::preload_asset().await,
                Section::Watchlist => crate::pages::preload_watchlist().await,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_lead_to_their_sections() {
        assert_eq!(Section::for_path("/"), Some(Section::Portfolio));
        assert_eq!(
            Section::for_path("/history?range=1y"),
            Some(Section::History)
        );
        assert_eq!(Section::for_path("/market"), Some(Section::Market));
        assert_eq!(Section::for_path("/assets/BTC"), Some(Section::Asset));
        assert_eq!(
            Section::for_path("/market/orders?status=open"),
            Some(Section::MarketOrders)
        );
        assert_eq!(
            Section::for_path("/legacy-api"),
            Some(Section::LegacyWallets)
        );
        assert_eq!(
            Section::for_path("/legacy-api/trades"),
            Some(Section::LegacyTrades)
        );
        assert_eq!(Section::for_path("/market/unknown"), None);
        assert_eq!(Section::for_path("/history/unknown"), None);
        assert_eq!(Section::for_path("/settings"), Some(Section::Settings));
        assert_eq!(Section::for_path("/connect"), Some(Section::Connect));
        assert_eq!(Section::for_path("/nowhere"), None);
    }
}
