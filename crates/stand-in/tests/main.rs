//! The stand-in's native tests beside its unit tests: one test binary, a module per topic.

mod fuzz_replay;
mod oauth_bounds;
