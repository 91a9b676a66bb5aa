//! # Mur (Desmond R. Davies, Atlantic Canada, 2021)
//!
//! Two players, seven ships each, and a neutral kraken on a round board of 25 points. The
//! project's rules specification is `mur` (cited below as §1.x); the player-facing text is
//! `docs/rules/mur.md`. The default rules are the newest text generation, G2 (§1.1).
//!
//! ```
//! use muster_rules::mur::{Colour, Mur, MurVariant, Obligation};
//! use muster_rules::{Game, Variant};
//!
//! let variant = MurVariant::parse_text("game")?;
//! // Black has ships on h3 and b3, White on a3; the kraken is on the centre.
//! let mut game = Mur::from_position(&variant, "K/......../......../WB.....B B 0-0")?;
//! let mut events = Vec::new();
//! // Parsing is syntax only; `apply` checks the rules and reports what happened.
//! game.apply(game.parse_action("*a2")?, &mut events)?;
//! assert_eq!(game.trap_tally(Colour::Black), 1);
//! assert_eq!(game.obligation(), Obligation::TrapWithdrawal);
//! assert_eq!(events[1].to_string(), "White ship on a3 is trapped: Black scores");
//! // White's whole turn is the withdrawal; anything else is refused with the reason.
//! let refused = game.check(game.parse_action("*e3")?).unwrap_err();
//! assert!(refused.reason.starts_with("White must withdraw a3 first"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The rules, as implemented
//!
//! * **Board** (§1.2). The centre `C` and three rings of 8 points on 8 spokes `a`–`h`, clockwise
//!   from north; ring 1 is innermost. Edges: `C` to every ring-1 point, each ring an 8-cycle, and
//!   each spoke `s1`–`s2`–`s3`. Degrees: `C` 8, rings 1 and 2 four, ring 3 three.
//! * **Pieces** (§1.3–1.4). Adjacent ships of one colour form a *group*; a ship's *order* is its
//!   group's size (1 alpha, 2 beta, … 7 eta), computed before the play. The kraken is always
//!   order 4 and never in a group. At most one piece per point; the kraken never leaves the board.
//! * **Turn** (§1.6). One action per turn, never a pass, in this priority:
//!   1. *trap withdrawal*: a player with trapped ships withdraws **all** of them in one action;
//!   2. *repeat withdrawal*: if the opponent's play repeated a position, withdraw one ship of
//!      one's choice (no score); the duty lapses with no ship on the board, or when a trap
//!      withdrawal, which comes first, takes the turn it was owed for;
//!   3. otherwise *place* an off-board ship on an empty point, or *move* a ship;
//!   4. with no legal place or move, *stagnation*: withdraw one ship of one's choice.
//! * **Moves** (§1.5). A ship moves exactly its order, either around its ring (`+` clockwise, `-`
//!   counter-clockwise), or along its spoke's diameter (`i` inward, straight through the centre
//!   to the opposite spoke, `o` outward; from `C` along a chosen spoke). A diameter move that
//!   reaches ring 3 with steps left bounces back along the same line. The mover passes over
//!   occupied points (R-M1; `blocked_paths=on` forbids it) and only its landing point matters.
//!   Landing on an occupied point is a *knock*, allowed only if the mover's order is a smaller
//!   number than the occupant's (the kraken's is 4). The knocked piece continues along the path
//!   in the mover's last direction (after a bounce, the *second direction*), bouncing in the same
//!   way, passing over occupied points, and rests on the first empty point: no chain knocks.
//! * **No-sustain** (§1.8). A play must change the position: a move that bounces back onto its
//!   own start, or a knock that pushes a ship of the mover's colour into the vacated start, is
//!   illegal.
//! * **Traps** (§1.7). A ship is *trapped* when every neighbour holds a ship of the other colour
//!   (so it is an alpha; groups are never trapped; the kraken never helps surround). `C` needs 8
//!   and is safe. The kraken is trapped when every neighbour holds a ship of either colour
//!   (R-K1), credited to the player who made the play; with `kraken_trap=single-colour`, all of
//!   one colour, credited to that colour. Only a trap that was not there before the play counts.
//!   An *eye* of colour X is an empty point whose neighbours are all X ships; a piece *enters*
//!   an eye when a play leaves it on a point that was an eye before the play (so a ship landing
//!   where it knocked a piece off enters none).
//! * **Legality of a place or move by P against Q** (§1.7, G2). Let `T_Q` and `T_P` be the ships
//!   of each side trapped after the play and `K` a new kraken trap.
//!   * A P ship that enters a Q eye, or the kraken knocked into a Q eye, needs `T_Q` non-empty
//!     (rule 3, the opposing-eye rule).
//!   * Any other trapped P ship (a self-trap by a knock, the mover included when the knocked
//!     piece surrounds it) needs `T_Q` non-empty or `K` (rule 2; `kraken_self_trap=off` removes
//!     the `K` excuse, A7).
//!   * Under **G1** (`rules=g1`, the seed text): a P ship entering *any* eye, his own included,
//!     needs `T_Q`; a P ship trapped without having entered an eye (a knocked piece completing
//!     the trap) is always illegal (excused only by `K`); the kraken may enter a Q eye freely.
//! * **Scoring**. P scores one ship trap per ship of `T_Q` (a double trap scores 2), and wins
//!   the game by a new kraken trap or by reaching 3 ship traps (2 → 4 with a double). If both
//!   happen and the kraken trap is credited to Q (single-colour only), P's third trap wins. In a
//!   *mixed traps* position Q withdraws first; P withdraws what is still trapped on his next
//!   turn, and nobody scores for it.
//! * **Repeats** (§1.8, R-R1). A play repeats when the board after it equals the board four plies
//!   earlier (`repeat_scope=last_cycle`) or any earlier board of the game with the same side to
//!   move (`whole_game`). The board is the points of each colour and the kraken's point. The
//!   player who did not repeat then owes a repeat withdrawal. Every action can repeat.
//! * **End of a game, clean-up** (§1.9). The game ends at once. Between games of a set: every
//!   trapped ship goes off the board, a ship on `C` goes off, the kraken returns to `C`, the trap
//!   tallies, repeat duties and history reset, and everything else carries over. Black opens the
//!   odd games of a set, White the even ones. With `ply_cap=N` (not official) a game still
//!   going after N plies is drawn and counts for nobody.
//! * **Sets and the match** (§1.9 defaults). A set is 6 games, won by more games, then more ship
//!   traps in the set, else tied. A match is 2 sets, won by more sets, then more games in the
//!   match, else drawn. Each set starts from the empty board with Black to play. Players may
//!   resign only a whole set (`resign`, at `set` and `match` length): the opponent takes the set
//!   and its remaining games are not played. With `swap_colours_between_sets=on` the player who
//!   had Black in set 1 (seat 0) plays White in set 2, so seat 1 opens set 2; per-seat tallies
//!   (sets, match games) follow the players, per-colour ones (games and traps of the set) stay
//!   with the colours.
//!
//! ## Outcome
//!
//! `length=game`: a win (1–0) for the winner, with the reason (`Black trapped the kraken`,
//! `White's third ship trap`), or a draw at the ply cap. `length=set`: scores are games won, ranks
//! by games then ship traps in the set; a resignation ranks the resigner last. `length=match`:
//! scores are sets won, ranks by sets then games won in the match. Play is over only when the
//! whole length is done; the final board is left as the last play made it (no clean-up).
//!
//! ## Options ([`MurVariant`])
//!
//! `length=match|set|game`, `rules=g2|g1`, `blocked_paths=off|on` (A2), `kraken_trap=any|
//! single-colour` (A3), `kraken_self_trap=on|off` (A7), `repeat_scope=last_cycle|whole_game`
//! (R-R1), `swap_colours_between_sets=off|on`, `edition=kraken|classic` (names only: ships and
//! the kraken, or stones and the Mur stone), `ply_cap=off|N` (not official). Presets: `match`
//! (the default), `set`, `game`, `g1` (a match under G1).
//!
//! ## Notation ([`Action`], §1.12)
//!
//! Points `C`, `a1` … `h3`. Place `*b3`; move `c2+`, `c2-`, `a2i`, `a2o`, from the centre `Ca` …
//! `Ch`; withdraw `^a3`, a double trap in one action `^a3^c3` (points in index order); resign the
//! set `resign`. Annotations `=d2`, `{W:d2>g2}` and `#a3` after an action are read and ignored.
//!
//! ## Position text
//!
//! `K/......../......../........ B 0-0` is the start: the board (centre / ring 1 / ring 2 /
//! ring 3, points `a`–`h` in each ring, `.` `B` `W` `K`), the side to move, the ship traps of the
//! current game (Black-White), then labelled fields written when they differ from the start of
//! play: `repeat:W` (who owes a repeat withdrawal), `game:N`, `set:N`, `won:B-W` and
//! `settraps:B-W` (the current set, by colour), `sets:P1-P2` and `matchwon:P1-P2` (by seat),
//! `ply:N` (always, when there is a ply cap), `history:` (the earlier boards the repeat rule still
//! needs, oldest first, 25 letters each, comma-separated) and `over:kraken-B|traps-W|cap|
//! resigned-B`. See the `text` module for the details.
//!
//! ## Implementation
//!
//! Sets of points are `u32` bitmasks (private module `board`): one per colour plus the kraken's
//! index. The neighbour relation is a few shifts ([`Point::neighbours`]), so "trapped", "eye" and
//! "kraken surrounded" are set operations. Every move's landing point, passed-over points and
//! knock path are computed at compile time (private module `geometry`). A candidate play is
//! carried out on a copy of the board and judged by one function shared by the generator and
//! [`crate::game::Game::check`]. Generation and counting do not allocate; the position hash
//! mixes the board, the tallies and the history from scratch.

mod actions;
mod board;
mod events;
mod geometry;
mod legality;
mod marks;
mod movegen;
mod pick;
mod places;
mod play;
mod position;
mod targets;
mod text;
mod variant;
mod wire;

#[cfg(test)]
mod cross;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

pub use actions::{Action, ActionKind};
pub use board::{Colour, Piece, Point, Points, POINT_COUNT, SHIPS_PER_COLOUR};
pub use events::{GameEnd, MurEvent, Withdrawal};
pub use geometry::Direction;
pub use position::{Mur, Obligation};
pub use variant::{Edition, Generation, KrakenTrap, Length, MurVariant, RepeatScope};
