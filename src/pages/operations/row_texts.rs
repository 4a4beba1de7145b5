//! What an operation's row says in words — its legs out and in, fees, taxes and trade rates,
//! formatted with the assets' symbols — made when the row is drawn, for the few rows on
//! screen, instead of being kept for every loaded operation (issue 44: memory at 100,000).

use folio_client::current::Operation;
use folio_client::Money;

use super::rows::{side_of, type_label, Names, Side};
use crate::format::format_amount;

/// The words of one operation's row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowTexts {
    /// Operation id.
    pub id: String,
    /// A readable label ("Savings plan"); unknown types keep their raw name.
    pub type_label: String,
    /// Outgoing legs, e.g. `100.00 EUR`.
    pub out: Vec<String>,
    /// Incoming legs.
    pub incoming: Vec<String>,
    /// Fee legs and informational fees.
    pub fee: Option<String>,
    /// Tax legs.
    pub tax: Option<String>,
    /// Trade rate and rate with fee, when traded.
    pub rate: Option<(String, String)>,
}

fn amount_text(money: &Money, names: &Names) -> String {
    format!("{} {}", format_amount(money.value), names.unit_of(money))
}

/// The row's words for `op`, with the symbols of `names`.
pub fn row_texts(op: &Operation, names: &Names) -> RowTexts {
    let raw = op.operation_type.as_ref().map_or("unknown", |t| t.as_str());
    let mut texts = RowTexts {
        id: op.operation_id.to_string(),
        type_label: type_label(raw),
        ..RowTexts::default()
    };
    let (mut fees, mut taxes) = (Vec::new(), Vec::new());
    for tx in &op.transactions {
        if let Some(trade) = tx.trade.as_ref() {
            if let (Some(r), Some(rf)) = (trade.rate, trade.rate_with_fee) {
                texts
                    .rate
                    .get_or_insert((format_amount(r), format_amount(rf)));
            }
        }
        let Some(amount) = tx.asset_amount.as_ref() else {
            continue;
        };
        let text = amount_text(amount, names);
        let side = side_of(tx);
        match side {
            Side::Fee => fees.push(text),
            Side::Tax => taxes.push(text),
            Side::Out => texts.out.push(text),
            Side::In => texts.incoming.push(text),
        }
        if let Some(fee) = tx.fee_amount.as_ref().filter(|f| !f.value.is_zero()) {
            if side != Side::Fee {
                fees.push(amount_text(fee, names));
            }
        }
    }
    texts.fee = (!fees.is_empty()).then(|| fees.join(", "));
    texts.tax = (!taxes.is_empty()).then(|| taxes.join(", "));
    texts
}
