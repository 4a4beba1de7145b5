//! The documented CSV columns of each legacy list (`docs/exports.md`, "Legacy archive"):
//! `id`, `type`, then the resource's attributes as the interface lists them, flattened with
//! dots (a timestamp object is `….date_iso8601` and `….unix`). Attributes a record carries
//! beyond these follow, in the order they first appear.

use folio_client::legacy::LegacyList;

/// The attributes of a trade (also embedded in a commodity transaction).
const TRADE: &[&str] = &[
    "status",
    "type",
    "cryptocoin_id",
    "fiat_id",
    "amount_fiat",
    "amount_cryptocoin",
    "fiat_to_eur_rate",
    "wallet_id",
    "fiat_wallet_id",
    "payment_option_id",
    "time@",
    "price",
    "is_swap",
];

const WALLET: &[&str] = &[
    "cryptocoin_id",
    "cryptocoin_symbol",
    "balance",
    "is_default",
    "name",
    "pending_transactions_count",
    "deleted",
];

const ASSET_WALLET: &[&str] = &[
    "cryptocoin_id",
    "cryptocoin_symbol",
    "balance",
    "is_default",
    "name",
    "deleted",
];

const FIAT_WALLET: &[&str] = &[
    "fiat_id",
    "fiat_symbol",
    "balance",
    "name",
    "pending_transactions_count",
];

const FIAT_TRANSACTION: &[&str] = &[
    "fiat_wallet_id",
    "user_id",
    "fiat_id",
    "amount",
    "fee",
    "to_eur_rate",
    "time@",
    "in_or_out",
    "type",
    "status",
    "confirmation_by",
    "confirmed",
    "payment_option_id",
    "requires_2fa_approval",
    "last_changed@",
];

const CRYPTO_TRANSACTION: &[&str] = &[
    "amount",
    "recipient",
    "time@",
    "confirmations",
    "in_or_out",
    "type",
    "status",
    "amount_eur",
    "purpose_text",
    "related_wallet_transaction_id",
    "related_wallet_id",
    "wallet_id",
    "confirmed",
    "cryptocoin_id",
    "last_changed@",
    "fee",
    "current_fiat_id",
    "current_fiat_amount",
    "tx_id",
];

/// Crypto transaction attributes a commodity transaction does not have.
const NOT_ON_COMMODITY: &[&str] = &[
    "confirmations",
    "purpose_text",
    "related_wallet_transaction_id",
    "related_wallet_id",
];

/// `prefix` + each attribute; `name@` (a timestamp object) becomes its two parts.
fn expand(prefix: &str, attributes: &[&str], out: &mut Vec<String>) {
    for a in attributes {
        match a.strip_suffix('@') {
            Some(time) => {
                out.push(format!("{prefix}{time}.date_iso8601"));
                out.push(format!("{prefix}{time}.unix"));
            }
            None => out.push(format!("{prefix}{a}")),
        }
    }
}

/// The documented columns of `list`'s CSV, in order.
pub fn documented_columns(list: LegacyList) -> Vec<String> {
    let mut out = Vec::new();
    if list == LegacyList::AssetWallets {
        out.push("group".to_string());
    }
    out.push("id".to_string());
    out.push("type".to_string());
    let p = "attributes.";
    match list {
        LegacyList::Wallets => expand(p, WALLET, &mut out),
        LegacyList::AssetWallets => expand(p, ASSET_WALLET, &mut out),
        LegacyList::FiatWallets => expand(p, FIAT_WALLET, &mut out),
        LegacyList::Trades => expand(p, TRADE, &mut out),
        LegacyList::FiatTransactions => expand(p, FIAT_TRANSACTION, &mut out),
        LegacyList::CryptoTransactions => expand(p, CRYPTO_TRANSACTION, &mut out),
        LegacyList::CommodityTransactions => {
            let own: Vec<&str> = CRYPTO_TRANSACTION
                .iter()
                .copied()
                .filter(|a| !NOT_ON_COMMODITY.contains(a))
                .collect();
            expand(p, &own, &mut out);
            out.push("attributes.trade.id".to_string());
            out.push("attributes.trade.type".to_string());
            expand("attributes.trade.attributes.", TRADE, &mut out);
            out.push("attributes.trade.attributes.is_savings".to_string());
            expand(p, &["is_savings", "is_metal_storage_fee", "tags"], &mut out);
        }
    }
    out
}

/// The file name (without extension) of `list` in the archive.
pub fn file_stem(list: LegacyList) -> &'static str {
    match list {
        LegacyList::Wallets => "wallets",
        LegacyList::FiatWallets => "fiat-wallets",
        LegacyList::AssetWallets => "asset-wallets",
        LegacyList::Trades => "trades",
        LegacyList::FiatTransactions => "fiat-transactions",
        LegacyList::CryptoTransactions => "crypto-transactions",
        LegacyList::CommodityTransactions => "commodity-transactions",
    }
}

/// What `list` holds, in the user's words.
pub fn title(list: LegacyList) -> &'static str {
    match list {
        LegacyList::Wallets => "Crypto wallets",
        LegacyList::FiatWallets => "Fiat wallets",
        LegacyList::AssetWallets => "Asset wallets (crypto and metals, grouped)",
        LegacyList::Trades => "Trades",
        LegacyList::FiatTransactions => "Fiat transactions",
        LegacyList::CryptoTransactions => "Crypto transactions",
        LegacyList::CommodityTransactions => "Commodity (metal) transactions",
    }
}
