//! What one entry of the combined timeline (Operations with "Include legacy records")
//! looks like: its source in words, its time, a title and a line of detail. Entries come
//! from `folio_client::legacy::timeline::merge_timeline`, which already counts an event in
//! both APIs once; this module only describes them.

use crate::pages::legacy::text::status_words;
use chrono::{DateTime, Utc};
use folio_client::legacy::timeline::{LegacyRecord, Source, TimelineEntry};
use rust_decimal::Decimal;

use crate::format::format_amount;
use crate::i18n::{t, tf, tn};
use crate::pages::legacy::text::type_words;
use crate::pages::operations::row_texts::row_texts;
use crate::pages::operations::rows::Names;

/// One entry, ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimelineRow {
    /// The operation id, else the first legacy record's id.
    pub key: String,
    /// Where it comes from.
    pub source: Source,
    /// When it happened.
    pub time: Option<DateTime<Utc>>,
    /// "Buy", "Legacy trade: Sell", …
    pub title: String,
    /// Amounts (and, for current operations, the legacy records counted with them).
    pub detail: String,
}

/// The source in words.
pub fn source_words(source: Source) -> &'static str {
    match source {
        Source::Current => t("Current API"),
        Source::Legacy => t("Legacy API"),
        Source::Both => t("Both APIs"),
    }
}

/// A short class name for the source (`current`, `legacy`, `both`).
pub fn source_key(source: Source) -> &'static str {
    match source {
        Source::Current => "current",
        Source::Legacy => "legacy",
        Source::Both => "both",
    }
}

fn amount(value: Option<Decimal>, unit: Option<&String>, id: Option<&String>) -> String {
    let unit = unit
        .cloned()
        .or_else(|| id.map(|i| format!("#{i}")))
        .unwrap_or_default();
    match value {
        Some(v) => format!("{} {unit}", format_amount(v))
            .trim_end()
            .to_string(),
        None => crate::format::MISSING.to_string(),
    }
}

fn words(raw: Option<&str>) -> String {
    raw.map(type_words)
        .unwrap_or_else(|| t("Unknown").to_string())
}

/// One legacy record in words: (what it is, amount and status).
pub fn describe_record(record: &LegacyRecord) -> (String, String) {
    let line = |what: String, amount: String, status: Option<&str>| {
        let status = status
            .map(|s| format!(" · {}", status_words(s)))
            .unwrap_or_default();
        (what, format!("{amount}{status}"))
    };
    match record {
        LegacyRecord::Trade(trade) => {
            let a = &trade.attributes;
            let coin = amount(
                a.amount_cryptocoin,
                a.cryptocoin_symbol.as_ref(),
                a.cryptocoin_id.as_ref(),
            );
            let k = words(a.trade_type.as_ref().map(|k| k.as_str()));
            let (mut what, rest) = line(
                tf("Legacy trade: {kind}", &[("kind", &k)]),
                coin,
                a.status.as_ref().map(|s| s.as_str()),
            );
            if a.is_swap == Some(true) {
                what = tf("{title} (swap)", &[("title", &what)]);
            }
            if a.is_savings == Some(true) {
                what = tf("{title} (savings plan)", &[("title", &what)]);
            }
            (what, rest)
        }
        LegacyRecord::Fiat(fiat) => {
            let a = &fiat.attributes;
            let k = words(a.transaction_type.as_ref().map(|k| k.as_str()));
            line(
                tf("Legacy fiat transaction: {kind}", &[("kind", &k)]),
                amount(a.amount, None, None),
                a.status.as_ref().map(|s| s.as_str()),
            )
        }
        LegacyRecord::Crypto(crypto) => {
            let a = &crypto.attributes;
            let k = words(a.transaction_type.as_ref().map(|k| k.as_str()));
            line(
                tf("Legacy crypto transaction: {kind}", &[("kind", &k)]),
                amount(
                    a.amount,
                    a.cryptocoin_symbol.as_ref(),
                    a.cryptocoin_id.as_ref(),
                ),
                a.status.as_ref().map(|s| s.as_str()),
            )
        }
        LegacyRecord::Commodity(metal) => {
            let a = &metal.attributes;
            let k = words(a.transaction_type.as_ref().map(|k| k.as_str()));
            line(
                tf("Legacy metal transaction: {kind}", &[("kind", &k)]),
                amount(
                    a.amount,
                    a.cryptocoin_symbol.as_ref(),
                    a.cryptocoin_id.as_ref(),
                ),
                a.status.as_ref().map(|s| s.as_str()),
            )
        }
    }
}

/// Describes one entry.
pub fn timeline_row(entry: &TimelineEntry, names: &Names) -> TimelineRow {
    let legacy: Vec<(String, String)> = entry.legacy.iter().map(describe_record).collect();
    match &entry.current {
        Some(op) => {
            let s = row_texts(op, names);
            let mut detail = [s.out.join(", "), s.incoming.join(", ")]
                .into_iter()
                .filter(|p| !p.is_empty())
                .collect::<Vec<_>>()
                .join(" → ");
            if !legacy.is_empty() {
                detail.push_str(" · ");
                detail.push_str(&tn(
                    legacy.len(),
                    "also {n} legacy record, counted once",
                    "also {n} legacy records, counted once",
                ));
            }
            TimelineRow {
                key: s.id,
                source: entry.source,
                time: entry.time,
                title: s.type_label,
                detail,
            }
        }
        None => TimelineRow {
            key: entry
                .legacy
                .first()
                .map(|r| r.id().to_string())
                .unwrap_or_default(),
            source: entry.source,
            time: entry.time,
            title: legacy.first().map(|(k, _)| k.clone()).unwrap_or_default(),
            detail: legacy
                .iter()
                .map(|(_, d)| d.clone())
                .collect::<Vec<_>>()
                .join(" · "),
        },
    }
}

/// How many entries come from both APIs, the current one only and the legacy one only.
pub fn source_counts(entries: &[TimelineEntry]) -> (usize, usize, usize) {
    entries
        .iter()
        .fold((0, 0, 0), |(b, c, l), e| match e.source {
            Source::Both => (b + 1, c, l),
            Source::Current => (b, c + 1, l),
            Source::Legacy => (b, c, l + 1),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use folio_client::current::Operation;
    use folio_client::legacy::timeline::{merge_timeline, LegacyRecords};
    use serde_json::json;

    fn op() -> Operation {
        serde_json::from_value(json!({
            "operation_id": "op-1", "operation_type": "buy",
            "transactions": [
                {"transaction_id": "leg-eur", "flow": "outgoing", "currency_id": "eur",
                 "asset_amount": {"value": "10.00", "currency_id": "eur"}, "credited_at": "2026-05-04T09:00:00Z"},
                {"transaction_id": "leg-btc", "flow": "incoming", "asset_id": "btc",
                 "asset_amount": {"value": "0.001", "asset_id": "btc"}, "credited_at": "2026-05-04T09:00:00Z",
                 "trade": {"trade_id": "trade-1"}}
            ]
        }))
        .unwrap()
    }

    fn records() -> LegacyRecords {
        LegacyRecords {
            trades: vec![
                serde_json::from_value(json!({"type": "trade", "id": "trade-1", "attributes": {
                    "type": "buy", "amount_cryptocoin": "0.001", "cryptocoin_symbol": "BTC", "status": "finished"}}))
                .unwrap(),
                serde_json::from_value(json!({"type": "trade", "id": "trade-old", "attributes": {
                    "type": "sell", "is_swap": true, "amount_cryptocoin": "2", "cryptocoin_id": "5",
                    "status": "pending", "time": {"unix": "100"}}}))
                .unwrap(),
            ],
            ..LegacyRecords::default()
        }
    }

    #[test]
    fn both_current_and_legacy_entries_are_described() {
        let entries = merge_timeline(vec![op()], records());
        assert_eq!(source_counts(&entries), (1, 0, 1));
        let mut names = Names::default();
        names
            .0
            .insert("btc".into(), ("BTC".into(), "Bitcoin".into()));
        names.0.insert("eur".into(), ("EUR".into(), "Euro".into()));
        let rows: Vec<TimelineRow> = entries.iter().map(|e| timeline_row(e, &names)).collect();
        let both = rows.iter().find(|r| r.source == Source::Both).unwrap();
        assert_eq!(both.key, "op-1");
        assert_eq!(both.title, "Buy");
        assert_eq!(
            both.detail,
            "10.00 EUR → 0.001 BTC · also 1 legacy record, counted once"
        );
        let old = rows.iter().find(|r| r.source == Source::Legacy).unwrap();
        assert_eq!(old.key, "trade-old");
        assert_eq!(old.title, "Legacy trade: Sell (swap)");
        assert_eq!(old.detail, "2 #5 · Waiting");
        assert_eq!(source_words(Source::Both), "Both APIs");
        assert_eq!(source_key(Source::Legacy), "legacy");
    }
}
