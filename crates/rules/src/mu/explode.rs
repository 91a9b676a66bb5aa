//! The explosion of one hot cell (mu §2.6).

use crate::game::{Events, Seat};

use super::board::{Board, CellState, Layer};
use super::events::MuEvent;
use super::geometry::Cell;

/// A log of cell writes: each cell with its value before the write.
pub type Log = Vec<(Cell, CellState)>;

/// Explodes `x`, which the caller knows to be productive, logging every write. Returns whether
/// the explosion was irreversible (mu §2.8): a Virgin cell changed layer, or a stack of more than
/// one man was captured. Only reversible explosions can be part of an oscillation.
pub fn explode(
    board: &mut Board,
    x: Cell,
    mut log: Option<&mut Log>,
    events: &mut impl Events<MuEvent>,
) -> bool {
    let state = board.get(x);
    let seat = Seat(state.owner);
    let mut targets = [Cell(0); 6];
    let mut k = 0;
    for t in board.targets(x) {
        targets[k] = t;
        k += 1;
    }
    let targets = &targets[..k];
    // mu §2.6 step 1: a Virgin cell's new layer is decided before any man moves.
    let becomes = (state.layer == Layer::Virgin).then(|| match board.neighbour_sections(x) {
        (_, true) => None,
        (joined, false) => Some(joined),
    });
    let mut irreversible = state.layer == Layer::Virgin;
    let left = state.height - k as u16;
    board.set(
        x,
        CellState::stack(state.layer, seat, left),
        log.as_deref_mut(),
    );
    if events.wanted() {
        events.emit(MuEvent::Exploded {
            cell: x,
            seat,
            targets: targets.to_vec(),
            left,
        });
    }
    // Step 2: one man to each target; an enemy stack is captured by replacement.
    for &t in targets {
        let ts = board.get(t);
        let height = match ts.owner() {
            None => 1,
            Some(owner) if owner == seat => ts.height + 1,
            Some(victim) => {
                irreversible |= ts.height > 1;
                if events.wanted() {
                    events.emit(MuEvent::Captured {
                        by: seat,
                        cell: t,
                        victim,
                        men: ts.height,
                    });
                }
                1
            }
        };
        board.set(
            t,
            CellState::stack(ts.layer, seat, height),
            log.as_deref_mut(),
        );
    }
    // Steps 3–5: the overcapacity stays; a new Commonwealth cell sprouts, a new Wall does not.
    match becomes {
        None => {}
        Some(Some(joined)) => {
            let new_section = board.label_section(x, joined);
            board.set(x, CellState::stack(Layer::Common, seat, left + 1), log);
            if events.wanted() {
                events.emit(MuEvent::BecameCommonwealth {
                    cell: x,
                    new_section,
                });
                events.emit(MuEvent::Sprouted { cell: x, seat });
            }
        }
        Some(None) => {
            board.set(x, CellState::stack(Layer::Wall, seat, left), log);
            if events.wanted() {
                events.emit(MuEvent::BecameWall { cell: x });
            }
        }
    }
    irreversible
}
