//! A legacy list's records as the two files every legacy export writes: the JSON array of the
//! records exactly as sent, and the CSV with the documented columns then any other attribute
//! ([`Columns`]). The archive packs them in slices; a list page exports what it shows at once.

use std::collections::{HashMap, HashSet};

use folio_client::legacy::LegacyList;

use super::columns::documented_columns;
use crate::csv::{Cell, Csv};
use crate::flatten::flatten;

/// The CSV columns of one list: its documented columns, then every other attribute the
/// records carry, in the order they first appear.
#[derive(Debug, Clone, Default)]
pub struct Columns {
    names: Vec<String>,
    known: HashSet<String>,
}

impl Columns {
    /// The documented columns of `list`.
    pub fn new(list: LegacyList) -> Self {
        Columns::with_names(documented_columns(list))
    }

    /// These documented columns (of any list).
    pub fn with_names(names: Vec<String>) -> Self {
        let known = names.iter().cloned().collect();
        Columns { names, known }
    }

    /// Adds the attributes of the record `json` not seen yet.
    pub fn add(&mut self, json: &str) {
        for (name, _) in flatten(json) {
            if self.known.insert(name.clone()) {
                self.names.push(name);
            }
        }
    }

    /// The column names, in order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Appends the row of the record `json` (listed in `group`, for asset wallets) to `csv`.
    pub fn write_row(&self, csv: &mut Csv, group: Option<&str>, json: &str) {
        let mut cells = flatten(json);
        if let Some(g) = group {
            cells.push(("group".to_string(), g.to_string()));
        }
        let by_name: HashMap<&str, &str> = cells
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        csv.row(
            self.names
                .iter()
                .map(|c| Cell::Text(by_name.get(c.as_str()).copied().unwrap_or(""))),
        );
    }
}

/// The records of `list` as one CSV (header and one row each).
pub fn list_csv(list: LegacyList, records: &[&str]) -> String {
    records_csv(Columns::new(list), records)
}

/// `records` as one CSV: `columns`, then every other attribute they carry.
pub fn records_csv(mut columns: Columns, records: &[&str]) -> String {
    for json in records {
        columns.add(json);
    }
    let mut csv = Csv::with_header(columns.names());
    for json in records {
        columns.write_row(&mut csv, None, json);
    }
    csv.into_string()
}

/// Grouped records (`(group, JSON)`, the asset wallets) of `list` as one CSV.
pub fn grouped_csv(list: LegacyList, rows: &[(&str, &str)]) -> String {
    let mut columns = Columns::new(list);
    for (_, json) in rows {
        columns.add(json);
    }
    let mut csv = Csv::with_header(columns.names());
    for (group, json) in rows {
        columns.write_row(&mut csv, Some(group), json);
    }
    csv.into_string()
}

/// The records as one JSON array, each record's text unchanged.
pub fn json_array(records: &[&str]) -> String {
    let mut out = String::from("[");
    for (i, json) in records.iter().enumerate() {
        out.push_str(if i == 0 { "\n" } else { ",\n" });
        out.push_str(json);
    }
    out.push_str("\n]\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_page_exports_documented_columns_and_records_as_sent() {
        let records = [
            r#"{"type":"trade","attributes":{"status":"finished","amount_fiat":"10.50","extra":1},"id":"a"}"#,
            r#"{"type":"trade","attributes":{"status":"=cmd"},"id":"b"}"#,
        ];
        let csv = list_csv(LegacyList::Trades, &records);
        let mut lines = csv.lines();
        let header = lines.next().unwrap();
        assert!(header.starts_with("id,type,attributes.status,"));
        assert!(header.ends_with(",attributes.extra"));
        assert!(lines.next().unwrap().starts_with("a,trade,finished,"));
        assert!(lines.next().unwrap().starts_with("b,trade,'=cmd,"));
        let json = json_array(&records);
        let parsed: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed.len(), 2);
        assert!(json.contains(records[0]) && json.contains(records[1]));
        assert_eq!(json_array(&[]).trim(), "[\n]");
    }
}
