//! Records through [`AnyGame`] beyond plain export and replay: games ended outside the rules,
//! the trusted door for a server's own log, and lenient replay against stored hashes.

use super::{AnyError, AnyGame};
use crate::game::Game;
use crate::record::{self, Endings, Record};

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

fn export_ended<G: Game>(
    start: &G,
    actions: &[String],
    endings: &Endings,
    extra: &[(String, String)],
) -> Result<Record, AnyError> {
    let mut game = start.clone();
    let mut typed = Vec::with_capacity(actions.len());
    for text in actions {
        let action = game.parse_action(text)?;
        game.apply(action, &mut crate::game::NoEvents)?;
        typed.push(action);
    }
    Ok(record::export_ended(start, &typed, endings, extra)?)
}
