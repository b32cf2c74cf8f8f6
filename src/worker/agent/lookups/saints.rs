//! `saint_lookup`: saints, blesseds, venerables and servants of God.

use serde_json::Map;

use super::matching::{impl_entry, Entry};
use super::{month_day_text, opt_int, opt_str, str_array, LookupAnswer};

/// Stage of a cause, as the record's `status` string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Status {
    Saint,
    Blessed,
    Venerable,
    ServantOfGod,
}

impl Status {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Status::Saint => "Saint",
            Status::Blessed => "Blessed",
            Status::Venerable => "Venerable",
            Status::ServantOfGod => "Servant of God",
        }
    }

    /// The word for the year in `status_since`.
    fn since_label(self) -> &'static str {
        match self {
            Status::Saint => "Canonised",
            Status::Blessed => "Beatified",
            Status::Venerable => "Declared Venerable",
            Status::ServantOfGod => "Cause opened",
        }
    }
}

#[derive(Debug)]
pub(super) struct Saint {
    pub(super) id: &'static str,
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    pub(super) status: Status,
    /// (month, day) of the memorial in the General Roman Calendar or the proper calendar of the cause;
    /// `None` for venerables and servants of God, who have no liturgical day.
    pub(super) feast: Option<(u8, u8)>,
    pub(super) birth_year: Option<i32>,
    pub(super) death_year: Option<i32>,
    /// Display form of the life span, with `c.` where the years are approximate.
    pub(super) lived: &'static str,
    /// Year the current status was reached (canonisation, beatification, decree, opening of the cause);
    /// `None` for saints from before formal canonisation.
    pub(super) status_since: Option<i32>,
    pub(super) patronages: &'static [&'static str],
    pub(super) description: &'static str,
}

impl_entry!(Saint);

/// Ordered so that, on an ambiguous name, the entry most people mean comes first.
pub(super) static SAINTS: &[Saint] = &[
    Saint {
        id: "joseph",
        name: "Joseph",
        aliases: &["Joseph of Nazareth", "Saint Joseph, Spouse of the Blessed Virgin Mary"],
        status: Status::Saint,
        feast: Some((3, 19)),
        birth_year: None,
        death_year: None,
        lived: "1st century",
        status_since: None,
        patronages: &["the universal Church", "fathers", "workers", "a happy death"],
        description: "Spouse of the Virgin Mary and foster father of Jesus.",
    },
    Saint {
        id: "francis-of-assisi",
        name: "Francis of Assisi",
        aliases: &["Francesco d'Assisi", "Giovanni di Pietro di Bernardone"],
        status: Status::Saint,
        feast: Some((10, 4)),
        birth_year: Some(1181),
        death_year: Some(1226),
        lived: "c. 1181 – 1226",
        status_since: Some(1228),
        patronages: &["Italy", "animals", "ecology"],
        description: "Founder of the Franciscan Order; received the stigmata in 1224.",
    },
    Saint {
        id: "therese-of-lisieux",
        name: "Thérèse of Lisieux",
        aliases: &["Thérèse of the Child Jesus", "Little Flower", "Thérèse Martin"],
        status: Status::Saint,
        feast: Some((10, 1)),
        birth_year: Some(1873),
        death_year: Some(1897),
        lived: "1873 – 1897",
        status_since: Some(1925),
        patronages: &["missions", "florists", "France"],
        description: "Discalced Carmelite nun of Lisieux, author of Story of a Soul; Doctor of the Church (1997).",
    },
    Saint {
        id: "thomas-aquinas",
        name: "Thomas Aquinas",
        aliases: &["Angelic Doctor", "Tommaso d'Aquino"],
        status: Status::Saint,
        feast: Some((1, 28)),
        birth_year: Some(1225),
        death_year: Some(1274),
        lived: "c. 1225 – 1274",
        status_since: Some(1323),
        patronages: &["Catholic schools", "universities", "students", "theologians"],
        description: "Dominican friar and theologian, author of the Summa Theologiae; Doctor of the Church.",
    },
    Saint {
        id: "teresa-of-calcutta",
        name: "Teresa of Calcutta",
        aliases: &["Mother Teresa", "Anjezë Gonxhe Bojaxhiu", "Teresa of Kolkata"],
        status: Status::Saint,
        feast: Some((9, 5)),
        birth_year: Some(1910),
        death_year: Some(1997),
        lived: "1910 – 1997",
        status_since: Some(2016),
        patronages: &["the Archdiocese of Calcutta"],
        description: "Founder of the Missionaries of Charity, who serve the poorest of the poor.",
    },
    Saint {
        id: "carlo-acutis",
        name: "Carlo Acutis",
        aliases: &[],
        status: Status::Saint,
        feast: Some((10, 12)),
        birth_year: Some(1991),
        death_year: Some(2006),
        lived: "1991 – 2006",
        status_since: Some(2025),
        patronages: &[],
        description: "Italian teenager devoted to the Eucharist, who catalogued Eucharistic miracles online; \
                      canonised on 7 September 2025.",
    },
    Saint {
        id: "augustine-of-hippo",
        name: "Augustine of Hippo",
        aliases: &["Aurelius Augustinus"],
        status: Status::Saint,
        feast: Some((8, 28)),
        birth_year: Some(354),
        death_year: Some(430),
        lived: "354 – 430",
        status_since: None,
        patronages: &["brewers", "printers", "theologians"],
        description: "Bishop of Hippo, author of the Confessions and The City of God; Doctor of the Church.",
    },
    Saint {
        id: "catherine-of-siena",
        name: "Catherine of Siena",
        aliases: &["Caterina Benincasa"],
        status: Status::Saint,
        feast: Some((4, 29)),
        birth_year: Some(1347),
        death_year: Some(1380),
        lived: "1347 – 1380",
        status_since: Some(1461),
        patronages: &["Italy", "Europe", "nurses"],
        description: "Dominican tertiary and mystic; Doctor of the Church (1970) and co-patroness of Europe.",
    },
    Saint {
        id: "teresa-of-avila",
        name: "Teresa of Ávila",
        aliases: &["Teresa of Jesus", "Teresa Sánchez de Cepeda y Ahumada"],
        status: Status::Saint,
        feast: Some((10, 15)),
        birth_year: Some(1515),
        death_year: Some(1582),
        lived: "1515 – 1582",
        status_since: Some(1622),
        patronages: &["headache sufferers", "Spanish Catholic writers"],
        description: "Carmelite reformer and mystic, author of The Interior Castle; Doctor of the Church (1970).",
    },
    Saint {
        id: "ignatius-of-loyola",
        name: "Ignatius of Loyola",
        aliases: &["Íñigo López de Loyola"],
        status: Status::Saint,
        feast: Some((7, 31)),
        birth_year: Some(1491),
        death_year: Some(1556),
        lived: "1491 – 1556",
        status_since: Some(1622),
        patronages: &["the Society of Jesus", "soldiers", "spiritual retreats"],
        description: "Founder of the Society of Jesus and author of the Spiritual Exercises.",
    },
    Saint {
        id: "francis-xavier",
        name: "Francis Xavier",
        aliases: &["Francisco de Jasso y Azpilicueta"],
        status: Status::Saint,
        feast: Some((12, 3)),
        birth_year: Some(1506),
        death_year: Some(1552),
        lived: "1506 – 1552",
        status_since: Some(1622),
        patronages: &["missions"],
        description: "Jesuit missionary to India and Japan, one of the first companions of Ignatius of Loyola.",
    },
    Saint {
        id: "patrick",
        name: "Patrick",
        aliases: &["Patrick of Ireland", "Apostle of Ireland"],
        status: Status::Saint,
        feast: Some((3, 17)),
        birth_year: None,
        death_year: None,
        lived: "5th century",
        status_since: None,
        patronages: &["Ireland", "Nigeria", "engineers"],
        description: "Missionary bishop and Apostle of Ireland.",
    },
    Saint {
        id: "anthony-of-padua",
        name: "Anthony of Padua",
        aliases: &["Anthony of Lisbon"],
        status: Status::Saint,
        feast: Some((6, 13)),
        birth_year: Some(1195),
        death_year: Some(1231),
        lived: "c. 1195 – 1231",
        status_since: Some(1232),
        patronages: &["lost things", "the poor", "Portugal"],
        description: "Franciscan preacher born in Lisbon; Doctor of the Church (1946).",
    },
    Saint {
        id: "benedict-of-nursia",
        name: "Benedict of Nursia",
        aliases: &["Benedict of Norcia"],
        status: Status::Saint,
        feast: Some((7, 11)),
        birth_year: Some(480),
        death_year: Some(547),
        lived: "c. 480 – c. 547",
        status_since: None,
        patronages: &["Europe", "monks"],
        description: "Father of Western monasticism and author of the Rule of Saint Benedict.",
    },
    Saint {
        id: "maximilian-kolbe",
        name: "Maximilian Kolbe",
        aliases: &["Maximilian Maria Kolbe", "Rajmund Kolbe"],
        status: Status::Saint,
        feast: Some((8, 14)),
        birth_year: Some(1894),
        death_year: Some(1941),
        lived: "1894 – 1941",
        status_since: Some(1982),
        patronages: &["prisoners", "journalists", "families"],
        description: "Polish Conventual Franciscan who gave his life for another prisoner at Auschwitz.",
    },
    Saint {
        id: "pio-of-pietrelcina",
        name: "Pio of Pietrelcina",
        aliases: &["Padre Pio", "Francesco Forgione"],
        status: Status::Saint,
        feast: Some((9, 23)),
        birth_year: Some(1887),
        death_year: Some(1968),
        lived: "1887 – 1968",
        status_since: Some(2002),
        patronages: &["civil defence volunteers"],
        description: "Capuchin friar of San Giovanni Rotondo, known for the stigmata and the confessional.",
    },
    Saint {
        id: "joan-of-arc",
        name: "Joan of Arc",
        aliases: &["Jeanne d'Arc", "Maid of Orléans"],
        status: Status::Saint,
        feast: Some((5, 30)),
        birth_year: Some(1412),
        death_year: Some(1431),
        lived: "c. 1412 – 1431",
        status_since: Some(1920),
        patronages: &["France", "soldiers"],
        description: "French heroine of the Hundred Years' War, burned at Rouen in 1431.",
    },
    Saint {
        id: "john-henry-newman",
        name: "John Henry Newman",
        aliases: &["Cardinal Newman"],
        status: Status::Saint,
        feast: Some((10, 9)),
        birth_year: Some(1801),
        death_year: Some(1890),
        lived: "1801 – 1890",
        status_since: Some(2019),
        patronages: &[],
        description: "English theologian and convert, founder of the Birmingham Oratory; created cardinal in 1879.",
    },
    Saint {
        id: "pier-giorgio-frassati",
        name: "Pier Giorgio Frassati",
        aliases: &[],
        status: Status::Saint,
        feast: Some((7, 4)),
        birth_year: Some(1901),
        death_year: Some(1925),
        lived: "1901 – 1925",
        status_since: Some(2025),
        patronages: &[],
        description: "Young Dominican tertiary of Turin devoted to the poor; canonised on 7 September 2025.",
    },
    Saint {
        id: "miguel-pro",
        name: "Miguel Pro",
        aliases: &["Miguel Agustín Pro", "Miguel Agustín Pro Juárez"],
        status: Status::Blessed,
        feast: Some((11, 23)),
        birth_year: Some(1891),
        death_year: Some(1927),
        lived: "1891 – 1927",
        status_since: Some(1988),
        patronages: &[],
        description: "Mexican Jesuit priest executed in Mexico City during the persecution of the Church.",
    },
    Saint {
        id: "chiara-badano",
        name: "Chiara Badano",
        aliases: &["Chiara Luce Badano"],
        status: Status::Blessed,
        feast: Some((10, 29)),
        birth_year: Some(1971),
        death_year: Some(1990),
        lived: "1971 – 1990",
        status_since: Some(2010),
        patronages: &[],
        description: "Italian young woman of the Focolare Movement who died of bone cancer at eighteen.",
    },
    Saint {
        id: "fulton-sheen",
        name: "Fulton J. Sheen",
        aliases: &["Fulton John Sheen", "Fulton Sheen", "Peter John Sheen"],
        status: Status::Venerable,
        feast: None,
        birth_year: Some(1895),
        death_year: Some(1979),
        lived: "1895 – 1979",
        status_since: Some(2012),
        patronages: &[],
        description: "American archbishop, broadcaster and author of Life Is Worth Living.",
    },
    Saint {
        id: "matt-talbot",
        name: "Matt Talbot",
        aliases: &["Matthew Talbot"],
        status: Status::Venerable,
        feast: None,
        birth_year: Some(1856),
        death_year: Some(1925),
        lived: "1856 – 1925",
        status_since: Some(1975),
        patronages: &[],
        description: "Dublin labourer who overcame alcoholism through prayer and penance.",
    },
    Saint {
        id: "dorothy-day",
        name: "Dorothy Day",
        aliases: &[],
        status: Status::ServantOfGod,
        feast: None,
        birth_year: Some(1897),
        death_year: Some(1980),
        lived: "1897 – 1980",
        status_since: Some(2000),
        patronages: &[],
        description: "American journalist and co-founder of the Catholic Worker Movement.",
    },
];

/// The answer for one saint.
pub(super) fn answer(saint: &Saint) -> LookupAnswer {
    let feast_text = saint.feast.and_then(|(m, d)| month_day_text(m, d));
    let mut summary = format!("## {} {}\n\n", saint.status.as_str(), saint.name);
    summary.push_str(&format!("- **Status:** {}", saint.status.as_str()));
    if let Some(year) = saint.status_since {
        summary.push_str(&format!(" ({} {year})", saint.status.since_label()));
    }
    summary.push('\n');
    match &feast_text {
        Some(text) => summary.push_str(&format!("- **Feast day:** {text}\n")),
        None => summary
            .push_str("- **Feast day:** none (no liturgical memorial before beatification)\n"),
    }
    summary.push_str(&format!("- **Lived:** {}\n", saint.lived));
    if !saint.patronages.is_empty() {
        summary.push_str(&format!(
            "- **Patron of:** {}\n",
            saint.patronages.join(", ")
        ));
    }
    summary.push_str(&format!("\n{}\n", saint.description));

    let mut record = Map::new();
    record.insert("id".into(), saint.id.into());
    record.insert("name".into(), saint.name.into());
    record.insert("status".into(), saint.status.as_str().into());
    record.insert(
        "feast_day".into(),
        opt_str(saint.feast.map(|(m, d)| format!("{m:02}-{d:02}"))),
    );
    record.insert("feast_day_text".into(), opt_str(feast_text));
    record.insert("birth_year".into(), opt_int(saint.birth_year));
    record.insert("death_year".into(), opt_int(saint.death_year));
    record.insert("lived".into(), saint.lived.into());
    record.insert("status_since".into(), opt_int(saint.status_since));
    record.insert("patronages".into(), str_array(saint.patronages));
    record.insert("description".into(), saint.description.into());
    record.insert("aliases".into(), str_array(saint.aliases));
    LookupAnswer { summary, record }
}
