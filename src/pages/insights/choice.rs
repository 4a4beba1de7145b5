//! What the Insights page shows, kept in the URL (`?rules=de&year=2025`) so a view can be
//! shared and survives a reload: the rule set (Austria by default: the service is Austrian)
//! and the tax year (`None`: the latest year with activity).

use folio_insights::RuleSet;
use leptos::prelude::*;

use crate::i18n::t;
use crate::url::{with_param, UrlState};

/// The rule set and the tax year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InsightsChoice {
    /// Whose rules estimate the figures.
    pub rules: RuleSet,
    /// The tax year shown (`None`: the latest with activity).
    pub year: Option<i32>,
}

/// The rule set named `slug` (`at`, `de`), if any.
pub fn rules_of(slug: &str) -> Option<RuleSet> {
    [RuleSet::Austria, RuleSet::Germany]
        .into_iter()
        .find(|r| r.slug().eq_ignore_ascii_case(slug.trim()))
}

impl UrlState for InsightsChoice {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        Self {
            rules: get("rules")
                .and_then(|v| rules_of(&v))
                .unwrap_or(RuleSet::Austria),
            year: get("year")
                .and_then(|v| v.trim().parse::<i32>().ok())
                .filter(|y| (1900..=9999).contains(y)),
        }
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![
            ("rules", Some(self.rules.slug().to_string())),
            ("year", self.year.map(|y| y.to_string())),
        ]
    }
}

/// The rule set's choice (`<select id=…>`), kept in the address as `?rules=`: on Insights and
/// on an asset's lots card.
#[component]
pub fn RulesSelect(
    /// The select's id.
    id: &'static str,
    /// The choice in the address.
    choice: Memo<InsightsChoice>,
    /// Writes a new choice to the address.
    set_choice: Callback<InsightsChoice>,
) -> impl IntoView {
    let set_rules = move |ev: leptos::ev::Event| {
        let value = rules_of(&event_target_value(&ev)).map(|r| r.slug().to_string());
        set_choice.run(with_param(&choice.get_untracked(), (), "rules", value));
    };
    view! {
        <div class="field field-inline">
            <label for=id>{t("Rules")}</label>
            <select id=id on:change=set_rules prop:value=move || choice.with(|c| c.rules.slug())>
                <option value="at">{super::text::country(RuleSet::Austria)}</option>
                <option value="de">{super::text::country(RuleSet::Germany)}</option>
            </select>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_link_keeps_the_rules_and_the_year_and_nonsense_falls_back() {
        let read = |q: &'static [(&'static str, &'static str)]| {
            InsightsChoice::from_query((), |k| {
                q.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
            })
        };
        let de = read(&[("rules", "DE"), ("year", "2025")]);
        assert_eq!(de.rules, RuleSet::Germany);
        assert_eq!(de.year, Some(2025));
        let odd = read(&[("rules", "fr"), ("year", "20x5")]);
        assert_eq!(odd.rules, RuleSet::Austria);
        assert_eq!(odd.year, None);
        assert_eq!(
            de.to_query(),
            vec![("rules", Some("de".into())), ("year", Some("2025".into()))]
        );
    }
}
