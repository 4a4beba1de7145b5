//! The one table of Folio's pages loaded on demand ([`SECTIONS`]): each section's split
//! module name, the addresses that show it, whether a visit can start there (an entry
//! route), whether it needs a key, and the parts its page fetches as it starts.
//!
//! Everything that needs these facts reads them here:
//! - the app: `routes::Page::for_path` (which address shows which section), the key rule,
//!   and `sections::Section` (one variant per row, checked by a test both ways);
//! - `xtask split`: the entry sections the chunk grouping serves, and the part → page
//!   table it writes for the loader (`parts.json`, read by `tools/split-chunks.mjs`);
//! - `cargo xtask bench size` and its gate: the entry routes and the parts at start.
//!
//! The names are the modules the `split_page!`/`split_fn!` declarations name; the split
//! build fails when a row names a module the build did not make.

/// One section: a page whose code is a wasm module of its own in the release build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionRow {
    /// The split module's name (`split_page!(name, …)`).
    pub module: &'static str,
    /// The addresses that show it, the first the one links use.
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

const fn row(module: &'static str, paths: &'static [&'static str]) -> SectionRow {
    SectionRow {
        module,
        paths,
        entry: false,
        needs_key: true,
        parts_at_start: &[],
    }
}

const fn entry(mut section: SectionRow) -> SectionRow {
    section.entry = true;
    section
}

const fn keyless(mut section: SectionRow) -> SectionRow {
    section.needs_key = false;
    section
}

const fn with_parts(mut section: SectionRow, parts: &'static [&'static str]) -> SectionRow {
    section.parts_at_start = parts;
    section
}

/// Every section, in the order of `sections::Section`'s variants.
pub const SECTIONS: [SectionRow; 20] = [
    entry(keyless(row("connect", &["/connect"]))),
    // The portfolio's allocation donut and table, shown once the figures are in.
    entry(with_parts(
        row("portfolio", &["/", ""]),
        &["portfolio_allocation"],
    )),
    row("history", &["/history"]),
    // The tools above the list and the operation panel, fetched alongside the first page
    // of operations (the tools take the space kept for them).
    entry(with_parts(
        row("operations", &["/operations"]),
        &["operations_tools"],
    )),
    // The quote card, fetched ahead and shown once a quote comes back.
    entry(with_parts(row("trade", &["/trade"]), &["trade_quote"])),
    row("earn", &["/earn"]),
    row("limits", &["/limits"]),
    keyless(row("settings", &["/settings"])),
    // The candles chart and table and the order form, each shown as soon as it arrives,
    // after the pair, ticker and book.
    entry(with_parts(
        row("market", &["/market"]),
        &["market_candles", "market_order"],
    )),
    row("market_orders", &["/market/orders"]),
    row("market_trades", &["/market/trades"]),
    row("market_balances", &["/market/balances"]),
    entry(row("legacy_wallets", &["/legacy-api"])),
    row("legacy_trades", &["/legacy-api/trades"]),
    row("legacy_fiat", &["/legacy-api/fiat-transactions"]),
    row("legacy_crypto", &["/legacy-api/crypto-transactions"]),
    row("legacy_commodity", &["/legacy-api/commodity-transactions"]),
    row("legacy_migrate", &["/legacy-api/migrate"]),
    row("legacy_archive", &["/legacy-api/archive"]),
    row("insights", &["/insights"]),
];

/// The position in [`SECTIONS`] of the section `path` shows: a query or fragment is
/// ignored, and so is one trailing `/`; only the exact addresses answer (`/history/x` shows
/// none).
pub fn section_at(path: &str) -> Option<usize> {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let path = match path.strip_suffix('/') {
        Some(trimmed) if !trimmed.is_empty() => trimmed,
        _ => path,
    };
    SECTIONS.iter().position(|s| s.paths.contains(&path))
}

/// The entry routes (the address links use) with their section's module.
pub fn entry_routes() -> impl Iterator<Item = (&'static str, &'static str)> {
    SECTIONS
        .iter()
        .filter(|s| s.entry)
        .filter_map(|s| Some((*s.paths.first()?, s.module)))
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
            ]
        );
    }

    #[test]
    fn only_connect_and_settings_work_without_a_key() {
        let keyless: Vec<&str> = SECTIONS
            .iter()
            .filter(|s| !s.needs_key)
            .map(|s| s.module)
            .collect();
        assert_eq!(keyless, ["connect", "settings"]);
    }
}
