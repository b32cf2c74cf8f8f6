//! The day's readings in the JavaScript entry: the Lectionary's table handed over by
//! `loadLectionary()`, and one Mass's references as the `.d.ts` of [`super`] describes them.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::lectionary::Readings;

/// Takes the Lectionary's references (the text of the package's `lectionary.js`), after which
/// `liturgicalDay` returns each day's readings: what `loadLectionary()` calls in a browser, and
/// `node.js` and `workerd.js` on import (left out of the `.d.ts`); `false` when `text` is not that
/// table.
#[wasm_bindgen(js_name = useLectionary, skip_typescript)]
pub fn use_lectionary(text: String) -> bool {
    crate::lectionary::load(text)
}

/// One Mass's readings as the `.d.ts` of [`super`] describes them.
#[derive(Serialize)]
pub(super) struct ReadingsOut {
    first: &'static str,
    psalm: &'static str,
    second: Option<&'static str>,
    gospel: &'static str,
    mass: Option<&'static str>,
    vigil: bool,
    number: Option<u32>,
    osis: OsisOut,
}

/// The machine form: one OSIS string per alternative.
#[derive(Serialize)]
struct OsisOut {
    first: Vec<&'static str>,
    psalm: Vec<&'static str>,
    second: Option<Vec<&'static str>>,
    gospel: Vec<&'static str>,
}

impl ReadingsOut {
    pub(super) fn of(r: Readings) -> Self {
        Self {
            first: r.first,
            psalm: r.psalm,
            second: r.second,
            gospel: r.gospel,
            mass: r.note,
            vigil: r.vigil,
            number: r.number,
            osis: OsisOut {
                first: r.osis.first.split('|').collect(),
                psalm: r.osis.psalm.split('|').collect(),
                second: r.osis.second.map(|s| s.split('|').collect()),
                gospel: r.osis.gospel.split('|').collect(),
            },
        }
    }
}
