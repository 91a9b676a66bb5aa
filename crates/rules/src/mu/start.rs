//! How a game starts: the opening protocol, a seeded random opening, or a fixed board.

use std::sync::Arc;

use crate::error::SetupError;
use crate::game::{Game, NoEvents, Seat};
use crate::hash::mix;

use super::board::{Board, CellState, Layer};
use super::geometry::{Geometry, Hex, Segment};
use super::resolve::Trail;
use super::variant::{MuVariant, Start};
use super::{Mu, Pending, Phase};

/// A fixed board: its centres and, for each seat, the segment it starts on.
struct FixedBoard {
    centres: &'static [(i16, i16)],
    /// Further centres after `centres`.
    extra: &'static [(i16, i16)],
    starts: [u8; 2],
}

impl FixedBoard {
    fn hexes(&self) -> Vec<Hex> {
        let all = self.centres.iter().chain(self.extra);
        all.map(|&(q, r)| Hex::new(q, r)).collect()
    }
}

/// mu §4 board T3: A=(0,0), B=(3,−1), C=(1,2); Red starts on A, Purple on C.
const T3: FixedBoard = FixedBoard {
    centres: &[(0, 0), (3, -1), (1, 2)],
    extra: &[],
    starts: [0, 2],
};

/// 14 segments (seven each), laid out by the protocol's rules.
const DUEL: FixedBoard = FixedBoard {
    centres: &[
        (0, 0),
        (3, -1),
        (1, 2),
        (-2, 3),
        (-3, 1),
        (-1, -2),
        (2, -3),
        (4, 1),
        (6, -2),
        (5, -4),
        (-5, 4),
        (-4, -1),
        (2, 4),
        (-1, 5),
    ],
    extra: &[],
    starts: [7, 10],
};

/// 16 segments (eight each): `duel` and two more, laid out by the protocol's rules.
const ARENA: FixedBoard = FixedBoard {
    centres: DUEL.centres,
    extra: &[(7, 0), (-6, 2)],
    starts: [14, 15],
};

/// The centres of a named fixed board (`t3`, `duel`, `arena`), for tools and documents.
pub fn named_board_centres(name: &str) -> Option<Vec<Hex>> {
    let board = match name {
        "t3" => &T3,
        "duel" => &DUEL,
        "arena" => &ARENA,
        _ => return None,
    };
    Some(board.hexes())
}

impl Mu {
    /// A position on `board` in `phase` with seat 1 to move and nothing else going on.
    pub(super) fn bare(variant: &MuVariant, seats: usize, board: Board, phase: Phase) -> Mu {
        Mu {
            variant: *variant,
            seats: seats as u8,
            board,
            phase,
            to_move: Seat(0),
            budget: 0,
            moved: 0,
            passes: 0,
            ply: 0,
            pending: Pending::Nothing,
            osc: Vec::new(),
            trail: Trail::default(),
            landed: Vec::new(),
            work: super::Work::default(),
        }
    }
}

/// The start of a game under `variant` (seat count already checked).
pub fn build(variant: &MuVariant, seats: usize) -> Result<Mu, SetupError> {
    let empty = Board::new(Arc::new(Geometry::default()));
    let protocol = Mu::bare(variant, seats, empty, Phase::Layout);
    match variant.start {
        Start::Protocol => Ok(protocol),
        Start::Random => Ok(random_opening(protocol, variant.seed)),
        Start::T3 => fixed(variant, seats, &T3, "t3"),
        Start::Duel => fixed(variant, seats, &DUEL, "duel"),
        Start::Arena => fixed(variant, seats, &ARENA, "arena"),
    }
}

/// Plays the opening protocol with choices drawn from `seed` (a SplitMix sequence), so the same
/// seed always gives the same board.
fn random_opening(mut game: Mu, seed: u64) -> Mu {
    let mut state = mix(seed ^ 0x6d75_5f73_7461_7274);
    let mut actions = Vec::new();
    while matches!(game.phase, Phase::Layout | Phase::Select) {
        game.legal_actions(&mut actions);
        state = mix(state.wrapping_add(0x9e37_79b9_7f4a_7c15));
        let pick = actions[(state % actions.len() as u64) as usize];
        game.play(pick, &mut NoEvents);
    }
    game
}

fn fixed(
    variant: &MuVariant,
    seats: usize,
    layout: &FixedBoard,
    name: &str,
) -> Result<Mu, SetupError> {
    if seats != 2 {
        return Err(SetupError::Variant(format!(
            "start={name} is a two-player board, not for {seats} seats"
        )));
    }
    let geometry = Geometry::new(&layout.hexes()).map_err(SetupError::Variant)?;
    let mut board = Board::new(Arc::new(geometry));
    for (seat, &segment) in layout.starts.iter().enumerate() {
        for cell in Segment(segment).cells() {
            let stack = CellState::stack(Layer::Virgin, Seat(seat as u8), 1);
            board.set(cell, stack, None);
        }
    }
    let mut game = Mu::bare(variant, seats, board, Phase::Play);
    game.start_turn();
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_boards_obey_the_lay_out_rule() {
        for name in ["t3", "duel", "arena"] {
            let centres = named_board_centres(name).unwrap();
            let expected = match name {
                "t3" => 3,
                "duel" => 14,
                _ => 16,
            };
            assert_eq!(centres.len(), expected, "{name}");
            for i in 1..centres.len() {
                let before = Geometry::new(&centres[..i]).unwrap();
                assert_eq!(
                    before.placement_error(centres[i]),
                    None,
                    "{name} segment {i}"
                );
            }
        }
    }

    #[test]
    fn a_random_opening_is_the_same_for_the_same_seed() {
        let v = MuVariant {
            start: Start::Random,
            seed: 7,
            ..MuVariant::levis()
        };
        let a = build(&v, 3).unwrap();
        assert_eq!(a, build(&v, 3).unwrap());
        assert_eq!(a.phase(), Phase::Play);
        assert_eq!(a.geometry().segments(), 21);
        let other = build(&MuVariant { seed: 8, ..v }, 3).unwrap();
        assert_ne!(a.geometry().centres(), other.geometry().centres());
    }
}
