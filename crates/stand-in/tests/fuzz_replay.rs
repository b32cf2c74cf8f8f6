//! The date parser's fuzz corpus and saved crashes, replayed natively (`fuzz/`).

#[path = "../../../fuzz/src/date_query.rs"]
mod check;
#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn replay_date_query() {
    replay::replay("date_query", 50, check::check_date_query);
}
