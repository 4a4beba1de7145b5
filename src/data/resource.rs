//! [`AccountResource`]: a page's read with the connected key, as leptos's `LocalResource`
//! holding the page's value behind one erased type.
//!
//! A `LocalResource<T>` compiles its machinery (the async-derived signal's task, its polling
//! and its drop glue: about 2.6 KB of wasm before compression) once per value type, and a page
//! such as Market holds seven. Here every resource holds `Rc<dyn Any>` and is built from one
//! boxed fetcher type, so that machinery is compiled once for the whole app; the typed handle
//! gives each page back its own type. The shell's check for a new build holds its answer the
//! same way, so that one instance is in the main module every page shares rather than copied
//! into each page's pack.

use std::any::Any;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::rc::Rc;

use folio_client::ApiError;
use leptos::prelude::*;

/// What every account resource holds: the page's value, erased, or why it failed.
type Held = Result<Rc<dyn Any>, ApiError>;

/// The one fetcher type every account resource is built from.
type Fetcher = Box<dyn Fn() -> Pin<Box<dyn Future<Output = Held>>>>;

/// A page's read: its latest answer (`None` while the first one is on its way), refetched
/// when a signal its input reads changes or on [`AccountResource::refetch`].
pub struct AccountResource<T> {
    inner: LocalResource<Held>,
    value: PhantomData<fn() -> T>,
}

impl<T> Clone for AccountResource<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for AccountResource<T> {}

impl<T: 'static> AccountResource<T> {
    /// A resource whose answers are `fetch`'s, run again whenever a signal it reads changes.
    pub fn new<Fut>(fetch: impl Fn() -> Fut + 'static) -> Self
    where
        Fut: Future<Output = Result<T, ApiError>> + 'static,
    {
        let fetcher: Fetcher = Box::new(move || {
            let answer = fetch();
            Box::pin(async move { answer.await.map(|value| Rc::new(value) as Rc<dyn Any>) })
        });
        Self {
            inner: erased(fetcher),
            value: PhantomData,
        }
    }

    /// Reads the latest answer in place (tracked): `None` while the first is on its way.
    pub fn with<R>(&self, read: impl FnOnce(Option<Result<&T, &ApiError>>) -> R) -> R {
        self.inner.with(|held| read(held.as_ref().and_then(typed)))
    }

    /// Reads the latest answer in place without tracking it; `None` when the resource is gone
    /// (its page closed).
    pub fn try_with_untracked<R>(
        &self,
        read: impl FnOnce(Option<Result<&T, &ApiError>>) -> R,
    ) -> Option<R> {
        self.inner
            .try_with_untracked(|held| read(held.as_ref().and_then(typed)))
    }

    /// Asks again (a Retry, or a reload after a write).
    pub fn refetch(&self) {
        self.inner.refetch();
    }
}

impl<T: Clone + 'static> AccountResource<T> {
    /// A copy of the latest answer (tracked): `None` while the first is on its way.
    pub fn get(&self) -> Option<Result<T, ApiError>> {
        self.with(|answer| answer.map(|r| r.cloned().map_err(Clone::clone)))
    }
}

impl<T: Clone + 'static> std::future::IntoFuture for AccountResource<T> {
    type Output = Result<T, ApiError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output>>>;

    /// The answer, once there is one (the current one when it is in).
    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move {
            let held = self.inner.await;
            match typed::<T>(&held) {
                Some(answer) => answer.cloned().map_err(Clone::clone),
                None => Err(ApiError::Network {
                    detail: "an answer of another type".into(),
                }),
            }
        })
    }
}

/// The answer as the page's type. Every value a resource holds was put there by
/// [`AccountResource::new`] of that type, so the cast always succeeds; were it ever to fail,
/// the page would keep showing "Loading" rather than stop.
fn typed<T: 'static>(held: &Held) -> Option<Result<&T, &ApiError>> {
    match held {
        Ok(value) => value.downcast_ref::<T>().map(Ok),
        Err(error) => Some(Err(error)),
    }
}

/// The one `LocalResource` instantiation every account resource shares.
fn erased(fetcher: Fetcher) -> LocalResource<Held> {
    LocalResource::new(fetcher)
}
