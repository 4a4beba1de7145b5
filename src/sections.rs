//! Sections loaded on demand. In the release build (`--cfg folio_split`, see
//! `xtask/src/split.rs`) the code of each section (Connect, Portfolio, History, Operations,
//! Trade, Earn, Limits, Insights, Settings) and of each page of Exchange and Legacy lives in its
//! own wasm module, fetched the first time the page opens; the shell (router, top bar, the
//! client, the loader) stays in the main module.
//! Without the flag (`trunk serve`, the wasm-bindgen tests) every page is compiled in and
//! "loading" a section returns at once, so the same routes work both ways.
//!
//! - A section declares each page with [`split_page!`]: it makes `fn page() -> PageLoad` for
//!   the route and a `preload_…` function that fetches the section's module without showing it.
//! - [`Section::prefetch`] readies a part when a link to it is hovered or focused ([`warm`]),
//!   so a click rarely waits; [`prefetch_likely_when_idle`] only downloads the packs of the
//!   most visited sections once the page has settled (nothing is started).
//! - Code that only an action needs (checking a key when Connect is pressed, writing an
//!   export file) is declared with [`split_fn!`]: a module of its own, fetched on first use
//!   or when the control is approached ([`warm_module`]).
//! - A module that cannot be fetched is a [`SectionNotLoaded`], never a panic: the page says
//!   so with Retry, or offers a reload when a new build of Folio replaced the old files
//!   (`components::lazy_page`).

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;

mod ahead;
mod update_check;

pub use ahead::{prefetch_likely_when_idle, start_page_of_address, warm};

pub use update_check::{build_keyed, check_for_new_build, BuildCheck};

/// A page's module could not be fetched or started (network failure, offline without a saved
/// copy, or the file is gone after a new build).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectionNotLoaded;

impl From<leptos::wasm_split::SplitLoaderError> for SectionNotLoaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        SectionNotLoaded
    }
}

/// Loading a page's view: its section's module first (split build), then the view.
pub type PageLoad = Pin<Box<dyn Future<Output = Result<AnyView, SectionNotLoaded>>>>;

/// Declares a page of a lazily loaded section: `split_page!(module, page_fn, preload_fn,
/// Component)` makes `page_fn() -> PageLoad` (the route's loader) and `preload_fn()` (fetch the
/// module only). Every page naming the same `module` lands in the same wasm module.
macro_rules! split_page {
    ($module:ident, $page:ident, $preload:ident, $component:path) => {
        #[allow(non_snake_case)]
        mod $page {
            use super::*;

            #[cfg(folio_split)]
            #[::leptos::wasm_split::wasm_split(
                                                        $module,
                                                        fallible,
                                                        preload(#[allow(dead_code)] $preload),
                                                        wasm_split_path = ::leptos::wasm_split
                                                    )]
            pub(crate) fn $page() -> ::core::result::Result<
                ::leptos::prelude::AnyView,
                $crate::sections::SectionNotLoaded,
            > {
                ::core::result::Result::Ok(::leptos::prelude::untrack(|| {
                    ::leptos::prelude::IntoAny::into_any($component())
                }))
            }

            #[cfg(not(folio_split))]
            pub(crate) async fn $page() -> ::core::result::Result<
                ::leptos::prelude::AnyView,
                $crate::sections::SectionNotLoaded,
            > {
                ::core::result::Result::Ok(::leptos::prelude::untrack(|| {
                    ::leptos::prelude::IntoAny::into_any($component())
                }))
            }

            /// Nothing to fetch: every page is in the one module.
            #[cfg(not(folio_split))]
            #[allow(dead_code)]
            pub(crate) async fn $preload(
            ) -> ::core::result::Result<(), ::leptos::wasm_split::SplitLoaderError> {
                ::core::result::Result::Ok(())
            }
        }

        #[allow(unused_imports)]
        pub(crate) use $page::$preload;

        /// The route's loader for this page (its section's module, then the view).
        pub(crate) fn $page() -> $crate::sections::PageLoad {
            ::std::boxed::Box::pin($page::$page())
        }
    };
}
pub(crate) use split_page;

/// Declares a function whose code lives in a wasm module of its own in the split build:
/// `split_fn!(module, preload_fn, fn name(arg: Type, …) -> Output { body })` makes
/// `async fn name(…) -> Result<Output, SectionNotLoaded>` (fetches the module the first time,
/// then runs `body` there) and `preload_fn()` (fetches it only; hand it to [`warm_module`]).
/// The body should do the work through functions nothing else calls, so they land in the
/// module too. Without `--cfg folio_split` it runs at once. `preload_fn` may go unused when
/// the module is a page's part, readied with the page's own preload.
///
/// `split_fn!(module, preload_fn, async fn name(…) -> Output { body })` does the same for
/// work that awaits (a request and its answer's reader): the future is built in the module
/// and awaited by the caller, and `Err` means the module did not arrive, so nothing ran.
macro_rules! split_fn {
    ($module:ident, $preload:ident, $(#[$doc:meta])* async fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $out:ty $body:block) => {
        #[allow(non_snake_case)]
        mod $name {
            use super::*;

            $crate::sections::split_fn!(
                $module,
                $preload,
                fn $name($($arg: $ty),*) -> ::std::pin::Pin<::std::boxed::Box<dyn ::core::future::Future<Output = $out>>> {
                    ::std::boxed::Box::pin(async move $body)
                }
            );
        }

        #[allow(unused_imports)]
        pub(crate) use $name::$preload;

        $(#[$doc])*
        pub async fn $name($($arg: $ty),*) -> ::core::result::Result<$out, $crate::sections::SectionNotLoaded> {
            ::core::result::Result::Ok($name::$name($($arg),*).await?.await)
        }
    };
    ($module:ident, $preload:ident, $(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $out:ty $body:block) => {
        $(#[$doc])*
        #[cfg(folio_split)]
        #[::leptos::wasm_split::wasm_split(
            $module,
            fallible,
            preload(#[allow(dead_code)] $preload),
            wasm_split_path = ::leptos::wasm_split
        )]
        pub fn $name($($arg: $ty),*) -> ::core::result::Result<$out, $crate::sections::SectionNotLoaded> {
            ::core::result::Result::Ok($body)
        }

        $(#[$doc])*
        #[cfg(not(folio_split))]
        pub async fn $name($($arg: $ty),*) -> ::core::result::Result<$out, $crate::sections::SectionNotLoaded> {
            ::core::result::Result::Ok($body)
        }

        /// Nothing to fetch: everything is in the one module.
        #[cfg(not(folio_split))]
        #[allow(dead_code)]
        pub async fn $preload() -> ::core::result::Result<(), ::leptos::wasm_split::SplitLoaderError> {
            ::core::result::Result::Ok(())
        }
    };
}
pub(crate) use split_fn;

/// Starts fetching a module in the background (`preload` from [`split_fn!`] or
/// [`split_page!`]); a failure is ignored here: using the module retries and explains.
pub fn warm_module<F>(preload: F)
where
    F: Future<Output = Result<(), leptos::wasm_split::SplitLoaderError>> + 'static,
{
    leptos::task::spawn_local(async move {
        let _ = preload.await;
    });
}

/// The parts loaded on demand: a section, or one page of Exchange or Legacy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Connect,
    Portfolio,
    History,
    Operations,
    Trade,
    Earn,
    Limits,
    Settings,
    Market,
    MarketOrders,
    MarketTrades,
    MarketBalances,
    LegacyWallets,
    LegacyTrades,
    LegacyFiat,
    LegacyCrypto,
    LegacyCommodity,
    LegacyMigrate,
    LegacyArchive,
    Insights,
}

impl Section {
    /// The part a navigation link leads to, by its path (`None` for paths no page answers);
    /// the table is `routes::Page::for_path`.
    pub fn for_path(path: &str) -> Option<Section> {
        match crate::routes::Page::for_path(path) {
            crate::routes::Page::Section(section) => Some(section),
            _ => None,
        }
    }

    /// The loader of the part's page (its module, then its view), for `LazyPage`.
    pub fn loader(self) -> fn() -> PageLoad {
        use crate::pages::{
            connect_page, earn_page, history_page, insights_page, limits_page, operations_page,
            portfolio_page, trade_page,
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
        }
    }

    /// Starts fetching the part's module in the background (no view is built, nothing is
    /// asked of the service). A failure is ignored here: opening the page tries again and
    /// explains.
    pub fn prefetch(self) {
        leptos::task::spawn_local(self.preload());
    }

    /// Loads the part's module and those of the parts it shows as it starts.
    fn preload(self) -> impl std::future::Future<Output = ()> + 'static {
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
                    crate::pages::portfolio::preload_allocation_part().await
                }
                Section::History => preload_history().await,
                Section::Operations => {
                    // The page's module, then its tools' and panel's (a module of its own).
                    let _ = preload_operations().await;
                    crate::pages::operations::preload_tools_part().await
                }
                Section::Trade => {
                    // The page's module, then its quote part's (a module of its own).
                    let _ = preload_trade().await;
                    crate::pages::trade::preload_quote_part().await
                }
                Section::Earn => preload_earn().await,
                Section::Limits => preload_limits().await,
                Section::Settings => settings::preload_settings().await,
                Section::Market => {
                    // The page's module, then its candles' and its order form's (modules of
                    // their own).
                    let _ = exchange::preload_market().await;
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
                Section::Insights => preload_insights().await,
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
