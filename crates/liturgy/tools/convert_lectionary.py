#!/usr/bin/env python3
"""Converts the Lectionary's weekday, vigil and Proper-of-Saints references into the data files a
person edits (crates/liturgy/data/lectionary/*.toml). Run by hand; its output is committed and
checked at build time (build/lectionary.rs). Facts only: which readings the Lectionary for Mass
(USCCB edition, 1998-2002, Lectionary numbers) assigns to each day.

Input: a CSV of the Lectionary's references by Lectionary number, one reading a row
(kind, reference, cycle, description, number, cycle), as tabulated from the Lectionary on
catholic-resources.org (Felix Just) and kept in GitHub plishman/Catholic-Lectionary-on-ESP8266,
ToolChain/build_lectionary/build_lectionary/bin/Debug/Full_Lectionary_Raw.csv
(commit 17b7fc958e7853da0581f17f5da0619764f98a9f).

    python3 crates/liturgy/tools/convert_lectionary.py Full_Lectionary_Raw.csv crates/liturgy/data/lectionary
"""
import csv
import re
import sys
from collections import OrderedDict

# SBL abbreviations of the input -> the abbreviations of the Lectionary for Mass (as lectionary.toml).
BOOKS = {
    "Gen": "Gn", "Exod": "Ex", "Lev": "Lv", "Num": "Nm", "Deut": "Dt", "Josh": "Jos", "Judg": "Jgs",
    "Ruth": "Ru", "1 Sam": "1 Sm", "2 Sam": "2 Sm", "1 Kgs": "1 Kgs", "2 Kgs": "2 Kgs", "1 Chr": "1 Chr",
    "2 Chr": "2 Chr", "Ezra": "Ezr", "Neh": "Neh", "Tob": "Tb", "Esth": "Est", "1 Macc": "1 Mc",
    "2 Macc": "2 Mc", "Job": "Jb", "Ps": "Ps", "Prov": "Prv", "Eccl": "Eccl", "Cant": "Sg", "Wis": "Wis",
    "Sir": "Sir", "Isa": "Is", "Jer": "Jer", "Lam": "Lam", "Bar": "Bar", "Ezek": "Ez", "Dan": "Dn",
    "Hos": "Hos", "Joel": "Jl", "Amos": "Am", "Jon": "Jon", "Jonah": "Jon", "Mic": "Mi", "Micah": "Mi",
    "Nah": "Na", "Hab": "Hb", "Zeph": "Zep", "Hag": "Hg", "Zech": "Zec", "Mal": "Mal", "Matt": "Mt",
    "Mark": "Mk", "Luke": "Lk", "John": "Jn", "Acts": "Acts", "Rom": "Rom", "1 Cor": "1 Cor",
    "2 Cor": "2 Cor", "Gal": "Gal", "Eph": "Eph", "Phil": "Phil", "Col": "Col", "1 Thess": "1 Thes",
    "2 Thess": "2 Thes", "1 Tim": "1 Tm", "2 Tim": "2 Tm", "Titus": "Ti", "Phlm": "Phlm", "Heb": "Heb",
    "Jas": "Jas", "1 Pet": "1 Pt", "2 Pet": "2 Pt", "1 John": "1 Jn", "2 John": "2 Jn", "3 John": "3 Jn",
    "Jude": "Jude", "Rev": "Rv",
}
# Misprints of the input, each checked against the printed Lectionary (number in the comment).
CORRECTIONS = {
    "Ps 20:8, 9, 10, 15": "Ps 19:8, 9, 10, 15",  # 224: Psalm 19 ("Your words, Lord, are Spirit and life")
    "Ps 78:8, 9, 11+13": "Ps 79:8, 9, 11+13",  # 230: Psalm 79
    "Ps 42:2, 3; 42:3, 4": "Ps 42:2, 3; 43:3, 4",  # 237: Psalms 42 and 43
    "Ps 42:2-3; 42:3, 4": "Ps 42:2-3; 43:3, 4",  # 279: Psalms 42 and 43
    "Ps 26:1, 7-8a, 8b-9abc, 13-14": "Ps 27:1, 7-8a, 8b-9abc, 13-14",  # 243: Psalm 27 (26 has 12 verses)
}
# The optional Masses of the 3rd, 4th and 5th weeks of Lent (the Gospels of Year A's Sundays), which
# may be said on any weekday of their week: (number, week).
LENT_OPTIONAL = [(236, 3), (243, 4), (250, 5)]
BOOK = re.compile(r"(?<![\w])((?:[123] )?[A-Z][a-z]+)(?= \d)")
DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

# Celebrations of the Proper of Saints whose readings are converted, by Lectionary number: ours is the
# id of general_roman_calendar.toml. Feasts and solemnities are in lectionary.toml already.
SAINTS = {
    559: "joseph_the_worker", 580: "barnabas_apostle", 606: "joachim_and_anne_parents_of_mary",
    634: "passion_of_saint_john_the_baptist", 639: "our_lady_of_sorrows", 650: "holy_guardian_angels",
    679: "dedication_of_the_basilicas_of_saints_peter_and_paul_apostles",
}
# Masses besides the one of the day (lectionary.toml): (number, celebration id, which Mass).
MASSES = [
    (13, "nativity_of_the_lord", "Vigil Mass"),
    (14, "nativity_of_the_lord", "Mass during the Night"),
    (15, "nativity_of_the_lord", "Mass at Dawn"),
    (62, "pentecost_sunday", "Vigil Mass"),
    (260, "thursday_of_the_lords_supper", "Chrism Mass"),
    (586, "nativity_of_john_the_baptist", "Vigil Mass"),
    (590, "peter_and_paul_apostles", "Vigil Mass"),
    (621, "assumption_of_the_blessed_virgin_mary", "Vigil Mass"),
]


def reference(text):
    text = CORRECTIONS.get(text.strip(), text).replace("Eccl/Qoh", "Eccl")
    text = text.replace(" [Vulg.]", " (Vulgate verse numbers)")
    text = BOOK.sub(lambda m: BOOKS.get(m.group(1), m.group(1)), text.strip())
    text = re.sub(r"(\d[a-z]*)-(\d+:\d)", "\\1\u2013\\2", text)  # a range across chapters: en dash
    return re.sub(r"\s*\+\s*", " and ", text)


def weekday_id(n):
    """Our Proper-of-Time id for a weekday's Lectionary number, or None."""
    if 175 <= n <= 191:
        return f"advent_{(n - 175) // 6 + 1}_{DAYS[(n - 175) % 6]}"
    if 193 <= n <= 200:
        return f"advent_december_{n - 176}"
    if 202 <= n <= 204:
        return f"christmas_octave_day_{n - 197}"
    if 205 <= n <= 210:
        return f"christmas_time_january_{n - 203}"
    if 212 <= n <= 217:
        return f"{DAYS[n - 212]}_after_epiphany"
    if 220 <= n <= 222:
        return f"{['thursday', 'friday', 'saturday'][n - 220]}_after_ash_wednesday"
    for week, first in [(1, 224), (2, 230), (3, 237), (4, 244), (5, 251)]:
        if first <= n < first + 6:
            return f"lent_{week}_{DAYS[n - first]}"
    if 257 <= n <= 259:
        return ["holy_monday", "holy_tuesday", "holy_wednesday"][n - 257]
    if 261 <= n <= 266:
        return f"easter_{DAYS[n - 261]}"
    if 267 <= n <= 302:
        return f"easter_time_{(n - 267) // 6 + 2}_{DAYS[(n - 267) % 6]}"
    if 305 <= n <= 508:
        return f"ordinary_time_{(n - 305) // 6 + 1}_{DAYS[(n - 305) % 6]}"
    return None


def qualifier(description):
    """What the description says of a row besides the day, e.g. `in Year A`, `opt. 1`."""
    found = re.findall(r"\(([^)]*)\)", description)
    return [q for q in found if q != "resp." and not q.startswith("resp")]


def readings(rows, cycle):
    """first/psalm/gospel (and second) of the rows of one number for a weekday cycle (1, 2) or `all`.
    In the Proper of Saints (numbers from 519) the input's columns are the other way round: `NT` is
    the first reading and `OT` the second."""
    kinds = OrderedDict([("first", []), ("psalm", []), ("second", []), ("gospel", [])])
    for kind, ref, _, desc, _, cyc in rows:
        if cycle != "all" and cyc not in (cycle, "1+2"):
            continue
        slot = {"OT": "first", "NT": "first", "PS": "psalm", "G": "gospel"}[kind]
        if kind == "NT" and any("2nd Reading" in q for q in qualifier(desc)):
            slot = "second"
        if int(rows[0][4]) >= 519 and kind == "OT" and any(r[0] == "NT" for r in rows):
            slot = "second"
        if int(rows[0][4]) < 175 and kind == "NT":
            slot = "second"
        text = reference(ref)
        quals = [q for q in qualifier(desc) if "Year" in q]
        if quals:
            text = f"{text} (in Year {quals[0][-1]})"
        kinds[slot].append(text)
    out = OrderedDict()
    for slot, refs in kinds.items():
        if refs:
            out[slot] = " or ".join(refs)
    return out


def inline(table):
    return "{ " + ", ".join(f'{k} = "{v}"' for k, v in table.items()) + " }"


def main(src, out_dir):
    rows = list(csv.reader(open(src, encoding="utf-8", errors="replace")))
    by_number = OrderedDict()
    for row in rows:
        by_number.setdefault(int(row[4]), []).append(row)
    source = ("# Converted by crates/liturgy/tools/convert_lectionary.py from the Lectionary for Mass (USCCB, numbers as\n"
              "# printed) as tabulated in GitHub plishman/Catholic-Lectionary-on-ESP8266 (Full_Lectionary_Raw.csv, commit\n"
              "# 17b7fc95), itself from Felix Just's Lectionary tables (catholic-resources.org); five misprinted psalms\n"
              "# corrected (CORRECTIONS in the converter). Cross-checked by tools/check_litcal.py against the Liturgical Calendar API's lectionary\n"
              "# (development branch, November 2025: the Advent and Christmas weekdays and 16 saints' days, 55 days):\n"
              "# its 7 differences are its own slips (the Nativity of John the Baptist's day Mass copies its vigil, the\n"
              "# Assumption copies Peter and Paul, \"Marc\"). Edit by hand freely: the build checks every row\n"
              "# (build/lectionary.rs).\n")
    week = ["# The weekdays of every season, by the id of the day of the Proper of Time: `all` (one cycle) or `I` and\n"
            "# `II` (Ordinary Time). `number` is the Lectionary number.\n", source]
    for n, group in sorted(by_number.items()):
        key = weekday_id(n)
        if key is None:
            continue
        week.append(f"\n[{key}]\nnumber = {n}\n")
        if 305 <= n <= 508:
            week.append(f"I = {inline(readings(group, '1'))}\n")
            week.append(f"II = {inline(readings(group, '2'))}\n")
        else:
            week.append(f"all = {inline(readings(group, 'all'))}\n")
    open(f"{out_dir}/weekdays.toml", "w").write("".join(week))

    saints = ["# The Proper of Saints: memorials with readings of their own, by the id of general_roman_calendar.toml\n"
              "# (feasts and solemnities are in ../lectionary.toml). Kept as an option beside the weekday's readings.\n", source]
    for n, key in sorted(SAINTS.items()):
        saints.append(f"\n[{key}]\nnumber = {n}\nall = {inline(readings(by_number[n], 'all'))}\n")
    open(f"{out_dir}/saints.toml", "w").write("".join(saints))

    masses = ["# The other Masses of a day, where the Lectionary gives more than one: vigil Masses (celebrated the evening\n"
              "# before), the Masses of Christmas, the Chrism Mass, the optional Masses of the 3rd to 5th weeks of Lent;\n"
              "# the day's own Mass is in ../lectionary.toml or weekdays.toml.\n", source]
    for n, key, note in MASSES:
        masses.append(f"\n[[{key}]]\nnumber = {n}\nall = {inline(dict(readings(by_number[n], 'all'), note=note))}\n")
    for n, week in LENT_OPTIONAL:
        for day in DAYS:
            note = "Optional Mass of the week"
            masses.append(f"\n[[lent_{week}_{day}]]\nnumber = {n}\nall = {inline(dict(readings(by_number[n], 'all'), note=note))}\n")
    open(f"{out_dir}/masses.toml", "w").write("".join(masses))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
