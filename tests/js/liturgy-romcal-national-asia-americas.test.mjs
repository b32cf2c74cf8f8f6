// India and Brazil against romcal 3's (@romcal/calendar.india, @romcal/calendar.brazil) day by day
// for 2025–2035, as liturgy-romcal-national-more.test.mjs does for the calendars before them: every
// difference falls in a universal class (romcal-classes.mjs) or one named here with the norm or the
// conference's decision that decides it, and each class covers exactly the days counted.
import { India_En } from "@romcal/calendar.india";
import { Brazil_En } from "@romcal/calendar.brazil";
import { crossCheck, movedByUs } from "./romcal-national.mjs";

const SUNDAY_FROM = ["peter_and_paul_apostles", "assumption_of_the_blessed_virgin_mary", "all_saints", "commemoration_of_all_the_faithful_departed"];

const NATIONAL = [
  {
    name: "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days",
    norm: "UNLY 7; India: the CCBI's ordo keeps all three on Sunday; Brazil: CNBB, the Epiphany (January 2–8) and the Ascension on Sunday, Corpus Christi on its Thursday",
    explains: (f, date, o, t, list) => movedByUs(o, list) || (f === "psalter" && o.season === "christmas"),
  },
  {
    name: "Saints Peter and Paul, the Assumption and All Saints on a Sunday in Brazil (and All Souls after All Saints kept on Sunday November 2); romcal keeps their dates",
    norm: "can. 1246 §2: the CNBB, with the Holy See's approval, keeps these solemnities on the Sunday between June 28 and July 4, August 15 and 21, November 1 and 7 (the CNBB's movable celebrations)",
    explains: (f, date, o, t, list) => SUNDAY_FROM.includes(o.celebration.id) || SUNDAY_FROM.includes(t.id)
      || (f === "optional" && SUNDAY_FROM.some((id) => list.some((x) => x.id === id))),
  },
  {
    name: "An impeded national solemnity is transferred to the nearest free day; romcal drops it (Saint Francis Xavier, a solemnity in India, on the First Sunday of Advent)",
    norm: "UNLY 60: a solemnity impeded by a Sunday of Advent (Table I.2) goes to the next day not listed in 1–8 of the Table",
    explains: (f, date, o) => ["id", "optional"].includes(f) && o.transferredFrom !== null && o.celebration.id === "francis_xavier_priest",
  },
];

// Days per class and calendar, 2025–2035 (the universal classes are named in romcal-classes.mjs).
const EXPECTED = {
  "india": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 8,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 174,
    "The Saturday memorial of Mary is listed; romcal does not list it": 227,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 78,
    "An impeded national solemnity is transferred to the nearest free day; romcal drops it (Saint Francis Xavier, a solemnity in India, on the First Sunday of Advent)": 2,
  },
  "brazil": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 8,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 6,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 1,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 9,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 174,
    "The Saturday memorial of Mary is listed; romcal does not list it": 220,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 56,
    "Saints Peter and Paul, the Assumption and All Saints on a Sunday in Brazil (and All Souls after All Saints kept on Sunday November 2); romcal keeps their dates": 57,
  },
};

crossCheck([["india", India_En], ["brazil", Brazil_En]], NATIONAL, EXPECTED);
