//! Unit tests of error classification and wording.

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
    assert!(e.user_message().contains("expired"));
}

#[test]
fn missing_scope_keeps_scope() {
    let e = ApiError::from_response(
        401,
        None,
        r#"{"error":{"code":"missing_scope","scope":"Balance"}}"#,
    );
    assert!(matches!(e, ApiError::MissingScope(ref d) if d.scope.as_deref() == Some("Balance")));
    assert!(e.user_message().contains("Balance"));
}

#[test]
fn legacy_and_exchange_shapes() {
    let e = ApiError::from_response(
        410,
        None,
        r#"{"errors":[{"code":"api_decommissioned","status":410,"title":"Gone"}]}"#,
    );
    assert_eq!(e.code(), Some("api_decommissioned"));
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
fn exchange_codes_read_in_plain_words() {
    let body = r#"{"errors":[{"code":"ORDER_NOT_CANCELLABLE","status":"409","title":"Conflict","detail":"order is filled"}]}"#;
    let e = ApiError::from_response(409, None, body);
    assert!(matches!(e, ApiError::Conflict(_)));
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
    assert!(matches!(e, ApiError::Server(_)));
    let msg = e.user_message();
    assert!(!msg.contains('<'), "{msg}");
    assert!(msg.contains("502"));
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
    assert_eq!(wait("-5"), None);
    assert_eq!(wait("1.5"), None);
    let e = ApiError::from_response_at(429, Some("Wed, 21 Oct 2026 07:28:00 GMT"), body, now);
    assert!(e.user_message().contains("30 s"), "{}", e.user_message());
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
    assert!(matches!(forbidden, ApiError::MissingScope(_)));
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
    assert!(!read.write_outcome_unknown() && !read.is_retryable_read() && read.is_timeout());
    assert_eq!(
        read.user_message(),
        "The service did not answer within 15 s. Try again."
    );
    assert_eq!((read.status(), read.code()), (None, None));
    let write = ApiError::TimedOut {
        after_secs: 30,
        write: true,
    };
    assert!(write.write_outcome_unknown());
    assert!(write.user_message().contains("not known whether"));
}
