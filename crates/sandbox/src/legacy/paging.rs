//! Legacy cursor paging (spec rules 1–4) and the list envelope.
//!
//! 1. `cursor` is the id of an item; the page holds the items **after** it. An id that is not
//!    in the (filtered) list yields an empty page: nothing follows an unknown item.
//! 2. A missing or empty `cursor` starts at the first (newest) item.
//! 3. `page_size` sets the number of items: default 25, at most 500 (larger values are
//!    clamped to 500; 0 or a non-number means the default — the legacy API answers only
//!    200, 401 and 500, so a page size is never an error).
//! 4. `meta.next_cursor` (the id of the page's last item) is the next request's cursor.
//!
//! `meta` has `total_count` (items matching the filters), `next_cursor` (absent on an empty
//! page), `page_size` (the effective page size) and, on crypto transactions only, `cursor`
//! (the request's cursor, `""` when none). `links.self` and `links.next` are
//! `?cursor=<c>&page_size=<n>`; the fiat-transaction `next` link spells its parameter
//! `next_cursor`; the last page (no item after it) has no `next`.

use crate::query::Params;
use serde_json::{json, Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;

/// Default page size.
pub const DEFAULT_PAGE_SIZE: usize = 25;
/// Largest page size.
pub const MAX_PAGE_SIZE: usize = 500;

/// One legacy list record: its id, the values the filters test and the rendered item.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The item's `id` (what cursors name).
    pub id: String,
    /// The `type` attribute (`buy`, `deposit`, …) that the `type` filter tests.
    pub kind: &'static str,
    /// The `status` attribute that the `status` filter tests.
    pub status: &'static str,
    /// The `{type, attributes, id}` item.
    pub item: Value,
}

/// How an endpoint renders its links and meta.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Name of the cursor parameter in `links.next` (`cursor`, or `next_cursor` for fiat).
    pub next_param: &'static str,
    /// Whether `meta.cursor` echoes the request's cursor (crypto transactions).
    pub echo_cursor: bool,
}

impl Style {
    /// Fiat transactions: `links.next` names `next_cursor`.
    pub const FIAT: Style = Style {
        next_param: "next_cursor",
        echo_cursor: false,
    };
    /// Crypto transactions: `links.next` names `cursor`; `meta.cursor` echoes the request's.
    pub const CRYPTO: Style = Style {
        next_param: "cursor",
        echo_cursor: true,
    };
}

/// The effective page size of a request (rule 3).
pub fn page_size(params: &Params) -> usize {
    match params
        .get("page_size")
        .map(str::trim)
        .map(str::parse::<usize>)
    {
        Some(Ok(0)) | Some(Err(_)) | None => DEFAULT_PAGE_SIZE,
        Some(Ok(n)) => n.min(MAX_PAGE_SIZE),
    }
}

/// Keeps the records whose `type` and `status` match the request's filters (case-insensitive;
/// an unknown value matches nothing).
/// Without filters the list itself is returned (no copy).
pub fn filter<'a>(records: &'a [Record], params: &Params, by_status: bool) -> Cow<'a, [Record]> {
    let wanted = |name: &str| params.get(name).map(str::trim).filter(|v| !v.is_empty());
    let kind = wanted("type");
    let status = if by_status { wanted("status") } else { None };
    if kind.is_none() && status.is_none() {
        return Cow::Borrowed(records);
    }
    records
        .iter()
        .filter(|r| kind.is_none_or(|k| r.kind.eq_ignore_ascii_case(k)))
        .filter(|r| status.is_none_or(|s| r.status.eq_ignore_ascii_case(s)))
        .cloned()
        .collect()
}

/// Which filters an endpoint honours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filters {
    /// None (commodity transactions).
    None,
    /// `type` (trades).
    Type,
    /// `type` and `status` (fiat and crypto transactions).
    TypeAndStatus,
}

/// A legacy list with each record's position by id, so that a cursor is found without a
/// search: a client reading 50,000 records page by page does not make the sandbox walk
/// the list once per page (a full read was quadratic).
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    records: Vec<Record>,
    /// The first record with each id (what a linear search would find).
    positions: HashMap<String, usize>,
}

impl Listed {
    /// `records` (newest first) with their positions.
    pub fn new(records: Vec<Record>) -> Self {
        let mut positions = HashMap::with_capacity(records.len());
        for (i, r) in records.iter().enumerate() {
            positions.entry(r.id.clone()).or_insert(i);
        }
        Listed { records, positions }
    }

    /// The page the request asks for. With a filter the request names, the cursor is
    /// looked for in the filtered list (a copy: filtered reads are short).
    pub fn page(&self, params: &Params, style: Style, filters: Filters) -> Value {
        let by_status = filters == Filters::TypeAndStatus;
        let records = match filters {
            Filters::None => Cow::Borrowed(self.records.as_slice()),
            Filters::Type | Filters::TypeAndStatus => filter(&self.records, params, by_status),
        };
        match records {
            Cow::Borrowed(all) => {
                page_from(all, params, style, |id| self.positions.get(id).copied())
            }
            Cow::Owned(some) => page(&some, params, style),
        }
    }
}

/// The page of `records` the request asks for, as the legacy list envelope.
pub fn page(records: &[Record], params: &Params, style: Style) -> Value {
    page_from(records, params, style, |id| {
        records.iter().position(|r| r.id == id)
    })
}

/// [`page`], finding the cursor's record with `position`.
fn page_from(
    records: &[Record],
    params: &Params,
    style: Style,
    position: impl Fn(&str) -> Option<usize>,
) -> Value {
    let size = page_size(params);
    let cursor = params.get("cursor").map(str::trim).unwrap_or("");
    let start = if cursor.is_empty() {
        0
    } else {
        position(cursor).map_or(records.len(), |p| p + 1)
    };
    let end = (start + size).min(records.len());
    let items = &records[start..end];
    let mut meta = Map::new();
    meta.insert("total_count".into(), json!(records.len()));
    if let Some(last) = items.last() {
        meta.insert("next_cursor".into(), json!(last.id));
    }
    if style.echo_cursor {
        meta.insert("cursor".into(), json!(cursor));
    }
    meta.insert("page_size".into(), json!(size));
    let mut links = Map::new();
    if let (Some(last), true) = (items.last(), end < records.len()) {
        let name = if style.next_param.is_empty() {
            "cursor"
        } else {
            style.next_param
        };
        links.insert(
            "next".into(),
            json!(format!("?{name}={}&page_size={size}", last.id)),
        );
    }
    links.insert(
        "self".into(),
        json!(format!("?cursor={cursor}&page_size={size}")),
    );
    json!({
        "data": items.iter().map(|r| r.item.clone()).collect::<Vec<_>>(),
        "meta": meta,
        "links": links,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(n: usize) -> Vec<Record> {
        (0..n)
            .map(|i| Record {
                id: format!("id-{i}"),
                kind: if i % 2 == 0 { "buy" } else { "sell" },
                status: if i % 3 == 0 { "pending" } else { "finished" },
                item: json!({"type": "trade", "attributes": {}, "id": format!("id-{i}")}),
            })
            .collect()
    }

    fn q(s: &str) -> Params {
        Params::parse(Some(s))
    }

    fn ids(v: &Value) -> Vec<String> {
        v["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn rule_1_cursor_is_an_item_id_and_items_after_it_follow() {
        let r = records(10);
        let p = page(&r, &q("cursor=id-3&page_size=4"), Style::default());
        assert_eq!(ids(&p), ["id-4", "id-5", "id-6", "id-7"]);
        let unknown = page(&r, &q("cursor=nope"), Style::default());
        assert!(ids(&unknown).is_empty());
        assert!(unknown["meta"].get("next_cursor").is_none());
        assert!(unknown["links"].get("next").is_none());
    }

    #[test]
    fn rule_2_missing_or_empty_cursor_starts_at_the_first_record() {
        let r = records(3);
        for query in ["", "cursor=", "cursor=%20"] {
            assert_eq!(ids(&page(&r, &q(query), Style::default()))[0], "id-0");
        }
    }

    #[test]
    fn rule_3_page_size_default_maximum_and_tolerance() {
        let r = records(600);
        let len = |s: &str| {
            page(&r, &q(s), Style::default())["data"]
                .as_array()
                .unwrap()
                .len()
        };
        assert_eq!(len(""), 25);
        assert_eq!(len("page_size=7"), 7);
        assert_eq!(len("page_size=500"), 500);
        assert_eq!(len("page_size=501"), 500);
        assert_eq!(len("page_size=0"), 25);
        assert_eq!(len("page_size=abc"), 25);
        let p = page(&r, &q("page_size=9999"), Style::default());
        assert_eq!(p["meta"]["page_size"], 500);
        assert_eq!(p["meta"]["total_count"], 600);
    }

    #[test]
    fn rule_4_next_cursor_walks_every_item_exactly_once() {
        let r = records(23);
        let (mut seen, mut cursor) = (Vec::new(), String::new());
        loop {
            let p = page(
                &r,
                &q(&format!("cursor={cursor}&page_size=5")),
                Style::default(),
            );
            seen.extend(ids(&p));
            if p["links"].get("next").is_none() {
                break;
            }
            cursor = p["meta"]["next_cursor"].as_str().unwrap().to_string();
            assert_eq!(p["links"]["next"], format!("?cursor={cursor}&page_size=5"));
        }
        assert_eq!(seen, r.iter().map(|r| r.id.clone()).collect::<Vec<_>>());
    }

    #[test]
    fn last_page_has_no_next_link_and_fiat_spelling_and_cursor_echo() {
        let r = records(4);
        let fiat = Style {
            next_param: "next_cursor",
            echo_cursor: false,
        };
        let first = page(&r, &q("page_size=2"), fiat);
        assert_eq!(first["links"]["next"], "?next_cursor=id-1&page_size=2");
        assert_eq!(first["links"]["self"], "?cursor=&page_size=2");
        assert!(first["meta"].get("cursor").is_none());
        let crypto = Style {
            next_param: "cursor",
            echo_cursor: true,
        };
        let last = page(&r, &q("cursor=id-1&page_size=2"), crypto);
        assert_eq!(last["meta"]["cursor"], "id-1");
        assert_eq!(last["meta"]["next_cursor"], "id-3");
        assert!(last["links"].get("next").is_none());
    }

    /// The indexed list answers every request as the plain search does, a repeated id
    /// (its first record) and a filtered read included.
    #[test]
    fn an_indexed_list_pages_as_the_plain_search() {
        let mut r = records(30);
        r[20].id = "id-4".into();
        let listed = Listed::new(r.clone());
        for query in [
            "",
            "cursor=id-4&page_size=3",
            "cursor=id-19&page_size=3",
            "cursor=id-29",
            "cursor=nope",
            "cursor=id-6&type=buy&page_size=2",
        ] {
            let filtered = filter(&r, &q(query), true);
            assert_eq!(
                listed.page(&q(query), Style::CRYPTO, Filters::TypeAndStatus),
                page(&filtered, &q(query), Style::CRYPTO),
                "{query}"
            );
        }
        let after = listed.page(&q("cursor=id-4&page_size=2"), Style::FIAT, Filters::None);
        assert_eq!(ids(&after), ["id-5", "id-6"]);
        let filtered = listed.page(
            &q("cursor=id-6&type=buy&page_size=2"),
            Style::FIAT,
            Filters::Type,
        );
        assert_eq!(ids(&filtered), ["id-8", "id-10"]);
    }

    #[test]
    fn filters_by_type_and_status() {
        let r = records(12);
        let f = filter(&r, &q("type=BUY&status=pending"), true);
        assert_eq!(
            f.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
            ["id-0", "id-6"]
        );
        assert_eq!(filter(&r, &q("status=pending"), false).len(), 12);
        assert!(filter(&r, &q("type=ico"), true).is_empty());
    }
}
