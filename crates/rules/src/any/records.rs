//! Records through [`AnyGame`] beyond plain export and replay: games ended outside the rules,
//! the trusted door for a server's own log, and lenient replay against stored hashes.

use super::{AnyError, AnyGame, AnyReplay, GameId};
use crate::game::Game;
use crate::mu::Mu;
use crate::mur::Mur;
use crate::murus_gallicus::MurusGallicus;
use crate::mutou::MuTou;
use crate::record::{self, Divergence, Endings, PositionHashes, Record, RecordError};

/// A lenient replay through [`AnyGame`] (see [`record::replay_lenient`]).
#[derive(Clone, Debug)]
pub struct AnyLenient {
    /// The rules version the record was made under.
    pub rules_version: u32,
    /// The start position.
    pub start: AnyGame,
    /// The actions replayed, in notation: all, or those up to the divergence.
    pub actions: Vec<String>,
    /// The position after them.
    pub end: AnyGame,
    /// How many stored hashes were compared and agreed.
    pub hashes_checked: usize,
    /// The first divergence, or `None` when the record replays exactly as it was made.
    pub divergence: Option<Divergence>,
}

impl AnyGame {
    /// A record of the game from `start` through `actions` (in notation) that ended, or that
    /// seats left, outside the rules: the `Ending` and `Retired` headers, and the `Result` of
    /// the outcome with them (see [`record::export_ended`]). The actions are checked as they
    /// are replayed.
    pub fn export_ended(
        start: &AnyGame,
        actions: &[String],
        endings: &Endings,
        extra: &[(String, String)],
    ) -> Result<Record, AnyError> {
        match start {
            AnyGame::MurusGallicus(g) => export_ended(g, actions, endings, extra),
            AnyGame::Mur(g) => export_ended(g, actions, endings, extra),
            AnyGame::Mu(g) => export_ended(g, actions, endings, extra),
            AnyGame::MuTou(g) => export_ended(g, actions, endings, extra),
        }
    }
}

impl AnyGame {
    /// Reads one action and plays it **without checking that it is legal**: the door for a
    /// server replaying its own log of actions that were checked when they were played
    /// (MuTou's legality check costs up to a millisecond a decision).
    ///
    /// It refuses what costs nothing to refuse: text that does not read
    /// ([`AnyError::Parse`], exactly what [`AnyGame::apply`] refuses as unreadable) and any
    /// action once the game is over. It does not check that the action is legal, nor that it
    /// belongs to the actor; an illegal action leaves a position the rules never reach (or may
    /// panic inside the game), so compare the position with a stored hash
    /// ([`AnyGame::position_hash`], [`PositionHashes`]) where the log may be damaged. No events
    /// are built. On legal input it is exactly [`AnyGame::apply`] (the battery checks it).
    pub fn apply_trusted(&mut self, text: &str) -> Result<(), AnyError> {
        match self {
            AnyGame::MurusGallicus(g) => trusted(g, text),
            AnyGame::Mur(g) => trusted(g, text),
            AnyGame::Mu(g) => trusted(g, text),
            AnyGame::MuTou(g) => trusted(g, text),
        }
    }

    /// Replays a record the server made itself, with [`record::replay_trusted`]: every header
    /// and the result are checked as by [`AnyGame::replay`], the actions only read, not
    /// checked.
    pub fn replay_trusted(record: &Record) -> Result<AnyReplay, AnyError> {
        match game_of(record)? {
            GameId::MurusGallicus => any_replay(record::replay_trusted::<MurusGallicus>(record)?),
            GameId::Mur => any_replay(record::replay_trusted::<Mur>(record)?),
            GameId::Mu => any_replay(record::replay_trusted::<Mu>(record)?),
            GameId::MuTou => any_replay(record::replay_trusted::<MuTou>(record)?),
        }
    }

    /// Replays a record as far as it still goes under this build's rules, reporting the first
    /// divergence from its actions, stored hashes and result (see [`record::replay_lenient`]).
    pub fn replay_lenient(record: &Record) -> Result<AnyLenient, AnyError> {
        match game_of(record)? {
            GameId::MurusGallicus => any_lenient(record::replay_lenient::<MurusGallicus>(record)?),
            GameId::Mur => any_lenient(record::replay_lenient::<Mur>(record)?),
            GameId::Mu => any_lenient(record::replay_lenient::<Mu>(record)?),
            GameId::MuTou => any_lenient(record::replay_lenient::<MuTou>(record)?),
        }
    }

    /// The position hashes of the game from `start` through `actions` (in notation, checked),
    /// one every `every` actions, for a record's `Hashes` header ([`PositionHashes::write`]).
    pub fn position_hashes(
        start: &AnyGame,
        actions: &[String],
        every: usize,
    ) -> Result<PositionHashes, AnyError> {
        match start {
            AnyGame::MurusGallicus(g) => hashes(g, actions, every),
            AnyGame::Mur(g) => hashes(g, actions, every),
            AnyGame::Mu(g) => hashes(g, actions, every),
            AnyGame::MuTou(g) => hashes(g, actions, every),
        }
    }
}

fn trusted<G: Game>(game: &mut G, text: &str) -> Result<(), AnyError> {
    let action = game.parse_action(text)?;
    record::replay::play_trusted(game, action)?;
    Ok(())
}

fn game_of(record: &Record) -> Result<GameId, AnyError> {
    GameId::parse(
        record
            .header("Game")
            .ok_or(RecordError::MissingHeader("Game"))?,
    )
}

fn texts<G: Game>(start: &G, actions: &[G::Action]) -> Vec<String> {
    let mut game = start.clone();
    actions
        .iter()
        .map(|&action| {
            let text = game.action_text(action);
            game.apply_unchecked(action);
            text
        })
        .collect()
}

fn any_replay<G: Game>(replay: record::Replay<G>) -> Result<AnyReplay, AnyError>
where
    AnyGame: From<G>,
{
    Ok(AnyReplay {
        actions: texts(&replay.start, &replay.actions),
        start: replay.start.into(),
        end: replay.end.into(),
        endings: replay.endings,
        outcome: replay.outcome,
    })
}

fn any_lenient<G: Game>(lenient: record::Lenient<G>) -> Result<AnyLenient, AnyError>
where
    AnyGame: From<G>,
{
    Ok(AnyLenient {
        rules_version: lenient.rules_version,
        actions: texts(&lenient.start, &lenient.actions),
        start: lenient.start.into(),
        end: lenient.end.into(),
        hashes_checked: lenient.hashes_checked,
        divergence: lenient.divergence,
    })
}

fn hashes<G: Game>(
    start: &G,
    actions: &[String],
    every: usize,
) -> Result<PositionHashes, AnyError> {
    Ok(PositionHashes::of(start, &checked(start, actions)?, every))
}

/// The actions read and played in turn from `start`, each checked.
pub(super) fn checked<G: Game>(start: &G, actions: &[String]) -> Result<Vec<G::Action>, AnyError> {
    let mut game = start.clone();
    let mut typed = Vec::with_capacity(actions.len());
    for text in actions {
        let action = game.parse_action(text)?;
        game.apply(action, &mut crate::game::NoEvents)?;
        typed.push(action);
    }
    Ok(typed)
}

fn export_ended<G: Game>(
    start: &G,
    actions: &[String],
    endings: &Endings,
    extra: &[(String, String)],
) -> Result<Record, AnyError> {
    let typed = checked(start, actions)?;
    Ok(record::export_ended(start, &typed, endings, extra)?)
}
