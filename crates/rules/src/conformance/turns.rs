//! The battery's checks of turns ([`Game::turn`]) across one action.
//!
//! * the turn number never decreases (it may rise by more than one where a game skips turns: a
//!   Mur set resigned skips its remaining games);
//! * the game is over exactly when the turn has no mover; a seat or chance deciding always
//!   decides inside some seat's turn;
//! * a turn that begins (its [`TurnInfo`](crate::game::TurnInfo) differs from the one before)
//!   begins with its mover deciding: nobody decides first inside another seat's turn.
//!
//! Where each game's turns end, and by how much the number rises (every action in Murus Gallicus and Mur, `end` or a spent budget
//! in Mu, `rest`, `end` or spent units after the last call window in MuTou) is checked by each
//! game's own tests, with the rules' words.

use crate::game::{Actor, Game};

/// The turn checks at one position: a mover exactly while the game goes on.
pub fn check_turn<G: Game>(game: &G) -> Result<(), String> {
    let turn = game.turn();
    let over = game.actor() == Actor::Over;
    if over != turn.mover.is_none() {
        return Err(format!(
            "the actor is {:?} but the turn's mover is {:?}",
            game.actor(),
            turn.mover
        ));
    }
    if let Some(mover) = turn.mover {
        if mover.index() >= game.seats() {
            return Err(format!("the turn's mover {mover} does not play"));
        }
    }
    Ok(())
}

/// The checks of the module documentation across the action that led from `before` to `after`.
pub fn check_turn_step<G: Game>(before: &G, after: &G) -> Result<(), String> {
    let (was, now) = (before.turn(), after.turn());
    if now.number < was.number {
        return Err(format!(
            "the turn number fell from {} to {}",
            was.number, now.number
        ));
    }
    if now != was {
        if let (Some(mover), Actor::Seat(actor)) = (now.mover, after.actor()) {
            if mover != actor {
                return Err(format!(
                    "the turn of {mover} begins with {actor} deciding ({was:?} → {now:?})"
                ));
            }
        }
        if let (Some(mover), Actor::Chance) = (now.mover, after.actor()) {
            return Err(format!("the turn of {mover} begins with chance deciding"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::murus_gallicus::{MurusGallicus, MurusVariant};

    fn at_ply(ply: u32, side: char) -> MurusGallicus {
        let text = format!("tttttttt/8/8/8/8/8/TTTTTTTT {side} {ply}");
        MurusGallicus::from_position(&MurusVariant::default(), &text).expect("a position")
    }

    #[test]
    fn one_action_moves_the_turn_on_by_one() {
        assert_eq!(check_turn_step(&at_ply(4, 'L'), &at_ply(5, 'D')), Ok(()));
    }

    #[test]
    fn a_turn_number_that_falls_fails() {
        let problem = check_turn_step(&at_ply(6, 'L'), &at_ply(5, 'D')).unwrap_err();
        assert!(problem.contains("fell from 7 to 6"), "{problem}");
    }
}
