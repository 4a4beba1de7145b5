//! Every route, on a 360 × 740 phone and a 1280 × 900 desktop, in the light and the dark
//! theme: the page never scrolls sideways, no text runs out of its box (a visible "…"
//! truncation aside), and axe-core finds no violation (contrast included). Screenshots of each route at 360 px in both themes
//! (`target/screenshots/sweep-<theme>-<route>.png`) are what the closing notes refer to.
//! Between the two, on tablets and small laptops, the top bar keeps to one row: the links
//! fold into the menu until they fit beside the key's buttons.

use crate::support::{config, shot_name, Window, World, ACCOUNT_ROUTES, DESKTOP, FULL_KEY, PHONE};

/// The routes a person can open: every account page, Insights, the legacy archive, Connect.
fn routes() -> Vec<&'static str> {
    let mut all: Vec<&str> = ACCOUNT_ROUTES.to_vec();
    all.extend([
        "/insights",
        "/legacy-api/archive",
        "/connect",
        "/assets/BTC",
        "/assets/AAPL",
        "/watchlist",
    ]);
    all
}

async fn sweep(window: Window) {
    let w = World::signed_in_with(config(), window, FULL_KEY, "/settings").await;
    // The watchlist follows every asset the account holds (its table, not only its empty state).
    let held: Vec<String> = w
        .server
        .ledger()
        .portfolio("EUR")
        .into_iter()
        .filter(|p| !p.is_fiat)
        .map(|p| p.id)
        .collect();
    w.js(&format!(
        "localStorage.setItem('folio.watchlist', {}); return true;",
        serde_json::Value::String(serde_json::json!(held).to_string())
    ))
    .await;
    for theme in ["light", "dark"] {
        w.goto("/settings").await;
        w.click(&format!("#theme-{theme}")).await;
        w.wait_js_true(&format!(
            "document.documentElement.dataset.theme === '{theme}'"
        ))
        .await;
        for route in routes() {
            w.goto(route).await;
            w.find("main h1").await;
            // Let the page's first answers arrive (lists, figures) before measuring.
            w.wait_js_true("!document.querySelector('main [aria-busy=true], main .state-loading')")
                .await;
            let what = format!("{route} at {} px ({theme})", window.width);
            w.assert_fits_width(&what).await;
            w.assert_no_clipped_text(&what).await;
            w.assert_accessible(&what).await;
            if window.width == PHONE.width {
                w.screenshot(&format!("sweep-{theme}-{}", shot_name(route)))
                    .await;
            }
        }
    }
    w.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_fits_a_360px_phone_in_both_themes() {
    sweep(PHONE).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_route_fits_a_desktop_in_both_themes() {
    sweep(DESKTOP).await;
}

/// The widths between a phone and a desktop where the section links used to wrap onto two to
/// four rows of the top bar (195 px tall at 800 px), and one just wide enough for them all.
const BETWEEN_PHONE_AND_DESKTOP: [u32; 4] = [700, 800, 1024, 1160];

/// Below this width (72rem) the links are in the menu; from it they fit beside the key's
/// buttons (in English).
const MENU_BELOW_PX: u32 = 1152;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_top_bar_keeps_one_row_on_tablets_and_small_laptops() {
    for width in BETWEEN_PHONE_AND_DESKTOP {
        let window = Window { width, height: 800 };
        let w = World::signed_in_with(config(), window, FULL_KEY, "/").await;
        w.find("main h1").await;
        let what = format!("the portfolio at {width} px");
        w.assert_top_bar_one_row(&what).await;
        w.assert_fits_width(&what).await;
        let menu_shown = w
            .js("return getComputedStyle(document.querySelector('.menu-button')).display !== 'none';")
            .await;
        assert_eq!(
            menu_shown,
            width < MENU_BELOW_PX,
            "{what}: the menu button shown"
        );
        if width < MENU_BELOW_PX {
            // The links are in the menu: it opens below the bar and leads to a page.
            w.click(".menu-button").await;
            w.wait_js_true("document.querySelector('.site-nav.open') !== null")
                .await;
            w.assert_top_bar_one_row(&format!("{what}, menu open"))
                .await;
            // On a tablet the menu's ten links stand in two columns of five.
            let columns = w
                .js(
                    "const lefts = [...document.querySelectorAll('.site-nav a')]\
                       .map(a => Math.round(a.getBoundingClientRect().left));\
                     return new Set(lefts).size;",
                )
                .await;
            assert_eq!(columns, 2, "{what}: the open menu's columns");
            w.screenshot(&format!("top-bar-{width}-menu-open")).await;
            w.follow("/history").await;
            w.wait_text("main h1", "History").await;
        }
        w.close().await;
    }
}
