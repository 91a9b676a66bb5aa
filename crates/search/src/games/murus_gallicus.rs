//! What the searches know about Murus Gallicus: a bitboard evaluation; playouts stay uniform.
//!
//! The evaluation counts, for each side, its stacks (a tower, the only piece that acts in the
//! basic game, is worth more than the two walls it could become), how far its stones have
//! advanced, the stones guarding its own home row, and the threats on the board: towers (and, in
//! Advanced, catapults) that can put a stone on the far row next turn, and invaders already
//! standing there. Threats count far more for the side to move, which can carry them out, than
//! for the side that must answer them.

use muster_rules::murus_gallicus::{Cell, Colour, MurusGallicus};
use muster_rules::{Game, Seat};

use crate::knowledge::Knowledge;

/// Per-game knowledge of Murus Gallicus (every ruleset, board and option).
///
/// [`Knowledge::score`] reads the position into bitboards (one pass over the cells) and
/// evaluates them with set operations. Playouts stay uniform: a policy taking every immediate
/// breakthrough cost a fifth of the playout speed and won 51 % of random games against uniform
/// play.
#[derive(Clone, Copy, Debug, Default)]
pub struct MurusGallicusKnowledge;

/// The value of a wall, a tower and a catapult (100 units are one stone).
const STACK_VALUE: [i32; 3] = [100, 260, 380];
/// The bonus of a tower by rows advanced from its home row (index 0 is the home row itself).
const TOWER_ADVANCE: [i32; 8] = [0, 6, 14, 24, 38, 44, 30, 30];
/// The bonus of a wall or catapult stone per row advanced.
const STONE_ADVANCE: i32 = 4;
/// The bonus of each own stone on one's home row, where enemy breakthroughs land.
const HOME_GUARD: i32 = 12;
/// What an immediate, winning breakthrough on the move is worth.
const WIN_ON_MOVE: i32 = 3000;
/// What a breakthrough threat of the side to move is worth when the breakthrough must survive a
/// turn.
const DELAYED_THREAT_ON_MOVE: i32 = 300;
/// What each threat of the side not to move costs the side to move.
const THREAT_AGAINST: i32 = 350;
/// What an enemy stone on the mover's home row costs him under the delayed breakthrough.
const INVADER_AGAINST: i32 = 1500;

/// The stones of a position as bitboards (bit `rank * 8 + file`), as the rules crate keeps them.
#[derive(Clone, Copy, Debug, Default)]
struct Boards {
    /// Cells holding a stack, per colour (Light, Dark).
    occ: [u64; 2],
    /// Cells holding two stones or more.
    tall: u64,
    /// Cells holding three stones.
    cat: u64,
}

impl Boards {
    /// Reads every cell of the position once.
    #[inline]
    fn read(game: &MurusGallicus) -> Boards {
        let mut b = Boards::default();
        let cells = 8 * u32::from(game.rows());
        for index in 0..cells as u8 {
            let Some(cell) = Cell::from_index(index) else {
                break;
            };
            if let Some((colour, height)) = game.stack(cell) {
                let bit = 1u64 << index;
                b.occ[colour.index()] |= bit;
                if height >= 2 {
                    b.tall |= bit;
                }
                if height >= 3 {
                    b.cat |= bit;
                }
            }
        }
        b
    }

    fn walls(&self, c: Colour) -> u64 {
        self.occ[c.index()] & !self.tall
    }

    fn towers(&self, c: Colour) -> u64 {
        self.occ[c.index()] & self.tall & !self.cat
    }

    fn catapults(&self, c: Colour) -> u64 {
        self.occ[c.index()] & self.cat
    }

    fn empty(&self, board: u64) -> u64 {
        board & !(self.occ[0] | self.occ[1])
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Moves every cell of `bb` one step by (`dx`, `dy`), dropping what leaves the 8 × 8 grid.
#[inline(always)]
fn step(bb: u64, dx: i8, dy: i8) -> u64 {
    let bb = match dx {
        1 => (bb & !FILE_H) << 1,
        -1 => (bb & !FILE_A) >> 1,
        _ => bb,
    };
    match dy {
        1 => bb << 8,
        -1 => bb >> 8,
        _ => bb,
    }
}

/// Moves every cell of `bb` `k` steps by (`dx`, `dy`).
#[inline(always)]
fn steps(mut bb: u64, dx: i8, dy: i8, k: u32) -> u64 {
    for _ in 0..k {
        bb = step(bb, dx, dy);
    }
    bb
}

/// The eight bits of rank index `rank`.
#[inline(always)]
fn rank_mask(rank: u8) -> u64 {
    0xFF << (8 * u32::from(rank))
}

/// What the evaluation needs to know about the board and the variant.
#[derive(Clone, Copy, Debug)]
struct Frame {
    rows: u8,
    board: u64,
    advanced: bool,
    immediate: bool,
    escape: bool,
}

impl Frame {
    fn of(game: &MurusGallicus) -> Frame {
        let variant = game.variant();
        let rows = game.rows();
        Frame {
            rows,
            board: u64::MAX >> (8 * (8 - u32::from(rows))),
            advanced: variant.advanced(),
            immediate: variant.breakthrough_is_immediate(),
            escape: variant.escape,
        }
    }

    /// The rank index of `c`'s home row.
    fn home(&self, c: Colour) -> u8 {
        match c {
            Colour::Light => 0,
            Colour::Dark => self.rows - 1,
        }
    }

    /// The rank index `rows_ahead` rows from `c`'s home row toward the enemy.
    fn rank_ahead(&self, c: Colour, rows_ahead: u8) -> u8 {
        match c {
            Colour::Light => rows_ahead,
            Colour::Dark => self.rows - 1 - rows_ahead,
        }
    }

    /// The rank step toward the enemy home row.
    fn forward(&self, c: Colour) -> i8 {
        match c {
            Colour::Light => 1,
            Colour::Dark => -1,
        }
    }
}

/// The material, advancement and home guard of `c`.
fn standing(b: &Boards, f: &Frame, c: Colour) -> i32 {
    let walls = b.walls(c);
    let towers = b.towers(c);
    let cats = b.catapults(c);
    let mut total = STACK_VALUE[0] * walls.count_ones() as i32
        + STACK_VALUE[1] * towers.count_ones() as i32
        + STACK_VALUE[2] * cats.count_ones() as i32;
    total += HOME_GUARD * (b.occ[c.index()] & rank_mask(f.home(c))).count_ones() as i32;
    if f.escape {
        return total;
    }
    for ahead in 1..f.rows {
        let row = rank_mask(f.rank_ahead(c, ahead));
        total += TOWER_ADVANCE[usize::from(ahead)] * (towers & row).count_ones() as i32;
        let others = ((walls | cats) & row).count_ones() as i32;
        total += STONE_ADVANCE * i32::from(ahead) * others;
    }
    total
}

/// The stacks of `c` that could put a stone on the enemy home row with their next action: towers
/// two rows short of it with both landing cells open, and (Advanced) catapults two or three rows
/// short of it aiming at an empty cell there.
fn threats(b: &Boards, f: &Frame, c: Colour) -> u64 {
    let far = rank_mask(f.rank_ahead(c, f.rows - 1));
    let near = rank_mask(f.rank_ahead(c, f.rows - 2));
    let mut open = b.empty(f.board) | b.walls(c);
    if f.advanced {
        open |= b.towers(c);
    }
    let towers = b.towers(c);
    let cats = b.catapults(c);
    let empty_far = b.empty(f.board) & far;
    let dy = f.forward(c);
    let mut found = 0;
    for dx in -1..=1 {
        let near_ok = steps(open & near, -dx, -dy, 1);
        let far_ok = steps(open & far, -dx, -dy, 2);
        found |= towers & near_ok & far_ok;
        if cats != 0 {
            found |= cats & (steps(empty_far, -dx, -dy, 2) | steps(empty_far, -dx, -dy, 3));
        }
    }
    found
}

/// Whether `c` has nothing that can act (no tower, no catapult): he loses when his turn comes.
fn helpless(b: &Boards, c: Colour) -> bool {
    b.occ[c.index()] & b.tall == 0
}

/// The evaluation from Light's side.
fn light_value(game: &MurusGallicus) -> i32 {
    let b = Boards::read(game);
    let f = Frame::of(game);
    let mover = game.to_move();
    let other = mover.opponent();
    let invaded = b.occ[other.index()] & rank_mask(f.home(mover)) != 0;
    if helpless(&b, other) && !invaded {
        return sided(mover, WIN_ON_MOVE);
    }
    let mut value = standing(&b, &f, Colour::Light) - standing(&b, &f, Colour::Dark);
    if !f.escape {
        value += sided(mover, tension(&b, &f, mover, other));
    }
    value
}

/// The threat terms from the side to move's point of view.
fn tension(b: &Boards, f: &Frame, mover: Colour, other: Colour) -> i32 {
    let mine = threats(b, f, mover).count_ones() as i32;
    let theirs = threats(b, f, other).count_ones() as i32;
    let mut value = -THREAT_AGAINST * theirs.min(3);
    if f.immediate {
        if mine > 0 {
            value = WIN_ON_MOVE;
        }
    } else {
        let invaders = b.occ[other.index()] & rank_mask(f.home(mover));
        if invaders != 0 {
            value -= INVADER_AGAINST;
        }
        value += DELAYED_THREAT_ON_MOVE * mine.min(2);
    }
    value
}

/// `value` as seen from Light when it is `c`'s.
#[inline(always)]
fn sided(c: Colour, value: i32) -> i32 {
    match c {
        Colour::Light => value,
        Colour::Dark => -value,
    }
}

impl Knowledge<MurusGallicus> for MurusGallicusKnowledge {
    fn name(&self) -> &'static str {
        "murus-gallicus"
    }

    /// Material, advancement, home guard and breakthrough threats; antisymmetric by
    /// construction (one value from Light's side, negated for Dark).
    fn score(&self, game: &MurusGallicus, seat: Seat) -> i32 {
        let value = light_value(game);
        if seat.index() == 0 {
            value
        } else {
            -value
        }
    }

    /// A breakthrough on the move scores 3000 and decides the game; a tower is worth about
    /// 2.6 stones. 300 units make a position about 73 % won.
    fn scale(&self) -> f64 {
        300.0
    }

    /// To the end: a random game of the basic game lasts about 33 plies.
    fn playout_plies(&self) -> Option<u32> {
        None
    }
}

/// Positions met in seeded random games in which the side to move forces a win (five of the
/// basic game, one of Advanced), for testing searches; this module's tests check each one by
/// exhaustive search.
pub fn tactical_positions() -> Vec<super::Tactic> {
    let tactic = |variant, position, depth, wins| super::Tactic {
        variant,
        position,
        depth,
        wins,
    };
    vec![
        // A tower on c5 breaks through on a7.
        tactic(
            "basic",
            "4w1ww/wWw1tw2/w1Tww1wW/2W1w1Ww/WWT2w1w/W3TWW1/W7 L 38",
            1,
            &["c5-a7"],
        ),
        tactic(
            "basic",
            "w2w4/1wt1t2w/2wWW1w1/W2TW2t/1WW3Ww/1W2W3/3W1W2 L 36",
            3,
            &["d4-f6"],
        ),
        tactic(
            "basic",
            "t2ww3/2tw3w/4twww/6Ww/WWw1W3/WW1WWWWW/4T1WW D 25",
            3,
            &["e5-c3"],
        ),
        tactic(
            "basic",
            "2wwww2/w1ww1tww/ww2W3/3W2Ww/2WT1WWw/1WTW1W2/1WW5 L 26",
            5,
            &["d3-d5"],
        ),
        tactic(
            "basic",
            "w7/1ww1tt1w/1tw1W1w1/3WW1Ww/2WT2Ww/1WT1W3/3W1W2 D 31",
            5,
            &["f6-h4"],
        ),
        // Advanced: the catapult on c4 lands a wall on Light's empty home row, out of reach.
        tactic(
            "advanced",
            "2t1w2t/1w3w2/W1ww1w2/W1cwW2W/1WWwWT1W/WWWWW3/8 D 29",
            2,
            &["c4-c1", "c4-f1"],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testing::{greedy_wins, positions_of_random_games, verify_tactics};
    use muster_rules::murus_gallicus::MurusVariant;
    use muster_rules::Variant;

    fn variant(text: &str) -> MurusVariant {
        MurusVariant::parse_text(text).expect("variant")
    }

    fn start(text: &str) -> MurusGallicus {
        MurusGallicus::new(&variant(text), 2).expect("two seats")
    }

    fn position(variant_text: &str, text: &str) -> MurusGallicus {
        MurusGallicus::from_position(&variant(variant_text), text).expect("position")
    }

    fn light_score(variant_text: &str, text: &str) -> i32 {
        MurusGallicusKnowledge.score(&position(variant_text, text), Seat(0))
    }

    #[test]
    fn the_score_is_antisymmetric_in_every_ruleset() {
        for preset in [
            "basic",
            "advanced",
            "abstractplay",
            "basic-8x8",
            "basic escape=on",
        ] {
            let positions = positions_of_random_games(&start(preset), 40);
            let k = MurusGallicusKnowledge;
            let mut nonzero = 0;
            for game in &positions {
                let light = k.score(game, Seat(0));
                assert_eq!(light, -k.score(game, Seat(1)), "{}", game.position_text());
                nonzero += usize::from(light != 0);
            }
            assert!(
                nonzero > positions.len() / 2,
                "{preset}: the score says something"
            );
        }
    }

    #[test]
    fn a_stone_up_scores_better() {
        let even = light_score("basic", "tttttttt/8/8/8/8/8/TTTTTTTT D 1");
        let up = light_score("basic", "tttttttt/8/8/8/3W4/8/TTTTTTTT D 1");
        assert!(up >= even + 100, "{up} against {even}");
    }

    #[test]
    fn a_tower_is_worth_more_than_two_walls() {
        let tower = light_score("basic", "tttttttt/8/8/8/3T4/8/TTTTTTTT D 1");
        let walls = light_score("basic", "tttttttt/8/8/8/3W4/3W4/TTTTTTTT D 1");
        assert!(tower > walls, "{tower} against {walls}");
    }

    #[test]
    fn a_breakthrough_on_the_move_is_nearly_a_win() {
        // Light's tower on d5 can drop stones on d6 and d7.
        let on_move = light_score("basic", "ttt1tttt/8/3T4/8/8/8/TTTTTTT1 L 9");
        let quiet = light_score("basic", "tttttttt/8/8/3T4/8/8/TTTTTTT1 L 9");
        assert!(on_move >= WIN_ON_MOVE / 2, "{on_move}");
        assert!(on_move > quiet + 1000, "{on_move} against {quiet}");
    }

    #[test]
    fn a_threat_the_mover_must_answer_costs_him() {
        let threatened = light_score("basic", "ttt1tttt/8/3T4/8/8/8/TTTTTTT1 D 9");
        let quiet = light_score("basic", "tttttttt/8/8/3T4/8/8/TTTTTTT1 D 9");
        assert!(
            threatened > quiet + THREAT_AGAINST / 2,
            "{threatened} against {quiet}"
        );
    }

    #[test]
    fn a_side_left_without_towers_is_lost() {
        // Dark has only walls: whatever Light plays, Dark cannot move next.
        let game = position("basic", "w1w1w3/8/8/8/8/8/T7 L 30");
        assert!(MurusGallicusKnowledge.score(&game, Seat(0)) >= WIN_ON_MOVE);
    }

    #[test]
    fn a_greedy_player_beats_random_play() {
        for preset in ["basic", "advanced"] {
            let k = MurusGallicusKnowledge;
            let wins = greedy_wins(&k, &start(preset), 100, 400);
            assert!(wins >= 90, "{preset}: {wins} of 100");
        }
    }

    #[test]
    fn the_tactical_positions_are_forced_wins() {
        verify_tactics::<MurusGallicus>(&tactical_positions(), 4..=6, 1..=5);
    }
}
