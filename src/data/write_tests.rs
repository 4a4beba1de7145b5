use super::*;
use folio_client::ServiceError;

#[test]
fn answers_are_classified() {
    assert_eq!(Sent::from_result(Ok::<u8, ApiError>(1)), Sent::Done(1));
    let refused = ApiError::Unprocessable(ServiceError {
        status: 422,
        ..ServiceError::default()
    });
    assert_eq!(
        Sent::<u8>::from_result(Err(refused.clone())),
        Sent::Refused(refused)
    );
    let lost = ApiError::Network {
        detail: "connection reset".into(),
    };
    assert_eq!(Sent::<u8>::from_result(Err(lost)), Sent::Unknown);
    let gateway = ApiError::Server(ServiceError {
        status: 502,
        ..ServiceError::default()
    });
    assert_eq!(Sent::<u8>::from_result(Err(gateway)), Sent::Unknown);
}

#[test]
fn the_no_answer_sentence_reads_whole() {
    assert_eq!(
        no_answer_sentence("Placing an order.", "your orders"),
        "No answer came back, so Folio cannot tell whether this happened: Placing an order. It will not be sent again; check your orders before you try again."
    );
}

#[test]
fn words_are_worded_in_the_language_shown_when_read() {
    crate::i18n::install(None);
    let words = Words::new(|| {
        tf(
            "Stake {amount} {asset}.",
            &[("amount", "1"), ("asset", "ETH")],
        )
    });
    assert_eq!(words.text(), "Stake 1 ETH.");
    crate::i18n::install(Some(vec![(
        "Stake {amount} {asset}.".into(),
        "{amount} {asset} staken.".into(),
    )]));
    assert_eq!(words.text(), "1 ETH staken.");
    crate::i18n::install(None);
    assert_eq!(words.clone(), words, "a copy is the same words");
}

#[test]
fn banner_shows_only_writes_of_pages_that_are_gone() {
    let mut entry = WriteEntry {
        id: 1,
        handle: 2,
        what: Words::new(|| "x".into()),
        check: (
            "/market/orders".into(),
            Words::new(|| "See your orders".into()),
        ),
        outcome: None,
        origin_path: "/market".into(),
        page_on_screen: true,
        shown_on_page: false,
        dismissed: false,
    };
    assert!(!entry.shown_in_banner("/market"));
    assert!(
        entry.shown_in_banner("/history"),
        "the person went elsewhere"
    );
    entry.page_on_screen = false;
    assert!(entry.shown_in_banner("/market"), "the page was rebuilt");
    entry.dismissed = true;
    assert!(!entry.shown_in_banner("/history"));
    entry.dismissed = false;
    entry.shown_on_page = true;
    assert!(!entry.shown_in_banner("/history"), "the page showed it");
}
