//! The position text and the diagram.
//!
//! Position text, one line of space-separated fields. Three come first, always:
//!
//! 1. the board: the centre, then ring 1 from `a1` to `h1`, ring 2, ring 3, the four parts
//!    separated by `/`, each point `.` (empty), `B`, `W` or `K` (the kraken):
//!    `K/......../......../........`;
//! 2. the side to move, `B` or `W`;
//! 3. the ship traps scored in the current game, Black's and White's: `0-0`.
//!
//! Then labelled fields, in this order, each written only when it differs from its value at the
//! start of play (a reader accepts them at that value too):
//!
//! * `repeat:B`, `repeat:W` or `repeat:BW`: who owes a withdrawal for the opponent's repeat;
//! * `game:N` (1..=6) and `set:N` (1..=2);
//! * `won:B-W` games won in the current set and `settraps:B-W` ship traps scored in it, by colour;
//! * `sets:P1-P2` sets won and `matchwon:P1-P2` games won in the match, by seat (player 1 is the
//!   player who had Black in set 1);
//! * `ply:N`, the plies played in the current game: written whenever the variant has a ply cap;
//! * `history:` the earlier boards of the current game that the repeat rule still needs, oldest
//!   first, separated by commas, each the 25 points in board order without the slashes
//!   (`last_cycle`: the last three at most; `whole_game`: all of them);
//! * `over:kraken-B`, `over:traps-W`, `over:cap` or `over:resigned-B`: play is over, and how the
//!   last game or set ended.
//!
//! The start of play is `K/......../......../........ B 0-0`. Writing a position and reading it
//! back gives an equal position and the same text.

use std::fmt::Write as _;

use super::board::{Board, Colour, Piece, Point, SHIPS_PER_COLOUR};
use super::play::TALLY_MAX;
use super::position::{Ending, History, Mur, Obligation};
use super::variant::{Length, MurVariant, RepeatScope};
use crate::error::PositionError;

/// The letter of what stands on `p`.
fn glyph(board: &Board, p: Point) -> char {
    board.piece(p).map_or('.', Piece::letter)
}

/// The 25 letters of a board in index order.
fn letters(board: &Board) -> String {
    Point::all().map(|p| glyph(board, p)).collect()
}

/// `b-w` from a pair of tallies.
fn pair(tally: [u8; 2]) -> String {
    format!("{}-{}", tally[0], tally[1])
}

impl Mur {
    /// The one-line position text (see the module documentation of this file).
    pub(crate) fn text(&self) -> String {
        let all = letters(&self.board);
        let mut out = format!(
            "{}/{}/{}/{} {} {}",
            &all[..1],
            &all[1..9],
            &all[9..17],
            &all[17..],
            self.side.letter(),
            pair(self.traps)
        );
        let due: String = Colour::BOTH
            .iter()
            .filter(|c| self.repeat_due[c.index()])
            .map(|c| c.letter())
            .collect();
        let fields = [
            ("repeat", due, String::new()),
            ("game", self.game.to_string(), "1".to_owned()),
            ("set", self.set.to_string(), "1".to_owned()),
            ("won", pair(self.set_games), "0-0".to_owned()),
            ("settraps", pair(self.set_traps), "0-0".to_owned()),
            ("sets", pair(self.sets_won), "0-0".to_owned()),
            ("matchwon", pair(self.match_games), "0-0".to_owned()),
        ];
        for (label, value, initial) in fields {
            if value != initial {
                let _ = write!(out, " {label}:{value}");
            }
        }
        if self.variant.ply_cap.is_some() {
            let _ = write!(out, " ply:{}", self.ply);
        }
        let boards: Vec<String> = self
            .history
            .boards()
            .map(|k| letters(&Board::from_key(k)))
            .collect();
        if !boards.is_empty() {
            let _ = write!(out, " history:{}", boards.join(","));
        }
        if let Some(ending) = self.ending {
            let _ = write!(out, " over:{}", ending_text(ending));
        }
        out
    }

    /// Reads a position text under `variant`; errors name the offending token.
    pub(crate) fn read_text(variant: &MurVariant, text: &str) -> Result<Mur, PositionError> {
        let mut fields = text.split(' ');
        let (Some(board), Some(side), Some(traps)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(PositionError::new(
                text,
                "expected at least the board, the side to move and the trap tallies, separated \
                 by single spaces",
            ));
        };
        let mut game = Mur::start(variant);
        game.board = read_board(board)?;
        game.side = match side {
            "B" => Colour::Black,
            "W" => Colour::White,
            _ => return Err(PositionError::new(side, "the side to move is B or W")),
        };
        game.traps = read_pair(traps)?;
        let mut next_label = 0;
        for token in fields {
            let (label, value) = token.split_once(':').ok_or_else(|| {
                PositionError::new(token, "expected a labelled field such as game:2")
            })?;
            let Some(index) = LABELS.iter().position(|&l| l == label) else {
                let known = LABELS.join(", ");
                return Err(PositionError::new(
                    token,
                    format!("unknown field (fields: {known})"),
                ));
            };
            if index < next_label {
                let reason = format!("fields come once each, in the order {}", LABELS.join(", "));
                return Err(PositionError::new(token, reason));
            }
            next_label = index + 1;
            game.read_field(label, value, token)?;
        }
        game.validate(text)?;
        Ok(game)
    }

    /// Reads one labelled field.
    fn read_field(&mut self, label: &str, value: &str, token: &str) -> Result<(), PositionError> {
        match label {
            "repeat" => {
                self.repeat_due = match value {
                    "" => [false, false],
                    "B" => [true, false],
                    "W" => [false, true],
                    "BW" => [true, true],
                    _ => return Err(PositionError::new(token, "repeat: is B, W or BW")),
                }
            }
            "game" => self.game = read_number(value, token, 1, 6)? as u8,
            "set" => self.set = read_number(value, token, 1, 2)? as u8,
            "won" => self.set_games = read_pair(value)?,
            "settraps" => self.set_traps = read_pair(value)?,
            "sets" => self.sets_won = read_pair(value)?,
            "matchwon" => self.match_games = read_pair(value)?,
            "ply" => {
                if self.variant.ply_cap.is_none() {
                    return Err(PositionError::new(
                        token,
                        "plies are counted only with a ply cap",
                    ));
                }
                self.ply = read_number(value, token, 0, u32::MAX)?;
            }
            "history" => self.history = read_history(self.variant.repeat_scope, value, token)?,
            _ => self.ending = Some(read_ending(value, token)?),
        }
        Ok(())
    }

    /// Refuses texts that describe no position play can reach in ways that matter to the rules.
    fn validate(&self, text: &str) -> Result<(), PositionError> {
        let v = &self.variant;
        let fail = |reason: &str| Err(PositionError::new(text, reason));
        if self.set > v.sets() {
            return fail("this length of play has one set only");
        }
        if v.length == Length::Game && self.game != 1 {
            return fail("a single game is always game 1");
        }
        if self.ending.is_none() {
            if self.traps.iter().any(|&t| t >= 3) {
                return fail("a game with three ship traps is over");
            }
            if let Some(cap) = v.ply_cap {
                if self.ply >= cap {
                    return fail("the ply cap is reached, so the game is over");
                }
            }
            let waiting = self.side.opponent();
            if self.board.trapped(waiting) != 0 && self.board.trapped(self.side) == 0 {
                return fail(
                    "the player who just played has a trapped ship, so the side to move must \
                     have one too (mixed traps)",
                );
            }
        }
        if v.length == Length::Game && matches!(self.ending, Some(Ending::Resigned(_))) {
            return fail("a single game cannot be resigned");
        }
        Ok(())
    }

    /// A picture of the board, spoke letters around it, and a summary of the state.
    pub(crate) fn picture(&self) -> String {
        let mut grid = vec![vec![' '; 37]; 17];
        draw_lines(&mut grid);
        for p in Point::all() {
            let (x, y) = grid_xy(p);
            grid[y][x] = glyph(&self.board, p);
        }
        for s in 0..8u8 {
            let (dx, dy) = Point::compass(s);
            let (dx, dy) = (i32::from(dx), i32::from(dy));
            let (x, y) = ((18 + 4 * dx * 4) as usize, (8 + 2 * dy * 4) as usize);
            grid[y][x] = char::from(b'a' + s);
        }
        let mut out = String::new();
        for row in &grid {
            let line: String = row.iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "B/W: {}s, K: the {}; rings 1 (inner) to 3, spokes a (north) to h clockwise",
            self.ship_word(),
            self.kraken_word()
        );
        out.push_str(&self.summary());
        out
    }

    /// The state under the diagram: who is to play and what he must do, and the tallies.
    fn summary(&self) -> String {
        let mut out = String::new();
        match self.ending {
            Some(_) => out.push_str("play is over\n"),
            None => {
                let duty = match self.obligation() {
                    Obligation::None => "to play",
                    Obligation::TrapWithdrawal => "to withdraw his trapped ships",
                    Obligation::RepeatWithdrawal => "to withdraw a ship (repeat)",
                    Obligation::Stagnation => "to withdraw a ship (stagnation)",
                };
                let _ = writeln!(out, "{} {duty}", self.side);
            }
        }
        let _ = writeln!(
            out,
            "game {} of set {}; ship traps B {} W {}; off board B {} W {}",
            self.game,
            self.set,
            self.traps[0],
            self.traps[1],
            self.off_board(Colour::Black),
            self.off_board(Colour::White)
        );
        if self.variant.length != Length::Game {
            let _ = writeln!(
                out,
                "games this set B {} W {}; sets won {}; games in the match {}",
                self.set_games[0],
                self.set_games[1],
                pair(self.sets_won),
                pair(self.match_games)
            );
        }
        out
    }
}

/// The labels of the optional fields, in their order.
const LABELS: [&str; 10] = [
    "repeat", "game", "set", "won", "settraps", "sets", "matchwon", "ply", "history", "over",
];

/// Where a point sits on the picture's character grid: 4 columns and 2 rows per unit.
fn grid_xy(p: Point) -> (usize, usize) {
    let (dx, dy) = p.spoke().map_or((0, 0), Point::compass);
    let (dx, dy, r) = (i32::from(dx), i32::from(dy), i32::from(p.ring()));
    ((18 + 4 * dx * r) as usize, (8 + 2 * dy * r) as usize)
}

/// Draws the 48 edges of the board graph: rings as squares, spokes as straight lines.
fn draw_lines(grid: &mut [Vec<char>]) {
    for p in Point::all() {
        for q in p.neighbours().iter().filter(|&q| q > p) {
            let ((x0, y0), (x1, y1)) = (grid_xy(p), grid_xy(q));
            if y0 == y1 {
                for cell in &mut grid[y0][x0.min(x1) + 1..x0.max(x1)] {
                    *cell = '-';
                }
            } else if x0 == x1 {
                for row in &mut grid[y0.min(y1) + 1..y0.max(y1)] {
                    row[x0] = '|';
                }
            } else {
                // A diagonal spoke edge spans 4 columns and 2 rows: one mark at its middle.
                let falling = (x1 > x0) == (y1 > y0);
                grid[(y0 + y1) / 2][(x0 + x1) / 2] = if falling { '\\' } else { '/' };
            }
        }
    }
}

/// The text of an ending.
fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Kraken(c) => format!("kraken-{}", c.letter()),
        Ending::ShipTraps(c) => format!("traps-{}", c.letter()),
        Ending::Capped => "cap".to_owned(),
        Ending::Resigned(c) => format!("resigned-{}", c.letter()),
    }
}

fn read_ending(value: &str, token: &str) -> Result<Ending, PositionError> {
    let colour = |letter: &str| match letter {
        "B" => Some(Colour::Black),
        "W" => Some(Colour::White),
        _ => None,
    };
    let ending = match value.split_once('-') {
        None if value == "cap" => Some(Ending::Capped),
        Some(("kraken", c)) => colour(c).map(Ending::Kraken),
        Some(("traps", c)) => colour(c).map(Ending::ShipTraps),
        Some(("resigned", c)) => colour(c).map(Ending::Resigned),
        _ => None,
    };
    ending.ok_or_else(|| {
        PositionError::new(
            token,
            "over: is kraken-B, traps-B, cap or resigned-B (or -W)",
        )
    })
}

/// Reads the board field: `C/ring 1/ring 2/ring 3`.
fn read_board(field: &str) -> Result<Board, PositionError> {
    let parts: Vec<&str> = field.split('/').collect();
    let sizes = [1, 8, 8, 8];
    if parts.len() != 4 {
        return Err(PositionError::new(
            field,
            "the board is the centre and three rings of 8, separated by /",
        ));
    }
    for (part, size) in parts.iter().zip(sizes) {
        if part.chars().count() != size {
            return Err(PositionError::new(
                *part,
                format!("expected {size} points here"),
            ));
        }
    }
    read_points(&parts.concat()).map_err(|reason| {
        let part = parts
            .iter()
            .find(|p| p.chars().any(|c| !".BWK".contains(c)))
            .unwrap_or(&field);
        PositionError::new(*part, reason)
    })
}

/// Reads 25 point letters in index order into a board.
fn read_points(all: &str) -> Result<Board, String> {
    if all.chars().count() != 25 {
        return Err("a board has 25 points".to_owned());
    }
    let mut ships = [0u32; 2];
    let mut kraken = None;
    for (i, ch) in all.chars().enumerate() {
        match ch {
            '.' => {}
            'B' => ships[0] |= 1 << i,
            'W' => ships[1] |= 1 << i,
            'K' if kraken.is_none() => kraken = Some(i as u8),
            'K' => return Err("there is only one kraken".to_owned()),
            _ => return Err(format!("`{ch}` is not ., B, W or K")),
        }
    }
    let kraken = kraken.ok_or("the kraken is always on the board")?;
    if ships
        .iter()
        .any(|s| s.count_ones() > u32::from(SHIPS_PER_COLOUR))
    {
        return Err("each colour has 7 ships".to_owned());
    }
    Ok(Board { ships, kraken })
}

fn read_history(scope: RepeatScope, value: &str, token: &str) -> Result<History, PositionError> {
    let mut history = History::default();
    let boards: Vec<&str> = value.split(',').collect();
    if scope == RepeatScope::LastCycle && boards.len() > 3 {
        return Err(PositionError::new(
            token,
            "with repeat_scope=last_cycle the history holds at most 3 boards",
        ));
    }
    for b in boards {
        let board = read_points(b).map_err(|reason| PositionError::new(b, reason))?;
        history.push(scope, board.key());
    }
    Ok(history)
}

/// `b-w`: two small numbers.
fn read_pair(field: &str) -> Result<[u8; 2], PositionError> {
    let fail = || PositionError::new(field, "expected two tallies such as 0-0 or 2-1");
    let (a, b) = field.split_once('-').ok_or_else(fail)?;
    let number = |s: &str| -> Result<u8, PositionError> {
        match s.parse::<u8>() {
            Ok(n) if n.to_string() == s && n <= TALLY_MAX => Ok(n),
            _ => Err(fail()),
        }
    };
    Ok([number(a)?, number(b)?])
}

fn read_number(value: &str, token: &str, low: u32, high: u32) -> Result<u32, PositionError> {
    match value.parse::<u32>() {
        Ok(n) if n.to_string() == value && (low..=high).contains(&n) => Ok(n),
        _ => Err(PositionError::new(
            token,
            format!("expected a number from {low} to {high}"),
        )),
    }
}
