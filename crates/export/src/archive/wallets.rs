//! The asset wallets answer is one object grouping wallets by asset type
//! (`data.attributes.cryptocoin.attributes.wallets`, `data.attributes.commodity.metal
//! .attributes.wallets`); its CSV has one row per wallet with the group's path first.

use folio_client::json_text::{array_items, object_fields, value_at};

/// The wallets of `group_json` (`{…, attributes: {wallets: [...]}}`), as exact JSON texts.
fn wallets_of(group_json: &str) -> Option<Vec<String>> {
    let list = value_at(group_json, &["attributes", "wallets"])?;
    Some(array_items(list)?.into_iter().map(str::to_string).collect())
}

/// Every wallet of an asset wallets answer as `(group, wallet JSON)`: groups are found one
/// or two levels under `data.attributes` (`cryptocoin`, `commodity.metal`, and any other the
/// answer holds), in the order sent.
pub fn asset_wallet_rows(body: &str) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    let Some(groups) = value_at(body, &["data", "attributes"]).and_then(object_fields) else {
        return rows;
    };
    for (name, group) in groups {
        if let Some(wallets) = wallets_of(group) {
            rows.extend(wallets.into_iter().map(|w| (name.clone(), w)));
            continue;
        }
        for (inner, sub) in object_fields(group).unwrap_or_default() {
            if let Some(wallets) = wallets_of(sub) {
                let path = format!("{name}.{inner}");
                rows.extend(wallets.into_iter().map(|w| (path.clone(), w)));
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wallets_of_every_group_in_order() {
        let body = r#"{"last_user_action":{"unix":"1"},"data":{"type":"data","attributes":{
            "cryptocoin":{"type":"collection","attributes":{"wallets":[{"id":"a"},{"id":"b"}]}},
            "commodity":{"metal":{"type":"collection","attributes":{"wallets":[{"id":"c","attributes":{"balance":"1.0"}}]}}},
            "index":{"type":"collection","attributes":{"wallets":[]}}}}}"#;
        let rows = asset_wallet_rows(body);
        let got: Vec<(&str, &str)> = rows.iter().map(|(g, w)| (g.as_str(), w.as_str())).collect();
        assert_eq!(
            got,
            [
                ("cryptocoin", r#"{"id":"a"}"#),
                ("cryptocoin", r#"{"id":"b"}"#),
                (
                    "commodity.metal",
                    r#"{"id":"c","attributes":{"balance":"1.0"}}"#
                ),
            ]
        );
        assert!(asset_wallet_rows("{}").is_empty());
        assert!(asset_wallet_rows("not json").is_empty());
    }
}
