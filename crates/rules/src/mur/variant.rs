//! The variant options of Mur and its presets.
//!
//! Option keys, in the order they are shown and written: `length`, `rules`, `blocked_paths`,
//! `kraken_trap`, `kraken_self_trap`, `repeat_scope`, `swap_colours_between_sets`, `edition`,
//! `ply_cap`. See the module documentation of [`crate::mur`] for what each one does and which
//! ambiguity of the rules (mur §1.10) it settles.

use serde::{Deserialize, Serialize};

use crate::error::VariantError;
use crate::variant::{
    bad_value, parse_ply_cap, parse_switch, switch_text, unknown_option, OptionInfo,
};
use crate::variant::{cap_domain, OptionDomain, OptionStatus, ON_OFF};
use crate::variant::{Preset, Variant};

/// How much is played before the result (mur §1.9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Length {
    /// A match: two sets of six games, ranked by sets won, then games won.
    #[default]
    Match,
    /// One set of six games, ranked by games won, then ship traps in the set.
    Set,
    /// One game.
    Game,
}

/// Which generation of the rule text is played (mur §1.1, §1.10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Generation {
    /// The newest text: only opposing eyes are restricted (the kraken included), mixed traps.
    #[default]
    G2,
    /// The seed text: entering any eye needs a trap, and every self-trap by a knock is illegal.
    G1,
}

/// What traps the kraken (mur §1.7, A3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KrakenTrap {
    /// R-K1: ships of either colour on every neighbour; the player who completed it scores.
    #[default]
    Any,
    /// Ships of one colour on every neighbour; that colour's player scores.
    SingleColour,
}

/// Which earlier positions an immediate repeat is looked for in (mur §1.8, R-R1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepeatScope {
    /// The position four plies earlier: the shortest back-and-forth cycle.
    #[default]
    LastCycle,
    /// Any earlier position of the current game with the same side to move.
    WholeGame,
}

/// The components' names (mur §1.1): the rules are the same.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    /// Ships and a kraken.
    #[default]
    Kraken,
    /// Stones and the Mur stone.
    Classic,
}

/// The rules options of Mur. The default is a match under the newest rules (G2) with every
/// recommended reading of the specification.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MurVariant {
    /// A match, a set or a single game (option `length`).
    pub length: Length,
    /// G2 or G1 (option `rules`).
    pub rules: Generation,
    /// A2 (option `blocked_paths`): a moving ship may not pass over occupied points.
    pub blocked_paths: bool,
    /// A3 (option `kraken_trap`).
    pub kraken_trap: KrakenTrap,
    /// A7 (option `kraken_self_trap`): a play that traps one's own ship is legal when it traps
    /// the kraken, even without trapping an opposing ship.
    pub kraken_self_trap: bool,
    /// R-R1 (option `repeat_scope`).
    pub repeat_scope: RepeatScope,
    /// Option `swap_colours_between_sets`: the players exchange colours for set 2.
    pub swap_colours: bool,
    /// Names only (option `edition`).
    pub edition: Edition,
    /// Not an official rule (option `ply_cap`): a game with no result after this many plies
    /// ends drawn and counts for nobody.
    pub ply_cap: Option<u32>,
}

impl Default for MurVariant {
    fn default() -> Self {
        MurVariant {
            length: Length::Match,
            rules: Generation::G2,
            blocked_paths: false,
            kraken_trap: KrakenTrap::Any,
            kraken_self_trap: true,
            repeat_scope: RepeatScope::LastCycle,
            swap_colours: false,
            edition: Edition::Kraken,
            ply_cap: None,
        }
    }
}

impl MurVariant {
    /// Whether the G1 rules are played.
    #[inline]
    pub fn g1(&self) -> bool {
        self.rules == Generation::G1
    }

    /// Whether only ships of one colour trap the kraken.
    #[inline]
    pub fn single_colour_kraken(&self) -> bool {
        self.kraken_trap == KrakenTrap::SingleColour
    }

    /// The games of one set.
    pub const GAMES_PER_SET: u8 = 6;

    /// The number of sets played: 2 for a match, 1 otherwise.
    #[inline]
    pub fn sets(&self) -> u8 {
        if self.length == Length::Match {
            2
        } else {
            1
        }
    }
}

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "length",
        domain: OptionDomain::Choices {
            choices: &["match", "set", "game"],
        },
        default: "match",
        summary: "two sets of six games, one set, or a single game",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "rules",
        domain: OptionDomain::Choices {
            choices: &["g2", "g1"],
        },
        default: "g2",
        summary: "g2: newest text (own eyes free, mixed traps); g1: the seed text",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "blocked_paths",
        domain: ON_OFF,
        default: "off",
        summary: "a moving ship may not pass over occupied points",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "kraken_trap",
        domain: OptionDomain::Choices {
            choices: &["any", "single-colour"],
        },
        default: "any",
        summary: "ships of any colour trap the kraken (mover scores), or of one colour only",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "kraken_self_trap",
        domain: ON_OFF,
        default: "on",
        summary: "trapping the kraken excuses trapping one's own ship",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "repeat_scope",
        domain: OptionDomain::Choices {
            choices: &["last_cycle", "whole_game"],
        },
        default: "last_cycle",
        summary: "a repeat is the position of 4 plies before, or any earlier one this game",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "swap_colours_between_sets",
        domain: ON_OFF,
        default: "off",
        summary: "the players exchange colours for the second set",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "edition",
        domain: OptionDomain::Choices {
            choices: &["kraken", "classic"],
        },
        default: "kraken",
        summary: "names only: ships and the kraken, or stones and the Mur stone",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "ply_cap",
        domain: cap_domain("plies"),
        default: "off",
        summary: "a game with no result after N plies is drawn (a project addition, not a rule)",
        status: OptionStatus::Muster,
    },
];

const PRESETS: &[Preset<MurVariant>] = &[
    Preset {
        name: "match",
        summary: "a match of two sets of six games under the newest rules (G2)",
        make: MurVariant::default,
    },
    Preset {
        name: "set",
        summary: "one set of six games",
        make: || MurVariant {
            length: Length::Set,
            ..MurVariant::default()
        },
    },
    Preset {
        name: "game",
        summary: "a single game",
        make: || MurVariant {
            length: Length::Game,
            ..MurVariant::default()
        },
    },
    Preset {
        name: "g1",
        summary: "a match under the seed text's rules (G1)",
        make: || MurVariant {
            rules: Generation::G1,
            ..MurVariant::default()
        },
    },
];

impl Variant for MurVariant {
    fn options() -> &'static [OptionInfo] {
        OPTIONS
    }

    fn presets() -> &'static [Preset<Self>] {
        PRESETS
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), VariantError> {
        match key {
            "length" => {
                self.length = match value {
                    "match" => Length::Match,
                    "set" => Length::Set,
                    "game" => Length::Game,
                    _ => return Err(bad_value(key, value, "match, set or game")),
                }
            }
            "rules" => {
                self.rules = match value {
                    "g2" | "G2" => Generation::G2,
                    "g1" | "G1" => Generation::G1,
                    _ => return Err(bad_value(key, value, "g2 or g1")),
                }
            }
            "blocked_paths" => self.blocked_paths = parse_switch(key, value)?,
            "kraken_trap" => {
                self.kraken_trap = match value {
                    "any" => KrakenTrap::Any,
                    "single-colour" | "single_colour" => KrakenTrap::SingleColour,
                    _ => return Err(bad_value(key, value, "any or single-colour")),
                }
            }
            "kraken_self_trap" => self.kraken_self_trap = parse_switch(key, value)?,
            "repeat_scope" => {
                self.repeat_scope = match value {
                    "last_cycle" => RepeatScope::LastCycle,
                    "whole_game" => RepeatScope::WholeGame,
                    _ => return Err(bad_value(key, value, "last_cycle or whole_game")),
                }
            }
            "swap_colours_between_sets" => self.swap_colours = parse_switch(key, value)?,
            "edition" => {
                self.edition = match value {
                    "kraken" => Edition::Kraken,
                    "classic" => Edition::Classic,
                    _ => return Err(bad_value(key, value, "kraken or classic")),
                }
            }
            "ply_cap" => self.ply_cap = parse_ply_cap(value)?,
            _ => return Err(unknown_option::<Self>(key)),
        }
        Ok(())
    }

    fn option_value(&self, key: &str) -> Option<String> {
        let text = match key {
            "length" => match self.length {
                Length::Match => "match",
                Length::Set => "set",
                Length::Game => "game",
            }
            .to_owned(),
            "rules" => if self.g1() { "g1" } else { "g2" }.to_owned(),
            "blocked_paths" => switch_text(self.blocked_paths),
            "kraken_trap" => match self.kraken_trap {
                KrakenTrap::Any => "any",
                KrakenTrap::SingleColour => "single-colour",
            }
            .to_owned(),
            "kraken_self_trap" => switch_text(self.kraken_self_trap),
            "repeat_scope" => match self.repeat_scope {
                RepeatScope::LastCycle => "last_cycle",
                RepeatScope::WholeGame => "whole_game",
            }
            .to_owned(),
            "swap_colours_between_sets" => switch_text(self.swap_colours),
            "edition" => match self.edition {
                Edition::Kraken => "kraken",
                Edition::Classic => "classic",
            }
            .to_owned(),
            "ply_cap" => self
                .ply_cap
                .map_or_else(|| "off".to_owned(), |n| n.to_string()),
            _ => return None,
        };
        Some(text)
    }
}
