//! Names in people's languages (data/locales/*.toml), English the fallback.

use magisterium_core::CivilDate;
use magisterium_liturgy::ics::year_ics_in;
use magisterium_liturgy::locales::{
    add_locale, locale, locales, LOCALE_CODES, LOCALE_IDS, LOCALE_NAMES,
};
use magisterium_liturgy::{calendar, liturgical_day, liturgical_day_in};

fn date(y: i32, m: u32, d: u32) -> CivilDate {
    CivilDate::new(y, m, d).unwrap()
}

#[test]
fn the_eight_languages_are_there_english_first() {
    let codes: Vec<&str> = locales().map(|l| l.code).collect();
    assert_eq!(codes, ["en", "de", "es", "fr", "it", "la", "pl", "pt"]);
}

#[test]
fn a_tag_is_read_by_its_language_and_an_unknown_one_is_none() {
    assert_eq!(locale("pt-BR").unwrap().code, "pt");
    assert_eq!(locale("FR_ca").unwrap().code, "fr");
    assert!(locale("xx").is_none());
    assert!(locale("").is_none());
}

#[test]
fn every_name_of_every_locale_is_found_by_its_id() {
    let ids: Vec<&str> = LOCALE_IDS.split('\n').collect();
    for (&(code, _), names) in LOCALE_CODES.iter().zip(LOCALE_NAMES) {
        let l = locale(code).unwrap();
        let names: Vec<&str> = names.split('\n').collect();
        assert_eq!(names.len(), ids.len(), "{code}");
        assert!(
            names.iter().filter(|n| !n.is_empty()).count() > 500,
            "{code}"
        );
        for (id, name) in ids.iter().zip(&names) {
            let expected = (!name.is_empty()).then_some(*name);
            assert_eq!(l.name(id), expected, "{code} {id}");
        }
    }
}

#[test]
fn a_day_is_named_in_the_locale_with_its_weekday_and_optional_memorials() {
    let fr = locale("fr").unwrap();
    let joseph = fr.localize(liturgical_day(date(2026, 3, 19)).unwrap());
    assert_eq!(joseph.id, "joseph_spouse_of_mary");
    assert!(joseph.name.starts_with("Saint Joseph, "), "{}", joseph.name);
    assert_ne!(
        joseph.name,
        "Saint Joseph, Spouse of the Blessed Virgin Mary"
    );
    assert_eq!(joseph.season_day, "Jeudi de la quatrième semaine de Carême");
    // The Third Sunday in Ordinary Time (January 25, 2026), which romcal names otherwise.
    let third = fr.localize(liturgical_day(date(2026, 1, 25)).unwrap());
    assert_eq!(third.name, "Troisième dimanche du Temps Ordinaire");
    let pl = locale("pl").unwrap();
    // 2027-01-20: Saints Fabian and Sebastian, optional memorials, on a weekday in Ordinary Time.
    let day = pl.localize(liturgical_day(date(2027, 1, 20)).unwrap());
    assert!(day.name.contains("tygodnia"), "{}", day.name);
    assert!(
        day.optional_memorials
            .iter()
            .all(|c| c.title.contains("Św.")),
        "{:?}",
        day.optional_memorials
    );
}

#[test]
fn a_celebration_a_locale_does_not_name_keeps_its_english_title() {
    let fr = locale("fr").unwrap();
    assert_eq!(fr.name("santo_nino"), None);
    let ph = calendar("philippines").unwrap();
    let day = fr.localize(liturgical_day_in(date(2027, 1, 17), ph).unwrap());
    assert_eq!(day.id, "santo_nino");
    assert_eq!(
        day.name,
        liturgical_day_in(date(2027, 1, 17), ph).unwrap().name
    );
}

#[test]
fn the_feed_is_named_in_the_locale() {
    let general = calendar("general-roman").unwrap();
    let text = year_ics_in(2026, general, locale("de").unwrap(), date(2026, 12, 4)).unwrap();
    let german = locale("de").unwrap().name("easter_sunday").unwrap();
    assert!(
        text.replace("\r\n ", "")
            .contains(&format!("SUMMARY:{german}")),
        "{german}"
    );
}

#[test]
fn a_locale_file_of_another_shape_or_an_unknown_code_is_refused() {
    assert!(add_locale("xx", "").is_err());
    let error = add_locale("fr", "one\ntwo").unwrap_err();
    assert!(error.contains("2 lines"), "{error}");
    // The compiled-in names stay as they were.
    assert!(locale("fr").unwrap().is_loaded());
    assert!(locale("fr").unwrap().name("easter_sunday").is_some());
}
