//! # Murus Gallicus (Phil Leduc, 2005; published 2009)
//!
//! Romans against Gauls on a board of 8 columns (files a–h) and 7 rows (ranks 1–7), or 8 rows
//! on request. The project's rules specification is `murus-gallicus` (cited below as §2.x); the
//! player-facing text is `docs/rules/murus-gallicus.md`.
//!
//! ## The rules, as implemented
//!
//! * **Pieces.** A cell is empty or holds a stack of one colour: a *wall* (1 stone), a *tower*
//!   (2) or, in Advanced only, a *catapult* (3). Light (the Romans, seat 0) starts with a tower on
//!   every cell of rank 1 and moves first; Dark (the Gauls, seat 1) has a tower on every cell of
//!   the top rank. Passing is not allowed.
//! * **Tower move** (§2.2). A tower picks one of the 8 king directions and drops one stone on
//!   each of the two nearest cells that way, leaving its own cell empty. Both cells must be on the
//!   board and each must be empty or hold a friendly wall; in Advanced a friendly tower is also
//!   allowed (it becomes a catapult). Never an enemy stack, never a friendly catapult.
//! * **Sacrifice** (§2.2). A tower next to an enemy wall (8-neighbourhood) may give up one stone
//!   to remove that wall; it becomes a wall itself. Never against a tower, and never forced.
//! * **Walls never act.**
//! * **Advanced** (§2.3). A catapult may, instead of any tower action, throw one stone 2 or 3
//!   cells forward, diagonally forward or sideways (never backward), flying over whatever lies
//!   between. On an empty cell the stone becomes a friendly wall; an enemy stack there loses one
//!   stone; a friendly stack there forbids the shot. The catapult becomes a tower. A tower next to
//!   an enemy catapult may sacrifice one stone (tower → wall, catapult → tower) or both (tower
//!   removed, catapult → wall). Catapults neither move nor sacrifice.
//! * **Winning.** A *breakthrough* puts a stone on the opponent's home row. In the basic game it
//!   wins at once. In Advanced it must survive the opponent's next turn: a player who, at the
//!   start of his turn, has a stone on the opponent's home row wins (checked before stalemate).
//!   A player with no legal action at the start of his turn loses (*stalemate*).
//!
//! ## Options ([`MurusVariant`])
//!
//! `ruleset=basic|advanced`, `board=8x7|8x8`, `opening=none|redistribution` (AbstractPlay's
//! house rule: on plies 0 and 1 the player to move must split one home-row tower onto two
//! distinct empty cells of his second row, and nothing else is legal), `immediate_win=on|off`
//! (algol5: the Advanced breakthrough wins at once), `escape=on|off` (AbstractPlay: the far row
//! wins nothing, only stalemate ends the game), `ply_cap=off|N` (not an official rule: a game
//! with no result after N plies is a draw). Presets: `basic` (the default), `advanced`,
//! `abstractplay`, `algol5-advanced`, `basic-8x8`.
//!
//! The order of the end checks at the start of a turn is: breakthrough, stalemate, ply cap. The
//! status is never stored; it follows from the stones, the side to move and the ply count, so a
//! position text fully determines it. With immediate breakthroughs, a breakthrough by the side
//! that just moved ends the game; a position text in which the side to move already holds the
//! far row (unreachable in play) also counts as his win.
//!
//! ## Notation ([`Action`], AbstractPlay's strings, §2.7)
//!
//! Cells are `a1`–`h7` (`h8`), rank 1 on Light's side. A tower move is written from its cell to
//! the far cell, `d4-d6` (d5 is implied). A sacrifice of one stone, or a catapult shot onto an
//! enemy, is `d4xe5` / `d4xd6`; a two-stone sacrifice is `d4*e5`; a shot onto an empty cell is
//! `d4-d6` or `d4-d7`. The opening redistribution is `a1-b2,e2`: the two cells form an unordered
//! pair, read in either order and written smaller first, so the opening offers 8 × 28 = 224
//! actions where AbstractPlay lists 448 ordered strings for the same 224 moves.
//!
//! ## Position text
//!
//! One line: the rows from the top rank down to rank 1, separated by `/`; in each row, from file
//! a to h, `W`/`T`/`C` for a Light wall/tower/catapult, `w`/`t`/`c` for Dark, and a digit for a
//! run of empty cells; then `L` or `D` for the side to move; then the number of plies played.
//! The start is `tttttttt/8/8/8/8/8/TTTTTTTT L 0`. Only canonical text is accepted, so reading
//! and writing a text gives it back unchanged.
//!
//! ## Implementation
//!
//! Bitboards in `u64` with bit `rank * 8 + file` (private module `board`): one occupancy set per
//! colour, one set of stacks of 2 or more and one of catapults. Generation and counting are set
//! operations per direction; [`crate::game::Game::count_actions`] is a sum of population counts,
//! nothing allocates, and the position hash mixes the four sets in O(1).

mod actions;
mod board;
mod events;
mod legality;
mod marks;
mod movegen;
mod position;
mod targets;
mod text;
mod variant;
mod wire;

#[cfg(test)]
mod tests;

pub use actions::{Action, ActionForm};
pub use board::{Cell, Colour};
pub use events::MurusEvent;
pub use position::MurusGallicus;
pub use variant::{BoardSize, MurusVariant, Ruleset};
