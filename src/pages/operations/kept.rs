//! Which loaded operations the browser-side filters (type, direction, search text) keep,
//! brought up to date rather than worked out from scratch each time: when a page of
//! operations arrives and the filters are unchanged, only its operations are looked at; when
//! a filter changes (a keystroke) or the list starts over (a server-side filter changed),
//! every operation is, with one sweep of the search index (`search`), which costs a lookup
//! per operation unless the needle could be part of an id.
//!
//! The text search is the tools part's (`search::matches_from_loaded`): it arrives as the page
//! starts and is handed over with [`set_text_search`]; until then a search text keeps nothing
//! (the page asks again once it is in: `PageParts::search_ready`).

use std::cell::{Cell, RefCell};

use folio_client::current::Operation;

use super::filter::OperationsFilter;
use super::rows::{Names, OperationSummary};
use super::search::SearchIndex;

/// The loaded operations, their summaries (same index) and the names of their assets.
pub struct Loaded<'a> {
    /// The operations.
    pub ops: &'a [Operation],
    /// Their summaries.
    pub all: &'a [OperationSummary],
    /// Symbols and names of the ids seen.
    pub names: &'a Names,
}

/// Whether each loaded operation from the given one on matches a needle (lower case, not
/// empty), indexing in the given index what it does not hold yet.
pub type TextSearch = fn(&mut SearchIndex, &Loaded<'_>, &str, usize) -> Vec<bool>;

thread_local! {
    static TEXT_SEARCH: Cell<Option<TextSearch>> = const { Cell::new(None) };
    /// The Operations page's kept operations (one page at a time; [`start_over`] as it opens).
    static KEPT: RefCell<KeptOperations> = RefCell::default();
}

/// Forgets what an Operations page opened before kept (its lists were numbered from 0 too).
pub fn start_over() {
    KEPT.with_borrow_mut(|kept| *kept = KeptOperations::default());
}

/// The page's kept operations, brought up to date ([`KeptOperations::update`]).
pub fn kept_now(list: u64, loaded: &Loaded<'_>, filter: &OperationsFilter) -> Vec<usize> {
    KEPT.with_borrow_mut(|kept| kept.update(list, loaded, filter))
}

/// Hands the page its text search (the tools part, as it arrives).
pub fn set_text_search(search: TextSearch) {
    TEXT_SEARCH.with(|cell| cell.set(Some(search)));
}

/// The kept operations (indexes into the loaded list, in its order), what they were worked
/// out for, and the search index of that list.
#[derive(Debug, Default)]
pub struct KeptOperations {
    /// The loaded list these indexes are of (the loader's generation).
    list: u64,
    /// How many of its operations were looked at.
    seen: usize,
    /// The filters they were looked at with.
    by: Option<OperationsFilter>,
    kept: Vec<usize>,
    index: SearchIndex,
}

impl KeptOperations {
    /// The operations of `loaded` (the loader's list `list`) that `filter` keeps.
    pub fn update(
        &mut self,
        list: u64,
        loaded: &Loaded<'_>,
        filter: &OperationsFilter,
    ) -> Vec<usize> {
        let count = loaded.all.len().min(loaded.ops.len());
        if self.list != list {
            self.index = SearchIndex::default();
        }
        if self.list != list || self.seen > count || self.by.as_ref() != Some(filter) {
            self.kept.clear();
            self.seen = 0;
        }
        self.list = list;
        self.by = Some(filter.clone());
        let first = self.seen;
        let needle = filter.needle();
        let hits = match TEXT_SEARCH.with(Cell::get) {
            _ if needle.is_empty() => None,
            Some(search) => Some(search(&mut self.index, loaded, &needle, first)),
            // The search is not here yet: nothing is kept, nothing counts as looked at.
            None => return Vec::new(),
        };
        for (k, summary) in loaded.all.iter().enumerate().take(count).skip(first) {
            let text_kept = match &hits {
                Some(hits) => hits.get(k - first) == Some(&true),
                None => true,
            };
            if text_kept && filter.keeps_type_and_flow(summary) {
                self.kept.push(k);
            }
        }
        self.seen = count;
        self.kept.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::operations::rows::summarize;
    use crate::pages::operations::search::matches_from_loaded;

    /// Operation `n`: a buy of BTC, or a deposit of EUR every third; ids `op-<n>`, `tx-<n>`.
    fn page(from: usize, to: usize) -> Vec<Operation> {
        (from..to)
            .map(|n| {
                let (kind, unit) = if n % 3 == 0 { ("deposit", "eur") } else { ("buy", "btc") };
                let json = format!(
                    r#"{{"operation_id":"op-{n}","operation_type":"{kind}","transactions":[
                    {{"transaction_id":"tx-{n}","flow":"INCOMING","credited_at":"2026-05-04T09:15:27.412Z",
                     "asset_amount":{{"value":"1","asset_id":"{unit}"}}}}]}}"#
                );
                folio_client::decode::decode(&json).unwrap()
            })
            .collect()
    }

    fn names() -> Names {
        let mut names = Names::default();
        names
            .0
            .insert("btc".into(), ("BTC".into(), "Bitcoin".into()));
        names.0.insert("eur".into(), ("EUR".into(), "Euro".into()));
        names
    }

    /// The loaded list: operations and their summaries.
    #[derive(Default)]
    struct List {
        ops: Vec<Operation>,
        all: Vec<OperationSummary>,
    }

    impl List {
        fn add(&mut self, ops: Vec<Operation>) {
            let names = names();
            self.all.extend(ops.iter().map(|op| summarize(op, &names)));
            self.ops.extend(ops);
        }

        fn kept(&self, kept: &mut KeptOperations, list: u64, f: OperationsFilter) -> Vec<usize> {
            let names = names();
            let loaded = Loaded {
                ops: &self.ops,
                all: &self.all,
                names: &names,
            };
            kept.update(list, &loaded, &f)
        }
    }

    fn filter(text: &str, op_type: Option<&str>) -> OperationsFilter {
        OperationsFilter {
            text: text.into(),
            op_type: op_type.map(String::from),
            ..Default::default()
        }
    }

    #[test]
    fn pages_keystrokes_and_new_lists_keep_what_a_fresh_look_keeps() {
        let mut list = List::default();
        let mut kept = KeptOperations::default();
        let deposits = |to: usize| (0..to).filter(|n| n % 3 == 0).collect::<Vec<_>>();
        let buys = |to: usize| (0..to).filter(|n| n % 3 != 0).collect::<Vec<_>>();
        list.add(page(0, 10));
        // Without the tools part a search keeps nothing; other filters work.
        assert_eq!(
            list.kept(&mut kept, 1, filter("EUR", None)),
            Vec::<usize>::new()
        );
        assert_eq!(list.kept(&mut kept, 1, filter("", Some("buy"))), buys(10));
        set_text_search(matches_from_loaded);
        assert_eq!(list.kept(&mut kept, 1, filter("EUR", None)), deposits(10));
        // A page arrives: only it is looked at, and what it adds is appended.
        list.add(page(10, 20));
        assert_eq!(list.kept(&mut kept, 1, filter("EUR", None)), deposits(20));
        assert_eq!(list.kept(&mut kept, 1, filter("b", None)), buys(20));
        assert_eq!(list.kept(&mut kept, 1, filter(" Bi", None)), buys(20));
        assert_eq!(
            list.kept(&mut kept, 1, filter("bitcoin", Some("buy"))),
            buys(20)
        );
        // Ids: "tx-1" is tx-1 and tx-10 … tx-19.
        let tx1: Vec<usize> = [1].into_iter().chain(10..20).collect();
        assert_eq!(list.kept(&mut kept, 1, filter("tx-1", None)), tx1);
        assert_eq!(list.kept(&mut kept, 1, filter("TX-12", None)), [12]);
        assert_eq!(
            list.kept(&mut kept, 1, filter("", Some("deposit"))),
            deposits(20)
        );
        // A new list (another server-side filter) of the same length is not taken for the
        // old one, nor is its search index.
        let mut other = List::default();
        other.add(page(100, 120));
        let expected: Vec<usize> = (0..20).filter(|k| (100 + k) % 3 == 0).collect();
        assert_eq!(other.kept(&mut kept, 2, filter("euro", None)), expected);
        assert_eq!(
            other.kept(&mut kept, 2, filter("tx-10", None)),
            (0..10).collect::<Vec<_>>()
        );
    }
}
