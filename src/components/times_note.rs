//! The note that names the person's time zone beside a list whose rows show times without it
//! (the Operations list, the combined timeline): "Days and times are in your time zone,
//! Europe/Vienna." The rule for where the zone is named is at `crate::format::format_datetime`.

use leptos::prelude::*;

use crate::format::local_time::zone_name;
use crate::i18n::tf;

/// "Days and times are in your time zone, {zone}."; `id` names the paragraph.
#[component]
pub fn TimesNote(id: &'static str) -> impl IntoView {
    view! {
        <p class="hint times-note" id=id>
            {tf("Days and times are in your time zone, {zone}.", &[("zone", zone_name())])}
        </p>
    }
}
