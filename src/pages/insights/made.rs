//! The reports already made for the ledger on the page, by rule set and entered costs: a
//! switch back to a rule set is instant, and the other rule set's report is made in the
//! background once the first is shown (`InsightsPage`), so the first switch is too (issue
//! 44: a report at 100,000 operations is about 150 ms of work). Kept for one ledger: a new
//! load (another `Arc` of entries) starts over.

use std::collections::HashMap;
use std::sync::Arc;

use folio_export::tax::entry::Entry;
use folio_insights::{Entered, RuleSet};

use super::load::InsightsData;
use super::report::{compute, Computed};

/// The reports made for one ledger.
#[derive(Debug, Default)]
pub struct MadeReports {
    /// The ledger they were made from.
    ledger: Option<Arc<Vec<Entry>>>,
    /// Each report with the rules and costs it was made under.
    made: Vec<(RuleSet, HashMap<String, Entered>, Computed)>,
}

impl MadeReports {
    /// The report of `data` under `rules` and `entered`: the one made before for the same
    /// ledger, rules and costs, else made now (and kept; the costs of a tab change rarely, so
    /// only the latest few are kept).
    pub fn report(
        &mut self,
        data: &InsightsData,
        rules: RuleSet,
        entered: &HashMap<String, Entered>,
    ) -> Computed {
        if !self
            .ledger
            .as_ref()
            .is_some_and(|l| Arc::ptr_eq(l, &data.ledger))
        {
            self.ledger = Some(Arc::clone(&data.ledger));
            self.made.clear();
        }
        if let Some((_, _, made)) = self
            .made
            .iter()
            .find(|(r, e, _)| *r == rules && e == entered)
        {
            return made.clone();
        }
        let made = compute(data, rules, entered);
        if self.made.len() >= 4 {
            self.made.remove(0);
        }
        self.made.push((rules, entered.clone(), made.clone()));
        made
    }
}

/// The other rule set.
pub fn other_rules(rules: RuleSet) -> RuleSet {
    match rules {
        RuleSet::Austria => RuleSet::Germany,
        RuleSet::Germany => RuleSet::Austria,
    }
}
