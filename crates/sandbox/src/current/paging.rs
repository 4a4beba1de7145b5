//! Cursor pagination as the live service does it.
//!
//! * `page_size` 1–100, default 25; anything else (or not a number) → 400.
//! * The cursor is opaque; it encodes the page number and start offset. A cursor that does
//!   not decode (or points past the end) silently restarts at page 1.
//! * When `page_size` ≥ 2, every third page (3, 6, 9, …) begins with the last record of the
//!   previous page: consecutive pages overlap by one, clients de-duplicate by id.
//! * The last page still carries a `next_cursor` (it leads to an empty page);
//!   `has_next_page` is the only stop signal.

use super::errors::ApiError;
use crate::query::Params;
use serde_json::{json, Value};

/// Default page size.
pub const DEFAULT_PAGE_SIZE: usize = 25;
/// Largest page size.
pub const MAX_PAGE_SIZE: usize = 100;
const MASK: u64 = 0x5a17_c0de_3b9d_e11f;

/// One page of a list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    /// The records on this page.
    pub items: Vec<T>,
    /// Cursor of this page.
    pub self_cursor: String,
    /// Cursor of the following page (present even on the last page).
    pub next_cursor: String,
    /// Whether more records follow.
    pub has_next_page: bool,
}

fn encode(page: u64, offset: u64) -> String {
    format!("{:016x}", ((page << 40) | offset) ^ MASK)
}

fn decode(cursor: &str, len: usize) -> Option<(u64, usize)> {
    if cursor.len() != 16 {
        return None;
    }
    let raw = u64::from_str_radix(cursor, 16).ok()? ^ MASK;
    let (page, offset) = (raw >> 40, (raw & ((1 << 40) - 1)) as usize);
    (page >= 1 && offset <= len).then_some((page, offset))
}

/// Reads and checks `page_size`.
pub fn page_size(params: &Params) -> Result<usize, ApiError> {
    match params.get("page_size") {
        None | Some("") => Ok(DEFAULT_PAGE_SIZE),
        Some(s) => s
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
            .ok_or_else(|| ApiError::invalid("page_size must be between 1 and 100")),
    }
}

/// Cuts the page the query asks for out of `items`.
pub fn paginate<T: Clone>(items: &[T], params: &Params) -> Result<Page<T>, ApiError> {
    let size = page_size(params)?;
    let (page, start) = params
        .get("cursor")
        .and_then(|c| decode(c, items.len()))
        .unwrap_or((1, 0));
    let end = (start + size).min(items.len());
    let has_next_page = end < items.len();
    let next_page = page + 1;
    let next_start = if has_next_page && size >= 2 && next_page % 3 == 0 {
        end - 1
    } else {
        end
    };
    Ok(Page {
        items: items[start..end].to_vec(),
        self_cursor: encode(page, start as u64),
        next_cursor: encode(next_page, next_start as u64),
        has_next_page,
    })
}

impl<T> Page<T> {
    /// The paginated envelope with each record rendered by `render`.
    pub fn to_json(&self, render: impl Fn(&T) -> Value) -> Value {
        json!({
            "data": self.items.iter().map(render).collect::<Vec<_>>(),
            "self_cursor": self.self_cursor,
            "next_cursor": self.next_cursor,
            "has_next_page": self.has_next_page,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Params {
        Params::parse(Some(s))
    }

    fn walk(len: usize, size: usize) -> Vec<Page<usize>> {
        let items: Vec<usize> = (0..len).collect();
        let mut pages = vec![paginate(&items, &q(&format!("page_size={size}"))).unwrap()];
        while pages.last().unwrap().has_next_page {
            let c = pages.last().unwrap().next_cursor.clone();
            pages.push(paginate(&items, &q(&format!("page_size={size}&cursor={c}"))).unwrap());
            assert!(pages.len() < 1000);
        }
        pages
    }

    #[test]
    fn every_third_page_overlaps_by_one_and_all_records_are_seen() {
        let pages = walk(50, 5);
        assert_eq!(pages[2].items[0], *pages[1].items.last().unwrap());
        assert_eq!(pages[5].items[0], *pages[4].items.last().unwrap());
        assert_ne!(pages[1].items[0], *pages[0].items.last().unwrap());
        assert_ne!(pages[3].items[0], *pages[2].items.last().unwrap());
        let mut seen: Vec<usize> = pages.iter().flat_map(|p| p.items.clone()).collect();
        seen.dedup();
        assert_eq!(seen, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn page_size_one_never_overlaps() {
        let pages = walk(7, 1);
        let seen: Vec<usize> = pages.iter().flat_map(|p| p.items.clone()).collect();
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn last_page_still_has_a_next_cursor_leading_to_an_empty_page() {
        let items: Vec<usize> = (0..3).collect();
        let last = paginate(&items, &q("page_size=10")).unwrap();
        assert!(!last.has_next_page);
        assert!(!last.next_cursor.is_empty());
        let after = paginate(&items, &q(&format!("cursor={}", last.next_cursor))).unwrap();
        assert!(after.items.is_empty() && !after.has_next_page);
    }

    #[test]
    fn page_size_bounds_and_default() {
        let items: Vec<usize> = (0..200).collect();
        assert_eq!(paginate(&items, &q("")).unwrap().items.len(), 25);
        assert_eq!(
            paginate(&items, &q("page_size=100")).unwrap().items.len(),
            100
        );
        assert_eq!(paginate(&items, &q("page_size=1")).unwrap().items.len(), 1);
        for bad in ["0", "101", "-1", "abc", "2.5"] {
            let e = paginate(&items, &q(&format!("page_size={bad}"))).unwrap_err();
            assert_eq!((e.status.as_u16(), e.code), (400, "invalid_parameter"));
        }
    }

    #[test]
    fn unknown_cursor_restarts_at_page_one() {
        let items: Vec<usize> = (0..30).collect();
        let first = paginate(&items, &q("page_size=5")).unwrap();
        for bad in ["bogus", "ffffffffffffffff", ""] {
            let p = paginate(&items, &q(&format!("page_size=5&cursor={bad}"))).unwrap();
            assert_eq!(p, first);
        }
    }
}
