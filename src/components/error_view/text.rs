//! The client's errors and scopes in plain words: every sentence a person reads about a failed
//! call or a key's permissions. Kept in the app (not in `folio-client`) so it can be
//! translated.

use folio_client::current::AmountError;
use folio_client::scopes::Scope;
use folio_client::{ApiError, BaseUrlError, ServiceError};

use crate::format::format_amount;
use crate::i18n::{t, tf, tn};

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
            Self::Unauthorized(_) => t("The service did not accept this API key. Check that it is complete and has not been revoked.",
            )
            .into(),
            Self::MissingScope(d) if d.status == 401 && d.code.as_deref() != Some("missing_scope") => t("This key was refused for this action: it lacks the permission, or it was revoked.",
            )
            .into(),
            Self::MissingScope(d) => match &d.scope {
                Some(scope) => tf("This API key does not have the “{scope}” permission needed for this.",
                    &[("scope", scope)],
                ),
                None => t("This API key does not have the permission needed for this.").into(),
            },
            Self::RateLimited { retry_after_secs, .. } => match retry_after_secs {
                Some(s) => tf("Too many requests. The service asks to wait {seconds} s before trying again.",
                    &[("seconds", &s.to_string())],
                ),
                None => t("Too many requests. Wait a moment and try again.").into(),
            },
            Self::BadRequest(d) => with_detail(t("The service rejected the request as invalid"), d),
            Self::NotFound(_) => t("The service could not find what was asked for.").into(),
            Self::Conflict(d) => with_detail(
                t("The request conflicts with the account's current state"),
                d,
            ),
            Self::Gone(_) => t("This API has been switched off by the service.").into(),
            Self::Unprocessable(d) => with_detail(t("The service refused the request"), d),
            Self::Server(d) => tf("The service had a problem (HTTP {status}). Nothing is wrong on your side; try again shortly.",
                &[("status", &d.status.to_string())],
            ),
            Self::TimedOut { after_secs, write: false } => tf("The service did not answer within {seconds} s. Try again.",
                &[("seconds", &after_secs.to_string())],
            ),
            Self::TimedOut { after_secs, write: true } => tf("No answer came back within {seconds} s, so it is not known whether this went through. Check before sending it again.",
                &[("seconds", &after_secs.to_string())],
            ),
            Self::Network { .. } => t("Could not reach the service. Check your connection (and, for the live profile, the reverse proxy).",
            )
            .into(),
            Self::Decode { .. } => t("The service answered in a form Folio cannot read.").into(),
            Self::SessionEnded => t("Not sent: the key was forgotten. Paste it again to continue.").into(),
            // `ApiError` is non-exhaustive: a class added later still gets a sentence.
            _ => t("The request failed.").into(),
        }
    }
}

/// `lead` (a sentence without its full stop) with the service's own message or code.
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
        "quote_expired" => t("This quote has expired. Get a new quote to continue."),
        "quote_already_accepted" => {
            t("This quote was already accepted; the trade is in Operations.")
        }
        "quote_not_found" => t("This quote no longer exists. Get a new quote."),
        "insufficient_funds" => t("There are not enough funds for this trade."),
        "trading_limit_exceeded" => t("This trade would exceed the key's daily trading budget."),
        "limits_already_set" => {
            t("Trading limits are already set for this key and cannot be changed.")
        }
        "api_decommissioned" => {
            t("The legacy API has been switched off. Use the current views instead.")
        }
        "INSUFFICIENT_BALANCE" => {
            t("There is not enough available balance for this order (open orders lock funds).")
        }
        "BELOW_MIN_ORDER_AMOUNT" => {
            t("The order is worth less than this pair's minimum order value.")
        }
        "ABOVE_MAX_ORDER_AMOUNT" => {
            t("The order is worth more than this pair's maximum order value.")
        }
        "ABOVE_MAX_ORDER_SIZE" => t("The quantity is above this pair's maximum order size."),
        "INVALID_TICK_SIZE" => t("The price must be a multiple of this pair's tick size."),
        "INVALID_SIZE_INCREMENT" => {
            t("The quantity must be a multiple of this pair's size increment.")
        }
        "ORDER_NOT_CANCELLABLE" => {
            t("The order has already closed (filled, canceled or expired); nothing was canceled.")
        }
        "ORDER_NOT_FOUND" => t("The exchange has no such order."),
        "PAIR_NOT_FOUND" => t("The exchange does not trade this pair."),
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
            Scope::Balance => t("See the portfolio and its history"),
            Scope::Transaction => t("See every operation (deposits, trades, rewards…)"),
            Scope::TradeRead => t("Look up assets, currencies and prices"),
            Scope::TradeWrite => t("Buy and sell through quotes; set trading limits"),
            Scope::EarnRead => t("See staking offers"),
            Scope::EarnWrite => t("Stake and unstake"),
            Scope::ExchangeRead => t("See the exchange's markets, balances, orders and trades"),
            Scope::ExchangeTrade => t("Place and cancel exchange orders"),
            Scope::LegacyRead => t("See the legacy API's wallets, trades and transactions"),
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
            Self::Empty => t("Enter an amount.").into(),
            Self::NotANumber => t("Enter a number, for example 0.5 or 25.00.").into(),
            Self::Ambiguous => {
                t("Write the number without thousands separators, for example 1000 or 1000.50.")
                    .into()
            }
            Self::TooLarge => t("That number is too large.").into(),
            Self::NotPositive => t("The amount must be greater than zero.").into(),
            Self::TooManyDecimals { max_scale: 0 } => t("Use a whole number (no decimals).").into(),
            Self::TooManyDecimals { max_scale } => tn(
                usize::try_from(*max_scale).unwrap_or(usize::MAX),
                "Use at most {n} decimal.",
                "Use at most {n} decimals.",
            ),
            Self::AboveAvailable { available } => {
                let amount = format_amount(*available);
                let values = [("available", amount.as_str())];
                tf("That is more than the {available} available.", &values)
            }
        }
    }
}

/// Why a typed base URL cannot be used, in plain words.
pub trait UrlWords {
    /// The sentence shown at the field.
    fn message(self) -> &'static str;
}

impl UrlWords for BaseUrlError {
    fn message(self) -> &'static str {
        match self {
            Self::Empty => t("Enter a base URL."),
            Self::SpaceOrControl => t("A URL cannot contain spaces or control characters."),
            Self::Backslash => t("A URL cannot contain a backslash (\\)."),
            Self::PercentEscape => t("A base URL cannot contain % escapes."),
            Self::QueryOrFragment => t("A base URL cannot have a query (?) or fragment (#)."),
            Self::DoubleSlash => t("A same-origin path starts with a single /."),
            Self::Scheme => {
                t("The URL must start with https:// (or http://127.0.0.1 / http://localhost).")
            }
            Self::UserInfo => t("The URL cannot contain a user name or password (@)."),
            Self::Host => t("The URL has no valid host."),
            Self::PlainHttp => t("Only https:// addresses are allowed (plain http:// only for 127.0.0.1 or localhost).",
            ),
            Self::Port => t("The port must be a number from 1 to 65535."),
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
    fn base_url_refusals_read_in_plain_words() {
        use folio_client::BaseUrls;
        let said = |url: &str| BaseUrls::validate_custom(url).unwrap_err().message();
        assert_eq!(said(" "), "Enter a base URL.");
        assert_eq!(
            said("https://user@host"),
            "The URL cannot contain a user name or password (@)."
        );
        assert_eq!(said("https://exa_mple.com"), "The URL has no valid host.");
        assert_eq!(
            said("https://host:0"),
            "The port must be a number from 1 to 65535."
        );
        assert_eq!(said("/\\x"), "A URL cannot contain a backslash (\\).");
        assert_eq!(
            said("http://example.com"),
            "Only https:// addresses are allowed (plain http:// only for 127.0.0.1 or localhost)."
        );
        assert_eq!(
            said("ftp://x"),
            "The URL must start with https:// (or http://127.0.0.1 / http://localhost)."
        );
    }

    #[test]
    fn every_scope_says_what_it_allows() {
        for scope in Scope::ALL {
            assert!(!scope.allows().is_empty(), "{scope:?}");
        }
        assert_eq!(Scope::EarnWrite.allows(), "Stake and unstake");
    }
}
