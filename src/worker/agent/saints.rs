//! The fixed-date celebrations of the General Roman Calendar (Missale Romanum, 3rd typical edition,
//! with the later universal additions: Saints John XXIII and John Paul II (2014), Mary Magdalene
//! raised to a feast (2016), Saint Paul VI and Our Lady of Loreto (2019), Saint Faustina (2020),
//! Saints Gregory of Narek, John of Avila, Hildegard of Bingen and Martha, Mary and Lazarus
//! (2021)), and the text of the `saints_of_the_day` skill.
//!
//! Movable celebrations (Easter, Sacred Heart, Mary Mother of the Church…) are computed in
//! [`super::calendar`]. National and diocesan propers are not included.

use super::calendar::{self, long_date, Colour, Rank};
use crate::protocol::date::CivilDate;

/// One celebration of the General Roman Calendar on a fixed date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Celebration {
    /// The liturgical title, e.g. `Saint Joseph, Spouse of the Blessed Virgin Mary`.
    pub title: &'static str,
    /// Solemnity, feast, memorial, optional memorial (or `Commemoration` for All Souls).
    pub rank: Rank,
    /// The colour of the Mass of the celebration.
    pub colour: Colour,
    /// True for the feasts of the Lord (Presentation, Transfiguration, Holy Cross, Lateran
    /// Basilica), which replace a Sunday in Ordinary Time or of Christmas Time.
    pub of_the_lord: bool,
}

const fn c(rank: Rank, colour: Colour, title: &'static str) -> Celebration {
    Celebration {
        title,
        rank,
        colour,
        of_the_lord: false,
    }
}

const fn lord(colour: Colour, title: &'static str) -> Celebration {
    Celebration {
        title,
        rank: Rank::Feast,
        colour,
        of_the_lord: true,
    }
}

use Colour::{Red as R, Violet as V, White as W};
use Rank::{
    Commemoration as COMM, Feast as F, Memorial as M, OptionalMemorial as O, Solemnity as S,
};

/// The fixed-date celebrations, sorted by (month, day), one entry per day that has any.
#[rustfmt::skip]
pub static GENERAL_ROMAN_CALENDAR: &[(u32, u32, &[Celebration])] = &[
    (1, 1, &[c(S, W, "Mary, the Holy Mother of God")]),
    (1, 2, &[c(M, W, "Saints Basil the Great and Gregory Nazianzen, Bishops and Doctors of the Church")]),
    (1, 3, &[c(O, W, "The Most Holy Name of Jesus")]),
    (1, 6, &[c(S, W, "The Epiphany of the Lord")]),
    (1, 7, &[c(O, W, "Saint Raymond of Penyafort, Priest")]),
    (1, 13, &[c(O, W, "Saint Hilary, Bishop and Doctor of the Church")]),
    (1, 17, &[c(M, W, "Saint Anthony, Abbot")]),
    (1, 20, &[c(O, R, "Saint Fabian, Pope and Martyr"), c(O, R, "Saint Sebastian, Martyr")]),
    (1, 21, &[c(M, R, "Saint Agnes, Virgin and Martyr")]),
    (1, 22, &[c(O, R, "Saint Vincent, Deacon and Martyr")]),
    (1, 24, &[c(M, W, "Saint Francis de Sales, Bishop and Doctor of the Church")]),
    (1, 25, &[c(F, W, "The Conversion of Saint Paul the Apostle")]),
    (1, 26, &[c(M, W, "Saints Timothy and Titus, Bishops")]),
    (1, 27, &[c(O, W, "Saint Angela Merici, Virgin")]),
    (1, 28, &[c(M, W, "Saint Thomas Aquinas, Priest and Doctor of the Church")]),
    (1, 31, &[c(M, W, "Saint John Bosco, Priest")]),
    (2, 2, &[lord(W, "The Presentation of the Lord")]),
    (2, 3, &[c(O, R, "Saint Blaise, Bishop and Martyr"), c(O, W, "Saint Ansgar, Bishop")]),
    (2, 5, &[c(M, R, "Saint Agatha, Virgin and Martyr")]),
    (2, 6, &[c(M, R, "Saints Paul Miki and Companions, Martyrs")]),
    (2, 8, &[c(O, W, "Saint Jerome Emiliani"), c(O, W, "Saint Josephine Bakhita, Virgin")]),
    (2, 10, &[c(M, W, "Saint Scholastica, Virgin")]),
    (2, 11, &[c(O, W, "Our Lady of Lourdes")]),
    (2, 14, &[c(M, W, "Saints Cyril, Monk, and Methodius, Bishop")]),
    (2, 17, &[c(O, W, "The Seven Holy Founders of the Servite Order")]),
    (2, 21, &[c(O, W, "Saint Peter Damian, Bishop and Doctor of the Church")]),
    (2, 22, &[c(F, W, "The Chair of Saint Peter the Apostle")]),
    (2, 23, &[c(M, R, "Saint Polycarp, Bishop and Martyr")]),
    (2, 27, &[c(O, W, "Saint Gregory of Narek, Abbot and Doctor of the Church")]),
    (3, 4, &[c(O, W, "Saint Casimir")]),
    (3, 7, &[c(M, R, "Saints Perpetua and Felicity, Martyrs")]),
    (3, 8, &[c(O, W, "Saint John of God, Religious")]),
    (3, 9, &[c(O, W, "Saint Frances of Rome, Religious")]),
    (3, 17, &[c(O, W, "Saint Patrick, Bishop")]),
    (3, 18, &[c(O, W, "Saint Cyril of Jerusalem, Bishop and Doctor of the Church")]),
    (3, 19, &[c(S, W, "Saint Joseph, Spouse of the Blessed Virgin Mary")]),
    (3, 23, &[c(O, W, "Saint Turibius of Mogrovejo, Bishop")]),
    (3, 25, &[c(S, W, "The Annunciation of the Lord")]),
    (4, 2, &[c(O, W, "Saint Francis of Paola, Hermit")]),
    (4, 4, &[c(O, W, "Saint Isidore, Bishop and Doctor of the Church")]),
    (4, 5, &[c(O, W, "Saint Vincent Ferrer, Priest")]),
    (4, 7, &[c(M, W, "Saint John Baptist de la Salle, Priest")]),
    (4, 11, &[c(M, R, "Saint Stanislaus, Bishop and Martyr")]),
    (4, 13, &[c(O, R, "Saint Martin I, Pope and Martyr")]),
    (4, 21, &[c(O, W, "Saint Anselm, Bishop and Doctor of the Church")]),
    (4, 23, &[c(O, R, "Saint George, Martyr"), c(O, R, "Saint Adalbert, Bishop and Martyr")]),
    (4, 24, &[c(O, R, "Saint Fidelis of Sigmaringen, Priest and Martyr")]),
    (4, 25, &[c(F, R, "Saint Mark, Evangelist")]),
    (4, 28, &[c(O, R, "Saint Peter Chanel, Priest and Martyr"),
              c(O, W, "Saint Louis Grignion de Montfort, Priest")]),
    (4, 29, &[c(M, W, "Saint Catherine of Siena, Virgin and Doctor of the Church")]),
    (4, 30, &[c(O, W, "Saint Pius V, Pope")]),
    (5, 1, &[c(O, W, "Saint Joseph the Worker")]),
    (5, 2, &[c(M, W, "Saint Athanasius, Bishop and Doctor of the Church")]),
    (5, 3, &[c(F, R, "Saints Philip and James, Apostles")]),
    (5, 10, &[c(O, W, "Saint John of Avila, Priest and Doctor of the Church")]),
    (5, 12, &[c(O, R, "Saints Nereus and Achilleus, Martyrs"), c(O, R, "Saint Pancras, Martyr")]),
    (5, 13, &[c(O, W, "Our Lady of Fatima")]),
    (5, 14, &[c(F, R, "Saint Matthias, Apostle")]),
    (5, 18, &[c(O, R, "Saint John I, Pope and Martyr")]),
    (5, 20, &[c(O, W, "Saint Bernardine of Siena, Priest")]),
    (5, 21, &[c(O, R, "Saints Christopher Magallanes, Priest, and Companions, Martyrs")]),
    (5, 22, &[c(O, W, "Saint Rita of Cascia, Religious")]),
    (5, 25, &[c(O, W, "Saint Bede the Venerable, Priest and Doctor of the Church"),
              c(O, W, "Saint Gregory VII, Pope"),
              c(O, W, "Saint Mary Magdalene de' Pazzi, Virgin")]),
    (5, 26, &[c(M, W, "Saint Philip Neri, Priest")]),
    (5, 27, &[c(O, W, "Saint Augustine of Canterbury, Bishop")]),
    (5, 29, &[c(O, W, "Saint Paul VI, Pope")]),
    (5, 31, &[c(F, W, "The Visitation of the Blessed Virgin Mary")]),
    (6, 1, &[c(M, R, "Saint Justin, Martyr")]),
    (6, 2, &[c(O, R, "Saints Marcellinus and Peter, Martyrs")]),
    (6, 3, &[c(M, R, "Saints Charles Lwanga and Companions, Martyrs")]),
    (6, 5, &[c(M, R, "Saint Boniface, Bishop and Martyr")]),
    (6, 6, &[c(O, W, "Saint Norbert, Bishop")]),
    (6, 9, &[c(O, W, "Saint Ephrem, Deacon and Doctor of the Church")]),
    (6, 11, &[c(M, R, "Saint Barnabas, Apostle")]),
    (6, 13, &[c(M, W, "Saint Anthony of Padua, Priest and Doctor of the Church")]),
    (6, 19, &[c(O, W, "Saint Romuald, Abbot")]),
    (6, 21, &[c(M, W, "Saint Aloysius Gonzaga, Religious")]),
    (6, 22, &[c(O, W, "Saint Paulinus of Nola, Bishop"),
              c(O, R, "Saints John Fisher, Bishop, and Thomas More, Martyrs")]),
    (6, 24, &[c(S, W, "The Nativity of Saint John the Baptist")]),
    (6, 27, &[c(O, W, "Saint Cyril of Alexandria, Bishop and Doctor of the Church")]),
    (6, 28, &[c(M, R, "Saint Irenaeus, Bishop and Martyr")]),
    (6, 29, &[c(S, R, "Saints Peter and Paul, Apostles")]),
    (6, 30, &[c(O, R, "The First Martyrs of the Holy Roman Church")]),
    (7, 3, &[c(F, R, "Saint Thomas, Apostle")]),
    (7, 4, &[c(O, W, "Saint Elizabeth of Portugal")]),
    (7, 5, &[c(O, W, "Saint Anthony Zaccaria, Priest")]),
    (7, 6, &[c(O, R, "Saint Maria Goretti, Virgin and Martyr")]),
    (7, 9, &[c(O, R, "Saints Augustine Zhao Rong, Priest, and Companions, Martyrs")]),
    (7, 11, &[c(M, W, "Saint Benedict, Abbot")]),
    (7, 13, &[c(O, W, "Saint Henry")]),
    (7, 14, &[c(O, W, "Saint Camillus de Lellis, Priest")]),
    (7, 15, &[c(M, W, "Saint Bonaventure, Bishop and Doctor of the Church")]),
    (7, 16, &[c(O, W, "Our Lady of Mount Carmel")]),
    (7, 20, &[c(O, R, "Saint Apollinaris, Bishop and Martyr")]),
    (7, 21, &[c(O, W, "Saint Lawrence of Brindisi, Priest and Doctor of the Church")]),
    (7, 22, &[c(F, W, "Saint Mary Magdalene")]),
    (7, 23, &[c(O, W, "Saint Bridget, Religious")]),
    (7, 24, &[c(O, W, "Saint Sharbel Makhluf, Priest")]),
    (7, 25, &[c(F, R, "Saint James, Apostle")]),
    (7, 26, &[c(M, W, "Saints Joachim and Anne, Parents of the Blessed Virgin Mary")]),
    (7, 29, &[c(M, W, "Saints Martha, Mary and Lazarus")]),
    (7, 30, &[c(O, W, "Saint Peter Chrysologus, Bishop and Doctor of the Church")]),
    (7, 31, &[c(M, W, "Saint Ignatius of Loyola, Priest")]),
    (8, 1, &[c(M, W, "Saint Alphonsus Liguori, Bishop and Doctor of the Church")]),
    (8, 2, &[c(O, W, "Saint Eusebius of Vercelli, Bishop"),
             c(O, W, "Saint Peter Julian Eymard, Priest")]),
    (8, 4, &[c(M, W, "Saint John Vianney, Priest")]),
    (8, 5, &[c(O, W, "The Dedication of the Basilica of Saint Mary Major")]),
    (8, 6, &[lord(W, "The Transfiguration of the Lord")]),
    (8, 7, &[c(O, R, "Saint Sixtus II, Pope, and Companions, Martyrs"),
             c(O, W, "Saint Cajetan, Priest")]),
    (8, 8, &[c(M, W, "Saint Dominic, Priest")]),
    (8, 9, &[c(O, R, "Saint Teresa Benedicta of the Cross, Virgin and Martyr")]),
    (8, 10, &[c(F, R, "Saint Lawrence, Deacon and Martyr")]),
    (8, 11, &[c(M, W, "Saint Clare, Virgin")]),
    (8, 12, &[c(O, W, "Saint Jane Frances de Chantal, Religious")]),
    (8, 13, &[c(O, R, "Saints Pontian, Pope, and Hippolytus, Priest, Martyrs")]),
    (8, 14, &[c(M, R, "Saint Maximilian Kolbe, Priest and Martyr")]),
    (8, 15, &[c(S, W, "The Assumption of the Blessed Virgin Mary")]),
    (8, 16, &[c(O, W, "Saint Stephen of Hungary")]),
    (8, 19, &[c(O, W, "Saint John Eudes, Priest")]),
    (8, 20, &[c(M, W, "Saint Bernard, Abbot and Doctor of the Church")]),
    (8, 21, &[c(M, W, "Saint Pius X, Pope")]),
    (8, 22, &[c(M, W, "The Queenship of the Blessed Virgin Mary")]),
    (8, 23, &[c(O, W, "Saint Rose of Lima, Virgin")]),
    (8, 24, &[c(F, R, "Saint Bartholomew, Apostle")]),
    (8, 25, &[c(O, W, "Saint Louis"), c(O, W, "Saint Joseph Calasanz, Priest")]),
    (8, 27, &[c(M, W, "Saint Monica")]),
    (8, 28, &[c(M, W, "Saint Augustine, Bishop and Doctor of the Church")]),
    (8, 29, &[c(M, R, "The Passion of Saint John the Baptist")]),
    (9, 3, &[c(M, W, "Saint Gregory the Great, Pope and Doctor of the Church")]),
    (9, 8, &[c(F, W, "The Nativity of the Blessed Virgin Mary")]),
    (9, 9, &[c(O, W, "Saint Peter Claver, Priest")]),
    (9, 12, &[c(O, W, "The Most Holy Name of Mary")]),
    (9, 13, &[c(M, W, "Saint John Chrysostom, Bishop and Doctor of the Church")]),
    (9, 14, &[lord(R, "The Exaltation of the Holy Cross")]),
    (9, 15, &[c(M, W, "Our Lady of Sorrows")]),
    (9, 16, &[c(M, R, "Saints Cornelius, Pope, and Cyprian, Bishop, Martyrs")]),
    (9, 17, &[c(O, W, "Saint Robert Bellarmine, Bishop and Doctor of the Church"),
              c(O, W, "Saint Hildegard of Bingen, Virgin and Doctor of the Church")]),
    (9, 19, &[c(O, R, "Saint Januarius, Bishop and Martyr")]),
    (9, 20, &[c(M, R, "Saints Andrew Kim Tae-gon, Priest, Paul Chong Ha-sang, and Companions, Martyrs")]),
    (9, 21, &[c(F, R, "Saint Matthew, Apostle and Evangelist")]),
    (9, 23, &[c(M, W, "Saint Pius of Pietrelcina, Priest")]),
    (9, 26, &[c(O, R, "Saints Cosmas and Damian, Martyrs")]),
    (9, 27, &[c(M, W, "Saint Vincent de Paul, Priest")]),
    (9, 28, &[c(O, R, "Saint Wenceslaus, Martyr"),
              c(O, R, "Saints Lawrence Ruiz and Companions, Martyrs")]),
    (9, 29, &[c(F, W, "Saints Michael, Gabriel and Raphael, Archangels")]),
    (9, 30, &[c(M, W, "Saint Jerome, Priest and Doctor of the Church")]),
    (10, 1, &[c(M, W, "Saint Thérèse of the Child Jesus, Virgin and Doctor of the Church")]),
    (10, 2, &[c(M, W, "The Holy Guardian Angels")]),
    (10, 4, &[c(M, W, "Saint Francis of Assisi")]),
    (10, 5, &[c(O, W, "Saint Faustina Kowalska, Virgin")]),
    (10, 6, &[c(O, W, "Saint Bruno, Priest")]),
    (10, 7, &[c(M, W, "Our Lady of the Rosary")]),
    (10, 9, &[c(O, R, "Saint Denis, Bishop, and Companions, Martyrs"),
              c(O, W, "Saint John Leonardi, Priest")]),
    (10, 11, &[c(O, W, "Saint John XXIII, Pope")]),
    (10, 14, &[c(O, R, "Saint Callistus I, Pope and Martyr")]),
    (10, 15, &[c(M, W, "Saint Teresa of Jesus, Virgin and Doctor of the Church")]),
    (10, 16, &[c(O, W, "Saint Hedwig, Religious"),
               c(O, W, "Saint Margaret Mary Alacoque, Virgin")]),
    (10, 17, &[c(M, R, "Saint Ignatius of Antioch, Bishop and Martyr")]),
    (10, 18, &[c(F, R, "Saint Luke, Evangelist")]),
    (10, 19, &[c(O, R, "Saints John de Brébeuf and Isaac Jogues, Priests, and Companions, Martyrs"),
               c(O, W, "Saint Paul of the Cross, Priest")]),
    (10, 22, &[c(O, W, "Saint John Paul II, Pope")]),
    (10, 23, &[c(O, W, "Saint John of Capistrano, Priest")]),
    (10, 24, &[c(O, W, "Saint Anthony Mary Claret, Bishop")]),
    (10, 28, &[c(F, R, "Saints Simon and Jude, Apostles")]),
    (11, 1, &[c(S, W, "All Saints")]),
    (11, 2, &[c(COMM, V, "The Commemoration of All the Faithful Departed (All Souls' Day)")]),
    (11, 3, &[c(O, W, "Saint Martin de Porres, Religious")]),
    (11, 4, &[c(M, W, "Saint Charles Borromeo, Bishop")]),
    (11, 9, &[lord(W, "The Dedication of the Lateran Basilica")]),
    (11, 10, &[c(M, W, "Saint Leo the Great, Pope and Doctor of the Church")]),
    (11, 11, &[c(M, W, "Saint Martin of Tours, Bishop")]),
    (11, 12, &[c(M, R, "Saint Josaphat, Bishop and Martyr")]),
    (11, 15, &[c(O, W, "Saint Albert the Great, Bishop and Doctor of the Church")]),
    (11, 16, &[c(O, W, "Saint Margaret of Scotland"), c(O, W, "Saint Gertrude, Virgin")]),
    (11, 17, &[c(M, W, "Saint Elizabeth of Hungary, Religious")]),
    (11, 18, &[c(O, W, "The Dedication of the Basilicas of Saints Peter and Paul, Apostles")]),
    (11, 21, &[c(M, W, "The Presentation of the Blessed Virgin Mary")]),
    (11, 22, &[c(M, R, "Saint Cecilia, Virgin and Martyr")]),
    (11, 23, &[c(O, R, "Saint Clement I, Pope and Martyr"), c(O, W, "Saint Columban, Abbot")]),
    (11, 24, &[c(M, R, "Saints Andrew Dung-Lac, Priest, and Companions, Martyrs")]),
    (11, 25, &[c(O, R, "Saint Catherine of Alexandria, Virgin and Martyr")]),
    (11, 30, &[c(F, R, "Saint Andrew, Apostle")]),
    (12, 3, &[c(M, W, "Saint Francis Xavier, Priest")]),
    (12, 4, &[c(O, W, "Saint John Damascene, Priest and Doctor of the Church")]),
    (12, 6, &[c(O, W, "Saint Nicholas, Bishop")]),
    (12, 7, &[c(M, W, "Saint Ambrose, Bishop and Doctor of the Church")]),
    (12, 8, &[c(S, W, "The Immaculate Conception of the Blessed Virgin Mary")]),
    (12, 9, &[c(O, W, "Saint Juan Diego Cuauhtlatoatzin")]),
    (12, 10, &[c(O, W, "Our Lady of Loreto")]),
    (12, 11, &[c(O, W, "Saint Damasus I, Pope")]),
    (12, 12, &[c(O, W, "Our Lady of Guadalupe")]),
    (12, 13, &[c(M, R, "Saint Lucy, Virgin and Martyr")]),
    (12, 14, &[c(M, W, "Saint John of the Cross, Priest and Doctor of the Church")]),
    (12, 21, &[c(O, W, "Saint Peter Canisius, Priest and Doctor of the Church")]),
    (12, 23, &[c(O, W, "Saint John of Kanty, Priest")]),
    (12, 25, &[c(S, W, "The Nativity of the Lord (Christmas)")]),
    (12, 26, &[c(F, R, "Saint Stephen, the First Martyr")]),
    (12, 27, &[c(F, W, "Saint John, Apostle and Evangelist")]),
    (12, 28, &[c(F, R, "The Holy Innocents, Martyrs")]),
    (12, 29, &[c(O, R, "Saint Thomas Becket, Bishop and Martyr")]),
    (12, 31, &[c(O, W, "Saint Sylvester I, Pope")]),
];

/// The fixed-date celebrations of `month`/`day` (any year), highest rank first; empty when there
/// are none or the day does not exist.
pub fn celebrations_on(month: u32, day: u32) -> &'static [Celebration] {
    GENERAL_ROMAN_CALENDAR
        .binary_search_by_key(&(month, day), |&(m, d, _)| (m, d))
        .ok()
        .and_then(|i| GENERAL_ROMAN_CALENDAR.get(i))
        .map_or(&[], |&(_, _, list)| list)
}

/// The text of the `saints_of_the_day` skill for `date`: a heading, a Markdown table `| Celebration
/// | Rank |` with the fixed-date celebrations (plus the movable solemnity, feast or memorial of the
/// day from [`calendar::liturgical_day`], when the date is within 1900–2199), what the day is
/// celebrated as that year, and a closing line saying that the text comes from the offline stand-in
/// agent.
pub fn saints_text(date: CivilDate) -> String {
    let fixed = celebrations_on(date.month(), date.day());
    let day = calendar::liturgical_day(date);
    let mut rows: Vec<(&str, Rank)> = Vec::new();
    if let Some(day) = &day {
        let movable = matches!(
            day.rank,
            Rank::Triduum | Rank::Solemnity | Rank::Feast | Rank::Memorial
        );
        if movable && !fixed.iter().any(|c| c.title == day.name) {
            rows.push((day.name.as_str(), day.rank));
        }
    }
    rows.extend(fixed.iter().map(|c| (c.title, c.rank)));

    let mut out = format!("# Saints and celebrations: {}\n\n", long_date(date));
    let describe = |day: &calendar::LiturgicalDay| match day.rank {
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
                day.optional_memorials.join("; ")
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
    use crate::protocol::date::days_in_month;
    use crate::worker::agent::dates::test_date as date;

    #[test]
    fn table_is_sorted_unique_and_valid() {
        let keys: Vec<(u32, u32)> = GENERAL_ROMAN_CALENDAR
            .iter()
            .map(|&(m, d, _)| (m, d))
            .collect();
        assert!(
            keys.windows(2).all(|w| w[0] < w[1]),
            "sorted, no duplicate days"
        );
        for &(m, d, list) in GENERAL_ROMAN_CALENDAR {
            assert!(
                (1..=12).contains(&m) && d >= 1 && d <= days_in_month(2024, m),
                "{m}-{d}"
            );
            assert!(!list.is_empty(), "{m}-{d}");
            // At most one celebration above optional memorial per day.
            assert!(
                list.iter()
                    .filter(|c| c.rank != Rank::OptionalMemorial)
                    .count()
                    <= 1,
                "{m}-{d}"
            );
            // No title twice in the whole table.
            for c in list {
                let n = GENERAL_ROMAN_CALENDAR
                    .iter()
                    .flat_map(|e| e.2.iter())
                    .filter(|o| o.title == c.title)
                    .count();
                assert_eq!(n, 1, "{}", c.title);
                assert!(!c.of_the_lord || c.rank == Rank::Feast);
            }
        }
        // Every slot of a leap year resolves without panicking.
        let total: usize = (1..=12)
            .map(|m| {
                (1..=days_in_month(2024, m))
                    .map(|d| celebrations_on(m, d).len())
                    .sum::<usize>()
            })
            .sum();
        assert_eq!(
            total,
            GENERAL_ROMAN_CALENDAR
                .iter()
                .map(|e| e.2.len())
                .sum::<usize>()
        );
        assert!(
            celebrations_on(13, 1).is_empty()
                && celebrations_on(2, 30).is_empty()
                && celebrations_on(0, 0).is_empty()
        );
    }

    #[test]
    fn principal_days_have_the_right_rank() {
        let first = |m, d| celebrations_on(m, d)[0];
        assert_eq!(
            first(3, 19).title,
            "Saint Joseph, Spouse of the Blessed Virgin Mary"
        );
        assert_eq!(first(3, 19).rank, Rank::Solemnity);
        assert_eq!(first(1, 1).rank, Rank::Solemnity);
        assert_eq!(first(8, 15).rank, Rank::Solemnity);
        assert_eq!(first(11, 1).rank, Rank::Solemnity);
        assert_eq!(first(11, 2).rank, Rank::Commemoration);
        assert_eq!(first(7, 22).rank, Rank::Feast);
        assert_eq!(first(7, 29).rank, Rank::Memorial);
        assert_eq!(first(5, 29).rank, Rank::OptionalMemorial);
        assert_eq!(first(6, 29).colour, Colour::Red);
        assert!(first(8, 6).of_the_lord && first(2, 2).of_the_lord && first(9, 14).of_the_lord);
        let solemnities: Vec<(u32, u32)> = GENERAL_ROMAN_CALENDAR
            .iter()
            .filter(|e| e.2.iter().any(|c| c.rank == Rank::Solemnity))
            .map(|e| (e.0, e.1))
            .collect();
        assert_eq!(
            solemnities,
            [
                (1, 1),
                (1, 6),
                (3, 19),
                (3, 25),
                (6, 24),
                (6, 29),
                (8, 15),
                (11, 1),
                (12, 8),
                (12, 25)
            ]
        );
        assert_eq!(celebrations_on(9, 17).len(), 2);
        assert!(celebrations_on(1, 4).is_empty());
    }

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
