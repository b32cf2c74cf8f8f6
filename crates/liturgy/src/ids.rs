//! The ids of the days of the Proper of Time (romcal's ids where it has them), shared by
//! [`super::temporal`] and the build script, which checks that every key of `lectionary.toml` names
//! a real day. Ids of the Proper of Saints live in `general_roman_calendar.toml`.

/// The days of the Proper of Time that have a fixed id; numbered days are `{season}_{week}_{day}`
/// (see [`is_proper_of_time_id`]).
pub const NAMED: [&str; 27] = [
    NATIVITY,
    HOLY_FAMILY,
    OCTAVE_DAY,
    SECOND_SUNDAY_AFTER_CHRISTMAS,
    EPIPHANY,
    BAPTISM,
    ASH_WEDNESDAY,
    PALM_SUNDAY,
    "holy_monday",
    "holy_tuesday",
    "holy_wednesday",
    LORDS_SUPPER,
    GOOD_FRIDAY,
    HOLY_SATURDAY,
    EASTER_SUNDAY,
    "easter_monday",
    "easter_tuesday",
    "easter_wednesday",
    "easter_thursday",
    "easter_friday",
    "easter_saturday",
    DIVINE_MERCY_SUNDAY,
    ASCENSION,
    PENTECOST,
    TRINITY,
    CORPUS_CHRISTI,
    SACRED_HEART,
];

/// Christmas (also a row of the General Roman Calendar: the same celebration).
pub const NATIVITY: &str = "nativity_of_the_lord";
/// The Holy Family (Sunday within the Christmas octave, or December 30).
pub const HOLY_FAMILY: &str = "holy_family_of_jesus_mary_and_joseph";
/// January 1 as a day of the season (the solemnity of Mary, Mother of God takes it).
pub const OCTAVE_DAY: &str = "christmas_octave_day_8";
/// The Sunday between January 2 and 5.
pub const SECOND_SUNDAY_AFTER_CHRISTMAS: &str = "second_sunday_after_christmas";
/// January 6 (also a row of the General Roman Calendar).
pub const EPIPHANY: &str = "epiphany_of_the_lord";
/// The Sunday after January 6.
pub const BAPTISM: &str = "baptism_of_the_lord";
/// Easter − 46.
pub const ASH_WEDNESDAY: &str = "ash_wednesday";
/// Easter − 7.
pub const PALM_SUNDAY: &str = "palm_sunday_of_the_passion_of_the_lord";
/// Holy Thursday.
pub const LORDS_SUPPER: &str = "thursday_of_the_lords_supper";
/// Good Friday.
pub const GOOD_FRIDAY: &str = "friday_of_the_passion_of_the_lord";
/// Holy Saturday (the Easter Vigil's readings are keyed here).
pub const HOLY_SATURDAY: &str = "holy_saturday";
/// Easter Sunday.
pub const EASTER_SUNDAY: &str = "easter_sunday";
/// Easter + 7.
pub const DIVINE_MERCY_SUNDAY: &str = "divine_mercy_sunday";
/// Easter + 39.
pub const ASCENSION: &str = "ascension_of_the_lord";
/// Easter + 49.
pub const PENTECOST: &str = "pentecost_sunday";
/// Easter + 56.
pub const TRINITY: &str = "most_holy_trinity";
/// Easter + 60.
pub const CORPUS_CHRISTI: &str = "most_holy_body_and_blood_of_christ";
/// Easter + 68.
pub const SACRED_HEART: &str = "most_sacred_heart_of_jesus";
/// The 34th Sunday in Ordinary Time.
pub const CHRIST_THE_KING: &str = "our_lord_jesus_christ_king_of_the_universe";
/// The optional memorial of Saturdays in Ordinary Time.
pub const SATURDAY_OF_MARY: &str = "saturday_memorial_of_the_blessed_virgin_mary";

/// Lower-case English weekday names, index 0 = Sunday: the last part of numbered ids.
pub const WEEKDAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

/// The id word of a weekday (`"monday"`), numbered as [`magisterium_core::date::CivilDate::weekday`]
/// numbers it (0 = Sunday); empty past 6.
pub fn weekday_id(weekday: u32) -> &'static str {
    WEEKDAYS.get(weekday as usize).copied().unwrap_or("")
}

/// The seasons of numbered days with their weeks: `advent_1_sunday`, `lent_5_friday`,
/// `easter_time_3_monday`, `ordinary_time_34_saturday`.
pub const NUMBERED: [(&str, u32); 4] = [
    ("advent", 4),
    ("lent", 5),
    ("easter_time", 7),
    ("ordinary_time", 34),
];

/// True for every id the Proper of Time gives a day.
pub fn is_proper_of_time_id(id: &str) -> bool {
    if NAMED.contains(&id) || id == CHRIST_THE_KING || id == SATURDAY_OF_MARY {
        return true;
    }
    let in_range = |text: &str, first: u32, last: u32| {
        text.parse::<u32>()
            .is_ok_and(|n| (first..=last).contains(&n) && !text.starts_with('0'))
    };
    if let Some(day) = id.strip_prefix("advent_december_") {
        return in_range(day, 17, 24);
    }
    if let Some(day) = id.strip_prefix("christmas_time_january_") {
        // January 6 and 7 are weekdays before the Epiphany where it is kept on January 7 or 8.
        return in_range(day, 2, 7);
    }
    if let Some(day) = id.strip_prefix("christmas_octave_day_") {
        return in_range(day, 2, 7);
    }
    if let Some(day) = id.strip_suffix("_after_epiphany") {
        return WEEKDAYS.contains(&day);
    }
    if let Some(day) = id.strip_suffix("_after_ash_wednesday") {
        return matches!(day, "thursday" | "friday" | "saturday");
    }
    NUMBERED.iter().any(|(season, weeks)| {
        id.strip_prefix(season)
            .and_then(|rest| rest.strip_prefix('_'))
            .and_then(|rest| rest.split_once('_'))
            .is_some_and(|(week, day)| in_range(week, 1, *weeks) && WEEKDAYS.contains(&day))
    })
}
