//! The one table of Folio's pages loaded on demand ([`SECTIONS`]): each section's split
//! module name, the addresses that show it, whether a visit can start there (an entry
//! route), whether it needs a key, and the parts its page fetches as it starts.
//!
//! The list is written once, in the macro [`sections!`]; everything that needs these facts
//! reads it:
//! - the app: its `sections::Section` enum, `routes::Page::for_path` (which address shows
//!   which section) and the key rule are generated from the list (`src/sections.rs`);
//! - `xtask split`: the entry sections the chunk grouping serves, and the part → page
//!   table it writes for the loader (`parts.json`, read by `tools/split-chunks.mjs`);
//! - `cargo xtask bench size` and its gate: the entry routes and the parts at start.
//!
//! The names are the modules the `split_page!`/`split_fn!` declarations name; the split
//! build fails when a row names a module the build did not make.

/// One section: a page whose code is a wasm module of its own in the release build (a row of
/// [`sections!`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionRow {
    /// The split module's name (`split_page!(name, …)`).
    pub module: &'static str,
    /// The addresses that show it, the first the one links use. A last segment `*` stands
    /// for any one segment ([`wildcard_of`]): `/assets/*` shows `/assets/BTC`.
    pub paths: &'static [&'static str],
    /// Whether visits start here often enough that its first load is gated and the chunk
    /// grouping serves it.
    pub entry: bool,
    /// Whether the page works on the account (so needs a key).
    pub needs_key: bool,
    /// Split modules of parts of this page that it fetches as it starts, right after its
    /// own (the loader knows them as this page's; the gate counts the page without them).
    pub parts_at_start: &'static [&'static str],
}

/// The one list of sections, handed to the macro `$then` (a `macro_rules!` in scope where
/// this is called): one row per section, in the order of `sections::Section`'s variants,
///
/// `Variant { module: "split module", paths: ["/address", …], entry: bool, needs_key: bool,
/// parts: ["part module", …] },`
///
/// - `Variant`: the app's `sections::Section` variant;
/// - `module`: the split module (`split_page!(module, …)`);
/// - `paths`: the addresses that show it, the first the one links use;
/// - `entry`: whether visits start here often enough that its first load is gated and the
///   chunk grouping serves it;
/// - `needs_key`: whether the page works on the account;
/// - `parts`: split modules of parts of the page that it fetches as it starts.
///
/// This crate makes [`SECTIONS`] of it; the app makes its `Section` enum, the address match
/// (`routes::Page::for_path`) and the key rule of it (`src/sections.rs`), code written from
/// the list at compile time, so no copy is kept by hand and no table is added to the app's
/// first load.
#[macro_export]
macro_rules! sections {
    ($then:ident) => {
        $then! {
            Connect { module: "connect", paths: ["/connect"], entry: true, needs_key: false, parts: [] },
            // The portfolio's allocation donut and table, shown once the figures are in.
            Portfolio { module: "portfolio", paths: ["/", ""], entry: true, needs_key: true, parts: ["portfolio_allocation"] },
            History { module: "history", paths: ["/history"], entry: false, needs_key: true, parts: [] },
            // The tools above the list and the operation panel, fetched alongside the first
            // page of operations (the tools take the space kept for them).
            Operations { module: "operations", paths: ["/operations"], entry: true, needs_key: true, parts: ["operations_tools"] },
            // The quote card, fetched ahead and shown once a quote comes back.
            Trade { module: "trade", paths: ["/trade"], entry: true, needs_key: true, parts: ["trade_quote"] },
            Earn { module: "earn", paths: ["/earn"], entry: false, needs_key: true, parts: [] },
            Limits { module: "limits", paths: ["/limits"], entry: false, needs_key: true, parts: [] },
            Settings { module: "settings", paths: ["/settings"], entry: false, needs_key: false, parts: [] },
            // The candles chart and table and the order form, asked for once the pair's
            // ticker and book have answered, each shown as soon as it arrives.
            Market { module: "market", paths: ["/market"], entry: true, needs_key: true, parts: ["market_candles", "market_order"] },
            MarketOrders { module: "market_orders", paths: ["/market/orders"], entry: false, needs_key: true, parts: [] },
            MarketTrades { module: "market_trades", paths: ["/market/trades"], entry: false, needs_key: true, parts: [] },
            MarketBalances { module: "market_balances", paths: ["/market/balances"], entry: false, needs_key: true, parts: [] },
            LegacyWallets { module: "legacy_wallets", paths: ["/legacy-api"], entry: true, needs_key: true, parts: [] },
            LegacyTrades { module: "legacy_trades", paths: ["/legacy-api/trades"], entry: false, needs_key: true, parts: [] },
            LegacyFiat { module: "legacy_fiat", paths: ["/legacy-api/fiat-transactions"], entry: false, needs_key: true, parts: [] },
            LegacyCrypto { module: "legacy_crypto", paths: ["/legacy-api/crypto-transactions"], entry: false, needs_key: true, parts: [] },
            LegacyCommodity { module: "legacy_commodity", paths: ["/legacy-api/commodity-transactions"], entry: false, needs_key: true, parts: [] },
            LegacyMigrate { module: "legacy_migrate", paths: ["/legacy-api/migrate"], entry: false, needs_key: true, parts: [] },
            LegacyArchive { module: "legacy_archive", paths: ["/legacy-api/archive"], entry: false, needs_key: true, parts: [] },
            // The report (the rules' engine and every table), asked for once the page's
            // heading, notice and controls are shown, while the ledger is read.
            Insights { module: "insights", paths: ["/insights"], entry: false, needs_key: true, parts: ["insights_report"] },
            Asset { module: "asset", paths: ["/assets/*"], entry: false, needs_key: true, parts: [] },
            // Prices of assets followed without a key: the list is on the device, prices are public.
            Watchlist { module: "watchlist", paths: ["/watchlist"], entry: false, needs_key: false, parts: [] },
        }
    };
}

/// [`SECTIONS`] from the rows of [`sections!`].
macro_rules! section_rows {
    ($($variant:ident {
        module: $module:literal,
        paths: [$($path:literal),*],
        entry: $entry:literal,
        needs_key: $needs_key:literal,
        parts: [$($part:literal),*] $(,)?
    },)*) => {
        /// Every section, in the order of `sections::Section`'s variants (the rows of
        /// [`sections!`]).
        pub const SECTIONS: &[SectionRow] = &[$(SectionRow {
            module: $module,
            paths: &[$($path),*],
            entry: $entry,
            needs_key: $needs_key,
            parts_at_start: &[$($part),*],
        },)*];
    };
}

sections!(section_rows);

/// The position in [`SECTIONS`] of the section `path` shows: a query or fragment is
/// ignored, and so is one trailing `/`; only the listed addresses answer (`/history/x` shows
/// none), a `*` segment standing for any one ([`wildcard_of`]).
pub fn section_at(path: &str) -> Option<usize> {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let path = match path.strip_suffix('/') {
        Some(trimmed) if !trimmed.is_empty() => trimmed,
        _ => path,
    };
    let listed = |path: &str| SECTIONS.iter().position(|s| s.paths.contains(&path));
    listed(path).or_else(|| listed(&wildcard_of(path)?))
}

/// `path` with its last segment written `*` (`/assets/BTC` → `/assets/*`), how a listed
/// address stands for every address one segment below it; `None` when the last segment is
/// empty or the path has no parent (`/`, `/history`).
pub fn wildcard_of(path: &str) -> Option<String> {
    let (parent, last) = path.rsplit_once('/')?;
    (!parent.is_empty() && !last.is_empty() && last != "*").then(|| format!("{parent}/*"))
}

pub fn entry_routes() -> impl Iterator<Item = (&'static str, &'static str)> {
    SECTIONS
        .iter()
        .filter(|s| s.entry)
        .filter_map(|s| Some((*s.paths.first()?, s.module)))
}

/// The `sessionStorage` item that holds the account key. The app's session keeps the key
/// there; the loader reads only whether it is there, to open the pack of the page the
/// address shows (or Connect's) before the app has started.
pub const KEY_ITEM: &str = "folio.key";

/// Each address and the section it shows, with whether that section needs a key (what the
/// loader needs to open the right pack before the app starts).
pub fn addresses() -> impl Iterator<Item = (&'static str, &'static str, bool)> {
    SECTIONS.iter().flat_map(|s| {
        s.paths
            .iter()
            .filter(|p| !p.is_empty())
            .map(move |p| (*p, s.module, s.needs_key))
    })
}

/// Every part fetched as its page starts, with its page's module.
pub fn parts_at_start() -> impl Iterator<Item = (&'static str, &'static str)> {
    SECTIONS
        .iter()
        .flat_map(|s| s.parts_at_start.iter().map(move |part| (*part, s.module)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_shows_one_section() {
        let mut seen = std::collections::HashSet::new();
        for s in SECTIONS {
            for p in s.paths {
                assert!(seen.insert(*p), "{p} is listed twice");
            }
        }
        let module = |path| section_at(path).map(|i| SECTIONS[i].module);
        assert_eq!(module("/"), Some("portfolio"));
        assert_eq!(module(""), Some("portfolio"));
        assert_eq!(module("/history?range=1y"), Some("history"));
        assert_eq!(module("/market/orders/"), Some("market_orders"));
        assert_eq!(module("/legacy-api#top"), Some("legacy_wallets"));
        assert_eq!(module("/history/unknown"), None);
        assert_eq!(module("/nowhere"), None);
        assert_eq!(module("/assets/BTC"), Some("asset"));
        assert_eq!(module("/assets/BTC/"), Some("asset"));
        assert_eq!(module("/assets"), None);
        assert_eq!(module("/assets/"), None);
        assert_eq!(module("/assets/BTC/x"), None);
    }

    #[test]
    fn entry_routes_and_parts_read_from_the_table() {
        assert_eq!(
            entry_routes().collect::<Vec<_>>(),
            [
                ("/connect", "connect"),
                ("/", "portfolio"),
                ("/operations", "operations"),
                ("/trade", "trade"),
                ("/market", "market"),
                ("/legacy-api", "legacy_wallets"),
            ]
        );
        assert_eq!(
            parts_at_start().collect::<Vec<_>>(),
            [
                ("portfolio_allocation", "portfolio"),
                ("operations_tools", "operations"),
                ("trade_quote", "trade"),
                ("market_candles", "market"),
                ("market_order", "market"),
                ("insights_report", "insights"),
            ]
        );
    }

    #[test]
    fn only_connect_settings_and_the_watchlist_work_without_a_key() {
        let keyless: Vec<&str> = SECTIONS
            .iter()
            .filter(|s| !s.needs_key)
            .map(|s| s.module)
            .collect();
        assert_eq!(keyless, ["connect", "settings", "watchlist"]);
    }
}
