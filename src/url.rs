//! View state kept in the URL query, so a view can be shared and survives a reload: one
//! mechanism, [`UrlState`] with [`use_url_state`], for every filter and choice a page keeps
//! there; plus the rules for the return path after connecting. Secrets never go in the URL.

use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::NavigateOptions;

/// A view's state kept in the URL query: read from its parameters (anything unreadable
/// falls back to the default) and written back as them.
pub trait UrlState: Clone + PartialEq + Send + Sync + 'static {
    /// What the reading depends on besides the query (which legacy list a filter is for);
    /// `()` for most.
    type Scope: Copy + Send + Sync + 'static;

    /// Reads the state through `get` (a query lookup).
    fn from_query(scope: Self::Scope, get: impl Fn(&str) -> Option<String>) -> Self;

    /// Every parameter this state owns, with its value (`None`: left out of the URL).
    fn to_query(&self) -> Vec<(&'static str, Option<String>)>;
}

/// The state in the URL and a way to replace it: the URL changes (replacing the history
/// entry, without scrolling) and the state follows. Parameters the state does not own are
/// kept.
pub fn use_url_state<F: UrlState>(scope: F::Scope) -> (Memo<F>, Callback<F>) {
    let query = use_query_map();
    let navigate = use_navigate();
    let location = use_location();
    let state = Memo::new(move |_| query.with(|q| F::from_query(scope, |k| q.get(k))));
    let set = Callback::new(move |next: F| {
        let current: Vec<(String, String)> = query.with_untracked(|q| {
            q.into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        });
        let path = location.pathname.get_untracked();
        let options = NavigateOptions {
            replace: true,
            scroll: false,
            ..Default::default()
        };
        navigate(
            &format!("{path}{}", merged_query(&current, &next.to_query())),
            options,
        );
    });
    (state, set)
}

/// `state` with one of its parameters set to `value` (`None` removes it); a value the state
/// does not accept leaves that part at its default.
pub fn with_param<F: UrlState>(state: &F, scope: F::Scope, name: &str, value: Option<String>) -> F {
    let mut params = state.to_query();
    for (key, v) in params.iter_mut() {
        if *key == name {
            *v = value.clone();
        }
    }
    F::from_query(scope, |k| {
        params
            .iter()
            .find(|(p, _)| *p == k)
            .and_then(|(_, v)| v.clone())
    })
}

/// The query after replacing the parameters in `owned`: the others stay (in their order),
/// then the owned ones with a value.
pub fn merged_query(current: &[(String, String)], owned: &[(&str, Option<String>)]) -> String {
    let kept = current
        .iter()
        .filter(|(k, _)| !owned.iter().any(|(o, _)| o == k))
        .map(|(k, v)| (k.as_str(), Some(v.clone())));
    let all: Vec<(&str, Option<String>)> = kept.chain(owned.iter().cloned()).collect();
    query_string(&all)
}

/// Builds a URL query (`?type=buy&q=btc`) from parameter values, skipping absent ones.
pub fn query_string(params: &[(&str, Option<String>)]) -> String {
    let parts: Vec<String> = params
        .iter()
        .filter_map(|(k, v)| {
            let v = v.as_ref()?;
            Some(format!("{k}={}", folio_client::percent_encode(v)))
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("?{}", parts.join("&"))
    }
}

/// The display currency asked for in the URL (`?currency=EUR`); `None`: the one in
/// settings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CurrencyChoice(pub Option<String>);

impl UrlState for CurrencyChoice {
    type Scope = ();

    fn from_query((): (), get: impl Fn(&str) -> Option<String>) -> Self {
        Self(currency_from_query(get("currency").as_deref()))
    }

    fn to_query(&self) -> Vec<(&'static str, Option<String>)> {
        vec![("currency", self.0.clone())]
    }
}

/// A currency code from `?currency=`: 2–10 ASCII letters, upper-cased; anything else is
/// ignored.
pub fn currency_from_query(value: Option<&str>) -> Option<String> {
    let code = value?.trim();
    let valid = (2..=10).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphabetic());
    valid.then(|| code.to_ascii_uppercase())
}

/// The page to return to after connecting: a path on this site only. Anything else — an
/// absolute or scheme-relative URL (`//host`, `/\\host`), a control character or whitespace
/// anywhere (browsers strip tabs and newlines, so `/\t/evil.example` would become
/// `//evil.example`), a backslash, or the Connect page itself — gives `/`. The page also
/// resolves the result against its own origin before navigating (`pages::connect`).
pub fn safe_return_path(next: Option<&str>) -> String {
    let Some(path) = next else {
        return "/".to_string();
    };
    let plain = !path
        .chars()
        .any(|c| c.is_control() || c.is_whitespace() || c == '\\');
    let local = path.starts_with('/') && !path[1..].starts_with('/');
    if plain && local && !path.starts_with("/connect") {
        path.to_string()
    } else {
        "/".to_string()
    }
}

/// The Connect address for a visitor without a key, remembering the page they asked for
/// (path and query only; the key is never in a URL).
pub fn connect_redirect(requested: &str) -> String {
    let target = safe_return_path(Some(requested));
    if target == "/" {
        "/connect".to_string()
    } else {
        format!("/connect?next={}", folio_client::percent_encode(&target))
    }
}

/// The address of the page of the asset with `symbol` (`/assets/BTC`); `None` for a label
/// that is not a symbol (an id the catalogue did not name, shown shortened as `…1a2b3c4d`).
pub fn asset_href(symbol: &str) -> Option<String> {
    is_symbol(symbol).then(|| format!("/assets/{symbol}"))
}

/// Whether `text` can be an asset's symbol: 1–24 letters, digits, `.`, `-` or `_` (`BTC`,
/// `BRK.B`). The one rule for symbols read from an address (`/assets/…`, `?asset=`).
pub fn is_symbol(text: &str) -> bool {
    (1..=24).contains(&text.len())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_symbols_lead_to_an_asset_page() {
        assert_eq!(asset_href("BTC").as_deref(), Some("/assets/BTC"));
        assert_eq!(asset_href("BRK.B").as_deref(), Some("/assets/BRK.B"));
        assert_eq!(asset_href("…1a2b3c4d"), None);
        assert_eq!(asset_href("a/b"), None);
        assert_eq!(asset_href(""), None);
    }

    #[test]
    fn other_parameters_are_kept() {
        let current = vec![
            ("source".to_string(), "legacy".to_string()),
            ("type".to_string(), "buy".to_string()),
        ];
        let owned = [("type", Some("sell".to_string())), ("q", None)];
        assert_eq!(merged_query(&current, &owned), "?source=legacy&type=sell");
        assert_eq!(
            merged_query(&[], &[("q", Some("a b&c".into()))]),
            "?q=a%20b%26c"
        );
        assert_eq!(merged_query(&[], &[("q", None)]), "");
    }

    #[test]
    fn currencies() {
        assert_eq!(currency_from_query(Some("eur")), Some("EUR".into()));
        assert_eq!(currency_from_query(Some("USD ")), Some("USD".into()));
        assert_eq!(currency_from_query(Some("E")), None);
        assert_eq!(currency_from_query(Some("<script>")), None);
        assert_eq!(currency_from_query(None), None);
    }

    #[test]
    fn return_path_stays_inside_the_app() {
        assert_eq!(
            safe_return_path(Some("/history?timeframe=YEAR")),
            "/history?timeframe=YEAR"
        );
        assert_eq!(safe_return_path(Some("//evil.example")), "/");
        assert_eq!(safe_return_path(Some("https://evil.example")), "/");
        assert_eq!(safe_return_path(Some("javascript:alert(1)")), "/");
        assert_eq!(safe_return_path(Some("/\\evil.example")), "/");
        assert_eq!(safe_return_path(Some("/connect")), "/");
        assert_eq!(safe_return_path(None), "/");
        // The browser strips tabs and newlines: these would leave the site.
        assert_eq!(safe_return_path(Some("/\t/evil.example")), "/");
        assert_eq!(safe_return_path(Some("/\n/evil.example")), "/");
        assert_eq!(safe_return_path(Some("/\r/evil.example")), "/");
        assert_eq!(safe_return_path(Some(" //evil.example")), "/");
        assert_eq!(safe_return_path(Some("/\u{0}/evil.example")), "/");
        assert_eq!(safe_return_path(Some("/ /evil.example")), "/");
        assert_eq!(
            safe_return_path(Some("/trade?asset=BTC")),
            "/trade?asset=BTC"
        );
        assert_eq!(connect_redirect("/"), "/connect");
        assert_eq!(
            connect_redirect("/history?timeframe=YEAR"),
            "/connect?next=%2Fhistory%3Ftimeframe%3DYEAR"
        );
    }
}
