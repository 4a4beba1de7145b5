//! [`ApiError::user_message`]: every error in plain words, and the sentences for the service
//! codes Folio knows.

use crate::{ApiError, ServiceError};

impl ApiError {
    /// A sentence in plain words for the person using the app.
    pub fn user_message(&self) -> String {
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
