//! The calendar's tests: the movable days, the calendar's rules day by day, and its data files.
//! One test binary, a module per topic.

mod calendar;
mod data;
mod movable;
