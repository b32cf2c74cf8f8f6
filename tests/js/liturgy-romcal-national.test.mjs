// The national calendars against romcal 3's (@romcal/calendar.<country>), day by day for 2025–2035,
// as tests/js/liturgy-romcal.test.mjs does for the General Roman Calendar. Every difference falls in
// a class: one of the universal ones, or one named here with the norm or the conference's decision
// that decides it; each class covers exactly the days counted per calendar, so a new difference
// fails.
import { UnitedStates_En } from "@romcal/calendar.united-states";
import { Canada_En } from "@romcal/calendar.canada";
import { England_En } from "@romcal/calendar.england";
import { Australia_En } from "@romcal/calendar.australia";
import { Ireland_En } from "@romcal/calendar.ireland";
import { crossCheck, movedByUs } from "./romcal-national.mjs";

const NATIONAL = [
  {
    name: "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days",
    norm: "UNLY 7 (not holy days of obligation → assigned to a Sunday); ACBC decree on holy days (2001): only Christmas and the Assumption; CBCEW decree (2006, 2017): Corpus Christi on Sunday, the Epiphany on the Sunday next to a Saturday or Monday January 6",
    explains: (f, date, o, t, list) => movedByUs(o, list) || (f === "psalter" && o.season === "christmas"),
  },
  {
    name: "All Saints on a Monday kept on the Sunday before; romcal moves it only from a Saturday",
    norm: "CBCEW decision of 1984: holydays falling on a Saturday or a Monday are transferred to the Sunday (Liturgy Office table: All Saints 2027 = 31 October)",
    explains: (f, date, o, t) => f === "id" && (o.celebration.id === "all_saints" || t.id === "all_saints"),
  },
  {
    name: "An impeded national solemnity is transferred; romcal drops it (Saint George in the Easter octave or on a Sunday of Easter, Saint Patrick on a Sunday of Lent)",
    norm: "UNLY 60: an impeded solemnity goes to the nearest free day (the Monday after a Sunday of Lent or Easter; after the Easter octave, past Saint Mark's feast)",
    explains: (f, date, o) => ["id", "optional"].includes(f) && o.transferredFrom !== null && ["george_of_lydda_martyr", "patrick_of_ireland_bishop"].includes(o.celebration.id),
  },
  {
    name: "Saint Joseph in Holy Week anticipated to the Friday where Saint Patrick's feast or solemnity takes the Saturday; romcal drops him",
    norm: "UNLY 60: the nearest day not listed in 1–8 of the Table (a proper feast is 8)",
    explains: (f, date, o) => f === "id" && o.celebration.id === "joseph_spouse_of_mary" && o.transferredFrom !== null,
  },
  {
    name: "Our Lady Help of Christians moved to the Monday after Pentecost outranks the memorial of Mary, Mother of the Church; romcal keeps the memorial",
    norm: "Table of Liturgical Days: a proper solemnity (I.4) over an obligatory memorial (III.10)",
    explains: (f, date, o, t) => f === "id" && o.celebration.id === "our_lady_help_of_christians" && t.id === "mary_mother_of_the_church",
  },
  {
    name: "A national feast on the Immaculate Heart's Saturday is kept; romcal keeps the memorial",
    norm: "Table of Liturgical Days: a proper feast (II.8) over an obligatory memorial (III.10), which is omitted",
    explains: (f, date, o, t) => f === "id" && o.celebration.rank === "feast" && t.id === "immaculate_heart_of_mary",
  },
  {
    name: "Saint Dominic on August 5 in Australia (August 8 is Saint Mary of the Cross); romcal omits him",
    norm: "ACBC Proper of Saints for Australia",
    explains: (f, date, o) => ["id", "optional"].includes(f) && o.celebration.id === "dominic_de_guzman_priest" && date.endsWith("-08-05"),
  },
  {
    name: "Labour Day and Thanksgiving (Masses for civil days on the first Monday of September and the second of October) are not in our data; romcal lists them",
    norm: "Data scope: crates/liturgy/data/calendars/canada.toml keeps celebrations on fixed dates or from Easter",
    explains: (f, date, o, t, list) => f === "optional" && list.some((x) => ["labor_day", "thanksgiving_day"].includes(x.id)),
  },
  {
    name: "The dedication of churches whose date is unknown (October 25) is each such church's own solemnity, not the nation's; romcal lists it",
    norm: "UNLY 52 and the Missal (Common of the Dedication of a Church): the anniversary is proper to the church",
    explains: (f, date, o, t, list) => f === "optional" && list.some((x) => x.id === "dedication_of_consecrated_churches"),
  },
];

// Days per class and calendar, 2025–2035 (the universal classes are named in romcal-classes.mjs).
const EXPECTED = {
  "united-states": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 11,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 173,
    "The Saturday memorial of Mary is listed; romcal does not list it": 223,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
  },
  "canada": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 11,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 173,
    "The Saturday memorial of Mary is listed; romcal does not list it": 225,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 8,
    "Labour Day and Thanksgiving (Masses for civil days on the first Monday of September and the second of October) are not in our data; romcal lists them": 20,
    "The dedication of churches whose date is unknown (October 25) is each such church's own solemnity, not the nation's; romcal lists it": 10,
  },
  "england-and-wales": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 9,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 1,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 173,
    "The Saturday memorial of Mary is listed; romcal does not list it": 227,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 32,
    "All Saints on a Monday kept on the Sunday before; romcal moves it only from a Saturday": 4,
    "An impeded national solemnity is transferred; romcal drops it (Saint George in the Easter octave or on a Sunday of Easter, Saint Patrick on a Sunday of Lent)": 4,
    "Saint Joseph in Holy Week anticipated to the Friday where Saint Patrick's feast or solemnity takes the Saturday; romcal drops him": 1,
  },
  "australia": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 8,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 174,
    "The Saturday memorial of Mary is listed; romcal does not list it": 228,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 78,
    "An impeded national solemnity is transferred; romcal drops it (Saint George in the Easter octave or on a Sunday of Easter, Saint Patrick on a Sunday of Lent)": 1,
    "Saint Joseph in Holy Week anticipated to the Friday where Saint Patrick's feast or solemnity takes the Saturday; romcal drops him": 1,
    "Our Lady Help of Christians moved to the Monday after Pentecost outranks the memorial of Mary, Mother of the Church; romcal keeps the memorial": 1,
    "Saint Dominic on August 5 in Australia (August 8 is Saint Mary of the Cross); romcal omits him": 9,
  },
  "ireland": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 11,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 171,
    "The Saturday memorial of Mary is listed; romcal does not list it": 211,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 44,
    "An impeded national solemnity is transferred; romcal drops it (Saint George in the Easter octave or on a Sunday of Easter, Saint Patrick on a Sunday of Lent)": 1,
    "Saint Joseph in Holy Week anticipated to the Friday where Saint Patrick's feast or solemnity takes the Saturday; romcal drops him": 1,
    "A national feast on the Immaculate Heart's Saturday is kept; romcal keeps the memorial": 1,
  },
};

const CALENDARS = [
  ["united-states", UnitedStates_En],
  ["canada", Canada_En],
  ["england-and-wales", England_En],
  ["australia", Australia_En],
  ["ireland", Ireland_En],
];

crossCheck(CALENDARS, NATIONAL, EXPECTED);
