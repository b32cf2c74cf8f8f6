//! The Lectionary's table as the build writes it (`lectionary.txt`, build/lectionary.rs): one line
//! a set of readings, sorted by key, thirteen fields separated by tabs. Read once into rows that
//! point into the text.

use super::{Osis, Readings};

/// One line of the table.
#[derive(Debug, Clone, Copy)]
pub(super) struct Row {
    pub key: &'static str,
    /// Empty (every year), `A`/`B`/`C` or `I`/`II`.
    pub cycle: &'static str,
    /// True for another Mass of the day (masses.toml).
    pub other: bool,
    pub readings: Readings,
}

/// The rows of the table, sorted by key.
#[derive(Debug)]
pub(super) struct Table(Vec<Row>);

impl Table {
    /// The table in `text`; `None` when a line is not one the build writes.
    pub fn parse(text: &'static str) -> Option<Self> {
        let mut rows = Vec::new();
        for line in text.lines() {
            let mut f = line.split('\t');
            let mut next = || f.next();
            let (key, cycle, flags, number) = (next()?, next()?, next()?, next()?);
            let (first, psalm, second, gospel, note) =
                (next()?, next()?, next()?, next()?, next()?);
            let osis = (next()?, next()?, next()?, next()?);
            let some = |t: &'static str| (!t.is_empty()).then_some(t);
            rows.push(Row {
                key,
                cycle,
                other: flags == "m",
                readings: Readings {
                    first,
                    psalm,
                    second: some(second),
                    gospel,
                    note: some(note),
                    vigil: flags == "v",
                    number: match number {
                        "" => None,
                        n => Some(n.parse().ok()?),
                    },
                    osis: Osis {
                        first: osis.0,
                        psalm: osis.1,
                        second: some(osis.2),
                        gospel: osis.3,
                    },
                },
            });
        }
        rows.is_sorted_by_key(|r| r.key).then_some(Self(rows))
    }

    /// The rows kept under `key`, in the table's order.
    pub fn rows(&self, key: &str) -> &[Row] {
        let start = self.0.partition_point(|r| r.key < key);
        let end = self.0.partition_point(|r| r.key <= key);
        self.0.get(start..end).unwrap_or_default()
    }

    /// Every key of the table, once each, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        let mut last = "";
        self.0.iter().filter_map(move |r| {
            let new = r.key != last;
            last = r.key;
            new.then_some(r.key)
        })
    }
}
