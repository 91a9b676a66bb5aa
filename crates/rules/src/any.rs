//! [`AnyGame`]: one type over the closed set of games, with text at its edges.
//!
//! The command line, and later the server and the engine protocol, hold an `AnyGame` and speak to
//! it in notation; dispatch is a `match`, so each game keeps its own fast, typed code underneath.
//! [`GameId`] names every game muster knows, including those not yet playable.

use std::fmt;

use rand::Rng;
use thiserror::Error;

use crate::error::{IllegalAction, ParseError, PositionError, SetupError, VariantError};
use crate::game::{Actor, Game, GameInfo, Outcome, Seat};
use crate::mu::Mu;
use crate::mur::Mur;
use crate::murus_gallicus::MurusGallicus;
use crate::mutou::MuTou;
use crate::playout::{self, Buffers, PlayoutStats};
use crate::record::{self, Record, RecordError};
use crate::variant::{OptionInfo, Variant};

pub mod catalog;
pub mod records;

pub use catalog::{catalog, Catalog, CatalogGame, CatalogPreset, OptionValue};
pub use records::AnyLenient;

/// Every game muster knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameId {
    /// Murus Gallicus (Phil Leduc).
    MurusGallicus,
    /// Mur (Desmond Davies).
    Mur,
    /// Mu (Christian Freeling): multi-player Mu, Mu levis, Mu velox.
    Mu,
    /// MuTou (from Dana Paxson's story "Boiling Stone").
    MuTou,
}

/// What can go wrong when a game is driven through text.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum AnyError {
    /// No game has this id.
    #[error("no game named `{0}` (games: murus-gallicus, mur, mu, mutou)")]
    UnknownGame(String),
    /// A variant text or option is wrong.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The game cannot be set up as asked.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A position text is wrong.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// An action text cannot be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// An action is not legal.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
    /// A record cannot be read or replayed.
    #[error(transparent)]
    Record(#[from] RecordError),
}

/// Runs `$body` with `$G` bound to the game type of `$id`.
macro_rules! with_game_type {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            GameId::MurusGallicus => {
                type $G = MurusGallicus;
                $body
            }
            GameId::Mur => {
                type $G = Mur;
                $body
            }
            GameId::Mu => {
                type $G = Mu;
                $body
            }
            GameId::MuTou => {
                type $G = MuTou;
                $body
            }
        }
    };
}

/// Runs `$body` with `$g` bound to the typed game inside an [`AnyGame`].
macro_rules! each_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::MurusGallicus($g) => $body,
            AnyGame::Mur($g) => $body,
            AnyGame::Mu($g) => $body,
            AnyGame::MuTou($g) => $body,
        }
    };
}

// After the macros, which the child module uses.
mod moves;

pub use moves::{LegalMove, MovesUnder};

// Typed events, steps and their redaction for one viewer; uses the macros above.
mod events;
use events::wrap;
pub use events::{AnyEvent, AnyEventData, AnyStep, RedactedStep};

impl GameId {
    /// Every game, in the order they are listed.
    pub const ALL: [GameId; 4] = [
        GameId::MurusGallicus,
        GameId::Mur,
        GameId::Mu,
        GameId::MuTou,
    ];

    /// The id used on the command line and in records.
    pub fn id(self) -> &'static str {
        match self {
            GameId::MurusGallicus => "murus-gallicus",
            GameId::Mur => "mur",
            GameId::Mu => "mu",
            GameId::MuTou => "mutou",
        }
    }

    /// The name shown to people.
    pub fn name(self) -> &'static str {
        match self {
            GameId::MurusGallicus => "Murus Gallicus",
            GameId::Mur => "Mur",
            GameId::Mu => "Mu",
            GameId::MuTou => "MuTou",
        }
    }

    /// Reads a game id (case does not matter; `murus` and `mg` name Murus Gallicus).
    pub fn parse(text: &str) -> Result<GameId, AnyError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "murus-gallicus" | "murus_gallicus" | "murus" | "mg" => Ok(GameId::MurusGallicus),
            "mur" => Ok(GameId::Mur),
            "mu" => Ok(GameId::Mu),
            "mutou" => Ok(GameId::MuTou),
            _ => Err(AnyError::UnknownGame(text.to_owned())),
        }
    }

    /// The game's facts, once it is playable.
    pub fn info(self) -> Result<GameInfo, AnyError> {
        with_game_type!(self, G => Ok(G::INFO))
    }

    /// The presets as `(name, summary)`, the default first.
    pub fn presets(self) -> Result<Vec<(&'static str, &'static str)>, AnyError> {
        with_game_type!(self, G => Ok(
            <G as Game>::Variant::presets().iter().map(|p| (p.name, p.summary)).collect()
        ))
    }

    /// The variant options.
    pub fn options(self) -> Result<&'static [OptionInfo], AnyError> {
        with_game_type!(self, G => Ok(<G as Game>::Variant::options()))
    }

    /// The rules in the project's own words (Markdown).
    pub fn rules_text(self) -> Result<&'static str, AnyError> {
        match self {
            GameId::MurusGallicus => Ok(include_str!("../../../docs/rules/murus-gallicus.md")),
            GameId::Mur => Ok(include_str!("../../../docs/rules/mur.md")),
            GameId::Mu => Ok(include_str!("../../../docs/rules/mu.md")),
            GameId::MuTou => Ok(include_str!("../../../docs/rules/mutou.md")),
        }
    }

    /// Normalises a variant text: reads it and writes it back in its shortest form.
    pub fn variant_text(self, text: &str) -> Result<String, AnyError> {
        with_game_type!(self, G => Ok(<G as Game>::Variant::parse_text(text)?.text()))
    }

    /// Runs the conformance battery on one variant of this game.
    #[cfg(feature = "conformance")]
    pub fn conformance(
        self,
        variant: &str,
        seats: Option<usize>,
        config: crate::conformance::Config,
    ) -> Result<crate::conformance::Report, AnyError> {
        with_game_type!(self, G => {
            let variant = <G as Game>::Variant::parse_text(variant)?;
            let seats = seats.unwrap_or(G::INFO.default_seats);
            crate::conformance::run::<G>(&variant, seats, config)
                .map_err(|f| AnyError::Setup(SetupError::Variant(f.to_string())))
        })
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A position of any playable game.
// Mu's position keeps its per-seat stack sets inline (no allocation per clone in a search's
// hot path, which works on the typed game); an `AnyGame` lives at the edges, where its size
// does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AnyGame {
    /// Murus Gallicus.
    MurusGallicus(MurusGallicus),
    /// Mur.
    Mur(Mur),
    /// Mu.
    Mu(Mu),
    /// MuTou.
    MuTou(MuTou),
}

/// A replayed record: the start, each action's text, and every position along the way.
#[derive(Clone, Debug)]
pub struct AnyReplay {
    /// The start position.
    pub start: AnyGame,
    /// The actions in notation.
    pub actions: Vec<String>,
    /// The position after the last action.
    pub end: AnyGame,
    /// The endings outside the rules the record states (`Ending`, `Retired`).
    pub endings: record::Endings,
    /// The result with those endings; `None` for an unfinished or aborted game.
    pub outcome: Option<Outcome>,
}

impl AnyGame {
    /// A new game of `id` under the variant text (empty: the default), with the given seat count
    /// (default: the game's).
    pub fn new(id: GameId, variant: &str, seats: Option<usize>) -> Result<AnyGame, AnyError> {
        with_game_type!(id, G => {
            let variant = <G as Game>::Variant::parse_text(variant)?;
            let game = G::new(&variant, seats.unwrap_or(G::INFO.default_seats))?;
            Ok(AnyGame::from(game))
        })
    }

    /// A game of `id` from a position text read under the variant text.
    pub fn from_position(id: GameId, variant: &str, position: &str) -> Result<AnyGame, AnyError> {
        with_game_type!(id, G => {
            let variant = <G as Game>::Variant::parse_text(variant)?;
            Ok(AnyGame::from(G::from_position(&variant, position)?))
        })
    }

    /// Which game this is.
    pub fn id(&self) -> GameId {
        match self {
            AnyGame::MurusGallicus(_) => GameId::MurusGallicus,
            AnyGame::Mur(_) => GameId::Mur,
            AnyGame::Mu(_) => GameId::Mu,
            AnyGame::MuTou(_) => GameId::MuTou,
        }
    }

    /// The game's facts.
    pub fn info(&self) -> GameInfo {
        each_game!(self, g => info_of(g))
    }

    /// The variant in its text form.
    pub fn variant_text(&self) -> String {
        each_game!(self, g => g.variant().text())
    }

    /// The one-line position text.
    pub fn position_text(&self) -> String {
        each_game!(self, g => g.position_text())
    }

    /// A multi-line picture of the position.
    pub fn diagram(&self) -> String {
        each_game!(self, g => g.diagram())
    }

    /// How many seats play.
    pub fn seats(&self) -> usize {
        each_game!(self, g => g.seats())
    }

    /// The rules' name for a seat.
    pub fn seat_name(&self, seat: Seat) -> String {
        each_game!(self, g => g.seat_name(seat))
    }

    /// What the button `word` does, with its rule ([`Game::button_help`]).
    pub fn button_help(&self, word: &str) -> Option<(&'static str, crate::game::RuleRef)> {
        each_game!(self, g => g.button_help(word))
    }

    /// Who decides next.
    pub fn actor(&self) -> Actor {
        each_game!(self, g => g.actor())
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => g.outcome())
    }

    /// The position hash.
    pub fn position_hash(&self) -> u64 {
        each_game!(self, g => g.position_hash())
    }

    /// The legal actions in notation, in the generator's order.
    pub fn legal_actions(&self) -> Vec<String> {
        each_game!(self, g => {
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            actions.into_iter().map(|a| g.action_text(a)).collect()
        })
    }

    /// The chance outcomes in notation with their weights (empty unless chance acts).
    pub fn chance_outcomes(&self) -> Vec<(String, u32)> {
        each_game!(self, g => {
            let mut outcomes = Vec::new();
            g.chance_outcomes(&mut outcomes);
            outcomes.into_iter().map(|(a, w)| (g.action_text(a), w)).collect()
        })
    }

    /// The actor's resignation in notation, where the rules have one (see
    /// [`Game::resignation`]); it is not among [`AnyGame::legal_actions`].
    pub fn resignation(&self) -> Option<String> {
        each_game!(self, g => g.resignation().map(|a| g.action_text(a)))
    }

    /// Reads an action and returns its canonical text, without applying it.
    pub fn normalize_action(&self, text: &str) -> Result<String, AnyError> {
        each_game!(self, g => Ok(g.action_text(g.parse_action(text)?)))
    }

    /// Reads, checks and applies one action; returns what happened. On error nothing changes.
    pub fn apply(&mut self, text: &str) -> Result<Vec<AnyEvent>, AnyError> {
        each_game!(self, g => {
            let action = g.parse_action(text)?;
            let mut events = Vec::new();
            g.apply(action, &mut events)?;
            Ok(wrap(events))
        })
    }

    /// A random action for the current actor (weighted at chance nodes), or `None` when over.
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<String> {
        each_game!(self, g => {
            let mut buffers = Buffers::default();
            playout::random_action(g, rng, &mut buffers).map(|a| g.action_text(a))
        })
    }

    /// Perft: the number of action paths of length `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        each_game!(self, g => crate::perft::perft(g, depth))
    }

    /// Perft split by first action, in notation, in the generator's order.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        each_game!(self, g => crate::perft::divide(g, depth)
            .into_iter()
            .map(|(a, n)| (g.action_text(a), n))
            .collect())
    }

    /// Plays `games` random games from this position, each cut off after `max_actions`.
    pub fn random_games<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        games: u64,
        max_actions: u64,
    ) -> PlayoutStats {
        each_game!(self, g => playout::random_games(g, rng, games, max_actions))
    }

    /// A record of the game from `start` through `actions` (in notation), with extra headers.
    /// The actions are checked as they are replayed.
    pub fn export(
        start: &AnyGame,
        actions: &[String],
        extra: &[(String, String)],
    ) -> Result<Record, AnyError> {
        each_game!(start, g => Ok(record::export(g, &records::checked(g, actions)?, extra)))
    }

    /// Replays a record of any game, checking every action.
    pub fn replay(record: &Record) -> Result<AnyReplay, AnyError> {
        let id = GameId::parse(
            record
                .header("Game")
                .ok_or(RecordError::MissingHeader("Game"))?,
        )?;
        with_game_type!(id, G => {
            let replay = record::replay::<G>(record)?;
            let mut game = replay.start.clone();
            let mut actions = Vec::with_capacity(replay.actions.len());
            for &action in &replay.actions {
                actions.push(game.action_text(action));
                game.apply_unchecked(action);
            }
            Ok(AnyReplay {
                start: replay.start.into(),
                actions,
                end: replay.end.into(),
                endings: replay.endings,
                outcome: replay.outcome,
            })
        })
    }

    /// The Murus Gallicus position inside, if this is one.
    pub fn as_murus_gallicus(&self) -> Option<&MurusGallicus> {
        match self {
            AnyGame::MurusGallicus(g) => Some(g),
            _ => None,
        }
    }

    /// The Mu position inside, if this is one.
    pub fn as_mu(&self) -> Option<&Mu> {
        match self {
            AnyGame::Mu(g) => Some(g),
            _ => None,
        }
    }

    /// The position as the seat with index `viewer` may see it (`None`: a spectator); hidden
    /// parts are replaced by the game's placeholders. Games of perfect information are copied.
    pub fn view(&self, viewer: Option<usize>) -> AnyGame {
        let viewer = viewer.map(|s| Seat(s as u8));
        each_game!(self, g => AnyGame::from(g.view(viewer)))
    }

    /// The battery's per-position checks on this position (see
    /// [`conformance::check_position`](crate::conformance::check_position)).
    #[cfg(feature = "conformance")]
    pub fn conformance_check(&self) -> Result<(), String> {
        each_game!(self, g => crate::conformance::check_position(g))
    }

    /// A checked random walk of at most `max_actions` actions from this position (see
    /// [`conformance::walk_from`](crate::conformance::walk_from)).
    #[cfg(feature = "conformance")]
    pub fn conformance_walk(
        &self,
        seed: u64,
        max_actions: usize,
    ) -> Result<crate::conformance::Report, crate::conformance::Failure> {
        each_game!(self, g => crate::conformance::walk_from(g.clone(), seed, max_actions))
    }

    /// Takes an action text as a server takes one from outside, checking that a refusal changes
    /// nothing and an acceptance agrees with the fast door (see
    /// [`conformance::check_outside_action`](crate::conformance::check_outside_action)).
    /// `Ok(true)` when the action was read and applied, `Ok(false)` when it was refused.
    #[cfg(feature = "conformance")]
    pub fn conformance_outside_action(&mut self, text: &str) -> Result<bool, String> {
        each_game!(self, g => match g.parse_action(text) {
            Err(e) if e.to_string().is_empty() => Err("an empty parse error".to_owned()),
            Err(_) => Ok(false),
            Ok(action) => crate::conformance::check_outside_action(g, action),
        })
    }

    /// The MuTou position inside, if this is one.
    pub fn as_mutou(&self) -> Option<&MuTou> {
        match self {
            AnyGame::MuTou(g) => Some(g),
            _ => None,
        }
    }

    /// The Mur position inside, if this is one.
    pub fn as_mur(&self) -> Option<&Mur> {
        match self {
            AnyGame::Mur(g) => Some(g),
            _ => None,
        }
    }
}

fn info_of<G: Game>(_: &G) -> GameInfo {
    G::INFO
}

impl From<MurusGallicus> for AnyGame {
    fn from(game: MurusGallicus) -> Self {
        AnyGame::MurusGallicus(game)
    }
}

impl From<MuTou> for AnyGame {
    fn from(game: MuTou) -> Self {
        AnyGame::MuTou(game)
    }
}

impl From<Mu> for AnyGame {
    fn from(game: Mu) -> Self {
        AnyGame::Mu(game)
    }
}

impl From<Mur> for AnyGame {
    fn from(game: Mur) -> Self {
        AnyGame::Mur(game)
    }
}
