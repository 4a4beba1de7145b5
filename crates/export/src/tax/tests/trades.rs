//! The rows a trade becomes (buy, sell, swap), cell by cell where it matters, and the
//! lines of a CSV file around them.

use super::*;

const AT: &str = "2025-03-01T10:00:00.000Z";

fn buy() -> Operation {
    let t = trade("tr-1", "1.49", EUR, "58000.00");
    op(
        "o-buy",
        "buy",
        vec![
            with_trade(
                leg("t-buy-eur", EUR, "100.00", "buy", "OUTGOING", AT),
                t.clone(),
            ),
            with_trade(
                leg("t-buy-btc", BTC, "0.00169844", "buy", "INCOMING", AT),
                t,
            ),
        ],
    )
}

fn sell_with_tax() -> Operation {
    let t = trade("tr-2", "0.86", EUR, "58000.00");
    op(
        "o-sell",
        "sell",
        vec![
            with_trade(
                leg("t-sell-btc", BTC, "0.001", "sell", "OUTGOING", AT),
                t.clone(),
            ),
            with_trade(leg("t-sell-eur", EUR, "57.14", "sell", "INCOMING", AT), t),
            leg("t-sell-tax", EUR, "5.00", "tax", "OUTGOING", AT),
        ],
    )
}

fn swap() -> Operation {
    let t = trade("tr-3", "0.0017", ETH, "17.0");
    op(
        "o-swap",
        "swap",
        vec![
            with_trade(
                leg("t-swap-btc", BTC, "0.01", "swap", "OUTGOING", AT),
                t.clone(),
            ),
            with_trade(leg("t-swap-eth", ETH, "0.1683", "swap", "INCOMING", AT), t),
        ],
    )
}

#[test]
fn a_buy_is_one_row_with_the_fee_taken_out_where_the_tool_adds_it() {
    let ops = [buy()];
    let bp = bitpanda_rows(&ops);
    assert_eq!(bp.len(), 1);
    let r = &bp[0];
    assert_eq!(r["Transaction ID"], "tr-1");
    assert_eq!(r["Timestamp"], "2025-03-01T10:00:00+00:00");
    assert_eq!(
        (r["Transaction Type"].as_str(), r["In/Out"].as_str()),
        ("buy", "outgoing")
    );
    assert_eq!(
        (r["Amount Fiat"].as_str(), r["Fiat"].as_str()),
        ("100.00", "EUR")
    );
    assert_eq!(
        (r["Amount Asset"].as_str(), r["Asset"].as_str()),
        ("0.00169844", "BTC")
    );
    assert_eq!(r["Asset market price"], "58000.00");
    assert_eq!(r["Asset market price currency"], "EUR");
    assert_eq!(r["Asset class"], "Cryptocurrency");
    assert_eq!(
        (r["Fee"].as_str(), r["Fee asset"].as_str()),
        ("1.49", "EUR")
    );
    assert_eq!(r["Fee percent"], "1.49");
    assert_eq!((r["Product ID"].as_str(), r["Spread"].as_str()), ("-", "-"));
    assert_eq!(r["Tax Fiat"], "0.00");

    let k = koinly_rows(&ops);
    assert_eq!(k.len(), 1);
    let r = &k[0];
    assert_eq!(r["Date"], "2025-03-01 10:00:00 UTC");
    // 98.51 sent + 1.49 fee = the 100.00 that left the EUR wallet.
    assert_eq!(
        (r["Sent Amount"].as_str(), r["Sent Currency"].as_str()),
        ("98.51", "EUR")
    );
    assert_eq!(
        (
            r["Received Amount"].as_str(),
            r["Received Currency"].as_str()
        ),
        ("0.00169844", "BTC")
    );
    assert_eq!(
        (r["Fee Amount"].as_str(), r["Fee Currency"].as_str()),
        ("1.49", "EUR")
    );
    assert_eq!(
        (
            r["Net Worth Amount"].as_str(),
            r["Net Worth Currency"].as_str()
        ),
        ("98.51", "EUR")
    );
    assert_eq!((r["Label"].as_str(), r["TxHash"].as_str()), ("", "tr-1"));

    let g = activities(&ops);
    assert_eq!(g.len(), 1);
    let a = &g[0];
    assert_eq!(a["type"], "BUY");
    assert_eq!(a["quantity"], "0.00169844");
    assert_eq!(a["unitPrice"], "58000.00");
    assert_eq!((a["fee"].as_str(), a["currency"].as_str()), ("1.49", "EUR"));
    assert_eq!(
        (a["dataSource"].as_str(), a["symbol"].as_str()),
        ("MANUAL", "GF_BTC")
    );
    assert_eq!(a["date"], "2025-03-01T10:00:00.000Z");
    assert!(a["comment"].contains("o-buy"), "{}", a["comment"]);
}

#[test]
fn a_sell_with_withheld_tax_states_the_tax() {
    let ops = [sell_with_tax()];
    let bp = bitpanda_rows(&ops);
    assert_eq!(bp.len(), 1, "the tax is a column, not a row");
    let r = &bp[0];
    assert_eq!(
        (r["Transaction Type"].as_str(), r["In/Out"].as_str()),
        ("sell", "incoming")
    );
    assert_eq!(r["Amount Fiat"], "57.14");
    assert_eq!(r["Tax Fiat"], "5.00");
    assert_eq!(r["Fee"], "0.86");

    let k = koinly_rows(&ops);
    assert_eq!(k.len(), 2);
    // The proceeds before the fee: 57.14 arrived, 0.86 was the fee.
    assert_eq!(k[0]["Received Amount"], "58.00");
    assert_eq!(k[0]["Sent Amount"], "0.001");
    assert_eq!(k[0]["Fee Amount"], "0.86");
    assert_eq!(
        (k[1]["Sent Amount"].as_str(), k[1]["Label"].as_str()),
        ("5.00", "Tax")
    );
    assert_eq!(k[1]["TxHash"], "t-sell-tax");

    let g = activities(&ops);
    assert_eq!(g.len(), 2);
    assert_eq!(
        (g[0]["type"].as_str(), g[0]["quantity"].as_str()),
        ("SELL", "0.001")
    );
    assert_eq!(g[0]["fee"], "0.86");
    assert_eq!(
        (g[1]["type"].as_str(), g[1]["fee"].as_str()),
        ("FEE", "5.00")
    );
    assert_eq!(g[1]["symbol"], "GF_BITPANDA_TAX_EUR");
}

#[test]
fn a_swap_names_both_assets() {
    let ops = [swap()];
    let bp = bitpanda_rows(&ops);
    assert_eq!(bp.len(), 2);
    assert_eq!(
        (bp[0]["Transaction Type"].as_str(), bp[0]["Asset"].as_str()),
        ("sell", "BTC")
    );
    assert_eq!(bp[0]["Amount Asset"], "0.01");
    assert_eq!(
        (bp[0]["Amount Fiat"].as_str(), bp[0]["Fiat"].as_str()),
        ("-", "-")
    );
    assert_eq!(
        (bp[1]["Transaction Type"].as_str(), bp[1]["Asset"].as_str()),
        ("buy", "ETH")
    );
    assert_eq!(bp[1]["Amount Asset"], "0.1683");
    assert_eq!(
        (bp[1]["Fee"].as_str(), bp[1]["Fee asset"].as_str()),
        ("0.0017", "ETH")
    );
    assert_eq!(bp[1]["Tax Fiat"], "-");

    let k = koinly_rows(&ops);
    assert_eq!(k.len(), 1);
    assert_eq!(
        (k[0]["Sent Amount"].as_str(), k[0]["Sent Currency"].as_str()),
        ("0.01", "BTC")
    );
    // 0.1683 arrived after the 0.0017 fee.
    assert_eq!(
        (
            k[0]["Received Amount"].as_str(),
            k[0]["Received Currency"].as_str()
        ),
        ("0.1700", "ETH")
    );
    assert_eq!(
        (k[0]["Fee Amount"].as_str(), k[0]["Fee Currency"].as_str()),
        ("0.0017", "ETH")
    );
    assert_eq!(k[0]["Net Worth Amount"], "");

    let g = activities(&ops);
    assert_eq!(g.len(), 2);
    assert_eq!(
        (g[0]["type"].as_str(), g[0]["symbol"].as_str()),
        ("SELL", "GF_BTC")
    );
    assert_eq!(
        (g[1]["type"].as_str(), g[1]["symbol"].as_str()),
        ("BUY", "GF_ETH")
    );
    assert_eq!(
        (g[1]["quantity"].as_str(), g[1]["unitPrice"].as_str()),
        ("0.1683", "0")
    );

    let summary = file(TaxFormat::KoinlyCsv, &ops).summary;
    assert_eq!(summary.without_price, 1);
}

#[test]
fn csv_lines_end_with_crlf_and_the_bitpanda_header_follows_five_lines() {
    let text = file(TaxFormat::BitpandaCsv, &[buy()]).text;
    assert!(text.ends_with("\r\n"));
    assert_eq!(text.matches("\r\n").count(), 7);
    let header = text.split("\r\n").nth(5).expect("header line");
    assert!(
        header.starts_with("Transaction ID,Timestamp,Transaction Type,In/Out,"),
        "{header}"
    );
    assert!(
        header.ends_with(",Spread,Spread Currency,Tax Fiat"),
        "{header}"
    );
}
