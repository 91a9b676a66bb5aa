//! The variant options of MuTou and its presets (mutou §3.4). Every documented default D1–D21
//! that a player could want otherwise is an option here.
//!
//! Option keys, in the order they are shown and written: `tier`, `board`, `wrap`, `dice`,
//! `choices`, `fees`, `mixing`, `form`, `seed`, `clock`, `tempo`, `bass_every`, `turn_cap`.

use serde::{Deserialize, Serialize};

use crate::error::VariantError;
use crate::variant::{bad_value, name_in, parse_ply_cap, parse_switch, pick, ply_cap_text};
use crate::variant::{cap_domain, OptionDomain, OptionStatus, ON_OFF};
use crate::variant::{switch_text, unknown_option, OptionInfo, Preset, Variant};

/// The tier of play (mutou D4): how many bases, shakken and wafers each player sets out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Tier {
    /// "Friendly": 4 bases; 4 W, 3 A, 2 J, 1 R, 1 B; 3 wafers.
    I,
    /// "Village": 6 bases; 6 W, 5 A, 4 J, 2 R, 2 B; 4 wafers.
    II,
    /// "Coll": 9 bases; 9 W, 8 A, 6 J, 3 R, 3 B; 6 wafers.
    III,
}

impl Tier {
    /// Every tier, lowest first.
    pub const ALL: [Tier; 3] = [Tier::I, Tier::II, Tier::III];

    /// Bases per player.
    pub fn bases(self) -> usize {
        match self {
            Tier::I => 4,
            Tier::II => 6,
            Tier::III => 9,
        }
    }

    /// Shakken per player as counts of Walker, Angler, Jagger, Rand and Blood.
    pub fn shakken(self) -> [u8; 5] {
        match self {
            Tier::I => [4, 3, 2, 1, 1],
            Tier::II => [6, 5, 4, 2, 2],
            Tier::III => [9, 8, 6, 3, 3],
        }
    }

    /// All shakken per player.
    pub fn shak_total(self) -> usize {
        self.shakken().iter().map(|&n| usize::from(n)).sum()
    }

    /// Wafers each player starts with.
    pub fn wafers(self) -> u16 {
        match self {
            Tier::I => 3,
            Tier::II => 4,
            Tier::III => 6,
        }
    }

    /// The roman numeral used in text.
    pub fn name(self) -> &'static str {
        match self {
            Tier::I => "I",
            Tier::II => "II",
            Tier::III => "III",
        }
    }

    /// Reads `I`, `II`, `III` (or 1, 2, 3, or the names friendly, village, coll).
    pub fn parse(text: &str) -> Option<Tier> {
        match text.to_ascii_lowercase().as_str() {
            "i" | "1" | "friendly" => Some(Tier::I),
            "ii" | "2" | "village" => Some(Tier::II),
            "iii" | "3" | "coll" => Some(Tier::III),
            _ => None,
        }
    }
}

/// Remote splices of the square set layout's sides (S7, D6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Wrap {
    /// No splices.
    None,
    /// Files a and h adjoin (the first and last columns are spliced).
    Cylinder,
    /// Files and ranks both wrap round.
    Torus,
}

/// How the tier is settled (mutou D3 stage 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TierRule {
    /// Agreed before the game: this tier.
    Fixed(Tier),
    /// Chosen by the elected first player as the game's first decision.
    Choose,
}

/// The playing surface (mutou D5, D6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum BoardKind {
    /// A set layout of square tessels: 8×8 for two players, a disc for more.
    Square,
    /// A set layout of hexagons (a hexhex board).
    Hex,
    /// A scribed surface: zones are cut (claimed) and sown, one tessel per shak (Voronoi).
    Sown,
}

/// Whether the game is played to one survivor or until all agree to stop (mutou S24, D19).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Form {
    /// Until only one player has a blood shak in play.
    Competitive,
    /// Until every active player accepts a proposal to stop; no winner.
    Cooperative,
}

/// How turns are timed (mutou S25, D11).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum ClockMode {
    /// Strict turns, no clock (the default).
    Untimed,
    /// One move unit per bass beat; a turn allows as many beats as the mover's wafers.
    Beat,
    /// As `Beat`, and the next turn starts on time even if the last is unfinished.
    Overlap,
}

/// The rules options of MuTou. The default is the "friendly" preset.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct MuTouVariant {
    /// Option `tier` (D4).
    pub tier: TierRule,
    /// Option `board` (D5, D6).
    pub board: BoardKind,
    /// Option `wrap`: remote splices of the square board's sides (S7, D6).
    pub wrap: Wrap,
    /// Option `dice`: faces of each of the two quandarinn (D7).
    pub dice: u8,
    /// Option `choices`: whether other players may call choices (S17, D8).
    pub choices: bool,
    /// Option `fees`: the extra-move fee of D14.
    pub fees: bool,
    /// Option `mixing`: the advanced game, where one turn may mix the three categories (S15).
    pub mixing: bool,
    /// Option `form` (S24, D19).
    pub form: Form,
    /// Option `seed`: the sowing of `board=sown` (D6).
    pub seed: u64,
    /// Option `clock` (D11).
    pub clock: ClockMode,
    /// Option `tempo`: song beats per minute (D11).
    pub tempo: u16,
    /// Option `bass_every`: song beats per bass beat, 4 or 5 (S25).
    pub bass_every: u8,
    /// Not an official rule (option `turn_cap`): the game stops after this many turns, and the
    /// players still in share the first rank.
    pub turn_cap: Option<u32>,
}

impl Default for MuTouVariant {
    fn default() -> Self {
        MuTouVariant::friendly()
    }
}

impl MuTouVariant {
    /// Tier I on the square set layout: the casual game.
    pub fn friendly() -> Self {
        MuTouVariant {
            tier: TierRule::Fixed(Tier::I),
            board: BoardKind::Square,
            wrap: Wrap::None,
            dice: 8,
            choices: true,
            fees: true,
            mixing: false,
            form: Form::Competitive,
            seed: 0,
            clock: ClockMode::Untimed,
            tempo: 96,
            bass_every: 4,
            turn_cap: None,
        }
    }

    /// Tier II on the square set layout.
    pub fn village() -> Self {
        MuTouVariant {
            tier: TierRule::Fixed(Tier::II),
            ..MuTouVariant::friendly()
        }
    }

    /// Tier III on the square set layout.
    pub fn coll() -> Self {
        MuTouVariant {
            tier: TierRule::Fixed(Tier::III),
            ..MuTouVariant::friendly()
        }
    }

    /// Tier I on the hexhex set layout (Anglers have no moves there: C4).
    pub fn hex() -> Self {
        MuTouVariant {
            board: BoardKind::Hex,
            ..MuTouVariant::friendly()
        }
    }

    /// The serious game: the first player chooses the tier, zones are cut and sown.
    pub fn scribed() -> Self {
        MuTouVariant {
            tier: TierRule::Choose,
            board: BoardKind::Sown,
            ..MuTouVariant::friendly()
        }
    }
}

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        key: "tier",
        domain: OptionDomain::Choices {
            choices: &["I", "II", "III", "choose"],
        },
        default: "I",
        summary: "bases, shakken and wafers per player; choose: the first player decides",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "board",
        domain: OptionDomain::Choices {
            choices: &["square", "hex", "sown"],
        },
        default: "square",
        summary: "a square or hex set layout, or zones cut and sown (Voronoi)",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "wrap",
        domain: OptionDomain::Choices {
            choices: &["none", "cylinder", "torus"],
        },
        default: "none",
        summary: "remote splices of the square board's sides",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "dice",
        domain: OptionDomain::Choices {
            choices: &["4", "6", "8", "10", "12", "20"],
        },
        default: "8",
        summary: "faces of each quandar",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "choices",
        domain: ON_OFF,
        default: "on",
        summary: "other players may call a choice after each unit",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "fees",
        domain: ON_OFF,
        default: "on",
        summary: "a wafer for each further piece moved and for refreshing a spent piece",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "mixing",
        domain: ON_OFF,
        default: "off",
        summary: "on: the advanced game, one turn may mix moves, alterations and area edits",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "form",
        domain: OptionDomain::Choices {
            choices: &["competitive", "cooperative"],
        },
        default: "competitive",
        summary: "play to one survivor, or until everyone accepts a proposal to stop",
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
        summary: "the sowing of board=sown",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "clock",
        domain: OptionDomain::Choices {
            choices: &["untimed", "beat", "overlap"],
        },
        default: "untimed",
        summary: "the beat clock clients run: none, one unit per bass beat, or overlapping turns",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "tempo",
        domain: OptionDomain::Integer {
            min: 20,
            max: 300,
            off: None,
            unit: "beats per minute",
        },
        default: "96",
        summary: "song beats per minute of the beat clock",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "bass_every",
        domain: OptionDomain::Choices {
            choices: &["4", "5"],
        },
        default: "4",
        summary: "song beats per bass beat",
        status: OptionStatus::Official,
    },
    OptionInfo {
        key: "turn_cap",
        domain: cap_domain("turns"),
        default: "off",
        summary: "stop after N turns; players still in share first place (not a rule)",
        status: OptionStatus::Muster,
    },
];

const PRESETS: &[Preset<MuTouVariant>] = &[
    Preset {
        name: "friendly",
        summary: "tier I (4 bases, 11 shakken, 3 wafers) on the square set layout",
        make: MuTouVariant::friendly,
    },
    Preset {
        name: "village",
        summary: "tier II (6 bases, 19 shakken, 4 wafers) on the square set layout",
        make: MuTouVariant::village,
    },
    Preset {
        name: "coll",
        summary: "tier III (9 bases, 29 shakken, 6 wafers) on the square set layout",
        make: MuTouVariant::coll,
    },
    Preset {
        name: "hex",
        summary: "tier I on a hexhex set layout",
        make: MuTouVariant::hex,
    },
    Preset {
        name: "scribed",
        summary: "the serious game: the first player chooses the tier; zones cut and sown",
        make: MuTouVariant::scribed,
    },
];

const TIERS: &[(&str, TierRule)] = &[
    ("I", TierRule::Fixed(Tier::I)),
    ("II", TierRule::Fixed(Tier::II)),
    ("III", TierRule::Fixed(Tier::III)),
    ("choose", TierRule::Choose),
];
const BOARDS: &[(&str, BoardKind)] = &[
    ("square", BoardKind::Square),
    ("hex", BoardKind::Hex),
    ("sown", BoardKind::Sown),
];
const WRAPS: &[(&str, Wrap)] = &[
    ("none", Wrap::None),
    ("cylinder", Wrap::Cylinder),
    ("torus", Wrap::Torus),
];
const FORMS: &[(&str, Form)] = &[
    ("competitive", Form::Competitive),
    ("cooperative", Form::Cooperative),
];
const CLOCKS: &[(&str, ClockMode)] = &[
    ("untimed", ClockMode::Untimed),
    ("beat", ClockMode::Beat),
    ("overlap", ClockMode::Overlap),
];

impl Variant for MuTouVariant {
    fn options() -> &'static [OptionInfo] {
        OPTIONS
    }

    fn presets() -> &'static [Preset<Self>] {
        PRESETS
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), VariantError> {
        match key {
            "tier" => {
                self.tier = match Tier::parse(value) {
                    Some(t) => TierRule::Fixed(t),
                    None => pick(key, value, TIERS)?,
                }
            }
            "board" => self.board = pick(key, value, BOARDS)?,
            "wrap" => self.wrap = pick(key, value, WRAPS)?,
            "dice" => {
                self.dice = match value.trim_start_matches(['d', 'D']).parse::<u8>() {
                    Ok(n @ (4 | 6 | 8 | 10 | 12 | 20)) => n,
                    _ => return Err(bad_value(key, value, "4, 6, 8, 10, 12 or 20")),
                }
            }
            "choices" => self.choices = parse_switch(key, value)?,
            "fees" => self.fees = parse_switch(key, value)?,
            "mixing" => self.mixing = parse_switch(key, value)?,
            "form" => self.form = pick(key, value, FORMS)?,
            "seed" => {
                self.seed = value
                    .parse()
                    .map_err(|_| bad_value(key, value, "a whole number"))?
            }
            "clock" => self.clock = pick(key, value, CLOCKS)?,
            "tempo" => {
                self.tempo = match value.parse::<u16>() {
                    Ok(n) if (20..=300).contains(&n) => n,
                    _ => return Err(bad_value(key, value, "20 to 300 beats per minute")),
                }
            }
            "bass_every" => {
                self.bass_every = match value {
                    "4" => 4,
                    "5" => 5,
                    _ => return Err(bad_value(key, value, "4 or 5")),
                }
            }
            "turn_cap" => {
                self.turn_cap = parse_ply_cap(value)
                    .map_err(|_| bad_value(key, value, "off or a positive number of turns"))?
            }
            _ => return Err(unknown_option::<Self>(key)),
        }
        Ok(())
    }

    fn option_value(&self, key: &str) -> Option<String> {
        Some(match key {
            "tier" => name_in(&self.tier, TIERS),
            "board" => name_in(&self.board, BOARDS),
            "wrap" => name_in(&self.wrap, WRAPS),
            "dice" => self.dice.to_string(),
            "choices" => switch_text(self.choices),
            "fees" => switch_text(self.fees),
            "mixing" => switch_text(self.mixing),
            "form" => name_in(&self.form, FORMS),
            "seed" => self.seed.to_string(),
            "clock" => name_in(&self.clock, CLOCKS),
            "tempo" => self.tempo.to_string(),
            "bass_every" => self.bass_every.to_string(),
            "turn_cap" => ply_cap_text(self.turn_cap),
            _ => return None,
        })
    }
}
