//! Independent reference model of Mur, for tests only (spec: `shared/rules/mur.md`, §1).
//!
//! Written apart from the real implementation and kept deliberately plain: arrays, loops and
//! whole-board copies. It is compared with the real implementation action by action through
//! text: `board()`, `legal()`, `play()`, `trap_tallies()`, `game_and_set()` and `result()`.
//!
//! Readings implemented (spec recommendations): G2 rules (§1.7), R-M1 pass-over (§1.5), R-K1
//! kraken trap (§1.7), R-R1 repeat (§1.8), the obligations ladder of §1.6 and the scoring, set
//! and match defaults of §1.9. Choices where the spec is open are marked "Choice:" below.
//!
//! Layout: `geometry` (board graph, walks, groups, traps, eyes), `plays` (place, move and
//! withdrawal generation and the §1.7 legality rules), this file (turns, obligations, game end,
//! sets, match).

mod geometry;
mod plays;
#[cfg(test)]
mod tests;

use geometry::{board_text, empty_board, parse_board, Board, Cell, Colour, CENTRE};
use plays::Candidate;

/// How much is played (§1.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefLength {
    /// One game.
    Game,
    /// One set of six games.
    Set,
    /// A match of two sets.
    Match,
}

/// Rule options (spec §1.10 names them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefRules {
    /// G1 eye rules (seed text) instead of G2 (§1.7 rules 4–5).
    pub g1: bool,
    /// A moving ship may not pass over occupied points (A2) instead of R-M1.
    pub blocked_paths: bool,
    /// The kraken is trapped only by ships of one colour, which scores it (A3).
    pub kraken_single_colour: bool,
    /// A self-trap is excused when the play traps the kraken (A7).
    pub kraken_self_trap: bool,
    /// A repeat is any earlier position of the game with the same side to move (R-R1 option).
    pub repeat_whole_game: bool,
    /// How much is played.
    pub length: RefLength,
    /// In set 2 the seats swap colours (§1.9 option).
    pub swap_colours_between_sets: bool,
}

impl Default for RefRules {
    fn default() -> Self {
        RefRules {
            g1: false,
            blocked_paths: false,
            kraken_single_colour: false,
            kraken_self_trap: true,
            repeat_whole_game: false,
            length: RefLength::Game,
            swap_colours_between_sets: false,
        }
    }
}

/// The reference model's state (§1.3).
#[derive(Clone, Debug)]
pub struct RefMur {
    rules: RefRules,
    board: Board,
    /// Side to move.
    to_move: Colour,
    /// Ship traps scored in the current game, indexed by `Colour::index`.
    tallies: [u8; 2],
    /// Game number within the set (1..=6) and set number (1..=2).
    game: u8,
    set: u8,
    /// Positions of the current game (board and side to move), from its start (R-R1 history,
    /// reset at the start of each game).
    history: Vec<(Board, Colour)>,
    /// The opponent's last play created an immediate repeat (§1.6 step 2).
    repeat_duty: bool,
    /// Games won in the current set, ship traps scored in the current set.
    set_games: [u32; 2],
    set_traps: [u32; 2],
    /// Sets won and games won over the match.
    match_sets: [u32; 2],
    match_games: [u32; 2],
    /// The result once the configured length is over.
    outcome: Option<String>,
}

impl RefMur {
    /// Game 1 of set 1: empty board, kraken on `C`, 7 ships off each, Black to play (§1.9).
    pub fn new(rules: RefRules) -> RefMur {
        Self::start(rules, empty_board(), Colour::Black)
    }

    /// A position from a board string; ships not on the board are off-board; no history before
    /// it, tallies 0, game 1 of set 1, no repeat duty.
    ///
    /// Choice: the given position is the first entry of the repeat history (as the start of a
    /// game is), so returning to it four plies later is a repeat.
    pub fn from_board(rules: RefRules, board: &str, black_to_move: bool) -> RefMur {
        let board = parse_board(board);
        for colour in [Colour::Black, Colour::White] {
            assert!(
                geometry::count_ships(&board, colour) <= 7,
                "more than 7 ships of a colour"
            );
        }
        assert!(
            board.iter().filter(|&&c| c == Cell::Kraken).count() <= 1,
            "more than one kraken"
        );
        let to_move = if black_to_move {
            Colour::Black
        } else {
            Colour::White
        };
        Self::start(rules, board, to_move)
    }

    /// The same position with earlier boards of the current game before it, oldest first, one
    /// per ply (so the last one is the board one ply ago, with the other side to move). Only the
    /// repeat rule reads them.
    pub fn with_history(mut self, earlier: &[&str]) -> RefMur {
        let current = self
            .history
            .pop()
            .expect("a position has itself in its history");
        let count = earlier.len();
        self.history = earlier
            .iter()
            .enumerate()
            .map(|(i, board)| {
                let plies_ago = count - i;
                let side = if plies_ago % 2 == 0 {
                    current.1
                } else {
                    current.1.other()
                };
                (parse_board(board), side)
            })
            .collect();
        self.history.push(current);
        self
    }

    fn start(rules: RefRules, board: Board, to_move: Colour) -> RefMur {
        RefMur {
            rules,
            board,
            to_move,
            tallies: [0, 0],
            game: 1,
            set: 1,
            history: vec![(board, to_move)],
            repeat_duty: false,
            set_games: [0, 0],
            set_traps: [0, 0],
            match_sets: [0, 0],
            match_games: [0, 0],
            outcome: None,
        }
    }

    /// 25 characters, points in the order `C`, `a1`..`h1`, `a2`..`h2`, `a3`..`h3`.
    pub fn board(&self) -> String {
        board_text(&self.board)
    }

    /// Whether Black is to move.
    pub fn black_to_move(&self) -> bool {
        self.to_move == Colour::Black
    }

    /// Every legal action in notation, sorted; empty iff the configured length is over.
    /// `resign` is never listed (it is accepted by `play` at Set and Match length).
    pub fn legal(&self) -> Vec<String> {
        let mut actions: Vec<String> = self.candidates().into_iter().map(|c| c.action).collect();
        actions.sort();
        actions
    }

    /// Apply a legal action; `Err` for anything not legal.
    pub fn play(&mut self, action: &str) -> Result<(), String> {
        if self.outcome.is_some() {
            return Err(format!("{action}: the {:?} is over", self.rules.length));
        }
        if action == "resign" {
            // §1.9: only a whole set can be resigned, so not at Game length.
            if self.rules.length == RefLength::Game {
                return Err("resign: not available at Game length".to_string());
            }
            self.resign();
            return Ok(());
        }
        let chosen = self.candidates().into_iter().find(|c| c.action == action);
        match chosen {
            Some(candidate) => {
                self.apply(candidate);
                Ok(())
            }
            None => Err(format!("{action}: not a legal action here")),
        }
    }

    /// Ship traps scored by Black and White in the current game.
    pub fn trap_tallies(&self) -> (u8, u8) {
        (self.tallies[0], self.tallies[1])
    }

    /// Game number (1..=6) within the set and set number (1..=2).
    pub fn game_and_set(&self) -> (u8, u8) {
        (self.game, self.set)
    }

    /// When the configured length is over: "black", "white" or "draw".
    pub fn result(&self) -> Option<String> {
        self.outcome.clone()
    }

    /// The legal plays with their effects: the obligations ladder of §1.6.
    fn candidates(&self) -> Vec<Candidate> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let me = self.to_move;

        // (1) Trap withdrawal: all of the mover's trapped ships in one action. This also covers
        // the G2 mixed-traps rule (§1.7 rule 7): P withdraws his ships that are *still* trapped
        // on his next turn, which is exactly "P has trapped ships on the current board".
        let trapped = plays::own_trapped(&self.board, me);
        if !trapped.is_empty() {
            return vec![plays::withdraw_all(&self.board, &trapped)];
        }

        // (2) Repeat withdrawal: any one own on-board ship; with none on board the duty lapses.
        if self.repeat_duty {
            let withdrawals = plays::withdraw_any_one(&self.board, me);
            if !withdrawals.is_empty() {
                return withdrawals;
            }
        }

        // (3) A normal play; (4) if there is none, stagnation: withdraw any one own ship (A9).
        let normal = plays::places_and_moves(&self.board, me, &self.rules);
        if !normal.is_empty() {
            return normal;
        }
        plays::withdraw_any_one(&self.board, me)
    }

    /// Apply a legal play (§1.6), score it (§1.7 rule 6) and end the game if it wins (§1.9).
    fn apply(&mut self, candidate: Candidate) {
        let me = self.to_move;
        self.board = candidate.after;
        self.tallies[me.index()] += candidate.ship_traps;
        self.set_traps[me.index()] += u32::from(candidate.ship_traps);

        // §1.9: the game ends when a play brings the mover's tally to 3 or more, or traps the
        // kraken. Choice (only possible with `kraken_single_colour`): if the kraken trap is
        // credited to the opponent by the same play that gives the mover his third ship trap,
        // the mover wins.
        let winner = if candidate.ship_traps > 0 && self.tallies[me.index()] >= 3 {
            Some(me)
        } else {
            candidate.kraken_scorer
        };
        if let Some(winner) = winner {
            self.end_game(winner);
            return;
        }

        // Next turn. R-R1 (§1.8): the play created an immediate repeat if the position after it
        // (board and side to move) equals the one four plies earlier in this game; with
        // `repeat_whole_game`, any earlier position of this game. Every play counts as a ply,
        // withdrawals included.
        self.to_move = me.other();
        let position = (self.board, self.to_move);
        let plies = self.history.len();
        let repeat = if self.rules.repeat_whole_game {
            self.history.contains(&position)
        } else {
            plies >= 4 && self.history[plies - 4] == position
        };
        self.history.push(position);
        // Choice: the duty concerns only the turn right after the repeating play. If that turn
        // is taken by a trap withdrawal (step 1 outranks step 2), the duty is not carried over.
        self.repeat_duty = repeat;
    }

    /// The side to move resigns the set (§1.9): the opponent wins it; its remaining games are
    /// not played.
    fn resign(&mut self) {
        let winner = self.to_move.other();
        self.end_set(Some(winner));
    }

    /// A game is won by `winner` (§1.9).
    fn end_game(&mut self, winner: Colour) {
        self.set_games[winner.index()] += 1;
        self.match_games[winner.index()] += 1;
        if self.rules.length == RefLength::Game {
            // Choice: when the configured length is over nothing more happens: no clean-up, and
            // the board, tallies and game/set numbers stay as they were after the last play.
            self.outcome = Some(winner.name().to_string());
            return;
        }
        if self.game == 6 {
            // Set winner (§1.9 defaults): more games won, then more ship traps in the set.
            let set_winner = better(self.set_games, self.set_traps);
            self.end_set(set_winner);
            return;
        }

        // Clean-up for the next game (§1.9): (1) every ship still trapped, of either colour,
        // goes off-board; (2) a ship on C is withdrawn and the kraken goes to C; (3) everything
        // else carries over; (4) tallies are reset.
        let mut board = self.board;
        for colour in [Colour::Black, Colour::White] {
            for p in geometry::trapped_ships(&self.board, colour) {
                board[p] = Cell::Empty;
            }
        }
        if let Some(k) = geometry::kraken_point(&board) {
            board[k] = Cell::Empty;
        }
        board[CENTRE] = Cell::Kraken;
        self.game += 1;
        self.start_game(board);
    }

    /// The end of a set, won by `winner` (or drawn).
    fn end_set(&mut self, winner: Option<Colour>) {
        if let Some(w) = winner {
            self.match_sets[w.index()] += 1;
        }
        if self.rules.length == RefLength::Set {
            self.outcome = Some(result_name(winner));
            return;
        }
        if self.rules.length == RefLength::Match && self.set == 1 {
            // Set 2 starts from the empty board (A12) with game 1.
            self.set = 2;
            self.game = 1;
            self.set_games = [0, 0];
            self.set_traps = [0, 0];
            self.start_game(empty_board());
            return;
        }
        // Match winner (§1.9 defaults): more sets won, then more games won over the match
        // (games actually won; a resigned set's unplayed games count for nobody).
        let match_winner = better(self.match_sets, self.match_games);
        self.outcome = Some(result_name(match_winner));
    }

    /// Start game `self.game` of set `self.set` on `board`.
    fn start_game(&mut self, board: Board) {
        self.board = board;
        self.tallies = [0, 0];
        // §1.9: Black moves first in odd games, White in even ones. With
        // `swap_colours_between_sets`, set 2 is played with the seats' colours swapped; this
        // model keeps naming each seat by its set-1 colour, so in set 2 the seat called "white"
        // moves first in odd games (all results and boards use the set-1 names).
        let mut black_first = self.game % 2 == 1;
        if self.rules.swap_colours_between_sets && self.set == 2 {
            black_first = !black_first;
        }
        self.to_move = if black_first {
            Colour::Black
        } else {
            Colour::White
        };
        self.history = vec![(self.board, self.to_move)];
        self.repeat_duty = false;
    }
}

/// The better side by a first count, then a second; `None` if both are equal.
fn better(first: [u32; 2], second: [u32; 2]) -> Option<Colour> {
    if first[0] != first[1] {
        return Some(if first[0] > first[1] {
            Colour::Black
        } else {
            Colour::White
        });
    }
    if second[0] != second[1] {
        return Some(if second[0] > second[1] {
            Colour::Black
        } else {
            Colour::White
        });
    }
    None
}

fn result_name(winner: Option<Colour>) -> String {
    match winner {
        Some(colour) => colour.name().to_string(),
        None => "draw".to_string(),
    }
}
