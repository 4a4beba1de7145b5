//! The client's errors and scopes in plain words: every sentence a person reads about a failed
//! call or a key's permissions. Kept in the app (not in `folio-client`) so it can be
//! translated.

use folio_client::current::AmountError;
use folio_client::scopes::Scope;
use folio_client::{ApiError, ServiceError};

/// A failed call in plain words.
pub trait PlainWords {
    /// A sentence in plain words for the person using the app.
    fn user_message(&self) -> String;
}

impl PlainWords for ApiError {
    fn user_message(&self) -> String {
        let known = self.code().and_then(message_for_code);
        if let Some(text) = known {
            return text.to_string();
        }
        match self {
            Self::Unauthorized(_) => {
                "The service did not accept this API key. Check that it is complete and has not been revoked.".into()
            }
            Self::MissingScope(d) if d.status == 401 && d.code.as_deref() != Some("missing_scope") => {
                "This key was refused for this action: it lacks the permission, or it was revoked.".into()
            }
            Self::MissingScope(d) => match &d.scope {
                Some(scope) => format!("This API key does not have the “{scope}” permission needed for this."),
                None => "This API key does not have the permission needed for this.".into(),
            },
            Self::RateLimited { retry_after_secs, .. } => match retry_after_secs {
                Some(s) => format!("Too many requests. The service asks to wait {s} s before trying again."),
                None => "Too many requests. Wait a moment and try again.".into(),
            },
            Self::BadRequest(d) => with_detail("The service rejected the request as invalid", d),
            Self::NotFound(_) => "The service could not find what was asked for.".into(),
            Self::Conflict(d) => with_detail("The request conflicts with the account's current state", d),
            Self::Gone(_) => "This API has been switched off by the service.".into(),
            Self::Unprocessable(d) => with_detail("The service refused the request", d),
            Self::Server(d) => format!(
                "The service had a problem (HTTP {}). Nothing is wrong on your side; try again shortly.",
                d.status
            ),
            Self::TimedOut { after_secs, write: false } => format!(
                "The service did not answer within {after_secs} s. Try again."
            ),
            Self::TimedOut { after_secs, write: true } => format!(
                "No answer came back within {after_secs} s, so it is not known whether this went through. Check before sending it again."
            ),
            Self::Network { .. } => {
                "Could not reach the service. Check your connection (and, for the live profile, the reverse proxy).".into()
            }
            Self::Decode { .. } => "The service answered in a form Folio cannot read.".into(),
            // `ApiError` is non-exhaustive: a class added later still gets a sentence.
            _ => "The request failed.".into(),
        }
    }
}

fn with_detail(lead: &str, d: &ServiceError) -> String {
    match &d.message {
        Some(m) => format!("{lead}: {m}"),
        None => match &d.code {
            Some(c) => format!("{lead} ({c})."),
            None => format!("{lead}."),
        },
    }
}

/// Plain-words sentences for the service codes Folio knows.
fn message_for_code(code: &str) -> Option<&'static str> {
    Some(match code {
        "quote_expired" => "This quote has expired. Get a new quote to continue.",
        "quote_already_accepted" => "This quote was already accepted; the trade is in Operations.",
        "quote_not_found" => "This quote no longer exists. Get a new quote.",
        "insufficient_funds" => "There are not enough funds for this trade.",
        "trading_limit_exceeded" => "This trade would exceed the key's daily trading budget.",
        "limits_already_set" => {
            "Trading limits are already set for this key and cannot be changed."
        }
        "api_decommissioned" => {
            "The legacy API has been switched off. Use the current views instead."
        }
        "INSUFFICIENT_BALANCE" => {
            "There is not enough available balance for this order (open orders lock funds)."
        }
        "BELOW_MIN_ORDER_AMOUNT" => "The order is worth less than this pair's minimum order value.",
        "ABOVE_MAX_ORDER_AMOUNT" => "The order is worth more than this pair's maximum order value.",
        "ABOVE_MAX_ORDER_SIZE" => "The quantity is above this pair's maximum order size.",
        "INVALID_TICK_SIZE" => "The price must be a multiple of this pair's tick size.",
        "INVALID_SIZE_INCREMENT" => {
            "The quantity must be a multiple of this pair's size increment."
        }
        "ORDER_NOT_CANCELLABLE" => {
            "The order has already closed (filled, canceled or expired); nothing was canceled."
        }
        "ORDER_NOT_FOUND" => "The exchange has no such order.",
        "PAIR_NOT_FOUND" => "The exchange does not trade this pair.",
        _ => return None,
    })
}

/// A key's permission in plain words.
pub trait ScopeWords {
    /// What the scope lets a person do in Folio.
    fn allows(self) -> &'static str;
}

impl ScopeWords for Scope {
    fn allows(self) -> &'static str {
        match self {
            Scope::Balance => "See the portfolio and its history",
            Scope::Transaction => "See every operation (deposits, trades, rewards…)",
            Scope::TradeRead => "Look up assets, currencies and prices",
            Scope::TradeWrite => "Buy and sell through quotes; set trading limits",
            Scope::EarnRead => "See staking offers",
            Scope::EarnWrite => "Stake and unstake",
            Scope::ExchangeRead => "See the exchange's markets, balances, orders and trades",
            Scope::ExchangeTrade => "Place and cancel exchange orders",
            Scope::LegacyRead => "See the legacy API's wallets, trades and transactions",
        }
    }
}

/// Why a typed amount cannot be used, in plain words.
pub trait AmountWords {
    /// The sentence shown at the field.
    fn message(&self) -> String;
}

impl AmountWords for AmountError {
    fn message(&self) -> String {
        match self {
            Self::Empty => "Enter an amount.".into(),
            Self::NotANumber => "Enter a number, for example 0.5 or 25.00.".into(),
            Self::Ambiguous => {
                "Write the number without thousands separators, for example 1000 or 1000.50.".into()
            }
            Self::TooLarge => "That number is too large.".into(),
            Self::NotPositive => "The amount must be greater than zero.".into(),
            Self::TooManyDecimals { max_scale: 0 } => "Use a whole number (no decimals).".into(),
            Self::TooManyDecimals { max_scale } => {
                format!("Use at most {max_scale} decimals.")
            }
            Self::AboveAvailable { available } => {
                format!("That is more than the {available} available.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn service_codes_read_in_plain_words() {
        let e = ApiError::from_response(
            422,
            None,
            r#"{"error":{"code":"quote_expired","message":"Quote expired"}}"#,
        );
        assert!(e.user_message().contains("expired"));
        let e = ApiError::from_response(
            401,
            None,
            r#"{"error":{"code":"missing_scope","scope":"Balance"}}"#,
        );
        assert!(e.user_message().contains("Balance"));
        let e = ApiError::from_response(409, None, r#"{"error":{"code":"limits_already_set"}}"#);
        assert!(e.user_message().contains("cannot be changed"));
    }

    #[test]
    fn exchange_codes_read_in_plain_words() {
        let body = r#"{"errors":[{"code":"ORDER_NOT_CANCELLABLE","status":"409","title":"Conflict","detail":"order is filled"}]}"#;
        let e = ApiError::from_response(409, None, body);
        assert!(
            e.user_message().contains("already closed"),
            "{}",
            e.user_message()
        );
        let body = r#"{"errors":[{"code":"INSUFFICIENT_BALANCE","status":"422"}]}"#;
        let e = ApiError::from_response(422, None, body);
        assert!(e
            .user_message()
            .starts_with("There is not enough available balance"));
    }

    #[test]
    fn html_body_never_leaks() {
        let e = ApiError::from_response(
            502,
            None,
            "<html><body><h1>502 Bad Gateway</h1></body></html>",
        );
        let msg = e.user_message();
        assert!(!msg.contains('<'), "{msg}");
        assert!(msg.contains("502"));
        let e = ApiError::from_response(502, None, "<html>nginx</html>");
        assert!(!e.user_message().contains("nginx"));
    }

    #[test]
    fn retry_after_is_said_in_seconds() {
        use chrono::{TimeZone, Utc};
        let now = Utc.with_ymd_and_hms(2026, 10, 21, 7, 27, 30).unwrap();
        let body = r#"{"error":{"code":"rate_limited"}}"#;
        let e = ApiError::from_response_at(429, Some("Wed, 21 Oct 2026 07:28:00 GMT"), body, now);
        assert!(e.user_message().contains("30 s"), "{}", e.user_message());
    }

    #[test]
    fn an_inferred_missing_scope_says_it_may_be_revoked() {
        let inferred = ApiError::MissingScope(ServiceError {
            status: 401,
            ..ServiceError::default()
        });
        assert_eq!(
            inferred.user_message(),
            "This key was refused for this action: it lacks the permission, or it was revoked."
        );
        let explicit = ApiError::from_response(401, None, r#"{"error":{"code":"missing_scope"}}"#);
        assert_eq!(
            explicit.user_message(),
            "This API key does not have the permission needed for this."
        );
        let forbidden = ApiError::from_response(403, None, "");
        assert_eq!(
            forbidden.user_message(),
            "This API key does not have the permission needed for this."
        );
    }

    #[test]
    fn timeouts_are_plain_for_reads_and_unknown_for_writes() {
        let read = ApiError::TimedOut {
            after_secs: 15,
            write: false,
        };
        assert_eq!(
            read.user_message(),
            "The service did not answer within 15 s. Try again."
        );
        let write = ApiError::TimedOut {
            after_secs: 30,
            write: true,
        };
        assert!(write.user_message().contains("not known whether"));
    }

    #[test]
    fn amount_refusals_read_in_plain_words() {
        use folio_client::current::validate_amount;
        assert_eq!(
            validate_amount("1.5", 0, None).unwrap_err().message(),
            "Use a whole number (no decimals)."
        );
        let e = validate_amount("2.01", 2, Some("2.00".parse().unwrap())).unwrap_err();
        assert!(e.message().contains("2.00"));
        assert_eq!(
            AmountError::Ambiguous.message(),
            "Write the number without thousands separators, for example 1000 or 1000.50."
        );
        assert_eq!(AmountError::TooLarge.message(), "That number is too large.");
    }

    #[test]
    fn every_scope_says_what_it_allows() {
        for scope in Scope::ALL {
            assert!(!scope.allows().is_empty(), "{scope:?}");
        }
        assert_eq!(Scope::EarnWrite.allows(), "Stake and unstake");
    }
}
