//! The detected permissions as kept in `sessionStorage` beside the key (`folio.scopes`), so a
//! reload or a restored tab knows them without probing again.

use folio_client::scopes::{Scope, ScopeReport, ScopeState};

fn state_to_text(state: &ScopeState) -> String {
    match state {
        ScopeState::Granted => "granted".into(),
        ScopeState::Missing => "missing".into(),
        ScopeState::KeyRefused => "refused".into(),
        ScopeState::ProbeAccepted => "probe-accepted".into(),
        ScopeState::Unknown(why) => format!("unknown:{why}"),
    }
}

fn state_from_text(text: &str) -> ScopeState {
    match text {
        "granted" => ScopeState::Granted,
        "missing" => ScopeState::Missing,
        "refused" => ScopeState::KeyRefused,
        "probe-accepted" => ScopeState::ProbeAccepted,
        other => ScopeState::Unknown(other.strip_prefix("unknown:").unwrap_or(other).to_string()),
    }
}

/// Serialises a scope report as `[["Balance","granted"], …]`.
pub(super) fn scopes_to_json(report: &ScopeReport) -> String {
    let pairs: Vec<(&str, String)> = report
        .scopes
        .iter()
        .map(|(scope, state)| (scope.name(), state_to_text(state)))
        .collect();
    serde_json::to_string(&pairs).unwrap_or_default()
}

/// Reads what [`scopes_to_json`] wrote; unknown scope names are skipped.
pub(super) fn scopes_from_json(json: &str) -> Option<ScopeReport> {
    // As a JSON value, then through `records` (see `Preferences::from_json`).
    let pairs: Vec<(String, String)> =
        folio_client::records::from_value(serde_json::from_str(json).ok()?).ok()?;
    let scopes = pairs
        .iter()
        .filter_map(|(name, state)| {
            let scope = Scope::ALL.into_iter().find(|s| s.name() == name)?;
            Some((scope, state_from_text(state)))
        })
        .collect();
    Some(ScopeReport { scopes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_report_round_trips() {
        let report = ScopeReport {
            scopes: vec![
                (Scope::Balance, ScopeState::Granted),
                (Scope::TradeWrite, ScopeState::Missing),
                (Scope::EarnRead, ScopeState::Unknown("offline".into())),
                (Scope::ExchangeRead, ScopeState::KeyRefused),
                (Scope::EarnWrite, ScopeState::ProbeAccepted),
            ],
        };
        let json = scopes_to_json(&report);
        assert!(!json.contains("folio-demo"));
        assert_eq!(scopes_from_json(&json), Some(report));
        assert_eq!(scopes_from_json("nonsense"), None);
    }
}
