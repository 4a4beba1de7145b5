//! A checker of Ghostfolio's documented import fields, for the tax files' test.

use std::collections::{BTreeMap, HashSet};
use std::str::FromStr;

use chrono::{DateTime, Datelike};
use folio_client::Decimal;
use serde_json::value::RawValue;

/// The value of a raw JSON text when it is a string.
fn string(raw: &RawValue) -> Option<String> {
    serde_json::from_str::<String>(raw.get()).ok()
}

/// The value of a raw JSON text when it is a plain number (no exponent), exactly.
fn number(raw: &RawValue) -> Option<Decimal> {
    let t = raw.get();
    if t.starts_with(['"', '{', '[', 't', 'f', 'n']) {
        return None;
    }
    Decimal::from_str(t).ok()
}

fn is_uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).collect::<Vec<_>>() == [8, 4, 4, 4, 12]
        && parts
            .iter()
            .all(|p| p.chars().all(|c| c.is_ascii_hexdigit()))
}

type Object = BTreeMap<String, Box<RawValue>>;

/// What Ghostfolio's import would refuse in `text`, checked against its documented fields
/// (README "Import Activities", `CreateOrderDto`, `CreateAssetProfileDto`, the Prisma enums
/// and the import service's rule for MANUAL symbols: a UUID or the prefix `GF_`).
pub fn ghostfolio_problems(text: &str) -> Vec<String> {
    const TYPES: [&str; 6] = ["BUY", "DIVIDEND", "FEE", "INTEREST", "LIABILITY", "SELL"];
    const SOURCES: [&str; 9] = [
        "ALPHA_VANTAGE",
        "COINGECKO",
        "EOD_HISTORICAL_DATA",
        "FINANCIAL_MODELING_PREP",
        "GHOSTFOLIO",
        "GOOGLE_SHEETS",
        "MANUAL",
        "RAPID_API",
        "YAHOO",
    ];
    const CLASSES: [&str; 6] = [
        "ALTERNATIVE_INVESTMENT",
        "COMMODITY",
        "EQUITY",
        "FIXED_INCOME",
        "LIQUIDITY",
        "REAL_ESTATE",
    ];
    const SUB_CLASSES: [&str; 11] = [
        "BOND",
        "CASH",
        "COLLECTIBLE",
        "COMMODITY",
        "CRYPTOCURRENCY",
        "ETF",
        "LOAN",
        "MUTUALFUND",
        "PRECIOUS_METAL",
        "PRIVATE_EQUITY",
        "STOCK",
    ];
    let mut problems = Vec::new();
    let top: Object = match serde_json::from_str(text) {
        Ok(top) => top,
        Err(e) => return vec![format!("not a JSON object: {e}")],
    };
    for key in top.keys() {
        if ![
            "activities",
            "assetProfiles",
            "accounts",
            "platforms",
            "tags",
        ]
        .contains(&key.as_str())
        {
            problems.push(format!("unexpected top-level key {key}"));
        }
    }
    let list = |key: &str, problems: &mut Vec<String>| -> Vec<Object> {
        match top
            .get(key)
            .map(|raw| serde_json::from_str::<Vec<Object>>(raw.get()))
        {
            Some(Ok(items)) => items,
            Some(Err(e)) => {
                problems.push(format!("{key}: not an array of objects: {e}"));
                Vec::new()
            }
            None => Vec::new(),
        }
    };
    if !top.contains_key("activities") {
        problems.push("no activities".into());
    }
    let activities = list("activities", &mut problems);
    let profiles = list("assetProfiles", &mut problems);
    let currency = |o: &Object, at: &str, problems: &mut Vec<String>| match o
        .get("currency")
        .and_then(|r| string(r))
    {
        Some(c) if c.len() == 3 && c.chars().all(|ch| ch.is_ascii_uppercase()) => {}
        other => problems.push(format!("{at}.currency {other:?} is not an ISO 4217 code")),
    };
    let custom = |s: &str| s.starts_with("GF_") || is_uuid(s);
    let mut profile_symbols = HashSet::new();
    for (i, p) in profiles.iter().enumerate() {
        let at = format!("assetProfiles.{i}");
        for key in p.keys() {
            let allowed = [
                "assetClass",
                "assetSubClass",
                "comment",
                "currency",
                "dataSource",
                "isin",
                "name",
                "symbol",
                "url",
            ];
            if !allowed.contains(&key.as_str()) {
                problems.push(format!("{at}: unexpected key {key}"));
            }
        }
        currency(p, &at, &mut problems);
        if p.get("dataSource").and_then(|r| string(r)).as_deref() != Some("MANUAL") {
            problems.push(format!("{at}.dataSource must be MANUAL"));
        }
        match p.get("symbol").and_then(|r| string(r)) {
            Some(s) if custom(&s) => {
                profile_symbols.insert(s);
            }
            other => problems.push(format!("{at}.symbol {other:?} is not a UUID or GF_…")),
        }
        for (key, allowed) in [
            ("assetClass", &CLASSES[..]),
            ("assetSubClass", &SUB_CLASSES[..]),
        ] {
            if let Some(raw) = p.get(key) {
                if !string(raw).is_some_and(|v| allowed.contains(&v.as_str())) {
                    problems.push(format!("{at}.{key} {} is not allowed", raw.get()));
                }
            }
        }
    }
    for (i, a) in activities.iter().enumerate() {
        let at = format!("activities.{i}");
        let allowed = [
            "accountId",
            "assetClass",
            "assetSubClass",
            "comment",
            "currency",
            "customCurrency",
            "dataSource",
            "date",
            "fee",
            "quantity",
            "symbol",
            "tags",
            "type",
            "unitPrice",
            "updateAccountBalance",
        ];
        for key in a.keys() {
            if !allowed.contains(&key.as_str()) {
                problems.push(format!("{at}: unexpected key {key}"));
            }
        }
        currency(a, &at, &mut problems);
        match a
            .get("date")
            .and_then(|r| string(r))
            .map(|d| DateTime::parse_from_rfc3339(&d))
        {
            Some(Ok(d)) if d.year() >= 1970 => {}
            other => problems.push(format!(
                "{at}.date {other:?} is not an ISO 8601 date after 1970"
            )),
        }
        for key in ["fee", "quantity", "unitPrice"] {
            match a.get(key).and_then(|r| number(r)) {
                Some(d) if !d.is_sign_negative() => {}
                _ => problems.push(format!(
                    "{at}.{key} is not a number ≥ 0: {:?}",
                    a.get(key).map(|r| r.get())
                )),
            }
        }
        let kind = a.get("type").and_then(|r| string(r)).unwrap_or_default();
        if !TYPES.contains(&kind.as_str()) {
            problems.push(format!("{at}.type {kind:?} is not allowed"));
        }
        let symbol = a.get("symbol").and_then(|r| string(r)).unwrap_or_default();
        if symbol.is_empty() {
            problems.push(format!("{at}.symbol is missing"));
        }
        match a.get("dataSource").and_then(|r| string(r)) {
            Some(s) if !SOURCES.contains(&s.as_str()) => {
                problems.push(format!("{at}.dataSource {s} is not allowed"))
            }
            Some(s) if s == "MANUAL" => {
                if !custom(&symbol) {
                    problems.push(format!(
                        "{at}.symbol {symbol} is not a UUID or GF_… for MANUAL"
                    ));
                }
                if !profile_symbols.contains(&symbol) {
                    problems.push(format!(
                        "{at}.symbol {symbol} has no asset profile in the file"
                    ));
                }
            }
            Some(_) => {}
            None if ["FEE", "INTEREST", "LIABILITY"].contains(&kind.as_str()) => {}
            None => problems.push(format!("{at}.dataSource is missing")),
        }
        if let Some(raw) = a.get("comment") {
            if string(raw).is_none() {
                problems.push(format!("{at}.comment is not a string"));
            }
        }
    }
    problems
}
