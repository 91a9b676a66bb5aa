//! The variant options of Murus Gallicus and its presets.
//!
//! Option keys, in the order they are shown and written: `ruleset`, `board`, `opening`,
//! `immediate_win`, `escape`, `ply_cap`. See the module documentation of
//! [`crate::murus_gallicus`] for what each one does and where it comes from.

use serde::{Deserialize, Serialize};

use crate::error::VariantError;
use crate::variant::{
    bad_value, parse_ply_cap, parse_switch, switch_text, unknown_option, OptionInfo,
};
use crate::variant::{cap_domain, OptionDomain, OptionStatus, ON_OFF};
use crate::variant::{Preset, Variant};

/// Which rulebook is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ruleset {
    /// The basic game (murus-gallicus §2.2): stacks of at most 2, immediate breakthrough.
    #[default]
    Basic,
    /// Advanced Murus Gallicus (§2.3): catapults (stacks of 3), delayed breakthrough.
    Advanced,
}

/// The board: always 8 columns (files a–h); 7 rows by default, or 8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum BoardSize {
    /// 8 columns × 7 rows, the designer's board (§2.5 B1).
    #[default]
    #[serde(rename = "8x7")]
    Rows7,
    /// 8 columns × 8 rows, the board Wikipedia also allows (§2.5 B2).
    #[serde(rename = "8x8")]
    Rows8,
}

impl BoardSize {
    /// The number of rows (ranks): 7 or 8.
    #[inline]
    pub fn rows(self) -> u8 {
        match self {
            BoardSize::Rows7 => 7,
            BoardSize::Rows8 => 8,
        }
    }

    /// The option value, `8x7` or `8x8`.
    pub fn name(self) -> &'static str {
        match self {
            BoardSize::Rows7 => "8x7",
            BoardSize::Rows8 => "8x8",
        }
    }
}

/// The rules options of Murus Gallicus. The default is the basic game on 8 × 7 with no
/// additions, the rules of the seed text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct MurusVariant {
    /// Basic or Advanced (option `ruleset`).
    pub ruleset: Ruleset,
    /// 8 × 7 or 8 × 8 (option `board`).
    pub board: BoardSize,
    /// AbstractPlay's house rule (option `opening=redistribution`): on plies 0 and 1 the player
    /// to move must split one home-row tower onto two distinct empty cells of his second row.
    pub opening_redistribution: bool,
    /// algol5's reading (option `immediate_win`): in Advanced, a breakthrough wins as soon as it
    /// is made instead of after surviving a turn. No effect in the basic game.
    pub immediate_win: bool,
    /// AbstractPlay's `escape` variant (option `escape`): reaching the far row never wins; only
    /// stalemate ends the game.
    pub escape: bool,
    /// Not an official rule (option `ply_cap`): the game is drawn once this many plies have been
    /// played without a result.
    pub ply_cap: Option<u32>,
}

impl MurusVariant {
    /// Whether catapults exist (stacking limit 3).
    #[inline]
    pub fn advanced(&self) -> bool {
        self.ruleset == Ruleset::Advanced
    }

    /// Whether a breakthrough wins at once (basic game, or Advanced with `immediate_win`);
    /// false when it must survive a turn. Meaningless under `escape`.
    #[inline]
    pub fn breakthrough_is_immediate(&self) -> bool {
        !self.advanced() || self.immediate_win
    }
}

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "ruleset",
        domain: OptionDomain::Choices {
            choices: &["basic", "advanced"],
        },
        default: "basic",
        summary: "basic: stacks of 2; advanced: catapults and a delayed breakthrough",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "board",
        domain: OptionDomain::Choices {
            choices: &["8x7", "8x8"],
        },
        default: "8x7",
        summary: "8 columns by 7 rows (the designer's board) or 8 by 8",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "opening",
        domain: OptionDomain::Choices {
            choices: &["none", "redistribution"],
        },
        default: "none",
        summary: "AbstractPlay house rule: each first move splits a home tower onto the 2nd row",
        status: OptionStatus::HouseRule,
    },
    OptionInfo {
        key: "immediate_win",
        domain: ON_OFF,
        default: "off",
        summary: "algol5: in advanced, a breakthrough wins at once instead of after a turn",
        status: OptionStatus::HouseRule,
    },
    OptionInfo {
        key: "escape",
        domain: ON_OFF,
        default: "off",
        summary: "AbstractPlay: reaching the far row does not win; only stalemate does",
        status: OptionStatus::HouseRule,
    },
    OptionInfo {
        key: "ply_cap",
        domain: cap_domain("plies"),
        default: "off",
        summary: "draw after N plies without a result (a project addition, not a rule)",
        status: OptionStatus::Muster,
    },
];

fn advanced() -> MurusVariant {
    MurusVariant {
        ruleset: Ruleset::Advanced,
        ..MurusVariant::default()
    }
}

const PRESETS: &[Preset<MurusVariant>] = &[
    Preset {
        name: "basic",
        summary: "the basic game on 8x7 (the seed rules)",
        make: MurusVariant::default,
    },
    Preset {
        name: "advanced",
        summary: "Advanced Murus Gallicus: catapults, delayed win",
        make: advanced,
    },
    Preset {
        name: "abstractplay",
        summary: "AbstractPlay's default: advanced with the opening redistribution",
        make: || MurusVariant {
            opening_redistribution: true,
            ..advanced()
        },
    },
    Preset {
        name: "algol5-advanced",
        summary: "algol5's advanced: catapults, breakthrough wins at once",
        make: || MurusVariant {
            immediate_win: true,
            ..advanced()
        },
    },
    Preset {
        name: "basic-8x8",
        summary: "the basic game on an 8x8 board",
        make: || MurusVariant {
            board: BoardSize::Rows8,
            ..MurusVariant::default()
        },
    },
];

impl Variant for MurusVariant {
    fn options() -> &'static [OptionInfo] {
        OPTIONS
    }

    fn presets() -> &'static [Preset<Self>] {
        PRESETS
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), VariantError> {
        match key {
            "ruleset" => {
                self.ruleset = match value {
                    "basic" => Ruleset::Basic,
                    "advanced" => Ruleset::Advanced,
                    _ => return Err(bad_value(key, value, "basic or advanced")),
                }
            }
            "board" => {
                self.board = match value {
                    "8x7" => BoardSize::Rows7,
                    "8x8" => BoardSize::Rows8,
                    _ => return Err(bad_value(key, value, "8x7 or 8x8")),
                }
            }
            "opening" => {
                self.opening_redistribution = match value {
                    "none" => false,
                    "redistribution" => true,
                    _ => return Err(bad_value(key, value, "none or redistribution")),
                }
            }
            "immediate_win" => self.immediate_win = parse_switch(key, value)?,
            "escape" => self.escape = parse_switch(key, value)?,
            "ply_cap" => self.ply_cap = parse_ply_cap(value)?,
            _ => return Err(unknown_option::<Self>(key)),
        }
        Ok(())
    }

    fn option_value(&self, key: &str) -> Option<String> {
        let text = match key {
            "ruleset" => if self.advanced() { "advanced" } else { "basic" }.to_owned(),
            "board" => self.board.name().to_owned(),
            "opening" => if self.opening_redistribution {
                "redistribution"
            } else {
                "none"
            }
            .to_owned(),
            "immediate_win" => switch_text(self.immediate_win),
            "escape" => switch_text(self.escape),
            "ply_cap" => self
                .ply_cap
                .map_or_else(|| "off".to_owned(), |n| n.to_string()),
            _ => return None,
        };
        Some(text)
    }
}
