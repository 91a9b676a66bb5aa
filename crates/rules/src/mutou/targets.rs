//! Click paths (see [`crate::target`]): how a person makes each MuTou decision.
//!
//! | decision | path | label |
//! |---|---|---|
//! | `tier:II` (D3, D4) | button `tier:II` | |
//! | `claim:2` (S22) | button `claim:2` | |
//! | `c1+W` (S23) | the base's tessel, then the shak's button `W` | |
//! | `rest`, `end`, `done`, `decline`, `propose`, `accept`, `refuse` | the button of that word | |
//! | `d4W>d5x` (S8–S12, S18, S19) | the piece's tessel, then the destination | the power and what befalls an enemy there (`Walker, capture`) |
//! | `d4R` (S11) | the piece's tessel, then the button `rand` | |
//! | `d4:W>e5` (S15b) | the giving piece's tessel, then the receiving one's | the shak (`W shak`) |
//! | the eight area alterations (S15c, D2) | the tool's button (`ins`, `rmv`, `split`, `merge`, `scribe`, `erase`, `splice`, `unsplice`), then the edges, vertices and tessels the notation names, in its order | a split of an occupied tessel: where the occupant goes; a scribe: its new corners |
//! | `take:W` (S20) | the shak's button `W` | |
//! | `call:open`, `call:matched` (S17, D7) | button `call` | `open`, `matched` |
//! | `gate:v3:ccw` (D10) | the vertex | the direction of the count |
//! | `pick:d7` (S11) | the tessel | |
//! | `give:d4:W` (S17) | the piece's tessel, then the shak's button | |
//! | `die:5`, `dice:3,5` (chance) | button `roll` | the faces |
//!
//! No path is a proper beginning of another legal action's path: the last click of a path
//! always completes a decision.

use super::actions::{CallMode, MuTouAction, Spin, Take};
use super::pieces::{Power, Shak};
use super::state::MuTou;
use super::surface::Edit;
use crate::target::{Cell, Label, Target};

/// The buttons of the fixed words, each its own notation.
const WORDS: [&str; 10] = [
    "rest", "end", "done", "decline", "propose", "accept", "refuse", "call", "rand", "roll",
];
/// The tool buttons of the area alterations, named as the notation names them.
const TOOLS: [&str; 8] = [
    "ins", "rmv", "split", "merge", "scribe", "erase", "splice", "unsplice",
];
/// Each tool in one line, as the rules page's table of S15c says it, in `TOOLS`' order.
const TOOL_HELP: [&str; 8] = [
    "insert a vertex: a new corner in the middle of an edge, for both tessels beside it",
    "remove a vertex: a corner on exactly two edges goes, and the two edges become one",
    "split a tessel: a new edge joins two corners that are not neighbours",
    "merge two tessels that share an edge: their shared boundary is erased",
    "scribe a new empty tessel beyond a rim edge, with 1 to 4 new corners",
    "erase an empty tessel",
    "splice: glue two rim edges into one (a remote splice)",
    "unsplice: undo the splice that made a glued edge",
];

/// The fixed words in one line each, with their rules, in `WORDS`' order.
const WORD_HELP: [(&str, &str); 10] = [
    (
        "rest: gain a wafer from the supply; the turn passes",
        "mutou:S14",
    ),
    ("end the turn now, leaving the units not spent", "mutou:S15"),
    ("stop taking, giving or inserting", "mutou:S17"),
    ("let the choice pass without calling", "mutou:S17"),
    ("propose that everyone wins together", "mutou:D19"),
    ("accept the proposal", "mutou:D19"),
    ("refuse the proposal", "mutou:D19"),
    (
        "call a choice on this unit: pay the mover a wafer and roll",
        "mutou:S17",
    ),
    ("move the Rand: a die decides where it lands", "mutou:S11"),
    ("roll the dice", "mutou:D7"),
];

/// One line on the button `word` and its rule, for [`crate::Game::button_help`].
pub(super) fn button_help(word: &str) -> Option<(&'static str, crate::game::RuleRef)> {
    use crate::game::RuleRef;
    if let Some(i) = TOOLS.iter().position(|&w| w == word) {
        return Some((TOOL_HELP[i], RuleRef("mutou:S15c")));
    }
    let i = WORDS.iter().position(|&w| w == word)?;
    let (help, rule) = WORD_HELP[i];
    Some((help, RuleRef(rule)))
}

const TIERS: [&str; 3] = ["tier:I", "tier:II", "tier:III"];
const CLAIMS: [&str; 10] = [
    "claim:1", "claim:2", "claim:3", "claim:4", "claim:5", "claim:6", "claim:7", "claim:8",
    "claim:9", "claim:10",
];
/// The shak buttons, as [`Shak`] writes itself: the plain four, then blood of seats 1 to 10.
const SHAKS: [&str; 14] = [
    "W", "A", "J", "R", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10",
];
/// A shak moved by an alteration of pieces, in the same order.
const SHAK_LABELS: [&str; 14] = [
    "W shak", "A shak", "J shak", "R shak", "B1 shak", "B2 shak", "B3 shak", "B4 shak", "B5 shak",
    "B6 shak", "B7 shak", "B8 shak", "B9 shak", "B10 shak",
];
/// A step's label, by power (W, A, J, R, B) and by what it does to an enemy (none, capture,
/// change of allegiance).
const STEP_LABELS: [[&str; 3]; 5] = [
    ["Walker", "Walker, capture", "Walker, change of allegiance"],
    ["Angler", "Angler, capture", "Angler, change of allegiance"],
    ["Jagger", "Jagger, capture", "Jagger, change of allegiance"],
    ["Rand", "Rand, capture", "Rand, change of allegiance"],
    ["Blood", "Blood, capture", "Blood, change of allegiance"],
];

/// The index of a shak in [`SHAKS`].
fn shak_index(shak: Shak) -> usize {
    match shak {
        Shak::Walker => 0,
        Shak::Angler => 1,
        Shak::Jagger => 2,
        Shak::Rand => 3,
        Shak::Blood(seat) => 4 + usize::from(seat).min(9),
    }
}

/// The button of a shak.
fn shak_button(shak: Shak) -> Target {
    Target::Button(SHAKS[shak_index(shak)])
}

fn step_label(power: Power, take: Take) -> &'static str {
    let take = match take {
        Take::None => 0,
        Take::Capture => 1,
        Take::Convert => 2,
    };
    STEP_LABELS[power.index()][take]
}

impl MuTou {
    /// The click path of `action` and its label ([`crate::Game::action_targets`]).
    pub(super) fn targets_of(&self, action: MuTouAction, out: &mut Vec<Target>) -> Option<Label> {
        use MuTouAction as A;
        out.clear();
        let tessel = Target::tessel;
        match action {
            A::Tier(tier) => out.push(Target::Button(TIERS[tier as usize])),
            A::Claim(zone) => out.push(Target::Button(CLAIMS[usize::from(zone).min(9)])),
            A::Put(at, shak) | A::Give(at, shak) => out.extend([tessel(at), shak_button(shak)]),
            A::Rest => out.push(Target::Button("rest")),
            A::End => out.push(Target::Button("end")),
            A::Done => out.push(Target::Button("done")),
            A::Decline => out.push(Target::Button("decline")),
            A::Propose => out.push(Target::Button("propose")),
            A::Accept => out.push(Target::Button("accept")),
            A::Refuse => out.push(Target::Button("refuse")),
            A::Take(shak) => out.push(shak_button(shak)),
            A::Pick(at) => out.push(tessel(at)),
            A::Rand(at) => out.extend([tessel(at), Target::Button("rand")]),
            A::Step {
                from,
                power,
                to,
                take,
            } => {
                out.extend([tessel(from), tessel(to)]);
                return Some(Label::Borrowed(step_label(power, take)));
            }
            A::Alter { from, shak, to } => {
                out.extend([tessel(from), tessel(to)]);
                return Some(Label::Borrowed(SHAK_LABELS[shak_index(shak)]));
            }
            A::Call(mode) => {
                out.push(Target::Button("call"));
                return Some(Label::Borrowed(match mode {
                    CallMode::Open => "open",
                    CallMode::Matched => "matched",
                }));
            }
            A::Gate(vertex, spin) => {
                out.push(Target::Vertex(vertex));
                return Some(Label::Borrowed(match spin {
                    Spin::Ccw => "counter-clockwise",
                    Spin::Cw => "clockwise",
                }));
            }
            A::Die(face) => {
                out.push(Target::Button("roll"));
                return Some(Label::Owned(face.to_string()));
            }
            A::Dice(a, b) => {
                out.push(Target::Button("roll"));
                return Some(Label::Owned(format!("{a},{b}")));
            }
            A::Area { edit, to_new } => return self.edit_targets(edit, to_new, out),
        }
        None
    }

    /// The path of an area alteration: its tool, then what its notation names.
    fn edit_targets(&self, edit: Edit, to_new: bool, out: &mut Vec<Target>) -> Option<Label> {
        match edit {
            Edit::InsertVertex { edge } => out.extend([Target::Button("ins"), Target::Edge(edge)]),
            Edit::RemoveVertex { vertex } => {
                out.extend([Target::Button("rmv"), Target::Vertex(vertex)]);
            }
            Edit::Split { tessel, a, b } => {
                out.extend([
                    Target::Button("split"),
                    Target::tessel(tessel),
                    Target::Vertex(a),
                    Target::Vertex(b),
                ]);
                // D2 (3): an occupied tessel's piece stays in the part that keeps the id, or
                // goes to the new part; both are legal, on one path.
                if self.piece(tessel).is_some() {
                    return Some(Label::Borrowed(if to_new {
                        "occupant to the new part"
                    } else {
                        "occupant stays"
                    }));
                }
            }
            Edit::Merge { keep, gone } => out.extend([
                Target::Button("merge"),
                Target::tessel(keep),
                Target::tessel(gone),
            ]),
            Edit::Scribe { edge, corners } => {
                out.extend([Target::Button("scribe"), Target::Edge(edge)]);
                return Some(Label::Borrowed(match corners {
                    1 => "1 new corner",
                    2 => "2 new corners",
                    3 => "3 new corners",
                    _ => "4 new corners",
                }));
            }
            Edit::Erase { tessel } => out.extend([Target::Button("erase"), Target::tessel(tessel)]),
            Edit::Splice { a, b } => {
                out.extend([Target::Button("splice"), Target::Edge(a), Target::Edge(b)])
            }
            Edit::Unsplice { edge } => {
                out.extend([Target::Button("unsplice"), Target::Edge(edge)]);
            }
        }
        None
    }

    /// Whether `target` is a live tessel, vertex or edge of the surface, or one of MuTou's
    /// buttons ([`crate::Game::target_exists`]).
    pub(super) fn has_target(&self, target: &Target) -> bool {
        let surface = self.surface_opt();
        match *target {
            Target::Cell(Cell::Tessel(t)) => surface.is_some_and(|s| s.is_live(t)),
            Target::Vertex(v) => surface.is_some_and(|s| !s.tessels_at(v).is_empty()),
            Target::Edge(e) => surface.is_some_and(|s| s.edge_ends(e).is_some()),
            Target::Button(word) => [&WORDS[..], &TOOLS, &TIERS, &CLAIMS, &SHAKS]
                .iter()
                .any(|words| words.contains(&word)),
            Target::Cell(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_and_word_button_says_what_it_does_and_cites_a_section_of_the_rules_page() {
        let page = include_str!("../../../../docs/rules/mutou.md");
        for word in TOOLS.iter().chain(WORDS.iter()) {
            let (help, rule) = button_help(word).unwrap_or_else(|| panic!("no help for `{word}`"));
            assert!(help.len() > 10, "`{word}`: {help}");
            let anchor = rule.0.strip_prefix("mutou:").expect("a MuTou rule");
            assert!(
                page.contains(&format!("id=\"{anchor}\"")),
                "`{word}` cites {anchor}, which the rules page does not have"
            );
        }
        assert!(button_help("d4").is_none());
    }

    #[test]
    fn shak_buttons_are_written_as_the_notation_writes_shakken() {
        let mut shakken = Shak::PLAIN.to_vec();
        shakken.extend((0..10).map(Shak::Blood));
        for shak in shakken {
            assert_eq!(SHAKS[shak_index(shak)], shak.to_string());
        }
    }

    #[test]
    fn tier_buttons_are_the_tier_actions_text() {
        for tier in crate::mutou::Tier::ALL {
            assert_eq!(
                TIERS[tier as usize],
                MuTouAction::Tier(tier).to_string(),
                "{tier:?}"
            );
        }
    }
}
