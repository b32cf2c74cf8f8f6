//! The text of the `saints_of_the_day` skill, from the General Roman Calendar of
//! [`magisterium_liturgy`].

use magisterium_core::date::CivilDate;
use magisterium_liturgy::names::long_date;
use magisterium_liturgy::sanctoral::celebrations_on;
use magisterium_liturgy::{liturgical_day, LiturgicalDay, Rank};

/// The text of the `saints_of_the_day` skill for `date`: a heading, a Markdown table `| Celebration
/// | Rank |` with the fixed-date celebrations (plus the movable solemnity, feast or memorial of the
/// day from [`liturgical_day`], when the date is within 1900–2199), what the day is
/// celebrated as that year, and a closing line saying that the text comes from the offline stand-in
/// agent.
pub fn saints_text(date: CivilDate) -> String {
    let fixed = celebrations_on(date.month(), date.day());
    let day = liturgical_day(date);
    let mut rows: Vec<(&str, Rank)> = Vec::new();
    if let Some(day) = &day {
        let movable = matches!(
            day.rank,
            Rank::Triduum | Rank::Solemnity | Rank::Feast | Rank::Memorial
        );
        if movable && !fixed.iter().any(|c| c.id == day.id) {
            rows.push((day.name.as_str(), day.rank));
        }
    }
    rows.extend(fixed.iter().map(|c| (c.title, c.rank)));

    let mut out = format!("# Saints and celebrations: {}\n\n", long_date(date));
    let describe = |day: &LiturgicalDay| match day.rank {
        Rank::Triduum => format!("{}, {}", day.season, day.colour),
        rank => format!("{rank}; {}, {}", day.season, day.colour),
    };
    if rows.is_empty() {
        out.push_str("No fixed-date celebration in the General Roman Calendar");
        match &day {
            Some(day) => out.push_str(&format!(
                "; the day is {} ({}).\n",
                day.season_day,
                describe(day)
            )),
            None => out.push_str(".\n"),
        }
    } else {
        out.push_str("| Celebration | Rank |\n|---|---|\n");
        for (title, rank) in &rows {
            out.push_str(&format!("| {title} | {} |\n", rank.label()));
        }
        out.push('\n');
        if let Some(day) = &day {
            out.push_str(&format!(
                "Celebrated in {}: {} ({}).\n",
                date.year(),
                day.name,
                describe(day)
            ));
        }
    }
    if let Some(day) = &day {
        if !day.optional_memorials.is_empty() {
            out.push_str(&format!(
                "Optional memorials: {}.\n",
                day.optional_memorials
                    .iter()
                    .map(|c| c.title)
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
        }
        for note in &day.notes {
            out.push_str(&format!("Note: {note}\n"));
        }
    } else {
        out.push_str(
            "The movable part of the calendar is computed for the years 1900–2199 only.\n",
        );
    }
    out.push_str(
        "\n_From the offline stand-in agent (General Roman Calendar, without national or diocesan \
         propers), not from Magisterium AI or the Roman Martyrology._\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::test_date as date;

    #[test]
    fn saints_text_for_a_solemnity() {
        let text = saints_text(date(2026, 3, 19));
        assert!(
            text.starts_with("# Saints and celebrations: Thursday, March 19, 2026\n"),
            "{text}"
        );
        assert!(text.contains("| Celebration | Rank |"));
        assert!(text.contains("| Saint Joseph, Spouse of the Blessed Virgin Mary | Solemnity |"));
        assert!(text.contains("stand-in"));
    }

    #[test]
    fn saints_text_for_movable_and_empty_days() {
        // Sacred Heart 2026: Easter April 5 + 68 = June 12.
        let text = saints_text(date(2026, 6, 12));
        assert!(
            text.contains("| The Most Sacred Heart of Jesus | Solemnity |"),
            "{text}"
        );
        // 2026-02-10 has a memorial; 2026-02-12 has nothing fixed.
        let text = saints_text(date(2026, 2, 12));
        let expected = "No fixed-date celebration in the General Roman Calendar; \
                        the day is Thursday of the 5th Week in Ordinary Time";
        assert!(text.contains(expected), "{text}");
        assert!(!text.contains("| Celebration |"));
        // Chair of Peter on the First Sunday of Lent 2026.
        let text = saints_text(date(2026, 2, 22));
        assert!(
            text.contains("| The Chair of Saint Peter the Apostle | Feast |"),
            "{text}"
        );
        assert!(
            text.contains("Celebrated in 2026: First Sunday of Lent"),
            "{text}"
        );
        // St Joseph 2008 transferred to March 15.
        let text = saints_text(date(2008, 3, 15));
        assert!(
            text.contains("| Saint Joseph, Spouse of the Blessed Virgin Mary | Solemnity |"),
            "{text}"
        );
        let text = saints_text(date(2008, 3, 19));
        assert!(
            text.contains("Celebrated in 2008: Wednesday of Holy Week"),
            "{text}"
        );
        assert!(text.contains("2008-03-15"), "{text}");
        // Outside the computed range the fixed table still answers.
        let text = saints_text(date(2300, 3, 19));
        assert!(
            text.contains("| Saint Joseph, Spouse of the Blessed Virgin Mary | Solemnity |"),
            "{text}"
        );
        assert!(text.contains("1900–2199"));
        let text = saints_text(date(1, 1, 4));
        assert!(
            text.contains("No fixed-date celebration in the General Roman Calendar."),
            "{text}"
        );
    }
}
