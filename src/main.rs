//! Entry point: report panics to the console and mount the app on `<body>`.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(folio::App);
}
