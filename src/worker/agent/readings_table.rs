//! Lectionary for Mass references (citations only, never scripture text) for the Sundays of cycles
//! A, B and C, the Paschal Triduum, and the principal solemnities and feasts; and the text of the
//! `liturgical_readings` skill.
//!
//! Verse numbering follows the Lectionary for Mass used in the United States (NABRE versification,
//! Hebrew psalm numbering); only the psalm is named for the responsorial psalm. Weekdays and
//! memorials have no entry: the text says so instead of guessing.

use super::calendar::{liturgical_day, long_date, LiturgicalDay, Rank, Season, SundayCycle};
use crate::protocol::date::CivilDate;

/// The reading references of one Mass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    /// First reading, e.g. `Is 7:10-14; 8:10`.
    pub first: &'static str,
    /// Responsorial psalm (or canticle), e.g. `Ps 40`.
    pub psalm: &'static str,
    /// Second reading (Sundays and solemnities).
    pub second: Option<&'static str>,
    /// Gospel.
    pub gospel: &'static str,
    /// Which Mass this is, when the day has several (e.g. `Mass during the Day`).
    pub note: Option<&'static str>,
}

const fn r(
    first: &'static str,
    psalm: &'static str,
    second: &'static str,
    gospel: &'static str,
) -> Readings {
    Readings {
        first,
        psalm,
        second: Some(second),
        gospel,
        note: None,
    }
}

/// A feast with one reading before the Gospel.
const fn w(first: &'static str, psalm: &'static str, gospel: &'static str) -> Readings {
    Readings {
        first,
        psalm,
        second: None,
        gospel,
        note: None,
    }
}

const fn day_mass(readings: Readings) -> Readings {
    Readings {
        note: Some("Mass during the Day"),
        ..readings
    }
}

/// Years A, B, C.
type Cycle = [Readings; 3];

const fn same(readings: Readings) -> Cycle {
    [readings, readings, readings]
}

static ADVENT: [Cycle; 4] = [
    [
        r("Is 2:1-5", "Ps 122", "Rom 13:11-14", "Mt 24:37-44"),
        r(
            "Is 63:16b-17, 19b; 64:2-7",
            "Ps 80",
            "1 Cor 1:3-9",
            "Mk 13:33-37",
        ),
        r(
            "Jer 33:14-16",
            "Ps 25",
            "1 Thes 3:12–4:2",
            "Lk 21:25-28, 34-36",
        ),
    ],
    [
        r("Is 11:1-10", "Ps 72", "Rom 15:4-9", "Mt 3:1-12"),
        r("Is 40:1-5, 9-11", "Ps 85", "2 Pt 3:8-14", "Mk 1:1-8"),
        r("Bar 5:1-9", "Ps 126", "Phil 1:4-6, 8-11", "Lk 3:1-6"),
    ],
    [
        r("Is 35:1-6a, 10", "Ps 146", "Jas 5:7-10", "Mt 11:2-11"),
        r(
            "Is 61:1-2a, 10-11",
            "Lk 1:46-50, 53-54",
            "1 Thes 5:16-24",
            "Jn 1:6-8, 19-28",
        ),
        r("Zep 3:14-18a", "Is 12:2-6", "Phil 4:4-7", "Lk 3:10-18"),
    ],
    [
        r("Is 7:10-14", "Ps 24", "Rom 1:1-7", "Mt 1:18-24"),
        r(
            "2 Sm 7:1-5, 8b-12, 14a, 16",
            "Ps 89",
            "Rom 16:25-27",
            "Lk 1:26-38",
        ),
        r("Mi 5:1-4a", "Ps 80", "Heb 10:5-10", "Lk 1:39-45"),
    ],
];

static LENT: [Cycle; 5] = [
    [
        r("Gn 2:7-9; 3:1-7", "Ps 51", "Rom 5:12-19", "Mt 4:1-11"),
        r("Gn 9:8-15", "Ps 25", "1 Pt 3:18-22", "Mk 1:12-15"),
        r("Dt 26:4-10", "Ps 91", "Rom 10:8-13", "Lk 4:1-13"),
    ],
    [
        r("Gn 12:1-4a", "Ps 33", "2 Tm 1:8b-10", "Mt 17:1-9"),
        r(
            "Gn 22:1-2, 9a, 10-13, 15-18",
            "Ps 116",
            "Rom 8:31b-34",
            "Mk 9:2-10",
        ),
        r("Gn 15:5-12, 17-18", "Ps 27", "Phil 3:17–4:1", "Lk 9:28b-36"),
    ],
    [
        r("Ex 17:3-7", "Ps 95", "Rom 5:1-2, 5-8", "Jn 4:5-42"),
        r("Ex 20:1-17", "Ps 19", "1 Cor 1:22-25", "Jn 2:13-25"),
        r(
            "Ex 3:1-8a, 13-15",
            "Ps 103",
            "1 Cor 10:1-6, 10-12",
            "Lk 13:1-9",
        ),
    ],
    [
        r(
            "1 Sm 16:1b, 6-7, 10-13a",
            "Ps 23",
            "Eph 5:8-14",
            "Jn 9:1-41",
        ),
        r(
            "2 Chr 36:14-16, 19-23",
            "Ps 137",
            "Eph 2:4-10",
            "Jn 3:14-21",
        ),
        r(
            "Jos 5:9a, 10-12",
            "Ps 34",
            "2 Cor 5:17-21",
            "Lk 15:1-3, 11-32",
        ),
    ],
    [
        r("Ez 37:12-14", "Ps 130", "Rom 8:8-11", "Jn 11:1-45"),
        r("Jer 31:31-34", "Ps 51", "Heb 5:7-9", "Jn 12:20-33"),
        r("Is 43:16-21", "Ps 126", "Phil 3:8-14", "Jn 8:1-11"),
    ],
];

/// Second to Seventh Sunday of Easter.
static EASTER: [Cycle; 6] = [
    [
        r("Acts 2:42-47", "Ps 118", "1 Pt 1:3-9", "Jn 20:19-31"),
        r("Acts 4:32-35", "Ps 118", "1 Jn 5:1-6", "Jn 20:19-31"),
        r(
            "Acts 5:12-16",
            "Ps 118",
            "Rv 1:9-11a, 12-13, 17-19",
            "Jn 20:19-31",
        ),
    ],
    [
        r("Acts 2:14, 22-33", "Ps 16", "1 Pt 1:17-21", "Lk 24:13-35"),
        r("Acts 3:13-15, 17-19", "Ps 4", "1 Jn 2:1-5a", "Lk 24:35-48"),
        r("Acts 5:27-32, 40b-41", "Ps 30", "Rv 5:11-14", "Jn 21:1-19"),
    ],
    [
        r("Acts 2:14a, 36-41", "Ps 23", "1 Pt 2:20b-25", "Jn 10:1-10"),
        r("Acts 4:8-12", "Ps 118", "1 Jn 3:1-2", "Jn 10:11-18"),
        r(
            "Acts 13:14, 43-52",
            "Ps 100",
            "Rv 7:9, 14b-17",
            "Jn 10:27-30",
        ),
    ],
    [
        r("Acts 6:1-7", "Ps 33", "1 Pt 2:4-9", "Jn 14:1-12"),
        r("Acts 9:26-31", "Ps 22", "1 Jn 3:18-24", "Jn 15:1-8"),
        r(
            "Acts 14:21-27",
            "Ps 145",
            "Rv 21:1-5a",
            "Jn 13:31-33a, 34-35",
        ),
    ],
    [
        r("Acts 8:5-8, 14-17", "Ps 66", "1 Pt 3:15-18", "Jn 14:15-21"),
        r(
            "Acts 10:25-26, 34-35, 44-48",
            "Ps 98",
            "1 Jn 4:7-10",
            "Jn 15:9-17",
        ),
        r(
            "Acts 15:1-2, 22-29",
            "Ps 67",
            "Rv 21:10-14, 22-23",
            "Jn 14:23-29",
        ),
    ],
    [
        r("Acts 1:12-14", "Ps 27", "1 Pt 4:13-16", "Jn 17:1-11a"),
        r(
            "Acts 1:15-17, 20a, 20c-26",
            "Ps 103",
            "1 Jn 4:11-16",
            "Jn 17:11b-19",
        ),
        r(
            "Acts 7:55-60",
            "Ps 97",
            "Rv 22:12-14, 16-17, 20",
            "Jn 17:20-26",
        ),
    ],
];

/// Second to Thirty-third Sunday in Ordinary Time.
static ORDINARY: [Cycle; 32] = [
    [
        r("Is 49:3, 5-6", "Ps 40", "1 Cor 1:1-3", "Jn 1:29-34"),
        r(
            "1 Sm 3:3b-10, 19",
            "Ps 40",
            "1 Cor 6:13c-15a, 17-20",
            "Jn 1:35-42",
        ),
        r("Is 62:1-5", "Ps 96", "1 Cor 12:4-11", "Jn 2:1-11"),
    ],
    [
        r("Is 8:23–9:3", "Ps 27", "1 Cor 1:10-13, 17", "Mt 4:12-23"),
        r("Jon 3:1-5, 10", "Ps 25", "1 Cor 7:29-31", "Mk 1:14-20"),
        r(
            "Neh 8:2-4a, 5-6, 8-10",
            "Ps 19",
            "1 Cor 12:12-30",
            "Lk 1:1-4; 4:14-21",
        ),
    ],
    [
        r("Zep 2:3; 3:12-13", "Ps 146", "1 Cor 1:26-31", "Mt 5:1-12a"),
        r("Dt 18:15-20", "Ps 95", "1 Cor 7:32-35", "Mk 1:21-28"),
        r(
            "Jer 1:4-5, 17-19",
            "Ps 71",
            "1 Cor 12:31–13:13",
            "Lk 4:21-30",
        ),
    ],
    [
        r("Is 58:7-10", "Ps 112", "1 Cor 2:1-5", "Mt 5:13-16"),
        r(
            "Jb 7:1-4, 6-7",
            "Ps 147",
            "1 Cor 9:16-19, 22-23",
            "Mk 1:29-39",
        ),
        r("Is 6:1-2a, 3-8", "Ps 138", "1 Cor 15:1-11", "Lk 5:1-11"),
    ],
    [
        r("Sir 15:15-20", "Ps 119", "1 Cor 2:6-10", "Mt 5:17-37"),
        r(
            "Lv 13:1-2, 44-46",
            "Ps 32",
            "1 Cor 10:31–11:1",
            "Mk 1:40-45",
        ),
        r("Jer 17:5-8", "Ps 1", "1 Cor 15:12, 16-20", "Lk 6:17, 20-26"),
    ],
    [
        r("Lv 19:1-2, 17-18", "Ps 103", "1 Cor 3:16-23", "Mt 5:38-48"),
        r(
            "Is 43:18-19, 21-22, 24b-25",
            "Ps 41",
            "2 Cor 1:18-22",
            "Mk 2:1-12",
        ),
        r(
            "1 Sm 26:2, 7-9, 12-13, 22-23",
            "Ps 103",
            "1 Cor 15:45-49",
            "Lk 6:27-38",
        ),
    ],
    [
        r("Is 49:14-15", "Ps 62", "1 Cor 4:1-5", "Mt 6:24-34"),
        r(
            "Hos 2:16b, 17b, 21-22",
            "Ps 103",
            "2 Cor 3:1b-6",
            "Mk 2:18-22",
        ),
        r("Sir 27:4-7", "Ps 92", "1 Cor 15:54-58", "Lk 6:39-45"),
    ],
    [
        r(
            "Dt 11:18, 26-28, 32",
            "Ps 31",
            "Rom 3:21-25, 28",
            "Mt 7:21-27",
        ),
        r("Dt 5:12-15", "Ps 81", "2 Cor 4:6-11", "Mk 2:23–3:6"),
        r("1 Kgs 8:41-43", "Ps 117", "Gal 1:1-2, 6-10", "Lk 7:1-10"),
    ],
    [
        r("Hos 6:3-6", "Ps 50", "Rom 4:18-25", "Mt 9:9-13"),
        r("Gn 3:9-15", "Ps 130", "2 Cor 4:13–5:1", "Mk 3:20-35"),
        r("1 Kgs 17:17-24", "Ps 30", "Gal 1:11-19", "Lk 7:11-17"),
    ],
    [
        r("Ex 19:2-6a", "Ps 100", "Rom 5:6-11", "Mt 9:36–10:8"),
        r("Ez 17:22-24", "Ps 92", "2 Cor 5:6-10", "Mk 4:26-34"),
        r(
            "2 Sm 12:7-10, 13",
            "Ps 32",
            "Gal 2:16, 19-21",
            "Lk 7:36–8:3",
        ),
    ],
    [
        r("Jer 20:10-13", "Ps 69", "Rom 5:12-15", "Mt 10:26-33"),
        r("Jb 38:1, 8-11", "Ps 107", "2 Cor 5:14-17", "Mk 4:35-41"),
        r("Zec 12:10-11; 13:1", "Ps 63", "Gal 3:26-29", "Lk 9:18-24"),
    ],
    [
        r(
            "2 Kgs 4:8-11, 14-16a",
            "Ps 89",
            "Rom 6:3-4, 8-11",
            "Mt 10:37-42",
        ),
        r(
            "Wis 1:13-15; 2:23-24",
            "Ps 30",
            "2 Cor 8:7, 9, 13-15",
            "Mk 5:21-43",
        ),
        r(
            "1 Kgs 19:16b, 19-21",
            "Ps 16",
            "Gal 5:1, 13-18",
            "Lk 9:51-62",
        ),
    ],
    [
        r("Zec 9:9-10", "Ps 145", "Rom 8:9, 11-13", "Mt 11:25-30"),
        r("Ez 2:2-5", "Ps 123", "2 Cor 12:7-10", "Mk 6:1-6a"),
        r("Is 66:10-14c", "Ps 66", "Gal 6:14-18", "Lk 10:1-12, 17-20"),
    ],
    [
        r("Is 55:10-11", "Ps 65", "Rom 8:18-23", "Mt 13:1-23"),
        r("Am 7:12-15", "Ps 85", "Eph 1:3-14", "Mk 6:7-13"),
        r("Dt 30:10-14", "Ps 69", "Col 1:15-20", "Lk 10:25-37"),
    ],
    [
        r("Wis 12:13, 16-19", "Ps 86", "Rom 8:26-27", "Mt 13:24-43"),
        r("Jer 23:1-6", "Ps 23", "Eph 2:13-18", "Mk 6:30-34"),
        r("Gn 18:1-10a", "Ps 15", "Col 1:24-28", "Lk 10:38-42"),
    ],
    [
        r("1 Kgs 3:5, 7-12", "Ps 119", "Rom 8:28-30", "Mt 13:44-52"),
        r("2 Kgs 4:42-44", "Ps 145", "Eph 4:1-6", "Jn 6:1-15"),
        r("Gn 18:20-32", "Ps 138", "Col 2:12-14", "Lk 11:1-13"),
    ],
    [
        r("Is 55:1-3", "Ps 145", "Rom 8:35, 37-39", "Mt 14:13-21"),
        r("Ex 16:2-4, 12-15", "Ps 78", "Eph 4:17, 20-24", "Jn 6:24-35"),
        r(
            "Eccl 1:2; 2:21-23",
            "Ps 90",
            "Col 3:1-5, 9-11",
            "Lk 12:13-21",
        ),
    ],
    [
        r("1 Kgs 19:9a, 11-13a", "Ps 85", "Rom 9:1-5", "Mt 14:22-33"),
        r("1 Kgs 19:4-8", "Ps 34", "Eph 4:30–5:2", "Jn 6:41-51"),
        r("Wis 18:6-9", "Ps 33", "Heb 11:1-2, 8-19", "Lk 12:32-48"),
    ],
    [
        r(
            "Is 56:1, 6-7",
            "Ps 67",
            "Rom 11:13-15, 29-32",
            "Mt 15:21-28",
        ),
        r("Prv 9:1-6", "Ps 34", "Eph 5:15-20", "Jn 6:51-58"),
        r("Jer 38:4-6, 8-10", "Ps 40", "Heb 12:1-4", "Lk 12:49-53"),
    ],
    [
        r("Is 22:19-23", "Ps 138", "Rom 11:33-36", "Mt 16:13-20"),
        r(
            "Jos 24:1-2a, 15-17, 18b",
            "Ps 34",
            "Eph 5:21-32",
            "Jn 6:60-69",
        ),
        r("Is 66:18-21", "Ps 117", "Heb 12:5-7, 11-13", "Lk 13:22-30"),
    ],
    [
        r("Jer 20:7-9", "Ps 63", "Rom 12:1-2", "Mt 16:21-27"),
        r(
            "Dt 4:1-2, 6-8",
            "Ps 15",
            "Jas 1:17-18, 21b-22, 27",
            "Mk 7:1-8, 14-15, 21-23",
        ),
        r(
            "Sir 3:17-18, 20, 28-29",
            "Ps 68",
            "Heb 12:18-19, 22-24a",
            "Lk 14:1, 7-14",
        ),
    ],
    [
        r("Ez 33:7-9", "Ps 95", "Rom 13:8-10", "Mt 18:15-20"),
        r("Is 35:4-7a", "Ps 146", "Jas 2:1-5", "Mk 7:31-37"),
        r("Wis 9:13-18b", "Ps 90", "Phmn 9-10, 12-17", "Lk 14:25-33"),
    ],
    [
        r("Sir 27:30–28:7", "Ps 103", "Rom 14:7-9", "Mt 18:21-35"),
        r("Is 50:5-9a", "Ps 116", "Jas 2:14-18", "Mk 8:27-35"),
        r("Ex 32:7-11, 13-14", "Ps 51", "1 Tm 1:12-17", "Lk 15:1-32"),
    ],
    [
        r("Is 55:6-9", "Ps 145", "Phil 1:20c-24, 27a", "Mt 20:1-16a"),
        r("Wis 2:12, 17-20", "Ps 54", "Jas 3:16–4:3", "Mk 9:30-37"),
        r("Am 8:4-7", "Ps 113", "1 Tm 2:1-8", "Lk 16:1-13"),
    ],
    [
        r("Ez 18:25-28", "Ps 25", "Phil 2:1-11", "Mt 21:28-32"),
        r("Nm 11:25-29", "Ps 19", "Jas 5:1-6", "Mk 9:38-43, 45, 47-48"),
        r("Am 6:1a, 4-7", "Ps 146", "1 Tm 6:11-16", "Lk 16:19-31"),
    ],
    [
        r("Is 5:1-7", "Ps 80", "Phil 4:6-9", "Mt 21:33-43"),
        r("Gn 2:18-24", "Ps 128", "Heb 2:9-11", "Mk 10:2-16"),
        r(
            "Hb 1:2-3; 2:2-4",
            "Ps 95",
            "2 Tm 1:6-8, 13-14",
            "Lk 17:5-10",
        ),
    ],
    [
        r("Is 25:6-10a", "Ps 23", "Phil 4:12-14, 19-20", "Mt 22:1-14"),
        r("Wis 7:7-11", "Ps 90", "Heb 4:12-13", "Mk 10:17-30"),
        r("2 Kgs 5:14-17", "Ps 98", "2 Tm 2:8-13", "Lk 17:11-19"),
    ],
    [
        r("Is 45:1, 4-6", "Ps 96", "1 Thes 1:1-5b", "Mt 22:15-21"),
        r("Is 53:10-11", "Ps 33", "Heb 4:14-16", "Mk 10:35-45"),
        r("Ex 17:8-13", "Ps 121", "2 Tm 3:14–4:2", "Lk 18:1-8"),
    ],
    [
        r("Ex 22:20-26", "Ps 18", "1 Thes 1:5c-10", "Mt 22:34-40"),
        r("Jer 31:7-9", "Ps 126", "Heb 5:1-6", "Mk 10:46-52"),
        r(
            "Sir 35:12-14, 16-18",
            "Ps 34",
            "2 Tm 4:6-8, 16-18",
            "Lk 18:9-14",
        ),
    ],
    [
        r(
            "Mal 1:14b–2:2b, 8-10",
            "Ps 131",
            "1 Thes 2:7b-9, 13",
            "Mt 23:1-12",
        ),
        r("Dt 6:2-6", "Ps 18", "Heb 7:23-28", "Mk 12:28b-34"),
        r("Wis 11:22–12:2", "Ps 145", "2 Thes 1:11–2:2", "Lk 19:1-10"),
    ],
    [
        r("Wis 6:12-16", "Ps 63", "1 Thes 4:13-18", "Mt 25:1-13"),
        r("1 Kgs 17:10-16", "Ps 146", "Heb 9:24-28", "Mk 12:38-44"),
        r(
            "2 Mc 7:1-2, 9-14",
            "Ps 17",
            "2 Thes 2:16–3:5",
            "Lk 20:27-38",
        ),
    ],
    [
        r(
            "Prv 31:10-13, 19-20, 30-31",
            "Ps 128",
            "1 Thes 5:1-6",
            "Mt 25:14-30",
        ),
        r("Dn 12:1-3", "Ps 16", "Heb 10:11-14, 18", "Mk 13:24-32"),
        r("Mal 3:19-20a", "Ps 98", "2 Thes 3:7-12", "Lk 21:5-19"),
    ],
];

static HOLY_FAMILY: Cycle = [
    r(
        "Sir 3:2-6, 12-14",
        "Ps 128",
        "Col 3:12-21",
        "Mt 2:13-15, 19-23",
    ),
    r(
        "Sir 3:2-6, 12-14 or Gn 15:1-6; 21:1-3",
        "Ps 128 or Ps 105",
        "Col 3:12-21 or Heb 11:8, 11-12, 17-19",
        "Lk 2:22-40",
    ),
    r(
        "Sir 3:2-6, 12-14 or 1 Sm 1:20-22, 24-28",
        "Ps 128 or Ps 84",
        "Col 3:12-21 or 1 Jn 3:1-2, 21-24",
        "Lk 2:41-52",
    ),
];

static BAPTISM: Cycle = [
    r("Is 42:1-4, 6-7", "Ps 29", "Acts 10:34-38", "Mt 3:13-17"),
    r(
        "Is 42:1-4, 6-7 or Is 55:1-11",
        "Ps 29 or Is 12",
        "Acts 10:34-38 or 1 Jn 5:1-9",
        "Mk 1:7-11",
    ),
    r(
        "Is 42:1-4, 6-7 or Is 40:1-5, 9-11",
        "Ps 29 or Ps 104",
        "Acts 10:34-38 or Ti 2:11-14; 3:4-7",
        "Lk 3:15-16, 21-22",
    ),
];

const PASSION: Readings = r("Is 50:4-7", "Ps 22", "Phil 2:6-11", "");

static PALM_SUNDAY: Cycle = [
    Readings {
        gospel: "Mt 26:14–27:66 (procession: Mt 21:1-11)",
        ..PASSION
    },
    Readings {
        gospel: "Mk 14:1–15:47 (procession: Mk 11:1-10 or Jn 12:12-16)",
        ..PASSION
    },
    Readings {
        gospel: "Lk 22:14–23:56 (procession: Lk 19:28-40)",
        ..PASSION
    },
];

const VIGIL: Readings = Readings {
    first: "Gn 1:1–2:2; Gn 22:1-18; Ex 14:15–15:1; Is 54:5-14; Is 55:1-11; \
            Bar 3:9-15, 32–4:4; Ez 36:16-17a, 18-28",
    psalm: "Ps 118 (after the Epistle; each Old Testament reading has its own psalm or canticle)",
    second: Some("Rom 6:3-11"),
    gospel: "",
    note: Some(VIGIL_NOTE),
};

const VIGIL_NOTE: &str = "Easter Vigil in the Holy Night (no Mass during the day)";

static EASTER_VIGIL: Cycle = [
    Readings {
        gospel: "Mt 28:1-10",
        ..VIGIL
    },
    Readings {
        gospel: "Mk 16:1-7",
        ..VIGIL
    },
    Readings {
        gospel: "Lk 24:1-12",
        ..VIGIL
    },
];

const ASCENSION_A: Readings = r("Acts 1:1-11", "Ps 47", "Eph 1:17-23", "Mt 28:16-20");

static ASCENSION: Cycle = [
    ASCENSION_A,
    Readings {
        second: Some("Eph 1:17-23 or Eph 4:1-13"),
        gospel: "Mk 16:15-20",
        ..ASCENSION_A
    },
    Readings {
        second: Some("Eph 1:17-23 or Heb 9:24-28; 10:19-23"),
        gospel: "Lk 24:46-53",
        ..ASCENSION_A
    },
];

const PENTECOST_A: Readings = day_mass(r(
    "Acts 2:1-11",
    "Ps 104",
    "1 Cor 12:3b-7, 12-13",
    "Jn 20:19-23",
));

static PENTECOST: Cycle = [
    PENTECOST_A,
    Readings {
        second: Some("1 Cor 12:3b-7, 12-13 or Gal 5:16-25"),
        gospel: "Jn 20:19-23 or Jn 15:26-27; 16:12-15",
        ..PENTECOST_A
    },
    Readings {
        second: Some("1 Cor 12:3b-7, 12-13 or Rom 8:8-17"),
        gospel: "Jn 20:19-23 or Jn 14:15-16, 23b-26",
        ..PENTECOST_A
    },
];

static TRINITY: Cycle = [
    r(
        "Ex 34:4b-6, 8-9",
        "Dn 3:52-56",
        "2 Cor 13:11-13",
        "Jn 3:16-18",
    ),
    r("Dt 4:32-34, 39-40", "Ps 33", "Rom 8:14-17", "Mt 28:16-20"),
    r("Prv 8:22-31", "Ps 8", "Rom 5:1-5", "Jn 16:12-15"),
];

static CORPUS_CHRISTI: Cycle = [
    r(
        "Dt 8:2-3, 14b-16a",
        "Ps 147",
        "1 Cor 10:16-17",
        "Jn 6:51-58",
    ),
    r("Ex 24:3-8", "Ps 116", "Heb 9:11-15", "Mk 14:12-16, 22-26"),
    r("Gn 14:18-20", "Ps 110", "1 Cor 11:23-26", "Lk 9:11b-17"),
];

static SACRED_HEART: Cycle = [
    r("Dt 7:6-11", "Ps 103", "1 Jn 4:7-16", "Mt 11:25-30"),
    r(
        "Hos 11:1, 3-4, 8c-9",
        "Is 12",
        "Eph 3:8-12, 14-19",
        "Jn 19:31-37",
    ),
    r("Ez 34:11-16", "Ps 23", "Rom 5:5b-11", "Lk 15:3-7"),
];

static CHRIST_THE_KING: Cycle = [
    r(
        "Ez 34:11-12, 15-17",
        "Ps 23",
        "1 Cor 15:20-26, 28",
        "Mt 25:31-46",
    ),
    r("Dn 7:13-14", "Ps 93", "Rv 1:5-8", "Jn 18:33b-37"),
    r("2 Sm 5:1-3", "Ps 122", "Col 1:12-20", "Lk 23:35-43"),
];

const TRANSFIGURATION_A: Readings = r("Dn 7:9-10, 13-14", "Ps 97", "2 Pt 1:16-19", "Mt 17:1-9");

static TRANSFIGURATION: Cycle = [
    TRANSFIGURATION_A,
    Readings {
        gospel: "Mk 9:2-10",
        ..TRANSFIGURATION_A
    },
    Readings {
        gospel: "Lk 9:28b-36",
        ..TRANSFIGURATION_A
    },
];

/// The readings of a day known by its name (solemnities, feasts, Triduum, unnumbered Sundays).
fn named(name: &str) -> Option<Cycle> {
    let readings = match name {
        "The Nativity of the Lord (Christmas)" => day_mass(r(
            "Is 52:7-10",
            "Ps 98",
            "Heb 1:1-6",
            "Jn 1:1-18 or Jn 1:1-5, 9-14",
        )),
        "The Holy Family of Jesus, Mary and Joseph" => return Some(HOLY_FAMILY),
        "Mary, the Holy Mother of God" => r("Nm 6:22-27", "Ps 67", "Gal 4:4-7", "Lk 2:16-21"),
        "Second Sunday after Christmas" => r(
            "Sir 24:1-2, 8-12",
            "Ps 147",
            "Eph 1:3-6, 15-18",
            "Jn 1:1-18",
        ),
        "The Epiphany of the Lord" => r("Is 60:1-6", "Ps 72", "Eph 3:2-3a, 5-6", "Mt 2:1-12"),
        "The Baptism of the Lord" => return Some(BAPTISM),
        "Ash Wednesday" => r("Jl 2:12-18", "Ps 51", "2 Cor 5:20–6:2", "Mt 6:1-6, 16-18"),
        "Palm Sunday of the Passion of the Lord" => return Some(PALM_SUNDAY),
        "Holy Thursday (Evening Mass of the Lord's Supper)" => Readings {
            note: Some("Evening Mass of the Lord's Supper"),
            ..r("Ex 12:1-8, 11-14", "Ps 116", "1 Cor 11:23-26", "Jn 13:1-15")
        },
        "Friday of the Passion of the Lord (Good Friday)" => Readings {
            note: Some("Celebration of the Passion of the Lord"),
            ..r(
                "Is 52:13–53:12",
                "Ps 31",
                "Heb 4:14-16; 5:7-9",
                "Jn 18:1–19:42",
            )
        },
        "Holy Saturday" => return Some(EASTER_VIGIL),
        "Easter Sunday of the Resurrection of the Lord" => day_mass(r(
            "Acts 10:34a, 37-43",
            "Ps 118",
            "Col 3:1-4 or 1 Cor 5:6b-8",
            "Jn 20:1-9 (or the Gospel of the Vigil; at an afternoon Mass, Lk 24:13-35)",
        )),
        "The Ascension of the Lord" => return Some(ASCENSION),
        "Pentecost Sunday" => return Some(PENTECOST),
        "The Most Holy Trinity" => return Some(TRINITY),
        "The Most Holy Body and Blood of Christ (Corpus Christi)" => return Some(CORPUS_CHRISTI),
        "The Most Sacred Heart of Jesus" => return Some(SACRED_HEART),
        "Our Lord Jesus Christ, King of the Universe" => return Some(CHRIST_THE_KING),
        "The Conversion of Saint Paul the Apostle" => {
            w("Acts 22:3-16 or Acts 9:1-22", "Ps 117", "Mk 16:15-18")
        }
        "The Presentation of the Lord" => r(
            "Mal 3:1-4",
            "Ps 24",
            "Heb 2:14-18",
            "Lk 2:22-40 or Lk 2:22-32",
        ),
        "The Chair of Saint Peter the Apostle" => w("1 Pt 5:1-4", "Ps 23", "Mt 16:13-19"),
        "Saint Joseph, Spouse of the Blessed Virgin Mary" => r(
            "2 Sm 7:4-5a, 12-14a, 16",
            "Ps 89",
            "Rom 4:13, 16-18, 22",
            "Mt 1:16, 18-21, 24a or Lk 2:41-51a",
        ),
        "The Annunciation of the Lord" => {
            r("Is 7:10-14; 8:10", "Ps 40", "Heb 10:4-10", "Lk 1:26-38")
        }
        "Saint Mark, Evangelist" => w("1 Pt 5:5b-14", "Ps 89", "Mk 16:15-20"),
        "Saints Philip and James, Apostles" => w("1 Cor 15:1-8", "Ps 19", "Jn 14:6-14"),
        "Saint Matthias, Apostle" => w("Acts 1:15-17, 20-26", "Ps 113", "Jn 15:9-17"),
        "The Visitation of the Blessed Virgin Mary" => {
            w("Zep 3:14-18a or Rom 12:9-16", "Is 12", "Lk 1:39-56")
        }
        "The Nativity of Saint John the Baptist" => {
            day_mass(r("Is 49:1-6", "Ps 139", "Acts 13:22-26", "Lk 1:57-66, 80"))
        }
        "Saints Peter and Paul, Apostles" => day_mass(r(
            "Acts 12:1-11",
            "Ps 34",
            "2 Tm 4:6-8, 17-18",
            "Mt 16:13-19",
        )),
        "Saint Thomas, Apostle" => w("Eph 2:19-22", "Ps 117", "Jn 20:24-29"),
        "Saint Mary Magdalene" => w("Sg 3:1-4b or 2 Cor 5:14-17", "Ps 63", "Jn 20:1-2, 11-18"),
        "Saint James, Apostle" => w("2 Cor 4:7-15", "Ps 126", "Mt 20:20-28"),
        "The Transfiguration of the Lord" => return Some(TRANSFIGURATION),
        "Saint Lawrence, Deacon and Martyr" => w("2 Cor 9:6-10", "Ps 112", "Jn 12:24-26"),
        "The Assumption of the Blessed Virgin Mary" => day_mass(r(
            "Rv 11:19a; 12:1-6a, 10ab",
            "Ps 45",
            "1 Cor 15:20-27",
            "Lk 1:39-56",
        )),
        "Saint Bartholomew, Apostle" => w("Rv 21:9b-14", "Ps 145", "Jn 1:45-51"),
        "The Nativity of the Blessed Virgin Mary" => {
            w("Mi 5:1-4a or Rom 8:28-30", "Ps 13", "Mt 1:1-16, 18-23")
        }
        "The Exaltation of the Holy Cross" => r("Nm 21:4b-9", "Ps 78", "Phil 2:6-11", "Jn 3:13-17"),
        "Saint Matthew, Apostle and Evangelist" => w("Eph 4:1-7, 11-13", "Ps 19", "Mt 9:9-13"),
        "Saints Michael, Gabriel and Raphael, Archangels" => {
            w("Dn 7:9-10, 13-14 or Rv 12:7-12ab", "Ps 138", "Jn 1:47-51")
        }
        "Saint Luke, Evangelist" => w("2 Tm 4:10-17b", "Ps 145", "Lk 10:1-9"),
        "Saints Simon and Jude, Apostles" => w("Eph 2:19-22", "Ps 19", "Lk 6:12-16"),
        "All Saints" => r("Rv 7:2-4, 9-14", "Ps 24", "1 Jn 3:1-3", "Mt 5:1-12a"),
        "The Dedication of the Lateran Basilica" => r(
            "Ez 47:1-2, 8-9, 12",
            "Ps 46",
            "1 Cor 3:9c-11, 16-17",
            "Jn 2:13-22",
        ),
        "Saint Andrew, Apostle" => w("Rom 10:9-18", "Ps 19", "Mt 4:18-22"),
        "The Immaculate Conception of the Blessed Virgin Mary" => {
            r("Gn 3:9-15, 20", "Ps 98", "Eph 1:3-6, 11-12", "Lk 1:26-38")
        }
        "Saint Stephen, the First Martyr" => w("Acts 6:8-10; 7:54-59", "Ps 31", "Mt 10:17-22"),
        "Saint John, Apostle and Evangelist" => w("1 Jn 1:1-4", "Ps 97", "Jn 20:1a, 2-8"),
        "The Holy Innocents, Martyrs" => w("1 Jn 1:5–2:2", "Ps 124", "Mt 2:13-18"),
        _ => return None,
    };
    Some(same(readings))
}

/// The Lectionary references for `day`, when the table has them: Sundays (Advent, Lent, Easter,
/// Ordinary Time, cycles A/B/C), the Triduum and Easter, and the principal solemnities and feasts.
/// `None` for weekdays and memorials.
pub fn readings_for(day: &LiturgicalDay) -> Option<Readings> {
    let cycle = match day.sunday_cycle {
        SundayCycle::A => 0,
        SundayCycle::B => 1,
        SundayCycle::C => 2,
    };
    let sets: Cycle = if day.rank == Rank::Sunday && day.name == day.season_day {
        let week = day.week.and_then(|w| usize::try_from(w).ok());
        match (day.season, week) {
            (Season::Advent, Some(w)) => ADVENT.get(w.checked_sub(1)?).copied(),
            (Season::Lent, Some(w)) => LENT.get(w.checked_sub(1)?).copied(),
            (Season::Easter, Some(w)) => EASTER.get(w.checked_sub(2)?).copied(),
            (Season::OrdinaryTime, Some(w)) => ORDINARY.get(w.checked_sub(2)?).copied(),
            _ => named(&day.name),
        }?
    } else {
        named(&day.name)?
    };
    sets.get(cycle).copied()
}

/// The text of the `liturgical_readings` skill for `date`: the date, the celebration, season and
/// week, the Sunday and weekday cycles, the colour, and the reading references where the table has
/// them (otherwise a plain statement that it has none), ending with a line saying that the text
/// comes from the offline stand-in agent. `None` outside 1900–2199.
pub fn readings_text(date: CivilDate) -> Option<String> {
    let day = liturgical_day(date)?;
    let mut out = format!(
        "# Mass readings: {}\n\n**{}** ({})\n\n",
        long_date(date),
        day.name,
        day.rank
    );
    if day.season_day != day.name {
        out.push_str(&format!("- Day of the season: {}\n", day.season_day));
    }
    match day.week {
        Some(week) => out.push_str(&format!("- Season: {}, week {week}\n", day.season)),
        None => out.push_str(&format!("- Season: {}\n", day.season)),
    }
    let cycle = |c: SundayCycle| match c {
        SundayCycle::A => "A",
        SundayCycle::B => "B",
        SundayCycle::C => "C",
    };
    let weekday = match day.weekday_cycle {
        super::calendar::WeekdayCycle::I => "I",
        super::calendar::WeekdayCycle::II => "II",
    };
    out.push_str(&format!(
        "- Sunday cycle: Year {}; weekday cycle: Year {weekday}\n- Liturgical colour: {}\n",
        cycle(day.sunday_cycle),
        day.colour
    ));
    if !day.optional_memorials.is_empty() {
        out.push_str(&format!(
            "- Optional memorials: {}\n",
            day.optional_memorials.join("; ")
        ));
    }
    out.push('\n');
    match readings_for(&day) {
        Some(readings) => {
            out.push_str("## Readings (Lectionary for Mass references)\n\n");
            if let Some(note) = readings.note {
                out.push_str(&format!("{note}:\n"));
            }
            let vigil = readings.note == Some(VIGIL_NOTE);
            let (first, second) = match vigil {
                true => ("Old Testament readings", "Epistle"),
                false => ("First reading", "Second reading"),
            };
            out.push_str(&format!("- {first}: {}\n", readings.first));
            out.push_str(&format!("- Responsorial psalm: {}\n", readings.psalm));
            if let Some(reading) = readings.second {
                out.push_str(&format!("- {second}: {reading}\n"));
            }
            out.push_str(&format!("- Gospel: {}\n", readings.gospel));
        }
        None => out.push_str(
            "The offline stand-in has no reference table for this day: it lists Lectionary \
             references only for Sundays, the Paschal Triduum and the principal solemnities and \
             feasts.\n",
        ),
    }
    if !day.notes.is_empty() {
        out.push('\n');
        for note in &day.notes {
            out.push_str(&format!("Note: {note}\n"));
        }
    }
    out.push_str(
        "\n_From the offline stand-in agent (General Roman Calendar, references only), not from \
         Magisterium AI._\n",
    );
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::agent::calendar::liturgical_day;
    use crate::worker::agent::dates::test_date as date;

    fn gospel(y: i32, m: u32, d: u32) -> &'static str {
        readings_for(&liturgical_day(date(y, m, d)).unwrap())
            .unwrap()
            .gospel
    }

    #[test]
    fn st_joseph_2026() {
        let text = readings_text(date(2026, 3, 19)).unwrap();
        assert!(
            text.starts_with("# Mass readings: Thursday, March 19, 2026\n"),
            "{text}"
        );
        assert!(text.contains("**Saint Joseph, Spouse of the Blessed Virgin Mary** (Solemnity)"));
        assert!(text.contains("- Day of the season: Thursday of the 4th Week of Lent"));
        assert!(text.contains("- Season: Lent, week 4"));
        assert!(text.contains("- Sunday cycle: Year A; weekday cycle: Year II"));
        assert!(text.contains("- Liturgical colour: white"));
        assert!(text.contains("- First reading: 2 Sm 7:4-5a, 12-14a, 16"));
        assert!(text.contains("stand-in"));
    }

    #[test]
    fn sundays_by_cycle() {
        assert_eq!(gospel(2025, 11, 30), "Mt 24:37-44"); // Advent 1, Year A
        assert_eq!(gospel(2026, 11, 29), "Mk 13:33-37"); // Advent 1, Year B
        assert_eq!(gospel(2024, 12, 1), "Lk 21:25-28, 34-36"); // Advent 1, Year C
        assert_eq!(gospel(2025, 12, 14), "Mt 11:2-11"); // Gaudete A
        assert_eq!(gospel(2026, 3, 15), "Jn 9:1-41"); // Laetare A
        assert_eq!(gospel(2026, 4, 12), "Jn 20:19-31");
        assert_eq!(gospel(2026, 6, 14), "Mt 9:36–10:8"); // 11th Sunday A
        assert_eq!(gospel(2026, 1, 18), "Jn 1:29-34"); // 2nd Sunday A
        assert_eq!(gospel(2025, 11, 16), "Lk 21:5-19"); // 33rd Sunday C
        assert_eq!(gospel(2024, 9, 1), "Mk 7:1-8, 14-15, 21-23"); // 22nd Sunday B
        assert_eq!(gospel(2026, 11, 22), "Mt 25:31-46"); // Christ the King A
        assert!(gospel(2026, 3, 29).starts_with("Mt 26:14–27:66")); // Palm Sunday A
        assert_eq!(gospel(2026, 4, 4), "Mt 28:1-10"); // Vigil A
        assert_eq!(gospel(2026, 5, 31), "Jn 3:16-18"); // Trinity A
        assert_eq!(gospel(2025, 3, 25), "Lk 1:26-38");
        assert_eq!(gospel(2025, 8, 6), "Lk 9:28b-36"); // Transfiguration, Year C
    }

    #[test]
    fn weekdays_have_no_table_entry() {
        let text = readings_text(date(2026, 6, 9)).unwrap();
        assert!(
            text.contains("**Tuesday of the 10th Week in Ordinary Time** (Weekday)"),
            "{text}"
        );
        assert!(text.contains("no reference table for this day"));
        assert!(!text.contains("First reading"));
        assert_eq!(readings_text(date(1899, 12, 31)), None);
        assert_eq!(readings_text(date(2200, 1, 1)), None);
    }

    #[test]
    fn every_sunday_and_named_day_has_references() {
        let mut d = date(2019, 12, 1);
        while d < date(2029, 12, 1) {
            let day = liturgical_day(d).unwrap();
            let major = matches!(day.rank, Rank::Sunday | Rank::Triduum)
                || (day.rank == Rank::Solemnity && !day.name.contains("Octave"));
            if major {
                assert!(readings_for(&day).is_some(), "{d} {}", day.name);
            }
            assert!(readings_text(d)
                .unwrap()
                .ends_with("not from Magisterium AI._\n"));
            d = d.add_days(1).unwrap();
        }
        assert_eq!(ORDINARY.len(), 32);
    }
}
