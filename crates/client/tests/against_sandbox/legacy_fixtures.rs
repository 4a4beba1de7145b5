//! Legacy wire types decode the spec's shapes in both casings: numeric string ids (or
//! numbers), timestamp objects (malformed parts become `None`), unknown statuses kept, and
//! the paging rule follows `meta.next_cursor`.

use crate::support::decode;
use folio_client::decode::Envelope;
use folio_client::legacy::*;
use folio_client::Decimal;
use std::str::FromStr;

const TRADES: &str = r#"{"data":[{"type":"trade","attributes":{"status":"finished","type":"buy",
 "cryptocoin_id":"1","fiat_id":1,"amount_fiat":"100.00000000","amount_cryptocoin":"0.00197000",
 "fiat_to_eur_rate":"1.00000000","wallet_id":"w","fiat_wallet_id":"f","payment_option_id":"12",
 "time":{"date_iso8601":"2026-05-04T11:15:27+02:00","unix":"1777886127"},"price":"50000.00000000",
 "is_swap":false},"id":"t-1"},{"type":"trade","attributes":{"status":"settling","type":"exchange",
 "time":{"date_iso8601":"not a date","unix":"1777886000"}},"id":"t-2"}],
 "meta":{"total_count":3,"next_cursor":"t-2","page_size":2},
 "links":{"next":"?cursor=t-2&page_size=2","self":"?cursor=&page_size=2"}}"#;

#[test]
fn trades_decode_with_numeric_ids_lenient_times_and_open_enums() {
    let page: LegacyPage<LegacyTrade> = decode(TRADES).unwrap();
    let camel: LegacyPage<LegacyTrade> = decode(
        &TRADES
            .replace("amount_fiat", "amountFiat")
            .replace("next_cursor", "nextCursor"),
    )
    .unwrap();
    assert_eq!(page, camel);
    let t = &page.data[0].attributes;
    assert_eq!(
        t.amount_cryptocoin,
        Some(Decimal::from_str("0.00197").unwrap())
    );
    assert_eq!(t.amount_cryptocoin.unwrap().scale(), 8);
    assert_eq!(
        (t.cryptocoin_id.as_deref(), t.fiat_id.as_deref()),
        (Some("1"), Some("1"))
    );
    assert_eq!(
        t.time.instant().unwrap().to_rfc3339(),
        "2026-05-04T09:15:27+00:00"
    );
    let odd = &page.data[1].attributes;
    assert_eq!(
        odd.status,
        Some(LegacyTradeStatus::Other("settling".into()))
    );
    assert_eq!(
        odd.trade_type.as_ref().map(|t| t.as_str()),
        Some("exchange")
    );
    assert!(odd.time.date_iso8601.is_none());
    assert_eq!(odd.time.instant().unwrap().timestamp(), 1_777_886_000);
    assert_eq!(odd.amount_fiat, None);
    assert_eq!(page.next_cursor(Some(2)), Some("t-2"));
}

#[test]
fn paging_stops_without_next_link_short_page_or_cursor() {
    let mut page: LegacyPage<LegacyTrade> = decode(TRADES).unwrap();
    page.links.next = None;
    assert_eq!(page.next_cursor(Some(2)), None, "no next link");
    let mut page: LegacyPage<LegacyTrade> = decode(TRADES).unwrap();
    page.meta.page_size = Some(3);
    assert_eq!(
        page.next_cursor(None),
        None,
        "fewer items than the page size"
    );
    let mut page: LegacyPage<LegacyTrade> = decode(TRADES).unwrap();
    page.meta.next_cursor = Some(String::new());
    assert_eq!(page.next_cursor(Some(2)), None, "empty cursor");
    let fiat = r#"{"data":[{"type":"fiat_wallet_transaction","id":"f-1","attributes":{"amount":"1.5","status":"processing",
      "type":"deposit","in_or_out":"incoming","requires_2fa_approval":false,"time":{"unix":1}}}],
      "meta":{"next_cursor":"f-1","page_size":1},"links":{"next":"?next_cursor=f-1&page_size=1"}}"#;
    let page: LegacyPage<LegacyFiatTransaction> = decode(fiat).unwrap();
    assert_eq!(
        page.next_cursor(None),
        Some("f-1"),
        "the cursor comes from meta, not the link"
    );
    let a = &page.data[0].attributes;
    assert_eq!(a.status, Some(LegacyFiatStatus::Processing));
    assert_eq!(a.in_or_out, Some(InOrOut::Incoming));
    assert_eq!(a.requires_2fa_approval, Some(false));
}

#[test]
fn wallets_and_transactions_decode() {
    let wallets = r#"{"data":[{"type":"wallet","id":"w","attributes":{"cryptocoin_id":"1","cryptocoin_symbol":"BTC",
      "balance":"0.50000000","is_default":true,"name":"BTC Wallet","pending_transactions_count":0,"deleted":false}}]}"#;
    let w: Envelope<Vec<LegacyItem<LegacyWallet>>> = decode(wallets).unwrap();
    assert_eq!(
        w.data[0].attributes.balance,
        Some(Decimal::from_str("0.5").unwrap())
    );
    let crypto = r#"{"type":"transaction","id":"c","attributes":{"status":"unconfirmed_transaction_out",
      "type":"ico","confirmations":3,"time":"2026-01-01T00:00:00Z"}}"#;
    let c: LegacyItem<LegacyCryptoTransaction> = decode(crypto).unwrap();
    assert_eq!(
        c.attributes.status,
        Some(LegacyCryptoStatus::UnconfirmedTransactionOut)
    );
    assert_eq!(
        c.attributes.transaction_type,
        Some(LegacyTransactionType::Ico)
    );
    assert!(c.attributes.time.instant().is_some());
    let metal = r#"{"type":"transaction","id":"m","attributes":{"status":"open_invitation","is_savings":true,
      "is_metal_storage_fee":false,"tags":[{"attributes":{"name":"x"}}],"trade":{"type":"trade","id":"t",
      "attributes":{"type":"buy","is_savings":true}}}}"#;
    let m: LegacyItem<LegacyCommodityTransaction> = decode(metal).unwrap();
    assert_eq!(m.attributes.trade.unwrap().id, "t");
    assert_eq!(m.attributes.tags.len(), 1);
}
