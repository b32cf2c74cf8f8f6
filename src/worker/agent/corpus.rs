//! The stand-in agent's document corpus: a small, fixed library of Magisterial documents, Catechism
//! sections, the Nicene Creed and the Code of Canon Law, served offline by `document_search`,
//! `document_fetch` and `catholic_qa`.
//!
//! Every body is an **original summary written for this crate** (a paraphrase organised under
//! Markdown headings), never the text of the document itself, and it contains no quotations. Titles,
//! authors, years and references are the real ones; the bodies live in `corpus/*.md` beside this
//! file and are compiled in with `include_str!`.
//!
//! Ids are stable five-digit numeric strings (`"10001"` to `"10034"`), in the style of the real
//! service's example ids. The Code of Canon Law (`"10034"`) is the deliberately large document (a
//! body of several hundred kilobytes) so that large `document_fetch` responses are exercised.
//!
//! **`source_url` values are stand-in values.** They follow the shape the real service emits,
//! `https://www.magisterium.com/docs/{uuid}/ref/{reference}`, but the UUIDs are deterministic fakes
//! (`5a3f0c2e-0000-4000-8000-0000000{id}`) and the reference is this corpus's own `reference`
//! field, percent-encoded. They do not resolve to anything on magisterium.com.

/// One document of the offline corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Document {
    /// Stable id, a five-digit numeric string such as `"10007"`.
    pub id: &'static str,
    /// Title, usually the Latin incipit followed by the English subtitle.
    pub title: &'static str,
    /// Pope, council or other author.
    pub author: &'static str,
    /// Year of promulgation or publication, as a string.
    pub year: &'static str,
    /// A plain reference (kind of document and date, or paragraph/canon range).
    pub reference: &'static str,
    /// Stand-in URL of the form `https://www.magisterium.com/docs/{uuid}/ref/{reference}`; the
    /// UUID is a deterministic fake.
    pub source_url: &'static str,
    /// Markdown body: an original summary, `#` title line then `##` sections of short paragraphs.
    pub body: &'static str,
}

impl Document {
    /// The short name used in prose: the title before its first `": "`, without a trailing
    /// parenthetical (`"Rerum Novarum"`, `"Code of Canon Law"`, `"The Nicene Creed"`).
    pub fn short_title(&self) -> &'static str {
        let head = match self.title.split_once(": ") {
            Some((head, _)) => head,
            None => self.title,
        };
        match head.rsplit_once(" (") {
            Some((base, rest)) if rest.ends_with(')') => base.trim_end(),
            _ => head,
        }
    }
}

static DOCUMENTS: [Document; 34] = [
    Document {
        id: "10001",
        title: "Lumen Gentium: Dogmatic Constitution on the Church",
        author: "Second Vatican Council",
        year: "1964",
        reference: "Dogmatic constitution, promulgated 21 November 1964",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010001/ref/Dogmatic%20constitution%2C%20promulgated%2021%20November%201964",
        body: include_str!("corpus/lumen-gentium.md"),
    },
    Document {
        id: "10002",
        title: "Dei Verbum: Dogmatic Constitution on Divine Revelation",
        author: "Second Vatican Council",
        year: "1965",
        reference: "Dogmatic constitution, promulgated 18 November 1965",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010002/ref/Dogmatic%20constitution%2C%20promulgated%2018%20November%201965",
        body: include_str!("corpus/dei-verbum.md"),
    },
    Document {
        id: "10003",
        title: "Sacrosanctum Concilium: Constitution on the Sacred Liturgy",
        author: "Second Vatican Council",
        year: "1963",
        reference: "Constitution, promulgated 4 December 1963",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010003/ref/Constitution%2C%20promulgated%204%20December%201963",
        body: include_str!("corpus/sacrosanctum-concilium.md"),
    },
    Document {
        id: "10004",
        title: "Gaudium et Spes: Pastoral Constitution on the Church in the Modern World",
        author: "Second Vatican Council",
        year: "1965",
        reference: "Pastoral constitution, promulgated 7 December 1965",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010004/ref/Pastoral%20constitution%2C%20promulgated%207%20December%201965",
        body: include_str!("corpus/gaudium-et-spes.md"),
    },
    Document {
        id: "10005",
        title: "Dignitatis Humanae: Declaration on Religious Freedom",
        author: "Second Vatican Council",
        year: "1965",
        reference: "Declaration, promulgated 7 December 1965",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010005/ref/Declaration%2C%20promulgated%207%20December%201965",
        body: include_str!("corpus/dignitatis-humanae.md"),
    },
    Document {
        id: "10006",
        title: "Nostra Aetate: Declaration on the Relation of the Church to Non-Christian Religions",
        author: "Second Vatican Council",
        year: "1965",
        reference: "Declaration, promulgated 28 October 1965",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010006/ref/Declaration%2C%20promulgated%2028%20October%201965",
        body: include_str!("corpus/nostra-aetate.md"),
    },
    Document {
        id: "10007",
        title: "Rerum Novarum: On Capital and Labour",
        author: "Pope Leo XIII",
        year: "1891",
        reference: "Encyclical letter, 15 May 1891",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010007/ref/Encyclical%20letter%2C%2015%20May%201891",
        body: include_str!("corpus/rerum-novarum.md"),
    },
    Document {
        id: "10008",
        title: "Quadragesimo Anno: On Reconstruction of the Social Order",
        author: "Pope Pius XI",
        year: "1931",
        reference: "Encyclical letter, 15 May 1931",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010008/ref/Encyclical%20letter%2C%2015%20May%201931",
        body: include_str!("corpus/quadragesimo-anno.md"),
    },
    Document {
        id: "10009",
        title: "Mater et Magistra: On Christianity and Social Progress",
        author: "Pope John XXIII",
        year: "1961",
        reference: "Encyclical letter, 15 May 1961",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010009/ref/Encyclical%20letter%2C%2015%20May%201961",
        body: include_str!("corpus/mater-et-magistra.md"),
    },
    Document {
        id: "10010",
        title: "Pacem in Terris: On Establishing Universal Peace",
        author: "Pope John XXIII",
        year: "1963",
        reference: "Encyclical letter, 11 April 1963",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010010/ref/Encyclical%20letter%2C%2011%20April%201963",
        body: include_str!("corpus/pacem-in-terris.md"),
    },
    Document {
        id: "10011",
        title: "Populorum Progressio: On the Development of Peoples",
        author: "Pope Paul VI",
        year: "1967",
        reference: "Encyclical letter, 26 March 1967",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010011/ref/Encyclical%20letter%2C%2026%20March%201967",
        body: include_str!("corpus/populorum-progressio.md"),
    },
    Document {
        id: "10012",
        title: "Humanae Vitae: On the Regulation of Birth",
        author: "Pope Paul VI",
        year: "1968",
        reference: "Encyclical letter, 25 July 1968",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010012/ref/Encyclical%20letter%2C%2025%20July%201968",
        body: include_str!("corpus/humanae-vitae.md"),
    },
    Document {
        id: "10013",
        title: "Redemptor Hominis: The Redeemer of Man",
        author: "Pope John Paul II",
        year: "1979",
        reference: "Encyclical letter, 4 March 1979",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010013/ref/Encyclical%20letter%2C%204%20March%201979",
        body: include_str!("corpus/redemptor-hominis.md"),
    },
    Document {
        id: "10014",
        title: "Laborem Exercens: On Human Work",
        author: "Pope John Paul II",
        year: "1981",
        reference: "Encyclical letter, 14 September 1981",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010014/ref/Encyclical%20letter%2C%2014%20September%201981",
        body: include_str!("corpus/laborem-exercens.md"),
    },
    Document {
        id: "10015",
        title: "Familiaris Consortio: On the Role of the Christian Family in the Modern World",
        author: "Pope John Paul II",
        year: "1981",
        reference: "Post-synodal apostolic exhortation, 22 November 1981",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010015/ref/Post-synodal%20apostolic%20exhortation%2C%2022%20November%201981",
        body: include_str!("corpus/familiaris-consortio.md"),
    },
    Document {
        id: "10016",
        title: "Centesimus Annus: On the Hundredth Anniversary of Rerum Novarum",
        author: "Pope John Paul II",
        year: "1991",
        reference: "Encyclical letter, 1 May 1991",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010016/ref/Encyclical%20letter%2C%201%20May%201991",
        body: include_str!("corpus/centesimus-annus.md"),
    },
    Document {
        id: "10017",
        title: "Veritatis Splendor: On Fundamental Questions of the Church's Moral Teaching",
        author: "Pope John Paul II",
        year: "1993",
        reference: "Encyclical letter, 6 August 1993",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010017/ref/Encyclical%20letter%2C%206%20August%201993",
        body: include_str!("corpus/veritatis-splendor.md"),
    },
    Document {
        id: "10018",
        title: "Ordinatio Sacerdotalis: On Reserving Priestly Ordination to Men Alone",
        author: "Pope John Paul II",
        year: "1994",
        reference: "Apostolic letter, 22 May 1994",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010018/ref/Apostolic%20letter%2C%2022%20May%201994",
        body: include_str!("corpus/ordinatio-sacerdotalis.md"),
    },
    Document {
        id: "10019",
        title: "Evangelium Vitae: On the Value and Inviolability of Human Life",
        author: "Pope John Paul II",
        year: "1995",
        reference: "Encyclical letter, 25 March 1995",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010019/ref/Encyclical%20letter%2C%2025%20March%201995",
        body: include_str!("corpus/evangelium-vitae.md"),
    },
    Document {
        id: "10020",
        title: "Fides et Ratio: On the Relationship between Faith and Reason",
        author: "Pope John Paul II",
        year: "1998",
        reference: "Encyclical letter, 14 September 1998",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010020/ref/Encyclical%20letter%2C%2014%20September%201998",
        body: include_str!("corpus/fides-et-ratio.md"),
    },
    Document {
        id: "10021",
        title: "Deus Caritas Est: On Christian Love",
        author: "Pope Benedict XVI",
        year: "2005",
        reference: "Encyclical letter, 25 December 2005",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010021/ref/Encyclical%20letter%2C%2025%20December%202005",
        body: include_str!("corpus/deus-caritas-est.md"),
    },
    Document {
        id: "10022",
        title: "Spe Salvi: On Christian Hope",
        author: "Pope Benedict XVI",
        year: "2007",
        reference: "Encyclical letter, 30 November 2007",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010022/ref/Encyclical%20letter%2C%2030%20November%202007",
        body: include_str!("corpus/spe-salvi.md"),
    },
    Document {
        id: "10023",
        title: "Caritas in Veritate: On Integral Human Development in Charity and Truth",
        author: "Pope Benedict XVI",
        year: "2009",
        reference: "Encyclical letter, 29 June 2009",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010023/ref/Encyclical%20letter%2C%2029%20June%202009",
        body: include_str!("corpus/caritas-in-veritate.md"),
    },
    Document {
        id: "10024",
        title: "Lumen Fidei: On Faith",
        author: "Pope Francis",
        year: "2013",
        reference: "Encyclical letter, 29 June 2013",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010024/ref/Encyclical%20letter%2C%2029%20June%202013",
        body: include_str!("corpus/lumen-fidei.md"),
    },
    Document {
        id: "10025",
        title: "Evangelii Gaudium: On the Proclamation of the Gospel in Today's World",
        author: "Pope Francis",
        year: "2013",
        reference: "Apostolic exhortation, 24 November 2013",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010025/ref/Apostolic%20exhortation%2C%2024%20November%202013",
        body: include_str!("corpus/evangelii-gaudium.md"),
    },
    Document {
        id: "10026",
        title: "Laudato Si': On Care for Our Common Home",
        author: "Pope Francis",
        year: "2015",
        reference: "Encyclical letter, 24 May 2015",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010026/ref/Encyclical%20letter%2C%2024%20May%202015",
        body: include_str!("corpus/laudato-si.md"),
    },
    Document {
        id: "10027",
        title: "Amoris Laetitia: On Love in the Family",
        author: "Pope Francis",
        year: "2016",
        reference: "Post-synodal apostolic exhortation, 19 March 2016",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010027/ref/Post-synodal%20apostolic%20exhortation%2C%2019%20March%202016",
        body: include_str!("corpus/amoris-laetitia.md"),
    },
    Document {
        id: "10028",
        title: "Fratelli Tutti: On Fraternity and Social Friendship",
        author: "Pope Francis",
        year: "2020",
        reference: "Encyclical letter, 3 October 2020",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010028/ref/Encyclical%20letter%2C%203%20October%202020",
        body: include_str!("corpus/fratelli-tutti.md"),
    },
    Document {
        id: "10029",
        title: "Dilexit Nos: On the Human and Divine Love of the Heart of Jesus Christ",
        author: "Pope Francis",
        year: "2024",
        reference: "Encyclical letter, 24 October 2024",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010029/ref/Encyclical%20letter%2C%2024%20October%202024",
        body: include_str!("corpus/dilexit-nos.md"),
    },
    Document {
        id: "10030",
        title: "The Nicene Creed (Niceno-Constantinopolitan Creed)",
        author: "First Council of Nicaea and First Council of Constantinople",
        year: "381",
        reference: "Creed of Nicaea (325) as completed at Constantinople (381)",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010030/ref/Creed%20of%20Nicaea%20%28325%29%20as%20completed%20at%20Constantinople%20%28381%29",
        body: include_str!("corpus/nicene-creed.md"),
    },
    Document {
        id: "10031",
        title: "Catechism of the Catholic Church: The Sacraments of Christian Initiation",
        author: "Pope John Paul II",
        year: "1992",
        reference: "Catechism of the Catholic Church, nos. 1210-1419",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010031/ref/Catechism%20of%20the%20Catholic%20Church%2C%20nos.%201210-1419",
        body: include_str!("corpus/ccc-initiation.md"),
    },
    Document {
        id: "10032",
        title: "Catechism of the Catholic Church: The Sacraments of Healing",
        author: "Pope John Paul II",
        year: "1992",
        reference: "Catechism of the Catholic Church, nos. 1420-1532",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010032/ref/Catechism%20of%20the%20Catholic%20Church%2C%20nos.%201420-1532",
        body: include_str!("corpus/ccc-healing.md"),
    },
    Document {
        id: "10033",
        title: "Catechism of the Catholic Church: The Ten Commandments",
        author: "Pope John Paul II",
        year: "1992",
        reference: "Catechism of the Catholic Church, nos. 2052-2557",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010033/ref/Catechism%20of%20the%20Catholic%20Church%2C%20nos.%202052-2557",
        body: include_str!("corpus/ccc-commandments.md"),
    },
    Document {
        id: "10034",
        title: "Code of Canon Law (1983)",
        author: "Pope John Paul II",
        year: "1983",
        reference: "Codex Iuris Canonici, promulgated 25 January 1983",
        source_url: "https://www.magisterium.com/docs/5a3f0c2e-0000-4000-8000-000000010034/ref/Codex%20Iuris%20Canonici%2C%20promulgated%2025%20January%201983",
        body: concat!(
            include_str!("corpus/code-of-canon-law/00-introduction.md"),
            include_str!("corpus/code-of-canon-law/book-1.md"),
            include_str!("corpus/code-of-canon-law/book-2a.md"),
            include_str!("corpus/code-of-canon-law/book-2b.md"),
            include_str!("corpus/code-of-canon-law/book-2c.md"),
            include_str!("corpus/code-of-canon-law/book-2d.md"),
            include_str!("corpus/code-of-canon-law/book-3.md"),
            include_str!("corpus/code-of-canon-law/book-4a.md"),
            include_str!("corpus/code-of-canon-law/book-4b.md"),
            include_str!("corpus/code-of-canon-law/book-5-6.md"),
            include_str!("corpus/code-of-canon-law/book-7.md")
        ),
    },

];

/// All documents of the corpus, in id order.
pub fn documents() -> &'static [Document] {
    &DOCUMENTS
}

/// The document with exactly this id (surrounding whitespace in `id` is ignored), if any.
pub fn find(id: &str) -> Option<&'static Document> {
    let id = id.trim();
    DOCUMENTS.iter().find(|doc| doc.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    const URL_PREFIX: &str = "https://www.magisterium.com/docs/";

    fn percent_encode(s: &str) -> String {
        let mut out = String::new();
        for byte in s.bytes() {
            if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
                out.push(char::from(byte));
            } else {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
        out
    }

    #[test]
    fn at_least_25_documents_with_unique_numeric_ids() {
        let docs = documents();
        assert!(docs.len() >= 25, "only {} documents", docs.len());
        let ids: HashSet<&str> = docs.iter().map(|d| d.id).collect();
        assert_eq!(ids.len(), docs.len(), "duplicate ids");
        for doc in docs {
            assert_eq!(doc.id.len(), 5, "{}", doc.id);
            assert!(doc.id.bytes().all(|b| b.is_ascii_digit()), "{}", doc.id);
        }
        let mut sorted: Vec<&str> = docs.iter().map(|d| d.id).collect();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            docs.iter().map(|d| d.id).collect::<Vec<_>>(),
            "not in id order"
        );
    }

    #[test]
    fn every_field_is_non_empty_and_trimmed() {
        for doc in documents() {
            for (name, value) in [
                ("id", doc.id),
                ("title", doc.title),
                ("author", doc.author),
                ("year", doc.year),
                ("reference", doc.reference),
                ("source_url", doc.source_url),
                ("body", doc.body),
            ] {
                assert!(!value.trim().is_empty(), "{} has empty {name}", doc.id);
                if name != "body" {
                    assert_eq!(value, value.trim(), "{} {name} not trimmed", doc.id);
                }
            }
            assert!((3..=4).contains(&doc.year.len()), "{}", doc.id);
            assert!(doc.year.bytes().all(|b| b.is_ascii_digit()), "{}", doc.id);
        }
    }

    #[test]
    fn source_urls_have_the_service_shape() {
        for doc in documents() {
            let expected = format!(
                "{URL_PREFIX}5a3f0c2e-0000-4000-8000-0000000{}/ref/{}",
                doc.id,
                percent_encode(doc.reference)
            );
            assert_eq!(doc.source_url, expected, "{}", doc.id);
        }
    }

    #[test]
    fn bodies_are_markdown_with_title_and_sections() {
        for doc in documents() {
            assert!(
                doc.body.starts_with("# "),
                "{} body must start with a # title",
                doc.id
            );
            let sections = doc.body.lines().filter(|l| l.starts_with("## ")).count();
            assert!(sections >= 3, "{} has only {sections} sections", doc.id);
            assert!(!doc.body.contains('\r'), "{} has CR characters", doc.id);
            let words = doc.body.split_whitespace().count();
            assert!(words >= 300, "{} has only {words} words", doc.id);
        }
    }

    #[test]
    fn one_body_is_at_least_300_kb_and_the_corpus_stays_small() {
        let largest = documents().iter().max_by_key(|d| d.body.len()).unwrap();
        assert!(
            largest.body.len() >= 300 * 1024,
            "largest body is {} bytes",
            largest.body.len()
        );
        assert_eq!(largest.id, "10034");
        let total: usize = documents().iter().map(|d| d.body.len()).sum();
        assert!(total < 1_200_000, "corpus is {total} bytes");
        println!(
            "largest body: {} ({} bytes); corpus total {total} bytes",
            largest.id,
            largest.body.len()
        );
    }

    #[test]
    fn bodies_contain_no_quotation_marks() {
        // Heuristic for the no-invented-quotations rule: the summaries paraphrase, so they need no
        // double quotation marks at all (straight, curly or guillemets).
        for doc in documents() {
            for mark in ['"', '\u{201C}', '\u{201D}', '\u{00AB}', '\u{00BB}'] {
                assert!(!doc.body.contains(mark), "{} contains {mark:?}", doc.id);
            }
            assert!(!doc.title.contains('"'), "{}", doc.id);
        }
    }

    #[test]
    fn no_filler_or_repeated_paragraphs() {
        let mut seen = HashSet::new();
        for doc in documents() {
            let lower = doc.body.to_lowercase();
            assert!(!lower.contains("lorem ipsum"), "{}", doc.id);
            for para in doc
                .body
                .split("\n\n")
                .map(str::trim)
                .filter(|p| p.len() > 120)
            {
                assert!(
                    seen.insert(para),
                    "{} repeats a paragraph: {}",
                    doc.id,
                    &para[..80]
                );
            }
        }
    }

    #[test]
    fn every_body_says_it_is_a_summary() {
        for doc in documents() {
            let head: String = doc
                .body
                .chars()
                .take(600)
                .collect::<String>()
                .to_lowercase();
            assert!(
                head.contains("summary") || head.contains("guide"),
                "{}",
                doc.id
            );
            assert!(head.contains("magisterium-a2a"), "{}", doc.id);
        }
    }

    #[test]
    fn find_is_exact_and_trims_input() {
        assert_eq!(find("10007").unwrap().short_title(), "Rerum Novarum");
        assert_eq!(find("  10007\n").unwrap().id, "10007");
        assert!(find("1000").is_none());
        assert!(find("100070").is_none());
        assert!(find("").is_none());
        assert!(find("rerum-novarum").is_none());
        for doc in documents() {
            assert_eq!(find(doc.id), Some(doc));
        }
    }

    #[test]
    fn short_titles() {
        assert_eq!(find("10026").unwrap().short_title(), "Laudato Si'");
        assert_eq!(find("10034").unwrap().short_title(), "Code of Canon Law");
        assert_eq!(find("10030").unwrap().short_title(), "The Nicene Creed");
        assert_eq!(
            find("10031").unwrap().short_title(),
            "Catechism of the Catholic Church"
        );
    }

    #[test]
    fn known_facts_are_recorded() {
        let rn = find("10007").unwrap();
        assert_eq!((rn.author, rn.year), ("Pope Leo XIII", "1891"));
        let lg = find("10001").unwrap();
        assert_eq!((lg.author, lg.year), ("Second Vatican Council", "1964"));
        assert!(lg.reference.contains("21 November 1964"));
        let sc = find("10003").unwrap();
        assert!(sc.reference.contains("4 December 1963"));
        let ls = find("10026").unwrap();
        assert_eq!((ls.author, ls.year), ("Pope Francis", "2015"));
    }
}
