//! The text of the `liturgical_readings` skill: the day of [`magisterium_liturgy`] and its Lectionary
//! references.

use magisterium_core::date::CivilDate;
use magisterium_liturgy::lectionary::{masses_for, Readings};
use magisterium_liturgy::liturgical_day;
use magisterium_liturgy::names::long_date;

/// The text of the `liturgical_readings` skill for `date`: the date, the celebration, season and
/// week, the Sunday and weekday cycles, the colour, and the reading references of every Mass of the
/// day (the day's own first, then vigil Masses and the like, then a memorial's own readings), each
/// with its Lectionary number, ending with a line saying that the text comes from the offline
/// stand-in agent. `None` outside 1900–2199.
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
    out.push_str(&format!(
        "- Sunday cycle: Year {}; weekday cycle: Year {}\n- Liturgical colour: {}\n",
        day.sunday_cycle.key(),
        day.weekday_cycle.key(),
        day.colour
    ));
    if !day.optional_memorials.is_empty() {
        out.push_str(&format!(
            "- Optional memorials: {}\n",
            day.optional_memorials
                .iter()
                .map(|c| c.title)
                .collect::<Vec<_>>()
                .join("; ")
        ));
    }
    out.push('\n');
    let masses = masses_for(&day);
    if masses.is_empty() {
        out.push_str("The offline stand-in has no Lectionary references for this day.\n");
    } else {
        out.push_str("## Readings (Lectionary for Mass references)\n");
        for readings in &masses {
            out.push('\n');
            mass_text(&mut out, readings);
        }
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

/// One Mass's references: its name and Lectionary number when known, then one line a reading.
fn mass_text(out: &mut String, readings: &Readings) {
    match (readings.note, readings.number) {
        (Some(note), Some(n)) => out.push_str(&format!("{note} (Lectionary {n}):\n")),
        (Some(note), None) => out.push_str(&format!("{note}:\n")),
        (None, Some(n)) => out.push_str(&format!("Lectionary {n}:\n")),
        (None, None) => {}
    }
    let (first, second) = match readings.vigil {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::test_date as date;
    use magisterium_liturgy::lectionary::readings_for;

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
    fn weekdays_and_memorials_have_their_readings() {
        // Tuesday of the 10th Week in Ordinary Time, Year II (Lectionary 360).
        let text = readings_text(date(2026, 6, 9)).unwrap();
        assert!(
            text.contains("**Tuesday of the 10th Week in Ordinary Time** (Weekday)"),
            "{text}"
        );
        assert!(
            text.contains("Lectionary 360:\n- First reading: 1 Kgs 17:7-16\n"),
            "{text}"
        );
        assert!(text.contains("- Gospel: Mt 5:13-16\n"), "{text}");
        // Our Lady of Sorrows (Lectionary 639), after the weekday's readings.
        let text = readings_text(date(2026, 9, 15)).unwrap();
        let weekday = text.find("- Gospel:").unwrap();
        let memorial = text
            .find("Our Lady of Sorrows (Lectionary 639):\n")
            .unwrap();
        assert!(weekday < memorial, "{text}");
        assert_eq!(readings_text(date(1899, 12, 31)), None);
        assert_eq!(readings_text(date(2200, 1, 1)), None);
    }

    #[test]
    fn every_day_has_references() {
        let mut d = date(2019, 12, 1);
        while d < date(2029, 12, 1) {
            let day = liturgical_day(d).unwrap();
            assert!(readings_for(&day).is_some(), "{d} {}", day.name);
            let text = readings_text(d).unwrap();
            assert!(text.contains("## Readings"), "{d}");
            assert!(text.ends_with("not from Magisterium AI._\n"));
            d = d.add_days(1).unwrap();
        }
    }

    #[test]
    fn christmas_lists_its_four_masses() {
        let text = readings_text(date(2026, 12, 25)).unwrap();
        for mass in [
            "Mass during the Day (Lectionary 16):",
            "Vigil Mass (Lectionary 13):",
            "Mass during the Night (Lectionary 14):",
            "Mass at Dawn (Lectionary 15):",
        ] {
            assert!(text.contains(mass), "{mass}: {text}");
        }
    }
}
