//! The service's earn codes in the reader's words: `LOCKED` reads "Locked", `FLEXIBLE`
//! "Flexible", `STAKING_EARN` "Staking"; a code Folio does not know is shown as sent.

use folio_client::current::{EarnMode, EarnType};

use crate::i18n::t;

/// How an offer holds the funds.
pub fn type_words(kind: &EarnType) -> String {
    match kind {
        EarnType::Locked => t("Locked").to_string(),
        EarnType::Flexible => t("Flexible").to_string(),
        EarnType::Other(raw) => raw.clone(),
    }
}

/// What an offer earns from.
pub fn mode_words(mode: &EarnMode) -> String {
    match mode {
        EarnMode::StakingEarn => t("Staking").to_string(),
        EarnMode::Other(raw) => raw.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_codes_are_words_and_unknown_ones_stay_as_sent() {
        assert_eq!(type_words(&EarnType::Locked), "Locked");
        assert_eq!(type_words(&EarnType::Flexible), "Flexible");
        assert_eq!(type_words(&EarnType::Other("BONDED".into())), "BONDED");
        assert_eq!(mode_words(&EarnMode::StakingEarn), "Staking");
        assert_eq!(mode_words(&EarnMode::Other("LENDING".into())), "LENDING");
    }
}
