//! The sentence shown before a tax file's download, in the language shown: what the file
//! holds and what was left out and why. `folio_export` counts (`ExportSummary`); its own
//! `line()` is the English of its tests and docs, and this writes the same English (checked
//! below) or the German. The file itself stays English.

use folio_export::tax::{ExportSummary, TaxFormat};
use std::collections::BTreeMap;

use crate::format::format_count;
use crate::i18n::{language, t, tf, tn, Language};

/// The tool the file is for (product names stay as they are).
fn tool(format: TaxFormat) -> &'static str {
    match format {
        TaxFormat::BitpandaCsv => t("Bitpanda-style CSV"),
        TaxFormat::KoinlyCsv => "Koinly",
        TaxFormat::GhostfolioJson => "Ghostfolio",
    }
}

/// A day of the period: ISO in English (as the file name has it), German `31.12.2025`.
fn day(date: chrono::NaiveDate) -> String {
    match language() {
        Language::English => folio_client::date_text::day_text(date),
        Language::German => crate::format::format_day(date),
    }
}

fn total(map: &BTreeMap<String, usize>) -> usize {
    map.values().fold(0usize, |a, b| a.saturating_add(*b))
}

/// `name ×n, …` (names as the service sent them).
fn listed(map: &BTreeMap<String, usize>) -> String {
    map.iter()
        .map(|(name, n)| format!("{name} ×{}", format_count(*n)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One sentence about the file, e.g. "Koinly file for 2025-01-01 to 2025-12-31: 112 rows
/// from 104 operations. Left out: 1 cancelled, 2 reversed by a refund or correction (both
/// sides)."
pub fn summary_line(s: &ExportSummary) -> String {
    let count = |n: usize| format_count(n);
    let mut out = tf(
        "{tool} file for {from} to {to}: {rows} from {operations}.",
        &[
            ("tool", tool(s.format)),
            ("from", &day(s.range.from())),
            ("to", &day(s.range.to())),
            ("rows", &tn(s.rows, "{n} row", "{n} rows")),
            (
                "operations",
                &tn(s.operations, "{n} operation", "{n} operations"),
            ),
        ],
    );
    let mut left_out = Vec::new();
    if s.cancelled > 0 {
        left_out.push(tf("{n} cancelled", &[("n", &count(s.cancelled))]));
    }
    if s.compensated > 0 {
        left_out.push(tf(
            "{n} reversed by a refund or correction (both sides)",
            &[("n", &count(s.compensated))],
        ));
    }
    if s.pending > 0 {
        left_out.push(tf(
            "{n} still pending (no date yet)",
            &[("n", &count(s.pending))],
        ));
    }
    if s.legacy_duplicates > 0 {
        left_out.push(tn(
            s.legacy_duplicates,
            "{n} legacy trade already in the current history",
            "{n} legacy trades already in the current history",
        ));
    }
    if s.unreadable_legs > 0 {
        left_out.push(tn(
            s.unreadable_legs,
            "{n} unreadable leg",
            "{n} unreadable legs",
        ));
    }
    if !left_out.is_empty() {
        out.push(' ');
        out.push_str(&tf("Left out: {list}.", &[("list", &left_out.join(", "))]));
    }
    let unknown = total(&s.unknown_types);
    if unknown > 0 {
        let values = [("n", count(unknown)), ("types", listed(&s.unknown_types))];
        let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        out.push(' ');
        out.push_str(&if unknown == 1 {
            tf(
                "{n} operation is of a type Folio does not know, written under its own name ({types}).",
                &values,
            )
        } else {
            tf(
                "{n} operations are of a type Folio does not know, written under its own name ({types}).",
                &values,
            )
        });
    }
    let absent = total(&s.not_in_format);
    if absent > 0 {
        let values = [
            ("n", count(absent)),
            ("tool", tool(s.format).to_string()),
            ("types", listed(&s.not_in_format)),
        ];
        let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        out.push(' ');
        out.push_str(&if absent == 1 {
            tf("{n} operation has no row in {tool} ({types}).", &values)
        } else {
            tf("{n} operations have no row in {tool} ({types}).", &values)
        });
    }
    if s.without_price > 0 {
        out.push(' ');
        out.push_str(&tn(
            s.without_price,
            "{n} operation is without a price (Bitpanda's data has none): check how the tool values them.",
            "{n} operations are without a price (Bitpanda's data has none): check how the tool values them.",
        ));
    }
    if s.legacy_added > 0 {
        out.push(' ');
        out.push_str(&tn(
            s.legacy_added,
            "{n} trade from the legacy API added.",
            "{n} trades from the legacy API added.",
        ));
    }
    if s.unnamed_units > 0 {
        out.push(' ');
        out.push_str(&tn(
            s.unnamed_units,
            "{n} leg names an unknown asset, written by its id.",
            "{n} legs name an unknown asset, written by its id.",
        ));
    }
    if s.unmatched_compensations > 0 {
        out.push(' ');
        out.push_str(&tn(
            s.unmatched_compensations,
            "{n} compensation reverses nothing in the list exactly and is written as it is.",
            "{n} compensations reverse nothing in the list exactly and are written as they are.",
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use folio_export::tax::DateRange;

    use super::*;

    fn summary(n: usize) -> ExportSummary {
        let types: BTreeMap<String, usize> = [("airdrop_bonus".to_string(), n)].into();
        ExportSummary {
            format: TaxFormat::KoinlyCsv,
            range: DateRange::year(2025).unwrap(),
            rows: n.saturating_add(111),
            operations: n,
            cancelled: n,
            compensated: n,
            unmatched_compensations: n,
            pending: n,
            unknown_types: types.clone(),
            without_price: n,
            not_in_format: types,
            unnamed_units: n,
            unreadable_legs: n,
            legacy_added: n,
            legacy_duplicates: n,
        }
    }

    #[test]
    fn a_plain_file_is_one_sentence() {
        let s = ExportSummary {
            rows: 1,
            operations: 1,
            ..summary(0)
        };
        assert_eq!(
            summary_line(&s),
            "Koinly file for 2025-01-01 to 2025-12-31: 1 row from 1 operation."
        );
        let s = ExportSummary {
            format: TaxFormat::BitpandaCsv,
            rows: 0,
            ..summary(0)
        };
        assert_eq!(
            summary_line(&s),
            "Bitpanda-style CSV file for 2025-01-01 to 2025-12-31: 0 rows from 0 operations."
        );
    }

    #[test]
    fn one_of_everything_is_said_in_the_singular() {
        let s = ExportSummary {
            format: TaxFormat::GhostfolioJson,
            ..summary(1)
        };
        assert_eq!(
            summary_line(&s),
            "Ghostfolio file for 2025-01-01 to 2025-12-31: 112 rows from 1 operation. \
             Left out: 1 cancelled, 1 reversed by a refund or correction (both sides), \
             1 still pending (no date yet), 1 legacy trade already in the current history, \
             1 unreadable leg. \
             1 operation is of a type Folio does not know, written under its own name (airdrop_bonus ×1). \
             1 operation has no row in Ghostfolio (airdrop_bonus ×1). \
             1 operation is without a price (Bitpanda's data has none): check how the tool values them. \
             1 trade from the legacy API added. \
             1 leg names an unknown asset, written by its id. \
             1 compensation reverses nothing in the list exactly and is written as it is."
        );
    }

    #[test]
    fn many_are_said_in_the_plural_with_grouped_counts() {
        let s = summary(1_037);
        assert_eq!(
            summary_line(&s),
            "Koinly file for 2025-01-01 to 2025-12-31: 1,148 rows from 1,037 operations. \
             Left out: 1,037 cancelled, 1,037 reversed by a refund or correction (both sides), \
             1,037 still pending (no date yet), 1,037 legacy trades already in the current history, \
             1,037 unreadable legs. \
             1,037 operations are of a type Folio does not know, written under its own name (airdrop_bonus ×1,037). \
             1,037 operations have no row in Koinly (airdrop_bonus ×1,037). \
             1,037 operations are without a price (Bitpanda's data has none): check how the tool values them. \
             1,037 trades from the legacy API added. \
             1,037 legs name an unknown asset, written by its id. \
             1,037 compensations reverse nothing in the list exactly and are written as they are."
        );
    }
}
