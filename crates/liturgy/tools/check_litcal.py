#!/usr/bin/env python3
"""Cross-checks data/lectionary*.toml against the Liturgical Calendar API's lectionary files
(GitHub Liturgical-Calendar/LiturgicalCalendarAPI, branch `development`,
jsondata/sourcedata/lectionary/<part>/en.json) where those are filled in: the Advent and Christmas
weekdays and the celebrations of the Proper of Saints we share. Compares each first reading and
Gospel by book, chapter and first verse; prints each difference. Run by hand:

    python3 crates/liturgy/tools/check_litcal.py <dir with feriale_tempus_adventus.json, ...>
"""
import json
import re
import sys
import tomllib

NAMES = {
    "Genesis": "Gn", "Exodus": "Ex", "Leviticus": "Lv", "Numbers": "Nm", "Deuteronomy": "Dt",
    "Joshua": "Jos", "Judges": "Jgs", "Ruth": "Ru", "1 Samuel": "1 Sm", "2 Samuel": "2 Sm",
    "1 Kings": "1 Kgs", "2 Kings": "2 Kgs", "1 Chronicles": "1 Chr", "2 Chronicles": "2 Chr",
    "Nehemiah": "Neh", "Tobit": "Tb", "Esther": "Est", "1 Maccabees": "1 Mc", "2 Maccabees": "2 Mc",
    "Job": "Jb", "Psalm": "Ps", "Proverbs": "Prv", "Ecclesiastes": "Eccl", "Song of Songs": "Sg",
    "Wisdom": "Wis", "Sirach": "Sir", "Isaiah": "Is", "Jeremiah": "Jer", "Lamentations": "Lam",
    "Baruch": "Bar", "Ezekiel": "Ez", "Daniel": "Dn", "Hosea": "Hos", "Joel": "Jl", "Amos": "Am",
    "Jonah": "Jon", "Micah": "Mi", "Nahum": "Na", "Habakkuk": "Hb", "Zephaniah": "Zep",
    "Haggai": "Hg", "Zechariah": "Zec", "Malachi": "Mal", "Matthew": "Mt", "Mark": "Mk", "Luke": "Lk",
    "John": "Jn", "Acts": "Acts", "Romans": "Rom", "1 Corinthians": "1 Cor", "2 Corinthians": "2 Cor",
    "Galatians": "Gal", "Ephesians": "Eph", "Philippians": "Phil", "Colossians": "Col",
    "1 Thessalonians": "1 Thes", "2 Thessalonians": "2 Thes", "1 Timothy": "1 Tm", "2 Timothy": "2 Tm",
    "Titus": "Ti", "Philemon": "Phlm", "Hebrews": "Heb", "Hewbrews": "Heb", "James": "Jas",
    "1 Peter": "1 Pt", "2 Peter": "2 Pt", "1 John": "1 Jn", "2 John": "2 Jn", "3 John": "3 Jn",
    "Jude": "Jude", "Revelation": "Rv",
}
START = re.compile(r"^((?:[123] )?[A-Za-z][A-Za-z ]*?) (\d+):(\d+)")
DAYS = {"Monday": "monday", "Tuesday": "tuesday", "Wednesday": "wednesday", "Thursday": "thursday",
        "Friday": "friday", "Saturday": "saturday"}
SAINTS = {  # LitCal's event key -> our id
    "Presentation": "presentation_of_the_lord", "StsPeterPaulAp": "peter_and_paul_apostles",
    "DedicationLateran": "dedication_of_the_lateran_basilica", "ConversionStPaul": "conversion_of_saint_paul_the_apostle",
    "ChairStPeter": "chair_of_saint_peter_the_apostle", "StJoseph": "joseph_spouse_of_mary",
    "Annunciation": "annunciation_of_the_lord", "StMarkEvangelist": "mark_evangelist",
    "StJosephWorker": "joseph_the_worker", "StsPhilipJames": "philip_and_james_apostles",
    "StMatthiasAp": "matthias_apostle", "Visitation": "visitation_of_mary", "StBarnabasAp": "barnabas_apostle",
    "StThomasAp": "thomas_apostle", "Assumption": "assumption_of_the_blessed_virgin_mary",
    "NativityJohnBaptist": "nativity_of_john_the_baptist",
}


def starts(refs):
    """(book, chapter, verse) of each alternative of a reference."""
    out = set()
    for alt in re.split(r"\|| or ", refs):
        alt = alt.strip()
        m = START.match(alt)
        if m:
            book = NAMES.get(m.group(1), m.group(1))
            out.add((book, m.group(2), m.group(3)))
    return out


def ours(path):
    with open(path, "rb") as f:
        return tomllib.load(f)


def compare(name, litcal, mine, report):
    for slot in ("first_reading", "gospel"):
        theirs = starts(litcal.get(slot, ""))
        ours_ = starts(mine.get("first" if slot == "first_reading" else "gospel", ""))
        if theirs and ours_ and not theirs & ours_:
            report.append(f"{name} {slot}: LitCal {litcal[slot]!r}, ours {mine.get('first' if slot == 'first_reading' else 'gospel')!r}")


def main(src):
    weekdays = ours("crates/liturgy/data/lectionary/weekdays.toml")
    sundays = ours("crates/liturgy/data/lectionary.toml")
    saints = ours("crates/liturgy/data/lectionary/saints.toml")
    masses = ours("crates/liturgy/data/lectionary/masses.toml")
    report, checked = [], 0
    for key, v in json.load(open(f"{src}/litcal_feriale_tempus_adventus.json")).items():
        m = re.match(r"AdventWeekday(\d)(\w+)$", key) or re.match(r"AdventWeekdayDec(\d+)$", key)
        id_ = f"advent_{m.group(1)}_{DAYS[m.group(2)]}" if m.lastindex == 2 else f"advent_december_{m.group(1)}"
        compare(key, v, weekdays[id_]["all"], report)
        checked += 1
    for key, v in json.load(open(f"{src}/litcal_feriale_tempus_nativitatis.json")).items():
        if not any(v.values()):
            continue
        m = re.match(r"DayAfterEpiphany(\w+)$", key)
        jan = re.match(r"(?:ChristmasWeekday|DayAfterEpiphany)Jan(\d+)$", key)
        dec = re.match(r"ChristmasWeekdayDec(\d+)$", key)
        if dec:
            id_ = f"christmas_octave_day_{int(dec.group(1)) - 24}"
        elif jan and key.startswith("DayAfter"):
            id_ = f"{list(DAYS.values())[int(jan.group(1)) - 7]}_after_epiphany"
        elif jan:
            id_ = f"christmas_time_january_{jan.group(1)}"
        else:
            id_ = f"{DAYS[m.group(1)]}_after_epiphany"
        compare(key, v, weekdays[id_]["all"], report)
        checked += 1
    for key, v in json.load(open(f"{src}/litcal_sanctorum.json")).items():
        id_ = SAINTS.get(key)
        if id_ is None or not isinstance(v, dict) or not any(v.values()):
            continue
        table = saints.get(id_) or sundays.get(id_)
        day = v.get("day", v)
        compare(key, day, table.get("all") or table.get("A"), report)
        if "vigil" in v:
            compare(key + " vigil", v["vigil"], next(m["all"] for m in masses[id_]), report)
        checked += 1
    print(f"{checked} days compared; {len(report)} differences")
    print("\n".join(report))


if __name__ == "__main__":
    main(sys.argv[1])
