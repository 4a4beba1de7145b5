//! Which loaded operations the browser-side filters (type, direction, search text) keep,
//! brought up to date rather than worked out from scratch each time: when a page of
//! operations arrives and the filters are unchanged, only its operations are looked at; when
//! a filter changes (a keystroke) or the list starts over (a server-side filter changed),
//! every operation is, with one sweep of the search index (`search`), which costs a lookup
//! per operation unless the needle could be part of an id.

use super::filter::OperationsFilter;
use super::rows::OperationSummary;
use super::search::SearchIndex;

/// The kept operations (indexes into the loaded list, in its order) and what they were
/// worked out for.
#[derive(Debug, Default)]
pub struct KeptOperations {
    /// The loaded list these indexes are of (the loader's generation).
    list: u64,
    /// How many of its operations were looked at.
    seen: usize,
    /// The filters they were looked at with.
    by: Option<OperationsFilter>,
    kept: Vec<usize>,
}

impl KeptOperations {
    /// The operations of `all` (the loader's list `list`, indexed in `index`) that `filter`
    /// keeps.
    pub fn update(
        &mut self,
        list: u64,
        all: &[OperationSummary],
        index: &SearchIndex,
        filter: &OperationsFilter,
    ) -> Vec<usize> {
        let needle = filter.needle();
        let search = (!needle.is_empty()).then(|| index.search(&needle));
        let same_list = self.list == list && self.seen <= all.len().min(index.len());
        if !same_list || self.by.as_ref() != Some(filter) {
            self.kept.clear();
            self.seen = 0;
        }
        let first = self.seen;
        // A search reads only what the index holds (the loader adds to both together).
        let upto = match &search {
            Some(_) => all.len().min(index.len()),
            None => all.len(),
        };
        let hits = search.as_ref().map(|s| s.matches_from(first));
        for (k, summary) in all.iter().enumerate().take(upto).skip(first) {
            let text_kept = match &hits {
                Some(hits) => hits.get(k - first) == Some(&true),
                None => true,
            };
            if text_kept && filter.keeps_type_and_flow(summary) {
                self.kept.push(k);
            }
        }
        self.list = list;
        self.seen = upto.max(first);
        self.by = Some(filter.clone());
        self.kept.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::operations::rows::{search_texts, summarize, Names};
    use folio_client::current::Operation;

    /// Operation `n`: a buy of BTC or a deposit (every third), ids `op-<n>`/`tx-<n>`.
    fn page(from: usize, to: usize) -> Vec<Operation> {
        (from..to)
            .map(|n| {
                let (kind, unit, flow) = if n % 3 == 0 {
                    ("deposit", "eur", "INCOMING")
                } else {
                    ("buy", "btc", "INCOMING")
                };
                let json = format!(
                    r#"{{"operation_id":"op-{n}","operation_type":"{kind}","transactions":[
                    {{"transaction_id":"tx-{n}","flow":"{flow}","credited_at":"2026-05-04T09:15:27.412Z",
                     "asset_amount":{{"value":"1","asset_id":"{unit}"}}}}]}}"#
                );
                folio_client::decode::decode(&json).unwrap()
            })
            .collect()
    }

    struct Loaded {
        all: Vec<OperationSummary>,
        index: SearchIndex,
    }

    impl Loaded {
        fn add(&mut self, ops: &[Operation]) {
            let mut names = Names::default();
            names
                .0
                .insert("btc".into(), ("BTC".into(), "Bitcoin".into()));
            names.0.insert("eur".into(), ("EUR".into(), "Euro".into()));
            for op in ops {
                let s = summarize(op, &names);
                let (words, ids) = search_texts(op, &s, &names);
                self.index.push(&words, &ids);
                self.all.push(s);
            }
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
    fn pages_typing_and_new_lists_keep_what_a_fresh_look_keeps() {
        let mut loaded = Loaded {
            all: Vec::new(),
            index: SearchIndex::default(),
        };
        let mut kept = KeptOperations::default();
        loaded.add(&page(0, 10));
        let deposits = |to: usize| (0..to).filter(|n| n % 3 == 0).collect::<Vec<_>>();
        let buys = |to: usize| (0..to).filter(|n| n % 3 != 0).collect::<Vec<_>>();
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter("EUR", None)),
            deposits(10)
        );
        // A page arrives: only it is looked at, and what it adds is appended.
        loaded.add(&page(10, 20));
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter("EUR", None)),
            deposits(20)
        );
        // Typing: "b", "bi", "bitcoin".
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter("b", None)),
            buys(20)
        );
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter(" Bi", None)),
            buys(20)
        );
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter("bitcoin", None)),
            buys(20)
        );
        // Ids: "tx-1" is tx-1 and tx-10 … tx-19.
        let tx1: Vec<usize> = [1].into_iter().chain(10..20).collect();
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter("tx-1", None)),
            tx1
        );
        // Within ids: "tx-1" → "tx-12".
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter("tx-12", None)),
            [12]
        );
        // A shorter text and a type: everything again.
        assert_eq!(
            kept.update(1, &loaded.all, &loaded.index, &filter("", Some("deposit"))),
            deposits(20)
        );
        // A new list (another server-side filter) of the same length is not taken for the
        // old one.
        let mut other = Loaded {
            all: Vec::new(),
            index: SearchIndex::default(),
        };
        other.add(&page(100, 120));
        let expected: Vec<usize> = (0..20).filter(|k| (100 + k) % 3 == 0).collect();
        assert_eq!(
            kept.update(2, &other.all, &other.index, &filter("", Some("deposit"))),
            expected
        );
    }

    #[test]
    fn an_index_behind_the_list_is_not_read_past_its_end() {
        let mut loaded = Loaded {
            all: Vec::new(),
            index: SearchIndex::default(),
        };
        loaded.add(&page(0, 6));
        let index = loaded.index.clone();
        loaded.add(&page(6, 9));
        let mut kept = KeptOperations::default();
        // The three operations the index does not hold yet are not kept by a search.
        assert_eq!(
            kept.update(1, &loaded.all, &index, &filter("euro", None)),
            [0, 3]
        );
    }
}
