//! The variant options of the Mu family and its presets (mu §1, §3).
//!
//! Option keys, in the order they are shown and written: `segments`, `turn`, `oscillation`,
//! `trim_timing`, `one_move_per_piece`, `access`, `order`, `start`, `seed`, `max_seats`,
//! `ply_cap`.

use serde::{Deserialize, Serialize};

use crate::error::VariantError;
use crate::variant::{bad_value, name_in, parse_ply_cap, parse_switch, pick, ply_cap_text};
use crate::variant::{cap_domain, OptionDomain, OptionStatus, ON_OFF};
use crate::variant::{switch_text, unknown_option, OptionInfo, Preset, Variant};

/// How many moves a turn holds (mu §2.11, A2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TurnBudget {
    /// One move, or a pass (levis).
    OnePiece,
    /// One move from each segment occupied at the start of the turn (multi, velox, arena).
    OnePerOccupiedSegment,
}

/// What happens to an oscillating section (mu §2.9, A3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Oscillation {
    /// The mover takes men off its hot cells one at a time (levis).
    PlayerRemoval,
    /// Every cell is trimmed to a stable height (multi-player Mu).
    AutoTrim,
}

/// When an automatic trim happens (mu §2.9, A4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TrimTiming {
    /// As soon as the cycle is found, on the state where it was found (recommended).
    AfterMove,
    /// At the end of the turn, as the multi-player text literally says; until then the section
    /// is left oscillating and its cells do not explode.
    EndOfTurn,
}

/// Who can claim an empty section at the end (mu §2.12, A8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Access {
    /// Any stack with a legal move landing in the section.
    AnyMove,
    /// Only stacks standing on the Wall.
    WallOnly,
}

/// Who orders a chain reaction's explosions (mu §2.8, A17).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Order {
    /// The mover chooses, whenever the order can change the result (the rules).
    Player,
    /// Always the canonical order; never asked (not official: for fast self-play).
    Canonical,
}

/// How the game starts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Start {
    /// The opening protocol: lay-out and selection as decisions (mu §2.2–2.3).
    Protocol,
    /// A legal lay-out and selection made from the option `seed`.
    Random,
    /// The specification's three-segment test board T3 (mu §4); Red on A, Purple on C.
    T3,
    /// A fixed two-player board of 14 segments.
    Duel,
    /// A fixed two-player board of 16 segments.
    Arena,
}

/// The rules options of Mu. The default is Mu levis.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MuVariant {
    /// Segments per player, 1–8 (option `segments`, A14).
    pub segments: u8,
    /// Option `turn`.
    pub turn: TurnBudget,
    /// Option `oscillation`.
    pub oscillation: Oscillation,
    /// Option `trim_timing` (with automatic trimming only).
    pub trim_timing: TrimTiming,
    /// Option `one_move_per_piece` (A6): no move may start where a move of this turn ended.
    pub one_move_per_piece: bool,
    /// Option `access`.
    pub access: Access,
    /// Option `order`.
    pub order: Order,
    /// Option `start`.
    pub start: Start,
    /// Option `seed`, for `start=random`.
    pub seed: u64,
    /// Option `max_seats`: velox and the Arena game are two-player games.
    pub max_seats: u8,
    /// Not an official rule (option `ply_cap`): the game ends and is counted after this many
    /// turns of play.
    pub ply_cap: Option<u32>,
}

impl Default for MuVariant {
    fn default() -> Self {
        MuVariant::levis()
    }
}

impl MuVariant {
    /// Mu levis: one piece per turn, oscillation by removal, 7 segments each.
    pub fn levis() -> Self {
        MuVariant {
            segments: 7,
            turn: TurnBudget::OnePiece,
            oscillation: Oscillation::PlayerRemoval,
            trim_timing: TrimTiming::AfterMove,
            one_move_per_piece: false,
            access: Access::AnyMove,
            order: Order::Player,
            start: Start::Protocol,
            seed: 0,
            max_seats: 8,
            ply_cap: None,
        }
    }

    /// Mu velox (A5): two players, one move per occupied segment, 8 segments each.
    pub fn velox() -> Self {
        MuVariant {
            segments: 8,
            turn: TurnBudget::OnePerOccupiedSegment,
            max_seats: 2,
            ..MuVariant::levis()
        }
    }

    /// Multi-player Mu: one move per occupied segment, automatic trimming.
    pub fn multi() -> Self {
        MuVariant {
            turn: TurnBudget::OnePerOccupiedSegment,
            oscillation: Oscillation::AutoTrim,
            ..MuVariant::levis()
        }
    }

    /// The MindSports Arena's two-player Mu.
    pub fn arena() -> Self {
        MuVariant::velox()
    }

    /// Whether a turn is one move per occupied segment.
    pub fn per_segment(&self) -> bool {
        self.turn == TurnBudget::OnePerOccupiedSegment
    }
}

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "segments",
        domain: OptionDomain::Integer {
            min: 1,
            max: 8,
            off: None,
            unit: "",
        },
        default: "7",
        summary: "segments each player lays out",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "turn",
        domain: OptionDomain::Choices {
            choices: &["one-piece", "per-segment"],
        },
        default: "one-piece",
        summary: "one move a turn, or one move from each segment occupied at its start",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "oscillation",
        domain: OptionDomain::Choices {
            choices: &["removal", "trim"],
        },
        default: "removal",
        summary: "the mover takes men off an oscillating section, or it is trimmed",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "trim_timing",
        domain: OptionDomain::Choices {
            choices: &["after-move", "end-of-turn"],
        },
        default: "after-move",
        summary: "trim when the cycle is found, or literally at the end of the turn",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "one_move_per_piece",
        domain: ON_OFF,
        default: "off",
        summary: "on: no move may start where a move of the same turn ended",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "access",
        domain: OptionDomain::Choices {
            choices: &["any-move", "wall-only"],
        },
        default: "any-move",
        summary: "who claims an empty section: any stack that can land in it, or Wall stacks",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "order",
        domain: OptionDomain::Choices {
            choices: &["player", "canonical"],
        },
        default: "player",
        summary: "the mover orders explosions when it matters, or never (for fast self-play)",
        status: OptionStatus::Muster,
    },
    OptionInfo {
        key: "start",
        domain: OptionDomain::Choices {
            choices: &["protocol", "random", "t3", "duel", "arena"],
        },
        default: "protocol",
        summary: "the opening protocol, a seeded random lay-out, or a fixed board",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "seed",
        domain: OptionDomain::Integer {
            min: 0,
            max: u64::MAX,
            off: None,
            unit: "",
        },
        default: "0",
        summary: "the seed of start=random",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "max_seats",
        domain: OptionDomain::Integer {
            min: 2,
            max: 8,
            off: None,
            unit: "seats",
        },
        default: "8",
        summary: "the most seats the variant is played by",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "ply_cap",
        domain: cap_domain("turns"),
        default: "off",
        summary: "count the game after N turns of play (a project addition, not a rule)",
        status: OptionStatus::Muster,
    },
];

const PRESETS: &[Preset<MuVariant>] = &[
    Preset {
        name: "levis",
        summary: "Mu levis: one piece a turn, the mover removes men from oscillations",
        make: MuVariant::levis,
    },
    Preset {
        name: "velox",
        summary: "Mu velox: two players, one move per occupied segment, 8 segments each",
        make: MuVariant::velox,
    },
    Preset {
        name: "multi",
        summary: "multi-player Mu: 2-8 seats, one move per occupied segment, trimming",
        make: MuVariant::multi,
    },
    Preset {
        name: "arena",
        summary: "the MindSports Arena's Mu: two players, 8 segments, per-segment moves",
        make: MuVariant::arena,
    },
];

const TURNS: &[(&str, TurnBudget)] = &[
    ("one-piece", TurnBudget::OnePiece),
    ("per-segment", TurnBudget::OnePerOccupiedSegment),
];
const OSCILLATIONS: &[(&str, Oscillation)] = &[
    ("removal", Oscillation::PlayerRemoval),
    ("trim", Oscillation::AutoTrim),
];
const TIMINGS: &[(&str, TrimTiming)] = &[
    ("after-move", TrimTiming::AfterMove),
    ("end-of-turn", TrimTiming::EndOfTurn),
];
const ACCESSES: &[(&str, Access)] = &[
    ("any-move", Access::AnyMove),
    ("wall-only", Access::WallOnly),
];
const ORDERS: &[(&str, Order)] = &[("player", Order::Player), ("canonical", Order::Canonical)];
const STARTS: &[(&str, Start)] = &[
    ("protocol", Start::Protocol),
    ("random", Start::Random),
    ("t3", Start::T3),
    ("duel", Start::Duel),
    ("arena", Start::Arena),
];

impl Variant for MuVariant {
    fn options() -> &'static [OptionInfo] {
        OPTIONS
    }

    fn presets() -> &'static [Preset<Self>] {
        PRESETS
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), VariantError> {
        match key {
            "segments" => self.segments = small_number(key, value, 1, 8)?,
            "turn" => self.turn = pick(key, value, TURNS)?,
            "oscillation" => self.oscillation = pick(key, value, OSCILLATIONS)?,
            "trim_timing" => self.trim_timing = pick(key, value, TIMINGS)?,
            "one_move_per_piece" => self.one_move_per_piece = parse_switch(key, value)?,
            "access" => self.access = pick(key, value, ACCESSES)?,
            "order" => self.order = pick(key, value, ORDERS)?,
            "start" => self.start = pick(key, value, STARTS)?,
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| bad_value(key, value, "a whole number"))?
            }
            "max_seats" => self.max_seats = small_number(key, value, 2, 8)?,
            "ply_cap" => self.ply_cap = parse_ply_cap(value)?,
            _ => return Err(unknown_option::<Self>(key)),
        }
        Ok(())
    }

    fn option_value(&self, key: &str) -> Option<String> {
        Some(match key {
            "segments" => self.segments.to_string(),
            "turn" => name_in(&self.turn, TURNS),
            "oscillation" => name_in(&self.oscillation, OSCILLATIONS),
            "trim_timing" => name_in(&self.trim_timing, TIMINGS),
            "one_move_per_piece" => switch_text(self.one_move_per_piece),
            "access" => name_in(&self.access, ACCESSES),
            "order" => name_in(&self.order, ORDERS),
            "start" => name_in(&self.start, STARTS),
            "seed" => self.seed.to_string(),
            "max_seats" => self.max_seats.to_string(),
            "ply_cap" => ply_cap_text(self.ply_cap),
            _ => return None,
        })
    }
}

fn small_number(key: &str, value: &str, min: u8, max: u8) -> Result<u8, VariantError> {
    match value.parse::<u8>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(bad_value(
            key,
            value,
            &format!("a number from {min} to {max}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_reads_back_from_its_text() {
        for preset in MuVariant::presets() {
            let v = (preset.make)();
            assert_eq!(
                MuVariant::parse_text(&v.text()).unwrap(),
                v,
                "{}",
                preset.name
            );
        }
        let v = MuVariant::parse_text("multi trim_timing=end-of-turn segments=5").unwrap();
        assert_eq!(v.trim_timing, TrimTiming::EndOfTurn);
        assert_eq!(MuVariant::parse_text(&v.text()).unwrap(), v);
    }

    #[test]
    fn bad_values_name_what_the_option_takes() {
        let e = MuVariant::parse_text("levis segments=9").unwrap_err();
        assert!(e.to_string().contains("from 1 to 8"), "{e}");
        let e = MuVariant::parse_text("levis turn=two").unwrap_err();
        assert!(e.to_string().contains("one-piece or per-segment"), "{e}");
    }
}
