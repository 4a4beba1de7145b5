//! The state of one trade, from the typed order to the receipt, and the requests that move it
//! on: get a quote, accept it (exactly once, through the app-owned write path), and check an
//! unknown outcome by accepting the *same* quote again — which the service refuses with
//! `quote_already_accepted` when the first accept went through, so it can never buy twice.

use crate::components::error_view::AmountWords;
use crate::components::error_view::PlainWords;
use chrono::{DateTime, Utc};
use folio_client::current::{AcceptedQuote, Currency, Quote, QuoteRequest, Side, TradingLimits};
use folio_client::{AssetId, Client, CurrencyId};
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::components::OneClick;
use crate::data::page_task::PageTasks;
use crate::data::write::{use_write, Sent, Words, Write, WriteLabel};
use crate::i18n::{t, tf};
use crate::pages::trade::ticket::{check_amount, explain_refusal, AmountUnit, Refusal};

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
    /// Not checked yet.
    NotYet,
    /// The second accept is on its way.
    Checking,
    /// The service refused the second accept because the first one went through.
    AlreadyAccepted,
    /// The check could not tell (the quote expired, another refusal, or no answer again).
    CannotTell(String),
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
    /// The accept (and the check's second accept), owned by the app.
    pub accept_write: Write<AcceptedQuote>,
    pub confirm_open: RwSignal<bool>,
    /// The last quote request and the asset it was for, for "New quote" and for naming the
    /// quoted asset (never the picker's current choice).
    pub last_request: RwSignal<Option<(QuoteRequest, PickedAsset)>>,
    /// Bumped after a trade so holdings and budgets reload.
    pub reload: RwSignal<u32>,
    /// The page's reads (quotes), dropped when the page goes away.
    tasks: PageTasks,
}

impl TradeCtx {
    /// The page's trade state; its accept is answered through [`Self::on_answer`].
    pub fn new() -> Self {
        let accept_write = use_write::<AcceptedQuote>();
        let ctx = Self {
            asset: RwSignal::new(None),
            currency: RwSignal::new(None),
            side: RwSignal::new(Side::Buy),
            unit: RwSignal::new(AmountUnit::Notional),
            amount: RwSignal::new(String::new()),
            amount_error: RwSignal::new(None),
            stage: RwSignal::new(Stage::Idle),
            quoting: OneClick::new(),
            accepting: accept_write.guard(),
            accept_write,
            confirm_open: RwSignal::new(false),
            last_request: RwSignal::new(None),
            reload: RwSignal::new(0),
            tasks: PageTasks::new(),
        };
        crate::effect::effect(move || {
            if let Some(sent) = accept_write.outcome() {
                ctx.on_answer(sent);
            }
        });
        ctx
    }

    /// The symbol of the asset `quote` is for: the asset of the request that produced it (the
    /// quote's own `asset_id` wins when they differ).
    pub fn quoted_symbol(&self, quote: &Quote) -> String {
        let requested = self
            .last_request
            .with_untracked(|r| r.as_ref().map(|(_, a)| a.clone()));
        match (requested, quote.asset_id.as_ref()) {
            (Some(asset), Some(id)) if &asset.id == id => asset.symbol,
            (Some(asset), None) => asset.symbol,
            (_, Some(id)) => id.to_string(),
            (None, None) => String::new(),
        }
    }

    /// Checks the form; on success asks for a quote. Nothing is sent when a check fails.
    pub fn get_quote(self, client: Option<Client>) {
        let Some(asset) = self.asset.get_untracked() else {
            self.amount_error
                .set(Some(t("Choose an asset first.").into()));
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
            asset_id: asset.id.clone(),
            currency_id: self
                .currency
                .get_untracked()
                .unwrap_or_else(CurrencyId::eur),
            side,
            amount,
        };
        self.send_quote(client, request, asset);
    }

    /// Prices the last order again ("New quote").
    pub fn new_quote(self, client: Option<Client>) {
        if let Some((request, asset)) = self.last_request.get_untracked() {
            self.send_quote(client, request, asset);
        }
    }

    /// Asks for a quote. A quote creates nothing (it only prices), so it is a page-owned
    /// request, canceled when the page goes away.
    fn send_quote(self, client: Option<Client>, request: QuoteRequest, asset: PickedAsset) {
        let Some(client) = client else { return };
        if !self.quoting.try_start() {
            return;
        }
        self.last_request.set(Some((request.clone(), asset)));
        self.tasks.spawn(async move {
            let stage = match super::quote_part::request_quote(client, request).await {
                Ok(Ok(quote)) => Stage::Quoted(quote),
                Ok(Err(e)) => Stage::QuoteFailed(e.user_message()),
                // Nothing was sent: the part that sends it did not arrive.
                Err(_) => Stage::QuoteFailed(
                    t("The quote was not requested: part of Folio did not download. Check the connection and try again.").into(),
                ),
            };
            self.stage.set(stage);
            self.quoting.finish();
        });
    }

    /// Accepts the quote on screen: one POST, whatever the clicks or keys.
    pub fn accept(self, client: Option<Client>) {
        let Some(client) = client else { return };
        let Stage::Quoted(quote) = self.stage.get_untracked() else {
            return;
        };
        let symbol = self.quoted_symbol(&quote);
        let what = Words::new(move || tf("Accepting the quote for {asset}", &[("asset", &symbol)]));
        if self.send_accept(client, &quote, what) {
            self.stage.set(Stage::Accepting(quote));
        }
    }

    /// Sends the accept of `quote` once through the app-owned write path; whether it was sent.
    fn send_accept(self, client: Client, quote: &Quote, what: Words) -> bool {
        let id = quote.quote_id.clone();
        let label = WriteLabel {
            what: what.clone(),
            check_href: "/operations".into(),
            check_words: Words::new(|| t("Check Operations").into()),
        };
        self.accept_write.send(
            label,
            move |sent| accept_sentence(sent, &what.text()),
            async move { client.current().accept_quote(&id).await },
        )
    }

    /// Applies the answer to an accept (or to the check's second accept) to the page.
    fn on_answer(self, sent: Sent<AcceptedQuote>) {
        let stage = self.stage.get_untracked();
        let next = match (stage, sent) {
            (Stage::Accepting(quote), Sent::Done(accepted))
            | (Stage::Unknown { quote, .. }, Sent::Done(accepted)) => {
                Stage::Done(quote, Box::new(accepted))
            }
            (Stage::Accepting(quote), Sent::Unknown) => Stage::Unknown {
                quote,
                sent_at: Utc::now(),
                check: CheckState::NotYet,
            },
            (Stage::Accepting(quote), Sent::Refused(e)) => {
                Stage::Refused(quote, explain_refusal(&e))
            }
            (Stage::Unknown { quote, sent_at, .. }, answer) => Stage::Unknown {
                quote,
                sent_at,
                check: check_result(&answer),
            },
            (other, _) => other,
        };
        self.stage.set(next);
        self.confirm_open.set(false);
        self.reload.update(|n| *n += 1);
    }

    /// Checks an unknown outcome by sending the accept of the same quote once more, at the
    /// person's request: the service accepts a quote at most once, so a trade that already
    /// happened is refused (`quote_already_accepted`) and cannot happen twice.
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
        let symbol = self.quoted_symbol(&quote);
        let what = Words::new(move || tf("Checking the trade in {asset}", &[("asset", &symbol)]));
        if self.send_accept(client, &quote, what) {
            self.stage.set(Stage::Unknown {
                quote,
                sent_at,
                check: CheckState::Checking,
            });
        }
    }

    /// Back to the form for another trade.
    pub fn start_over(self) {
        self.stage.set(Stage::Idle);
    }
}

/// What the second accept of a check tells.
fn check_result(answer: &Sent<AcceptedQuote>) -> CheckState {
    match answer {
        Sent::Done(_) => CheckState::NotYet,
        Sent::Refused(e) if e.code() == Some("quote_already_accepted") => {
            CheckState::AlreadyAccepted
        }
        Sent::Refused(e) if e.code() == Some("quote_expired") => CheckState::CannotTell(
            t("The quote has expired, so the service cannot say whether it was accepted. Look for the trade in Operations before you trade again.").into(),
        ),
        Sent::Refused(e) => CheckState::CannotTell(tf(
            "The check was refused: {reason} Look for the trade in Operations.",
            &[("reason", &e.user_message())],
        )),
        Sent::Unknown => CheckState::CannotTell(
            t("No answer came back to the check either. Look for the trade in Operations before you trade again.").into(),
        ),
    }
}

/// The banner's sentence for an accept.
fn accept_sentence(sent: &Sent<AcceptedQuote>, what: &str) -> String {
    match sent {
        Sent::Done(_) => tf("{what}: done, the trade went through.", &[("what", what)]),
        Sent::Refused(e) if e.code() == Some("quote_already_accepted") => tf(
            "{what}: the quote had already been accepted — the trade went through once.",
            &[("what", what)],
        ),
        Sent::Refused(e) => tf(
            "{what}: not traded. {reason}",
            &[("what", what), ("reason", &e.user_message())],
        ),
        Sent::Unknown => {
            crate::data::write::no_answer_sentence(&format!("{what}."), t("Operations"))
        }
    }
}

/// The page state provided by the Trade page.
pub fn use_trade() -> TradeCtx {
    expect_context::<TradeCtx>()
}
