// The national calendars added after the first five (liturgy-romcal-national.test.mjs), against romcal
// 3's (@romcal/calendar.<country>) day by day for 2025–2035. Every difference falls in a class: one of
// the universal ones (romcal-classes.mjs) or one named here with the norm or the conference's
// decision that decides it; each class covers exactly the days counted per calendar, so a new
// difference fails.
import { Italy_En } from "@romcal/calendar.italy";
import { Germany_En } from "@romcal/calendar.germany";
import { France_En } from "@romcal/calendar.france";
import { Poland_En } from "@romcal/calendar.poland";
import { Spain_En } from "@romcal/calendar.spain";
import { Mexico_En } from "@romcal/calendar.mexico";
import { Philippines_En } from "@romcal/calendar.philippines";
import { crossCheck, movedByUs } from "./romcal-national.mjs";

const NATIONAL = [
  {
    name: "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days",
    norm: "UNLY 7 (where they are not holy days of obligation they are assigned to a Sunday); Italy: CEI, after the law of 5 March 1977 n. 54 ended their civil holidays; Poland: KEP, the Ascension on the Seventh Sunday of Easter; Spain: CEE, the Ascension (1977) and Corpus Christi (1990) on Sunday; Mexico: CEM, the Epiphany (January 2–8) and the Ascension on Sunday; the Philippines: CBCP norms confirmed in 1985, all three on Sunday",
    explains: (f, date, o, t, list) => movedByUs(o, list) || (f === "psalter" && o.season === "christmas"),
  },
  {
    name: "Saint Nicholas an obligatory memorial in Italy; romcal keeps the universal optional memorial",
    norm: "CEI, Ufficio Liturgico Nazionale (2017): Saint Nicholas, bishop, inscribed as an obligatory memorial in the Italian calendar; UNLY 14 (an obligatory memorial on an Advent weekday before December 17)",
    explains: (f, date, o, t, list) => ["id", "optional"].includes(f) && date.endsWith("-12-06") && o.celebration.id === "nicholas_of_myra_bishop"
      && o.celebration.rank === "memorial" && list.some((x) => x.id === "nicholas_of_myra_bishop" && x.rank === "OPTIONAL_MEMORIAL"),
  },
  {
    name: "Saint Matthias on February 24 (the German-speaking calendar's date) keeps the rank of feast of an apostle; romcal ranks it a memorial, omitted on a Lent weekday",
    norm: "Table of Liturgical Days II.7 (feasts of the saints of the General Calendar: the apostles) over II.9 (weekdays of Lent); UNLY 56: a moved celebration keeps its rank",
    explains: (f, date, o, t, list) => ["id", "rank"].includes(f) && date.endsWith("-02-24") && o.celebration.id === "matthias_apostle"
      && o.celebration.rank === "feast" && list.some((x) => x.id === "matthias_apostle" && x.rank === "MEMORIAL"),
  },
  {
    name: "The dedication of churches whose date is unknown (October 25) is each such church's own solemnity, not the nation's; romcal lists it",
    norm: "UNLY 52 and the Missal (Common of the Dedication of a Church): the anniversary is proper to the church",
    explains: (f, date, o, t, list) => f === "optional" && list.some((x) => x.id === "dedication_of_consecrated_churches"),
  },
  {
    name: "An impeded national solemnity is transferred to the nearest free day; romcal drops it (Saint Adalbert in the Easter octave or on a Sunday of Easter, Our Lady Queen of Poland or Saint Stanislaus on a Sunday of Easter, Our Lady of Guadalupe on a Sunday of Advent, the Immaculate Conception, patroness of the Philippines, on a Sunday of Advent)",
    norm: "UNLY 60: a solemnity impeded by a day of higher precedence (a Sunday of Advent or Easter, I.2; the Easter octave, I.2) goes to the nearest day not listed in 1–8 of the Table",
    explains: (f, date, o) => ["id", "optional"].includes(f) && o.transferredFrom !== null
      && ["adalbert_of_prague_bishop", "our_lady_queen_of_poland", "stanislaus_of_szczepanow_bishop", "our_lady_of_guadalupe", "immaculate_conception_of_the_blessed_virgin_mary"].includes(o.celebration.id),
  },
  {
    name: "Saints Denis and John Leonardi on October 10 in Poland (October 9 is Blessed Vincent Kadłubek); romcal puts them on September 10",
    norm: "Calendarium proprium pro Poloniae (Prot. 284/98/L): the optional memorials of October 9 moved to October 10 (UNLY 56: a proper celebration displaces the universal ones of that day to the nearest free day)",
    explains: (f, date, o, t, list) => f === "optional" && (date.endsWith("-09-10") || date.endsWith("-10-10"))
      && ["denis_of_paris_bishop_and_companions_martyrs", "john_leonardi_priest"].every((id) => o.optional.some((c) => c.id === id) !== list.some((x) => x.id === id)),
  },
  {
    name: "Celebrations of martyrs and of the Cross are red; romcal gives white to Saints Peter Poveda, Innocent Canoura and Companions, Martyrs (Spain) and to the Finding of the Holy Cross (Mexico)",
    norm: "GIRM 346 b: red is used on the celebrations of the Lord's Passion (the feasts of the Cross) and of martyrs",
    explains: (f, date, o, t) => f === "colour" && o.celebration.colour === "red" && t.colors.includes("WHITE")
      && ["peter_poveda_and_innocent_of_mary_immaculate_canoura_priests_and_companions_martyrs", "finding_of_the_holy_cross"].includes(o.celebration.id),
  },
  {
    name: "The Santo Niño on the third Sunday of January in the Philippines, in place of the Sunday; romcal keeps the Sunday",
    norm: "CBCP, by indult of the Holy See: the Feast of the Santo Niño on the third Sunday of January (kept as a feast of the Lord over a Sunday in Ordinary Time, Table II.5 over II.6)",
    explains: (f, date, o, t) => f === "id" && o.celebration.id === "santo_nino" && date.slice(5, 7) === "01" && t.rank === "SUNDAY",
  },
  {
    name: "Saint Pedro Calungsod on a Sunday of Lent is omitted; romcal anticipates him to the Saturday before",
    norm: "UNLY 60 and the Table of Liturgical Days: only an impeded solemnity is transferred; an obligatory memorial on a Sunday of Lent (I.2) is omitted that year",
    explains: (f, date, o, t, list) => f === "optional" && date.endsWith("-04-01") && list.some((x) => x.id === "pedro_calungsod_martyr")
      && !o.optional.some((c) => c.id === "pedro_calungsod_martyr"),
  },
];

// Days per class and calendar, 2025–2035 (the universal classes are named in romcal-classes.mjs).
const EXPECTED = {
  "italy": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 11,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 171,
    "The Saturday memorial of Mary is listed; romcal does not list it": 227,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 44,
    "Saint Nicholas an obligatory memorial in Italy; romcal keeps the universal optional memorial": 10,
  },
  "germany": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 11,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 171,
    "The Saturday memorial of Mary is listed; romcal does not list it": 227,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "Saint Matthias on February 24 (the German-speaking calendar's date) keeps the rank of feast of an apostle; romcal ranks it a memorial, omitted on a Lent weekday": 10,
  },
  "france": {
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
    "The Saturday memorial of Mary is listed; romcal does not list it": 222,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The dedication of churches whose date is unknown (October 25) is each such church's own solemnity, not the nation's; romcal lists it": 10,
  },
  "poland": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 11,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 6,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 171,
    "The Saturday memorial of Mary is listed; romcal does not list it": 177,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 22,
    "An impeded national solemnity is transferred to the nearest free day; romcal drops it (Saint Adalbert in the Easter octave or on a Sunday of Easter, Our Lady Queen of Poland or Saint Stanislaus on a Sunday of Easter, Our Lady of Guadalupe on a Sunday of Advent, the Immaculate Conception, patroness of the Philippines, on a Sunday of Advent)": 6,
    "Saints Denis and John Leonardi on October 10 in Poland (October 9 is Blessed Vincent Kad\u0142ubek); romcal puts them on September 10": 18,
  },
  "spain": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 11,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 11,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 171,
    "The Saturday memorial of Mary is listed; romcal does not list it": 219,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 44,
    "Celebrations of martyrs and of the Cross are red; romcal gives white to Saints Peter Poveda, Innocent Canoura and Companions, Martyrs (Spain) and to the Finding of the Holy Cross (Mexico)": 10,
  },
  "mexico": {
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
    "The Saturday memorial of Mary is listed; romcal does not list it": 226,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 56,
    "An impeded national solemnity is transferred to the nearest free day; romcal drops it (Saint Adalbert in the Easter octave or on a Sunday of Easter, Our Lady Queen of Poland or Saint Stanislaus on a Sunday of Easter, Our Lady of Guadalupe on a Sunday of Advent, the Immaculate Conception, patroness of the Philippines, on a Sunday of Advent)": 2,
    "Celebrations of martyrs and of the Cross are red; romcal gives white to Saints Peter Poveda, Innocent Canoura and Companions, Martyrs (Spain) and to the Finding of the Holy Cross (Mexico)": 9,
  },
  "philippines": {
    "The Baptism of the Lord is a feast; romcal ranks it a solemnity": 8,
    "The Immaculate Heart with another obligatory memorial: both optional; romcal keeps the Immaculate Heart": 5,
    "A solemnity on the Immaculate Heart's Saturday is kept; romcal keeps the memorial and drops the solemnity": 2,
    "The Nativity of John the Baptist impeded by the Sacred Heart is anticipated to June 23; romcal drops it": 1,
    "St Joseph in Holy Week is anticipated to the Saturday before Palm Sunday; romcal drops it": 1,
    "Holy Thursday is the Lord's Supper from the evening; romcal lists the Lent weekday first": 11,
    "Good Friday and Holy Saturday are ranked Triduum (romcal: weekday with Triduum precedence), Holy Saturday violet (romcal: no colour), Holy Week's psalter week II": 22,
    "All Souls is a commemoration ranked with the solemnities; romcal calls it a solemnity": 11,
    "The Third Sunday in Ordinary Time is the Sunday of the Word of God; romcal gives it its own id": 9,
    "The psalter in Christmas Time goes on from Advent's count; romcal starts it again at Christmas": 174,
    "The Saturday memorial of Mary is listed; romcal does not list it": 223,
    "St Teresa of Calcutta (September 5): in romcal's general calendar, not in our data (the Missal's universal inscriptions up to 2021)": 9,
    "The Epiphany, the Ascension or Corpus Christi kept on Sunday where the conference moved them; romcal's calendar keeps the universal days": 78,
    "An impeded national solemnity is transferred to the nearest free day; romcal drops it (Saint Adalbert in the Easter octave or on a Sunday of Easter, Our Lady Queen of Poland or Saint Stanislaus on a Sunday of Easter, Our Lady of Guadalupe on a Sunday of Advent, the Immaculate Conception, patroness of the Philippines, on a Sunday of Advent)": 1,
    "The Santo Ni\u00f1o on the third Sunday of January in the Philippines, in place of the Sunday; romcal keeps the Sunday": 11,
    "Saint Pedro Calungsod on a Sunday of Lent is omitted; romcal anticipates him to the Saturday before": 2,
  },
};

const CALENDARS = [
  ["italy", Italy_En],
  ["germany", Germany_En],
  ["france", France_En],
  ["poland", Poland_En],
  ["spain", Spain_En],
  ["mexico", Mexico_En],
  ["philippines", Philippines_En],
];

crossCheck(CALENDARS, NATIONAL, EXPECTED);
