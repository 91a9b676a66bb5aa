//! The catalog: every game with its facts, presets and options, in serde form, so that a lobby
//! can build its forms (seat counts, a preset menu, one field per option with its domain)
//! without knowing any game.

use serde::Serialize;

use super::GameId;
use crate::game::{Game, GameInfo};
use crate::mu::Mu;
use crate::mur::Mur;
use crate::murus_gallicus::MurusGallicus;
use crate::mutou::MuTou;
use crate::variant::{OptionInfo, Variant};

/// Every game muster plays, in [`GameId::ALL`] order.
#[derive(Clone, Debug, Serialize)]
pub struct Catalog {
    /// One entry per game.
    pub games: Vec<CatalogGame>,
}

/// One game of the [`Catalog`].
#[derive(Clone, Debug, Serialize)]
pub struct CatalogGame {
    /// The game's facts: id, name, seats, rules version.
    pub info: GameInfo,
    /// The presets, the default first.
    pub presets: Vec<CatalogPreset>,
    /// The options, in the order they are shown and written.
    pub options: &'static [OptionInfo],
}

/// One preset, with the value it gives every option (so a form can be filled from it).
#[derive(Clone, Debug, Serialize)]
pub struct CatalogPreset {
    /// The name used in a variant text.
    pub name: &'static str,
    /// What it is, in one line.
    pub summary: &'static str,
    /// Every option's value under this preset, in the options' order.
    pub values: Vec<OptionValue>,
}

/// An option's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionValue {
    /// The option's key.
    pub key: &'static str,
    /// Its value, as `key=value` writes it.
    pub value: String,
}

/// The catalog of every game.
pub fn catalog() -> Catalog {
    Catalog {
        games: GameId::ALL.into_iter().map(GameId::catalog).collect(),
    }
}

impl GameId {
    /// This game's entry of the [`catalog`].
    pub fn catalog(self) -> CatalogGame {
        match self {
            GameId::MurusGallicus => entry::<MurusGallicus>(),
            GameId::Mur => entry::<Mur>(),
            GameId::Mu => entry::<Mu>(),
            GameId::MuTou => entry::<MuTou>(),
        }
    }

    /// Runs the battery's option-table checks on this game's variant (see
    /// [`conformance::options`](crate::conformance::options)); returns the values tried.
    #[cfg(feature = "conformance")]
    pub fn conformance_options(self) -> Result<usize, String> {
        use crate::conformance::options::check_options;
        match self {
            GameId::MurusGallicus => check_options::<<MurusGallicus as Game>::Variant>(),
            GameId::Mur => check_options::<<Mur as Game>::Variant>(),
            GameId::Mu => check_options::<<Mu as Game>::Variant>(),
            GameId::MuTou => check_options::<<MuTou as Game>::Variant>(),
        }
    }
}

fn entry<G: Game>() -> CatalogGame {
    let options = G::Variant::options();
    let presets = G::Variant::presets()
        .iter()
        .map(|preset| {
            let variant = (preset.make)();
            CatalogPreset {
                name: preset.name,
                summary: preset.summary,
                values: options
                    .iter()
                    .map(|o| OptionValue {
                        key: o.key,
                        value: variant.option_value(o.key).unwrap_or_default(),
                    })
                    .collect(),
            }
        })
        .collect();
    CatalogGame {
        info: G::INFO,
        presets,
        options,
    }
}
