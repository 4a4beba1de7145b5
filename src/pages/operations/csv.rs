//! Export of the filtered operations as CSV and JSON.
//!
//! **CSV**: one row per transaction (leg), in list order (newest operation first, legs in the
//! order the service sent them), comma-separated, UTF-8, `\r\n` line ends, a header row with
//! these columns:
//!
//! | column | content |
//! |---|---|
//! | `date_utc` | the leg's `credited_at`, ISO 8601 UTC with milliseconds; empty while pending |
//! | `operation_id` | the operation's id |
//! | `operation_type` | as sent (`buy`, `swap`, unknown types verbatim) |
//! | `transaction_id` | the leg's id |
//! | `transaction_type` | as sent (`buy`, `fee`, `tax`, …) |
//! | `flow` | `INCOMING` or `OUTGOING` |
//! | `asset_symbol` | symbol of the asset or currency moved (its id when the name is unknown) |
//! | `amount` | `asset_amount.value`, exactly as sent (positive; the direction is `flow`) |
//! | `fee` | `fee_amount.value`, exactly as sent |
//! | `fee_currency` | symbol of the fee's unit |
//! | `rate` | `trade.rate` (price without fee), empty when not a trade |
//! | `rate_with_fee` | `trade.rate_with_fee` |
//! | `eur_rate` | `trade.to_eur_rate` |
//! | `trade_id` | `trade.trade_id` |
//! | `balance_after` | `asset_balance_after.value` (`-1` for a cancelled leg) |
//!
//! Written by Folio's one CSV writer, `folio_export::csv`: numbers use a decimal point and
//! no thousands separators and are never prefixed; text fields that would start a
//! spreadsheet formula (`=`, `+`, `-`, `@`, TAB or CR, after any spaces) are prefixed with
//! `'`; fields with commas, quotes or line breaks are quoted.
//!
//! **JSON**: an array of the operations exactly as the client decoded them (field names in
//! snake_case, amounts as decimal strings).

use folio_client::current::Operation;
use folio_client::date_text::timestamp_text;
use folio_client::Money;
use folio_export::csv::{Cell, Csv};

use crate::pages::operations::rows::Names;

/// The CSV header, see the module documentation.
pub const CSV_COLUMNS: [&str; 15] = [
    "date_utc",
    "operation_id",
    "operation_type",
    "transaction_id",
    "transaction_type",
    "flow",
    "asset_symbol",
    "amount",
    "fee",
    "fee_currency",
    "rate",
    "rate_with_fee",
    "eur_rate",
    "trade_id",
    "balance_after",
];

/// One field of a row: text (defused and quoted as needed) or a number or time Folio wrote
/// (quoted as needed, never defused).
enum Field {
    Text(String),
    Number(String),
}

impl Field {
    fn cell(&self) -> Cell<'_> {
        match self {
            Field::Text(t) => Cell::Text(t),
            Field::Number(t) => Cell::Number(t),
        }
    }
}

fn value(m: Option<&Money>) -> String {
    m.map(|m| m.value.to_string()).unwrap_or_default()
}

fn dec(d: Option<rust_decimal::Decimal>) -> String {
    d.map(|d| d.to_string()).unwrap_or_default()
}

/// The fields of each CSV row (one per transaction) of one operation.
fn operation_rows(op: &Operation, names: &Names) -> Vec<[Field; 15]> {
    let op_type = op
        .operation_type
        .as_ref()
        .map(|t| t.as_str().to_string())
        .unwrap_or_default();
    op.transactions
        .iter()
        .map(|tx| {
            let trade = tx.trade.as_ref();
            let unit = tx
                .asset_id
                .as_ref()
                .map(|a| a.to_string())
                .or(tx.currency_id.as_ref().map(|c| c.to_string()))
                .or(tx
                    .asset_amount
                    .as_ref()
                    .and_then(|m| m.unit_id().map(str::to_string)));
            [
                Field::Number(tx.credited_at.map(timestamp_text).unwrap_or_default()),
                Field::Text(op.operation_id.to_string()),
                Field::Text(op_type.clone()),
                Field::Text(tx.transaction_id.to_string()),
                Field::Text(
                    tx.transaction_type
                        .as_ref()
                        .map(|t| t.as_str().to_string())
                        .unwrap_or_default(),
                ),
                Field::Text(
                    tx.flow
                        .as_ref()
                        .map(|f| f.as_str().to_string())
                        .unwrap_or_default(),
                ),
                Field::Text(unit.map(|u| names.symbol_or_id(&u)).unwrap_or_default()),
                Field::Number(value(tx.asset_amount.as_ref())),
                Field::Number(value(tx.fee_amount.as_ref())),
                Field::Text(
                    tx.fee_amount
                        .as_ref()
                        .and_then(|m| m.unit_id().map(|u| names.symbol_or_id(u)))
                        .unwrap_or_default(),
                ),
                Field::Number(dec(trade.and_then(|t| t.rate))),
                Field::Number(dec(trade.and_then(|t| t.rate_with_fee))),
                Field::Number(dec(trade.and_then(|t| t.to_eur_rate))),
                Field::Text(
                    trade
                        .and_then(|t| t.trade_id.as_ref())
                        .map(|t| t.to_string())
                        .unwrap_or_default(),
                ),
                Field::Number(value(tx.asset_balance_after.as_ref())),
            ]
        })
        .collect()
}

/// An export file written one operation at a time, so the page can write a long list in
/// slices with its thread free in between (`export.rs`): CSV in the columns above, or JSON
/// as `serde_json::to_string_pretty` writes the whole array (the tests hold it to that).
pub struct ExportWriter {
    /// The CSV document, when writing CSV.
    csv: Option<Csv>,
    /// The JSON text so far, when writing JSON.
    json: String,
    /// Operations written.
    written: usize,
}

impl ExportWriter {
    /// A CSV file (its header written).
    pub fn csv() -> Self {
        ExportWriter {
            csv: Some(Csv::with_header(&CSV_COLUMNS)),
            json: String::new(),
            written: 0,
        }
    }

    /// A JSON file: an array of the operations as the client decoded them.
    pub fn json() -> Self {
        ExportWriter {
            csv: None,
            json: String::new(),
            written: 0,
        }
    }

    /// Writes `op` (`names`: the symbols of its units, for CSV).
    pub fn add(&mut self, op: &Operation, names: &Names) {
        match self.csv.as_mut() {
            Some(csv) => {
                for row in operation_rows(op, names) {
                    csv.row(row.iter().map(Field::cell));
                }
            }
            None => {
                // The whole array's pretty print: each element on lines indented once more.
                self.json
                    .push_str(if self.written == 0 { "[\n" } else { ",\n" });
                let text = serde_json::to_string_pretty(op).unwrap_or_else(|_| "null".into());
                for (i, line) in text.lines().enumerate() {
                    if i > 0 {
                        self.json.push('\n');
                    }
                    self.json.push_str("  ");
                    self.json.push_str(line);
                }
            }
        }
        self.written = self.written.saturating_add(1);
    }

    /// The text written since the last take (the file handed over in parts); with `last`,
    /// the end of the file too.
    pub fn take(&mut self, last: bool) -> String {
        let mut text = match self.csv.as_mut() {
            Some(csv) => csv.take(),
            None => std::mem::take(&mut self.json),
        };
        if last && self.csv.is_none() {
            text.push_str(if self.written == 0 { "[]" } else { "\n]" });
        }
        text
    }
}

impl Names {
    /// The symbol for a unit id, or the full id when the name is unknown (for exports).
    pub fn symbol_or_id(&self, id: &str) -> String {
        self.0
            .get(id)
            .map(|(symbol, _)| symbol.clone())
            .unwrap_or_else(|| id.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The file, taken in parts of two operations (as the page takes it a slice at a time).
    fn file_of(mut w: ExportWriter, ops: &[&Operation], names: &Names) -> String {
        let mut text = String::new();
        for pair in ops.chunks(2) {
            for op in pair {
                w.add(op, names);
            }
            text.push_str(&w.take(false));
        }
        text + &w.take(true)
    }

    fn csv_of(ops: &[&Operation], names: &Names) -> String {
        file_of(ExportWriter::csv(), ops, names)
    }

    fn json_of(ops: &[&Operation]) -> String {
        file_of(ExportWriter::json(), ops, &Names::default())
    }

    /// Written one operation at a time, the JSON is serde_json's pretty print of the whole
    /// array, byte for byte (0, 1 and 3 operations, nested objects and arrays).
    #[test]
    fn json_written_in_slices_is_the_whole_arrays_pretty_print() {
        let op = |id: &str| -> Operation {
            folio_client::decode::decode(&format!(
                r#"{{"operation_id":"{id}","operation_type":"buy","transactions":[
                {{"transaction_id":"t-{id}","flow":"INCOMING","credited_at":"2026-05-04T09:15:27.412Z",
                 "asset_amount":{{"value":"0.5","asset_id":"btc"}},
                 "trade":{{"rate":"65000.00","rate_with_fee":"65968.50","trade_id":"x"}}}},
                {{"transaction_id":"u-{id}","flow":"OUTGOING","asset_amount":{{"value":"10","currency_id":"eur"}}}}]}}"#
            ))
            .unwrap()
        };
        let ops = [op("a"), op("b"), op("c")];
        for n in 0..=3 {
            let picked: Vec<&Operation> = ops.iter().take(n).collect();
            let whole = serde_json::to_string_pretty(&picked).unwrap();
            assert_eq!(json_of(&picked), whole, "{n} operations");
        }
    }

    #[test]
    fn text_is_defused_and_numbers_never_are() {
        let op: Operation = folio_client::decode::decode(
            r#"{"operation_id":"-1+1","operation_type":"@SUM(A1)","transactions":[
            {"transaction_id":"-2","flow":"OUTGOING","transaction_type":"\t=1","currency_id":"eur",
             "asset_amount":{"value":"-0.5","currency_id":"eur"},
             "asset_balance_after":{"value":"-1","currency_id":"eur"}}]}"#,
        )
        .unwrap();
        let csv = csv_of(&[&op], &Names::default());
        let row = csv.split("\r\n").nth(1).unwrap();
        assert_eq!(
            row, ",'-1+1,'@SUM(A1),-2,\"'\t=1\",OUTGOING,eur,-0.5,,,,,,,-1",
            "formulas defused; numbers (and an id that is a plain number) never prefixed"
        );
    }

    #[test]
    fn one_row_per_leg_exact_amounts() {
        let op: Operation = folio_client::decode::decode(
            r#"{"operation_id":"o1","operation_type":"=cmd","transactions":[
            {"transaction_id":"t1","flow":"INCOMING","transaction_type":"deposit","currency_id":"eur",
             "credited_at":"2026-05-04T09:15:27.412Z","asset_amount":{"value":"1234.50","currency_id":"eur"},
             "fee_amount":{"value":"0.00","currency_id":"eur"},"asset_balance_after":{"value":"-1","currency_id":"eur"}},
            {"transaction_id":"t2","flow":"OUTGOING","asset_id":"x,y",
             "asset_amount":{"value":"0.00100000","asset_id":"x,y"},
             "trade":{"trade_id":"tr","rate":"65000.10","rate_with_fee":"66000","to_eur_rate":"1"}}]}"#,
        )
        .unwrap();
        let mut names = Names::default();
        names.0.insert("eur".into(), ("EUR".into(), "Euro".into()));
        let csv = csv_of(&[&op], &names);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], CSV_COLUMNS.join(","));
        assert_eq!(
            lines[1],
            "2026-05-04T09:15:27.412Z,o1,'=cmd,t1,deposit,INCOMING,EUR,1234.50,0.00,EUR,,,,,-1"
        );
        assert_eq!(
            lines[2],
            ",o1,'=cmd,t2,,OUTGOING,\"x,y\",0.00100000,,,65000.10,66000,1,tr,"
        );
        assert_eq!(lines.len(), 4);
        assert!(json_of(&[&op]).contains("\"1234.50\""));
    }
}
