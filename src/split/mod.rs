//! Code loaded on demand, the mechanism only. In the release build (`--cfg folio_split`, see
//! `xtask/src/build/split.rs`) the code each [`split_page!`] or [`split_fn!`] names lives in a wasm
//! module of its own, fetched the first time it is needed; without the flag (`trunk serve`,
//! the wasm-bindgen tests) everything is compiled in and "loading" returns at once, so the
//! same code runs both ways. Which pages exist and which addresses show them is above this,
//! in `crate::sections` and `crate::routes`: nothing here names a page, so the pages and the
//! components they use can use it without an import circle (a link readies the page behind it
//! through [`warm`], which the app points at `sections::warm_link` as it starts).
//!
//! - A page is declared with [`split_page!`]: it makes `fn page() -> PageLoad` for the route
//!   and a `preload_…` function that fetches its module without showing it.
//! - Code that only an action needs (checking a key when Connect is pressed, writing an
//!   export file) is declared with [`split_fn!`]: a module of its own, fetched on first use
//!   or when the control is approached ([`warm_module`]).
//! - A module that cannot be fetched is a [`SectionNotLoaded`], never a panic: the page says
//!   so with Retry, or offers a reload when a new build of Folio replaced the old files
//!   (`components::lazy_page`, [`check_for_new_build`]).

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;

mod link_warm;
mod update_check;

pub use link_warm::{set_link_warmer, warm};
pub use update_check::{build_keyed, check_for_new_build, BuildCheck};

/// A page's module could not be fetched or started (network failure, offline without a saved
/// copy, or the file is gone after a new build).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectionNotLoaded;

impl From<leptos::wasm_split::SplitLoaderError> for SectionNotLoaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        SectionNotLoaded
    }
}

/// Loading a page's view: its section's module first (split build), then the view.
pub type PageLoad = Pin<Box<dyn Future<Output = Result<AnyView, SectionNotLoaded>>>>;

/// Declares a page of a lazily loaded section: `split_page!(module, page_fn, preload_fn,
/// Component)` makes `page_fn() -> PageLoad` (the route's loader) and `preload_fn()` (fetch the
/// module only). Every page naming the same `module` lands in the same wasm module.
macro_rules! split_page {
    ($module:ident, $page:ident, $preload:ident, $component:path) => {
        #[allow(non_snake_case)]
        mod $page {
            use super::*;

            #[cfg(folio_split)]
            #[::leptos::wasm_split::wasm_split(
                                                        $module,
                                                        fallible,
                                                        preload(#[allow(dead_code)] $preload),
                                                        wasm_split_path = ::leptos::wasm_split
                                                    )]
            pub(crate) fn $page() -> ::core::result::Result<
                ::leptos::prelude::AnyView,
                $crate::split::SectionNotLoaded,
            > {
                ::core::result::Result::Ok(::leptos::prelude::untrack(|| {
                    ::leptos::prelude::IntoAny::into_any($component())
                }))
            }

            #[cfg(not(folio_split))]
            pub(crate) async fn $page() -> ::core::result::Result<
                ::leptos::prelude::AnyView,
                $crate::split::SectionNotLoaded,
            > {
                ::core::result::Result::Ok(::leptos::prelude::untrack(|| {
                    ::leptos::prelude::IntoAny::into_any($component())
                }))
            }

            /// Nothing to fetch: every page is in the one module.
            #[cfg(not(folio_split))]
            #[allow(dead_code)]
            pub(crate) async fn $preload(
            ) -> ::core::result::Result<(), ::leptos::wasm_split::SplitLoaderError> {
                ::core::result::Result::Ok(())
            }
        }

        #[allow(unused_imports)]
        pub(crate) use $page::$preload;

        /// The route's loader for this page (its section's module, then the view).
        pub(crate) fn $page() -> $crate::split::PageLoad {
            ::std::boxed::Box::pin($page::$page())
        }
    };
}
pub(crate) use split_page;

/// Declares a function whose code lives in a wasm module of its own in the split build:
/// `split_fn!(module, preload_fn, fn name(arg: Type, …) -> Output { body })` makes
/// `async fn name(…) -> Result<Output, SectionNotLoaded>` (fetches the module the first time,
/// then runs `body` there) and `preload_fn()` (fetches it only; hand it to [`warm_module`]).
/// The body should do the work through functions nothing else calls, so they land in the
/// module too. Without `--cfg folio_split` it runs at once. `preload_fn` may go unused when
/// the module is a page's part, readied with the page's own preload.
///
/// `split_fn!(module, preload_fn, async fn name(…) -> Output { body })` does the same for
/// work that awaits (a request and its answer's reader): the future is built in the module
/// and awaited by the caller, and `Err` means the module did not arrive, so nothing ran.
macro_rules! split_fn {
    ($module:ident, $preload:ident, $(#[$doc:meta])* async fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $out:ty $body:block) => {
        #[allow(non_snake_case)]
        mod $name {
            use super::*;

            $crate::split::split_fn!(
                $module,
                $preload,
                fn $name($($arg: $ty),*) -> ::std::pin::Pin<::std::boxed::Box<dyn ::core::future::Future<Output = $out>>> {
                    ::std::boxed::Box::pin(async move $body)
                }
            );
        }

        #[allow(unused_imports)]
        pub(crate) use $name::$preload;

        $(#[$doc])*
        pub async fn $name($($arg: $ty),*) -> ::core::result::Result<$out, $crate::split::SectionNotLoaded> {
            ::core::result::Result::Ok($name::$name($($arg),*).await?.await)
        }
    };
    ($module:ident, $preload:ident, $(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $out:ty $body:block) => {
        $(#[$doc])*
        #[cfg(folio_split)]
        #[::leptos::wasm_split::wasm_split(
            $module,
            fallible,
            preload(#[allow(dead_code)] $preload),
            wasm_split_path = ::leptos::wasm_split
        )]
        pub fn $name($($arg: $ty),*) -> ::core::result::Result<$out, $crate::split::SectionNotLoaded> {
            ::core::result::Result::Ok($body)
        }

        $(#[$doc])*
        #[cfg(not(folio_split))]
        pub async fn $name($($arg: $ty),*) -> ::core::result::Result<$out, $crate::split::SectionNotLoaded> {
            ::core::result::Result::Ok($body)
        }

        /// Nothing to fetch: everything is in the one module.
        #[cfg(not(folio_split))]
        #[allow(dead_code)]
        pub async fn $preload() -> ::core::result::Result<(), ::leptos::wasm_split::SplitLoaderError> {
            ::core::result::Result::Ok(())
        }
    };
}
pub(crate) use split_fn;

/// Starts fetching a module in the background (`preload` from [`split_fn!`] or
/// [`split_page!`]); a failure is ignored here: using the module retries and explains.
pub fn warm_module<F>(preload: F)
where
    F: Future<Output = Result<(), leptos::wasm_split::SplitLoaderError>> + 'static,
{
    leptos::task::spawn_local(async move {
        let _ = preload.await;
    });
}
