//! The state of one trade, from the typed order to the receipt, and the three writes/reads
//! that move it on: get a quote, accept it (exactly once), check an unknown outcome.

use chrono::{DateTime, Utc};
use folio_client::current::{
    AcceptedQuote, Currency, OperationsQuery, Quote, QuoteRequest, Side, TradingLimits,
};
use folio_client::{AssetId, Client, CurrencyId};
use leptos::prelude::*;
use leptos::task::spawn_local;
use rust_decimal::Decimal;

use crate::components::OneClick;
use crate::trade_ticket::{
    check_amount, explain_refusal, find_trade, AmountUnit, FoundTrade, Refusal,
};

/// An asset the person holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Holding {
    pub asset: PickedAsset,
    pub balance: Option<Decimal>,
}

/// The asset chosen for the trade.
#[derive(Debug, Clone, PartialEq)]
pub struct PickedAsset {
    pub id: AssetId,
    pub symbol: String,
    pub name: String,
    /// Decimals its quantities may have.
    pub decimals: u32,
    /// Available balance (`None` when the portfolio could not be read).
    pub available: Option<Decimal>,
}

/// What the page loads: currencies, holdings, the key's limits.
#[derive(Debug, Clone, PartialEq)]
pub struct TradeData {
    pub currencies: Vec<Currency>,
    /// `None` when the portfolio could not be read (no Balance permission).
    pub holdings: Option<Vec<Holding>>,
    pub limits: Option<TradingLimits>,
}

impl TradeData {
    /// The code of a currency id (or the id).
    pub fn code_of(&self, id: Option<&CurrencyId>) -> String {
        let Some(id) = id else {
            return String::new();
        };
        self.currencies
            .iter()
            .find(|c| &c.id == id)
            .and_then(|c| c.symbol.clone())
            .unwrap_or_else(|| id.to_string())
    }
}

/// What "Check" found for an unknown outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckState {
    NotYet,
    Checking,
    Found(FoundTrade),
    NotFound,
    Failed(String),
}

/// Where the trade is.
#[derive(Debug, Clone, PartialEq)]
pub enum Stage {
    /// Filling in the form.
    Idle,
    /// The quote could not be created (message).
    QuoteFailed(String),
    /// A quote to accept.
    Quoted(Quote),
    /// The accept is on its way.
    Accepting(Quote),
    /// Done: the receipt.
    Done(Quote, Box<AcceptedQuote>),
    /// Refused: nothing happened.
    Refused(Quote, Refusal),
    /// The answer never came: the trade may or may not exist.
    Unknown {
        quote: Quote,
        sent_at: DateTime<Utc>,
        check: CheckState,
    },
}

/// The page's shared state (context).
#[derive(Debug, Clone, Copy)]
pub struct TradeCtx {
    pub asset: RwSignal<Option<PickedAsset>>,
    pub currency: RwSignal<Option<CurrencyId>>,
    pub side: RwSignal<Side>,
    pub unit: RwSignal<AmountUnit>,
    pub amount: RwSignal<String>,
    pub amount_error: RwSignal<Option<String>>,
    pub stage: RwSignal<Stage>,
    pub quoting: OneClick,
    pub accepting: OneClick,
    pub confirm_open: RwSignal<bool>,
    /// The last quote request, for "New quote".
    pub last_request: RwSignal<Option<QuoteRequest>>,
    /// Bumped after a trade so holdings and budgets reload.
    pub reload: RwSignal<u32>,
}

impl TradeCtx {
    pub fn new() -> Self {
        Self {
            asset: RwSignal::new(None),
            currency: RwSignal::new(None),
            side: RwSignal::new(Side::Buy),
            unit: RwSignal::new(AmountUnit::Notional),
            amount: RwSignal::new(String::new()),
            amount_error: RwSignal::new(None),
            stage: RwSignal::new(Stage::Idle),
            quoting: OneClick::new(),
            accepting: OneClick::new(),
            confirm_open: RwSignal::new(false),
            last_request: RwSignal::new(None),
            reload: RwSignal::new(0),
        }
    }

    /// Checks the form; on success asks for a quote. Nothing is sent when a check fails.
    pub fn get_quote(self, client: Option<Client>) {
        let Some(asset) = self.asset.get_untracked() else {
            self.amount_error.set(Some("Choose an asset first.".into()));
            return;
        };
        let side = self.side.get_untracked();
        let checked = self.amount.with_untracked(|text| {
            check_amount(
                &side,
                self.unit.get_untracked(),
                text,
                asset.decimals,
                asset.available,
            )
        });
        let amount = match checked {
            Ok(amount) => amount,
            Err(e) => {
                self.amount_error.set(Some(e.message()));
                return;
            }
        };
        self.amount_error.set(None);
        let request = QuoteRequest {
            asset_id: asset.id,
            currency_id: self
                .currency
                .get_untracked()
                .unwrap_or_else(CurrencyId::eur),
            side,
            amount,
        };
        self.send_quote(client, request);
    }

    /// Prices the last order again ("New quote").
    pub fn new_quote(self, client: Option<Client>) {
        if let Some(request) = self.last_request.get_untracked() {
            self.send_quote(client, request);
        }
    }

    fn send_quote(self, client: Option<Client>, request: QuoteRequest) {
        let Some(client) = client else { return };
        if !self.quoting.try_start() {
            return;
        }
        self.last_request.set(Some(request.clone()));
        spawn_local(async move {
            let stage = match client.create_quote(&request).await {
                Ok(quote) => Stage::Quoted(quote),
                Err(e) => Stage::QuoteFailed(e.user_message()),
            };
            self.stage.set(stage);
            self.quoting.finish();
        });
    }

    /// Accepts the quote on screen: one POST, whatever the clicks or keys.
    pub fn accept(self, client: Option<Client>) {
        let Some(client) = client else { return };
        if !self.accepting.try_start() {
            return;
        }
        let Stage::Quoted(quote) = self.stage.get_untracked() else {
            self.accepting.finish();
            return;
        };
        self.stage.set(Stage::Accepting(quote.clone()));
        let sent_at = Utc::now();
        spawn_local(async move {
            let stage = match client.accept_quote(&quote.quote_id).await {
                Ok(accepted) => Stage::Done(quote, Box::new(accepted)),
                Err(e) if e.write_outcome_unknown() => Stage::Unknown {
                    quote,
                    sent_at,
                    check: CheckState::NotYet,
                },
                Err(e) => Stage::Refused(quote, explain_refusal(&e)),
            };
            self.stage.set(stage);
            self.confirm_open.set(false);
            self.accepting.finish();
            self.reload.update(|n| *n += 1);
        });
    }

    /// Looks for the trade of an unknown outcome in Operations.
    pub fn check(self, client: Option<Client>) {
        let Some(client) = client else { return };
        let Stage::Unknown {
            quote,
            sent_at,
            check,
        } = self.stage.get_untracked()
        else {
            return;
        };
        if check == CheckState::Checking {
            return;
        }
        let Some(asset) = quote.asset_id.clone() else {
            return;
        };
        let set = move |check: CheckState| {
            self.stage.set(Stage::Unknown {
                quote: quote.clone(),
                sent_at,
                check,
            });
        };
        set(CheckState::Checking);
        let side = quote_side(&self);
        let quantity = self.stage.with_untracked(stage_quantity);
        spawn_local(async move {
            let query = OperationsQuery {
                page_size: Some(25),
                asset_ids: vec![asset.clone()],
                ..OperationsQuery::default()
            };
            let state = match client.operations(&query).await {
                Ok(page) => match find_trade(&page.data, &side, &asset, quantity, sent_at) {
                    Some(found) => CheckState::Found(found),
                    None => CheckState::NotFound,
                },
                Err(e) => CheckState::Failed(e.user_message()),
            };
            set(state);
            self.reload.update(|n| *n += 1);
        });
    }

    /// Back to the form for another trade.
    pub fn start_over(self) {
        self.stage.set(Stage::Idle);
    }
}

fn quote_side(ctx: &TradeCtx) -> Side {
    ctx.stage
        .with_untracked(|s| match s {
            Stage::Unknown { quote, .. } => quote.side.clone(),
            _ => None,
        })
        .unwrap_or_else(|| ctx.side.get_untracked())
}

fn stage_quantity(stage: &Stage) -> Option<Decimal> {
    match stage {
        Stage::Unknown { quote, .. } => quote.quote.as_ref().and_then(|f| f.quantity),
        _ => None,
    }
}

/// The page state provided by the Trade page.
pub fn use_trade() -> TradeCtx {
    expect_context::<TradeCtx>()
}
