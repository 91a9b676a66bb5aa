//! Tests of the surface module, written to read like the rulebook.

mod adjacency;
mod edits;
mod exact;
mod geometry;
mod layouts;
mod props;
mod sowing;
mod splices;

use super::{Surface, TesselId, Wrap};

/// The 8×8 chessboard.
fn board() -> Surface {
    Surface::square(8, 8, Wrap::None).expect("8x8 board")
}

/// The tessel called `name`.
fn at(s: &Surface, name: &str) -> TesselId {
    s.parse_tessel(name)
        .unwrap_or_else(|| panic!("no tessel called {name}"))
}

/// Sorted names of tessels.
fn names(s: &Surface, ts: &[TesselId]) -> Vec<String> {
    let mut v: Vec<String> = ts.iter().map(|&t| s.name(t)).collect();
    v.sort();
    v
}

/// Sorted words of a space-separated list.
fn words(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Jagger destinations of `name` as sorted "name:cost" words.
fn jagger(s: &Surface, name: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .jagger(at(s, name))
        .iter()
        .map(|&(t, c)| format!("{}:{c}", s.name(t)))
        .collect();
    v.sort();
    v
}

/// The edges two tessels share.
fn shared_edges(s: &Surface, a: TesselId, b: TesselId) -> Vec<super::EdgeId> {
    s.edges(a)
        .iter()
        .copied()
        .filter(|e| s.edges(b).contains(e))
        .collect()
}
