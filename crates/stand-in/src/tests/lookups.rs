//! Tests of `lookups.rs` (a child module of it, so they reach its private items).

use super::*;
use std::collections::HashSet;

pub(super) fn text(skill: LookupSkill, q: &str) -> Option<LookupAnswer> {
    lookup(skill, LookupQuery::Text(q))
}

fn id_of(answer: Option<LookupAnswer>) -> Option<String> {
    answer.map(|a| a.record["id"].as_str().unwrap().to_owned())
}

pub(super) fn all_ids(skill: LookupSkill) -> Vec<&'static str> {
    match skill {
        LookupSkill::Saint => saints::SAINTS.iter().map(|e| e.id).collect(),
        LookupSkill::Person => people::PEOPLE.iter().map(|e| e.id).collect(),
        LookupSkill::Pope => popes::POPES.iter().map(|e| e.id).collect(),
        LookupSkill::Diocese | LookupSkill::DioceseStatistics => {
            dioceses::DIOCESES.iter().map(|e| e.id).collect()
        }
    }
}

fn all_names(skill: LookupSkill) -> Vec<&'static str> {
    match skill {
        LookupSkill::Saint => saints::SAINTS.iter().map(|e| e.name).collect(),
        LookupSkill::Person => people::PEOPLE.iter().map(|e| e.name).collect(),
        LookupSkill::Pope => popes::POPES.iter().map(|e| e.name).collect(),
        LookupSkill::Diocese | LookupSkill::DioceseStatistics => {
            dioceses::DIOCESES.iter().map(|e| e.name).collect()
        }
    }
}

#[test]
fn skill_ids_round_trip() {
    for skill in LookupSkill::ALL {
        assert_eq!(LookupSkill::from_skill_id(skill.skill_id()), Some(skill));
        assert_eq!(
            skill.artifact_name(),
            format!("{}_result", skill.skill_id())
        );
    }
    assert_eq!(LookupSkill::from_skill_id("catholic_qa"), None);
    assert_eq!(LookupSkill::from_skill_id("SAINT_LOOKUP"), None);
    assert_eq!(LookupSkill::from_skill_id(""), None);
}

#[test]
fn table_sizes() {
    assert!(saints::SAINTS.len() >= 15);
    assert!(people::PEOPLE.len() >= 6);
    assert!(popes::POPES.len() >= 12);
    assert!(dioceses::DIOCESES.len() >= 6);
    let statuses: HashSet<&str> = saints::SAINTS.iter().map(|s| s.status.as_str()).collect();
    for status in ["Saint", "Blessed", "Venerable", "Servant of God"] {
        assert!(statuses.contains(status), "{status}");
    }
}

#[test]
fn ids_unique_and_well_formed() {
    for skill in LookupSkill::ALL {
        let ids = all_ids(skill);
        let set: HashSet<String> = ids.iter().map(|i| i.to_ascii_lowercase()).collect();
        assert_eq!(set.len(), ids.len(), "duplicate id in {skill:?}");
        for id in ids {
            assert!(!id.is_empty());
            assert!(
                id.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{id}"
            );
        }
    }
}

#[test]
fn every_entry_found_by_id_and_by_name() {
    for skill in LookupSkill::ALL {
        for (id, name) in all_ids(skill).into_iter().zip(all_names(skill)) {
            assert_eq!(
                id_of(lookup(skill, LookupQuery::Id(id))).as_deref(),
                Some(id)
            );
            let upper = id.to_uppercase();
            assert_eq!(
                id_of(lookup(skill, LookupQuery::Id(&upper))).as_deref(),
                Some(id)
            );
            let padded = format!("  {id}\n");
            assert_eq!(
                id_of(lookup(skill, LookupQuery::Id(&padded))).as_deref(),
                Some(id)
            );
            assert_eq!(
                id_of(text(skill, id)).as_deref(),
                Some(id),
                "{skill:?} text id {id}"
            );
            assert_eq!(
                id_of(text(skill, name)).as_deref(),
                Some(id),
                "{skill:?} name {name}"
            );
            let loud = name.to_uppercase();
            assert_eq!(
                id_of(text(skill, &loud)).as_deref(),
                Some(id),
                "{skill:?} {loud}"
            );
        }
    }
}

#[test]
fn id_query_does_not_match_names() {
    assert!(lookup(LookupSkill::Pope, LookupQuery::Id("Leo XIV")).is_none());
    assert!(lookup(LookupSkill::Saint, LookupQuery::Id("Joseph")).is_some()); // "joseph" is an id
    assert!(lookup(LookupSkill::Saint, LookupQuery::Id("St. Joseph")).is_none());
}

#[test]
fn popes_by_name_variants() {
    let pope = |q: &str| id_of(text(LookupSkill::Pope, q));
    for q in [
        "leo xiv",
        "Pope Leo XIV",
        "LEO XIV",
        "Leo 14",
        "Robert Prevost",
        "prevost",
        "Leo",
    ] {
        assert_eq!(pope(q).as_deref(), Some("leo-xiv"), "{q}");
    }
    assert_eq!(pope("Leo XIII").as_deref(), Some("leo-xiii"));
    assert_eq!(pope("Pope Francis").as_deref(), Some("francis"));
    assert_eq!(pope("Bergoglio").as_deref(), Some("francis"));
    assert_eq!(pope("John Paul").as_deref(), Some("john-paul-ii"));
    assert_eq!(pope("John Paul I").as_deref(), Some("john-paul-i"));
    assert_eq!(pope("john paul 2").as_deref(), Some("john-paul-ii"));
    assert_eq!(pope("Karol Wojtyla").as_deref(), Some("john-paul-ii"));
    assert_eq!(pope("Benedict").as_deref(), Some("benedict-xvi"));
    assert_eq!(pope("Ratzinger").as_deref(), Some("benedict-xvi"));
    assert_eq!(pope("Paul VI").as_deref(), Some("paul-vi"));
    assert_eq!(pope("Paul").as_deref(), Some("paul-vi"));
    assert_eq!(pope("Saint John XXIII").as_deref(), Some("john-xxiii"));
    assert_eq!(pope("Pius XII").as_deref(), Some("pius-xii"));
    assert_eq!(pope("Pio Nono").as_deref(), Some("pius-ix"));
    assert_eq!(pope("Gregory the Great").as_deref(), Some("gregory-i"));
    assert_eq!(pope("St. Gregory").as_deref(), Some("gregory-i"));
    assert_eq!(pope("Saint Peter").as_deref(), Some("peter"));
    assert_eq!(pope("Leo X"), None);
    assert_eq!(pope("Urban VIII"), None);
}

#[test]
fn saints_by_name_variants() {
    let saint = |q: &str| id_of(text(LookupSkill::Saint, q));
    assert_eq!(saint("St. Joseph").as_deref(), Some("joseph"));
    assert_eq!(saint("saint joseph").as_deref(), Some("joseph"));
    assert_eq!(saint("Thérèse").as_deref(), Some("therese-of-lisieux"));
    assert_eq!(
        saint("therese of lisieux").as_deref(),
        Some("therese-of-lisieux")
    );
    assert_eq!(
        saint("ST. THÉRÈSE OF LISIEUX").as_deref(),
        Some("therese-of-lisieux")
    );
    assert_eq!(
        saint("Little Flower").as_deref(),
        Some("therese-of-lisieux")
    );
    assert_eq!(saint("lisieux").as_deref(), Some("therese-of-lisieux"));
    assert_eq!(saint("Aquinas").as_deref(), Some("thomas-aquinas"));
    assert_eq!(
        saint("Mother Teresa").as_deref(),
        Some("teresa-of-calcutta")
    );
    assert_eq!(saint("Teresa of Avila").as_deref(), Some("teresa-of-avila"));
    assert_eq!(saint("Francis").as_deref(), Some("francis-of-assisi"));
    assert_eq!(saint("Francis Xavier").as_deref(), Some("francis-xavier"));
    assert_eq!(saint("Padre Pio").as_deref(), Some("pio-of-pietrelcina"));
    assert_eq!(saint("carlo acutis").as_deref(), Some("carlo-acutis"));
    assert_eq!(saint("Acutis").as_deref(), Some("carlo-acutis"));
    assert_eq!(saint("Blessed Miguel Pro").as_deref(), Some("miguel-pro"));
    assert_eq!(
        saint("Venerable Fulton Sheen").as_deref(),
        Some("fulton-sheen")
    );
    assert_eq!(
        saint("Archbishop Fulton J. Sheen").as_deref(),
        Some("fulton-sheen")
    );
    assert_eq!(
        saint("Servant of God Dorothy Day").as_deref(),
        Some("dorothy-day")
    );
    assert_eq!(saint("Saint Nobody"), None);
}

#[test]
fn persons_by_name_variants() {
    let person = |q: &str| id_of(text(LookupSkill::Person, q));
    assert_eq!(
        person("Cardinal Joseph Bernardin").as_deref(),
        Some("joseph-bernardin")
    );
    assert_eq!(person("bernardin").as_deref(), Some("joseph-bernardin"));
    assert_eq!(
        person("Bishop Robert Barron").as_deref(),
        Some("robert-barron")
    );
    assert_eq!(person("Cardinal O'Connor").as_deref(), Some("john-oconnor"));
    assert_eq!(person("john o’connor").as_deref(), Some("john-oconnor"));
    assert_eq!(person("Macharski").as_deref(), Some("franciszek-macharski"));
    // Popes are not persons.
    assert_eq!(person("Leo XIV"), None);
    assert_eq!(person("Francis"), person("Francis George"));
}

#[test]
fn dioceses_by_name_variants() {
    for skill in [LookupSkill::Diocese, LookupSkill::DioceseStatistics] {
        let diocese = |q: &str| id_of(text(skill, q));
        assert_eq!(
            diocese("Archdiocese of Chicago").as_deref(),
            Some("dchicago")
        );
        assert_eq!(diocese("chicago").as_deref(), Some("dchicago"));
        assert_eq!(
            diocese("Roman Catholic Archdiocese of Chicago").as_deref(),
            Some("dchicago")
        );
        assert_eq!(diocese("Chicago Archdiocese").as_deref(), Some("dchicago"));
        assert_eq!(diocese("Diocese of Rome").as_deref(), Some("droma"));
        assert_eq!(diocese("Roma").as_deref(), Some("droma"));
        assert_eq!(diocese("Krakow").as_deref(), Some("dkrakow"));
        assert_eq!(diocese("Archdiocese of Kraków").as_deref(), Some("dkrakow"));
        assert_eq!(diocese("Cracow").as_deref(), Some("dkrakow"));
        assert_eq!(diocese("los angeles").as_deref(), Some("dlosangeles"));
        assert_eq!(diocese("Milano").as_deref(), Some("dmilano"));
        assert_eq!(diocese("westminster").as_deref(), Some("dwestminster"));
        assert_eq!(
            diocese("Ukrainian Philadelphia").as_deref(),
            Some("dphiladelphiaukr")
        );
        assert_eq!(diocese("Diocese of Nowhere"), None);
    }
}

#[test]
fn unknown_and_empty_find_nothing() {
    for skill in LookupSkill::ALL {
        for q in [
            "",
            "   ",
            "Saint",
            "St.",
            "Pope",
            "Archdiocese of",
            "???",
            "zzzz",
            "no such thing anywhere",
            "x",
        ] {
            assert!(text(skill, q).is_none(), "{skill:?} {q:?}");
            assert!(
                lookup(skill, LookupQuery::Id(q)).is_none(),
                "{skill:?} id {q:?}"
            );
        }
    }
}

#[test]
fn odd_inputs_never_panic() {
    let huge = "a".repeat(1_000_000);
    let huge_words = "leo ".repeat(10_000);
    let long_unicode = "Thérèse 🙏 ".repeat(500);
    let odd = [
        huge.as_str(),
        huge_words.as_str(),
        long_unicode.as_str(),
        "🙏",
        "\u{0}\u{1}\u{7f}",
        "\u{202e}ieaxo",
        "ǅ ﬁ ẞ İstanbul",
        "漢字 かな",
        "\u{0301}\u{0301}",
        "-",
        "0",
        "999999999999999999999999",
        "Leo 0",
        "Leo 4000",
        "Pope 267",
        "'''",
        "St. St. St.",
        "of of of",
        "servant of",
        "Archdiocese",
    ];
    for skill in LookupSkill::ALL {
        for q in odd {
            let _ = text(skill, q);
            let _ = lookup(skill, LookupQuery::Id(q));
        }
    }
    assert!(text(LookupSkill::Pope, &huge_words).is_none());
}
