//! Natural-language date queries: the reader lives in `magisterium-liturgy` (`dates`), shared with
//! the proxy, which resolves relative dates with it before its cache key.

pub use magisterium_liturgy::dates::parse_date_query;

/// `CivilDate::new` for tests, whose dates are real ones.
#[cfg(test)]
pub(crate) fn test_date(y: i32, m: u32, d: u32) -> magisterium_core::date::CivilDate {
    magisterium_core::date::CivilDate::new(y, m, d).unwrap()
}
