//! `README.txt` of the legacy archive: what each file is, when and from where it was read,
//! how many records each holds, and which lists are incomplete.

use super::columns::{file_stem, title};
use super::{ArchiveInfo, ListDump, ListOutcome};
use folio_client::legacy::LegacyList;

/// `n` with a comma every three digits (the README is in English).
fn count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How many records of `dump` the archive holds, in words.
fn held(dump: &ListDump, rows: usize) -> String {
    let noun = if dump.list == LegacyList::AssetWallets {
        "wallets"
    } else {
        "records"
    };
    let reported = dump
        .reported_total
        .filter(|t| *t as usize != rows)
        .map(|t| format!(" (the API reported {} in total)", count(t as usize)))
        .unwrap_or_default();
    format!("{} {noun}{reported}", count(rows))
}

/// The line saying how reading `dump` ended.
fn outcome(dump: &ListDump) -> String {
    match &dump.outcome {
        ListOutcome::Complete => "complete".to_string(),
        ListOutcome::Stopped => "INCOMPLETE: stopped before its end".to_string(),
        ListOutcome::Halted(halt) => format!("INCOMPLETE: stopped: {}", halt.reason()),
        ListOutcome::Failed(why) => format!("INCOMPLETE: reading failed ({why})"),
    }
}

/// The README's text; `rows[i]` is the number of CSV rows of `lists[i]`.
pub fn readme(info: &ArchiveInfo, lists: &[ListDump], rows: &[usize]) -> String {
    let time = |t: &chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%d %H:%M:%S UTC").to_string();
    let mut out = String::new();
    out.push_str("Folio: archive of your Bitpanda legacy API data\r\n");
    out.push_str("===============================================\r\n\r\n");
    out.push_str(&format!(
        "Read from:        {}/v1\r\n",
        info.source.trim_end_matches('/')
    ));
    out.push_str(&format!("Reading started:  {}\r\n", time(&info.started)));
    out.push_str(&format!("Packed:           {}\r\n\r\n", time(&info.packed)));
    out.push_str(
        "Bitpanda switches the legacy API off after 31 January 2027. This archive keeps what it\r\n\
         returned, including what the current API does not show (on-chain tx_id, recipient,\r\n\
         amount_eur, current_fiat_amount, is_savings, is_metal_storage_fee, tags, ...).\r\n\r\n",
    );
    out.push_str("Files\r\n-----\r\n");
    for (dump, n) in lists.iter().zip(rows) {
        let stem = file_stem(dump.list);
        out.push_str(&format!(
            "{stem}.json, {stem}.csv\r\n    {} (GET /v1{}): {}, {}.\r\n",
            title(dump.list),
            dump.list.path(),
            held(dump, *n),
            outcome(dump)
        ));
    }
    out.push_str("\r\nIncomplete lists\r\n----------------\r\n");
    let incomplete: Vec<&ListDump> = lists
        .iter()
        .filter(|d| d.outcome != ListOutcome::Complete)
        .collect();
    if incomplete.is_empty() {
        out.push_str("None: every list was read to its end.\r\n");
    }
    for dump in incomplete {
        out.push_str(&format!(
            "{}: the files hold only what was read before it {}. Download the archive again\r\n    before the switch-off to complete it.\r\n",
            file_stem(dump.list),
            match &dump.outcome {
                ListOutcome::Stopped => "was stopped".to_string(),
                ListOutcome::Halted(halt) => format!("was stopped ({})", halt.reason()),
                _ => "failed".to_string(),
            }
        ));
    }
    out.push_str(
        "\r\nAbout the files\r\n---------------\r\n\
         *.json  Each list's records exactly as the API sent them, newest first, in one JSON\r\n\
         \x20       array: every record's text is unchanged, byte for byte. asset-wallets.json is\r\n\
         \x20       the whole answer, because the API sends the asset wallets as one object.\r\n\
         *.csv   One row per record (per wallet in asset-wallets.csv, whose first column names\r\n\
         \x20       the group). Columns: id, type and every attribute, nested fields joined with\r\n\
         \x20       dots (attributes.time.unix); attributes beyond the documented ones follow.\r\n\
         \x20       Values are as sent: amounts are neither rounded nor reformatted, arrays (tags)\r\n\
         \x20       are kept as JSON text, and text a spreadsheet would run as a formula starts\r\n\
         \x20       with an apostrophe. Comma-separated, UTF-8, a header row.\r\n\
         \x20       The columns are documented in Folio's docs/exports.md.\r\n\r\n\
         No API key or other credential is in any file.\r\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_have_thousands_separators() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(50_000), "50,000");
        assert_eq!(count(1_234_567), "1,234,567");
    }
}
