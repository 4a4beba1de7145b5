//! Unit tests of error classification (the wording is the app's, in
//! `src/components/error_view/text.rs`).

use super::*;

#[test]
fn current_api_shape() {
    let e = ApiError::from_response(
        422,
        None,
        r#"{"error":{"code":"quote_expired","message":"Quote expired"}}"#,
    );
    assert_eq!(e.code(), Some("quote_expired"));
    assert!(matches!(e, ApiError::Unprocessable(_)));
}

#[test]
fn missing_scope_keeps_scope() {
    let e = ApiError::from_response(
        401,
        None,
        r#"{"error":{"code":"missing_scope","scope":"Balance"}}"#,
    );
    assert!(matches!(e, ApiError::MissingScope(ref d) if d.scope.as_deref() == Some("Balance")));
}

#[test]
fn legacy_and_exchange_shapes() {
    // The legacy 410 shape is read in `legacy::sunset`'s tests.
    let e = ApiError::from_response(
        422,
        None,
        r#"{"errors":[{"code":"BELOW_MIN","status":"422","title":"t","detail":"Amount below minimum"}]}"#,
    );
    assert_eq!(
        e.service().unwrap().message.as_deref(),
        Some("Amount below minimum")
    );
    let e = ApiError::from_response(400, None, r#"{"message":"bad pair"}"#);
    assert_eq!(e.service().unwrap().message.as_deref(), Some("bad pair"));
}

#[test]
fn exchange_codes_are_kept() {
    let body = r#"{"errors":[{"code":"ORDER_NOT_CANCELLABLE","status":"409","title":"Conflict","detail":"order is filled"}]}"#;
    let e = ApiError::from_response(409, None, body);
    assert!(matches!(e, ApiError::Conflict(_)));
    assert_eq!(e.code(), Some("ORDER_NOT_CANCELLABLE"));
    let body = r#"{"errors":[{"code":"INSUFFICIENT_BALANCE","status":"422"}]}"#;
    let e = ApiError::from_response(422, None, body);
    assert_eq!(e.code(), Some("INSUFFICIENT_BALANCE"));
}

#[test]
fn html_body_never_leaks() {
    let e = ApiError::from_response(
        502,
        None,
        "<html><body><h1>502 Bad Gateway</h1></body></html>",
    );
    assert!(matches!(e, ApiError::Server(_)));
    assert_eq!(e.service().unwrap().message, None);
    let text = e.to_string();
    assert!(!text.contains('<'), "{text}");
    assert!(text.contains("502"), "{text}");
}

#[test]
fn rate_limit_reads_retry_after() {
    let e = ApiError::from_response(429, Some("3"), r#"{"error":{"code":"rate_limited"}}"#);
    assert!(matches!(
        e,
        ApiError::RateLimited {
            retry_after_secs: Some(3),
            ..
        }
    ));
    assert!(e.is_retryable_read());
    assert!(!ApiError::from_response(500, None, "").is_retryable_read());
    assert!(ApiError::from_response(503, None, "").is_retryable_read());
}

#[test]
fn retry_after_as_seconds_or_http_date() {
    use chrono::TimeZone;
    let now = Utc.with_ymd_and_hms(2026, 10, 21, 7, 27, 30).unwrap();
    let body = r#"{"error":{"code":"rate_limited"}}"#;
    let wait = |header: &str| match ApiError::from_response_at(429, Some(header), body, now) {
        ApiError::RateLimited {
            retry_after_secs, ..
        } => retry_after_secs,
        other => panic!("{other:?}"),
    };
    assert_eq!(wait("7"), Some(7));
    assert_eq!(wait(" 12 "), Some(12));
    assert_eq!(wait("Wed, 21 Oct 2026 07:28:00 GMT"), Some(30));
    assert_eq!(
        wait("Wed, 21 Oct 2026 07:27:00 GMT"),
        Some(0),
        "a past date"
    );
    assert_eq!(wait("Wed, 21 Oct 2026 07:27:30 GMT"), Some(0));
    assert_eq!(wait("soon"), None);
    assert_eq!(wait("Wed, 21 Oct 2026 07:28:00 CET"), None, "only GMT");
    assert_eq!(wait("Wed, 32 Oct 2026 07:28:00 GMT"), None, "no such day");
    assert_eq!(wait("Wed, 21 Oct 2026 07:28 GMT"), None, "seconds missing");
    assert_eq!(
        wait("Wed, 21 Okt 2026 07:28:00 GMT"),
        None,
        "English month names"
    );
    assert_eq!(wait("Thu, 22 Oct 2026 07:27:30 GMT"), Some(86_400));
    assert_eq!(wait("-5"), None);
    assert_eq!(wait("1.5"), None);
}

#[test]
fn key_refusal_codes_are_recognised_in_any_case() {
    for body in [
        r#"{"error":{"code":"unauthorized"}}"#,
        r#"{"errors":[{"code":"UNAUTHORIZED","status":"401","title":"Unauthorized"}]}"#,
        r#"{"error":{"code":"invalid_api_key"}}"#,
        r#"{"errors":[{"code":"api_key_revoked"}]}"#,
    ] {
        let e = ApiError::from_response(401, None, body);
        assert!(matches!(e, ApiError::Unauthorized(_)), "{body}");
        assert!(e.is_key_refusal(), "{body}");
    }
    for body in [
        "",
        r#"{"error":{"code":"missing_scope"}}"#,
        "<html>401</html>",
    ] {
        assert!(
            !ApiError::from_response(401, None, body).is_key_refusal(),
            "{body}"
        );
    }
}

#[test]
fn forbidden_is_a_missing_scope() {
    let forbidden = ApiError::from_response(403, None, "");
    assert!(matches!(forbidden, ApiError::MissingScope(_)));
}

#[test]
fn a_timed_out_write_has_an_unknown_outcome() {
    let read = ApiError::TimedOut {
        after_secs: 15,
        write: false,
    };
    assert!(!read.write_outcome_unknown() && !read.is_retryable_read() && read.is_timeout());
    assert_eq!((read.status(), read.code()), (None, None));
    let write = ApiError::TimedOut {
        after_secs: 30,
        write: true,
    };
    assert!(write.write_outcome_unknown());
    assert_eq!(write.to_string(), "write timed out after 30 s");
}
