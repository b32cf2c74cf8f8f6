//! `person_lookup`: clergy other than popes (cardinals, archbishops, bishops).
//!
//! Mostly historical office holders, whose facts no longer change.

use serde_json::Map;

use super::matching::{impl_entry, Entry};
use super::{date_text, opt_int, opt_str, LookupAnswer};

#[derive(Debug)]
pub(super) struct Person {
    pub(super) id: &'static str,
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    /// Highest rank or title: `Cardinal`, `Archbishop`, `Bishop`.
    pub(super) title: &'static str,
    /// Principal office, with its years.
    pub(super) position: &'static str,
    /// Display name of the see of that office.
    pub(super) diocese: &'static str,
    /// Id of that see in the `diocese_lookup` table, when it is there.
    pub(super) diocese_id: Option<&'static str>,
    pub(super) born: &'static str,
    pub(super) birthplace: &'static str,
    pub(super) died: Option<&'static str>,
    pub(super) cardinal_since: Option<i32>,
    pub(super) religious_institute: Option<&'static str>,
}

impl_entry!(Person);

pub(super) static PEOPLE: &[Person] = &[
    Person {
        id: "joseph-bernardin",
        name: "Joseph Bernardin",
        aliases: &["Joseph Louis Bernardin"],
        title: "Cardinal",
        position: "Archbishop of Chicago (1982–1996)",
        diocese: "Archdiocese of Chicago",
        diocese_id: Some("dchicago"),
        born: "1928-04-02",
        birthplace: "Columbia, South Carolina, United States",
        died: Some("1996-11-14"),
        cardinal_since: Some(1983),
        religious_institute: None,
    },
    Person {
        id: "francis-george",
        name: "Francis George",
        aliases: &[],
        title: "Cardinal",
        position: "Archbishop of Chicago (1997–2014)",
        diocese: "Archdiocese of Chicago",
        diocese_id: Some("dchicago"),
        born: "1937-01-16",
        birthplace: "Chicago, Illinois, United States",
        died: Some("2015-04-17"),
        cardinal_since: Some(1998),
        religious_institute: Some("Missionary Oblates of Mary Immaculate"),
    },
    Person {
        id: "basil-hume",
        name: "Basil Hume",
        aliases: &["George Haliburton Hume"],
        title: "Cardinal",
        position: "Archbishop of Westminster (1976–1999)",
        diocese: "Archdiocese of Westminster",
        diocese_id: Some("dwestminster"),
        born: "1923-03-02",
        birthplace: "Newcastle upon Tyne, England",
        died: Some("1999-06-17"),
        cardinal_since: Some(1976),
        religious_institute: Some("Order of Saint Benedict"),
    },
    Person {
        id: "jaime-sin",
        name: "Jaime Sin",
        aliases: &["Jaime Lachica Sin"],
        title: "Cardinal",
        position: "Archbishop of Manila (1974–2003)",
        diocese: "Archdiocese of Manila",
        diocese_id: Some("dmanila"),
        born: "1928-08-31",
        birthplace: "New Washington, Aklan, Philippines",
        died: Some("2005-06-21"),
        cardinal_since: Some(1976),
        religious_institute: None,
    },
    Person {
        id: "carlo-maria-martini",
        name: "Carlo Maria Martini",
        aliases: &[],
        title: "Cardinal",
        position: "Archbishop of Milan (1979–2002)",
        diocese: "Archdiocese of Milan",
        diocese_id: Some("dmilano"),
        born: "1927-02-15",
        birthplace: "Turin, Italy",
        died: Some("2012-08-31"),
        cardinal_since: Some(1983),
        religious_institute: Some("Society of Jesus"),
    },
    Person {
        id: "franciszek-macharski",
        name: "Franciszek Macharski",
        aliases: &[],
        title: "Cardinal",
        position: "Archbishop of Kraków (1978–2005)",
        diocese: "Archdiocese of Kraków",
        diocese_id: Some("dkrakow"),
        born: "1927-05-20",
        birthplace: "Kraków, Poland",
        died: Some("2016-08-02"),
        cardinal_since: Some(1979),
        religious_institute: None,
    },
    Person {
        id: "roger-mahony",
        name: "Roger Mahony",
        aliases: &["Roger Michael Mahony"],
        title: "Cardinal",
        position: "Archbishop of Los Angeles (1985–2011)",
        diocese: "Archdiocese of Los Angeles",
        diocese_id: Some("dlosangeles"),
        born: "1936-02-27",
        birthplace: "Hollywood, California, United States",
        died: None,
        cardinal_since: Some(1991),
        religious_institute: None,
    },
    Person {
        id: "john-oconnor",
        name: "John O'Connor",
        aliases: &["John Joseph O'Connor"],
        title: "Cardinal",
        position: "Archbishop of New York (1984–2000)",
        diocese: "Archdiocese of New York",
        diocese_id: None,
        born: "1920-01-15",
        birthplace: "Philadelphia, Pennsylvania, United States",
        died: Some("2000-05-03"),
        cardinal_since: Some(1985),
        religious_institute: None,
    },
    Person {
        id: "robert-barron",
        name: "Robert Barron",
        aliases: &[],
        title: "Bishop",
        position: "Bishop of Winona-Rochester (since 2022)",
        diocese: "Diocese of Winona-Rochester",
        diocese_id: None,
        born: "1959-11-19",
        birthplace: "Chicago, Illinois, United States",
        died: None,
        cardinal_since: None,
        religious_institute: None,
    },
];

/// The answer for one member of the clergy.
pub(super) fn answer(person: &Person) -> LookupAnswer {
    let mut summary = format!("## {} {}\n\n", person.title, person.name);
    summary.push_str(&format!("- **Position:** {}\n", person.position));
    summary.push_str(&format!(
        "- **Born:** {}, {}\n",
        date_text(person.born),
        person.birthplace
    ));
    if let Some(died) = person.died {
        summary.push_str(&format!("- **Died:** {}\n", date_text(died)));
    }
    if let Some(year) = person.cardinal_since {
        summary.push_str(&format!("- **Created cardinal:** {year}\n"));
    }
    if let Some(institute) = person.religious_institute {
        summary.push_str(&format!("- **Religious institute:** {institute}\n"));
    }

    let mut record = Map::new();
    record.insert("id".into(), person.id.into());
    record.insert("name".into(), person.name.into());
    record.insert("title".into(), person.title.into());
    record.insert("position".into(), person.position.into());
    record.insert("diocese".into(), person.diocese.into());
    record.insert("diocese_id".into(), opt_str(person.diocese_id));
    record.insert("born".into(), person.born.into());
    record.insert("birthplace".into(), person.birthplace.into());
    record.insert("died".into(), opt_str(person.died));
    record.insert("cardinal_since".into(), opt_int(person.cardinal_since));
    record.insert(
        "religious_institute".into(),
        opt_str(person.religious_institute),
    );
    LookupAnswer { summary, record }
}
