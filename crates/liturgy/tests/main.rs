//! The calendar's tests: the movable days, the calendar's rules day by day, and its data files.
//! One test binary, a module per topic.
// Test code may stop loudly: a failing test should (clippy.toml allows the same inside `#[test]`s).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod calendar;
mod data;
mod ics;
mod india_brazil;
mod locales;
mod movable;
mod national;
mod national_more;
mod readings;
