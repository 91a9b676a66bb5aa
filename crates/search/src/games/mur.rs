//! What the searches know about Mur: an evaluation that counts the whole length of play (games
//! and sets already won, then the current game), and a playout policy that takes a trap a
//! placement completes.
//!
//! Ships are never lost in Mur (a trapped ship goes back off the board), so the evaluation does
//! not count ships. Within a game it counts the ship traps scored, the lone ships (alphas) that
//! stand close to being surrounded, and the traps the side to move can complete at once by
//! placing a ship: the kraken's last open neighbour, or the last open neighbour of an enemy
//! alpha. Above the game it counts, from the player's side, the games won in the current set
//! (and the set's ship traps, its tie-break), the sets won and the match's games.

use muster_rules::mur::{Action, ActionKind, Colour, Length, Mur, Piece, Point, POINT_COUNT};
use muster_rules::{Game, Seat};
use rand::rngs::SmallRng;
use rand::Rng;

use crate::knowledge::Knowledge;

/// Per-game knowledge of Mur, at every length (`game`, `set`, `match`) and rules option.
///
/// [`Knowledge::score`] adds the standing above the current game (won games and sets, each
/// worth more than any position within a game) to a bounded evaluation of the current game.
/// [`Knowledge::utilities`] turns the two into the chance of winning the whole length of play:
/// the current game is won with the logistic of its evaluation, and either result is judged by
/// the logistic of the standing it leads to.
#[derive(Clone, Copy, Debug, Default)]
pub struct MurKnowledge;

/// What a game won in the current set is worth.
const GAME_VALUE: i32 = 2000;
/// What a set won is worth in a match.
const SET_VALUE: i32 = 8000;
/// What a game won in the match is worth beyond its set (the match's tie-break).
const MATCH_GAME_VALUE: i32 = 300;
/// What a ship trap of the current set is worth beyond its game (the set's tie-break).
const SET_TRAP_VALUE: i32 = 60;
/// The bound of the evaluation within a game, below a won game.
const IN_GAME_BOUND: i32 = 1800;
/// What a ship trap scored in the current game is worth.
const TRAP_VALUE: i32 = 450;
/// What a trap the side to move can complete by a placement is worth, when it does not win.
const TRAP_ON_MOVE: i32 = 350;
/// What a placement that wins the game at once is worth to the side to move.
const WIN_ON_MOVE: i32 = 1700;
/// What each enemy ship around one's own alpha costs, squared.
const EXPOSURE: i32 = 10;
/// What an alpha one enemy ship short of being trapped costs its owner when he is not to move.
const NEARLY_TRAPPED: i32 = 120;
/// The logistic width of an evaluation within a game.
const GAME_SCALE: f64 = 450.0;
/// The logistic width of the standing above the game, for a set and for a match.
const SET_SCALE: f64 = 2500.0;
const MATCH_SCALE: f64 = 4000.0;

/// The neighbour set of every point (bit `index`), from the board's description: the centre
/// touches ring 1, each ring is a circle of 8, each spoke joins its ring points in turn.
const NEIGHBOURS: [u32; POINT_COUNT] = {
    let mut table = [0u32; POINT_COUNT];
    let mut ring = 1;
    while ring <= 3 {
        let mut spoke = 0;
        while spoke < 8 {
            let p = 1 + 8 * (ring - 1) + spoke;
            let mut set = 1 << (1 + 8 * (ring - 1) + (spoke + 1) % 8);
            set |= 1 << (1 + 8 * (ring - 1) + (spoke + 7) % 8);
            set |= if ring == 1 { 1 } else { 1 << (p - 8) };
            if ring < 3 {
                set |= 1 << (p + 8);
            }
            table[p] = set;
            table[0] |= if ring == 1 { 1 << p } else { 0 };
            spoke += 1;
        }
        ring += 1;
    }
    table
};

/// The pieces of a position as point sets.
#[derive(Clone, Copy, Debug)]
struct Board {
    /// The points of each colour's ships (Black, White).
    ships: [u32; 2],
    /// The kraken's point index.
    kraken: usize,
}

impl Board {
    fn read(game: &Mur) -> Board {
        let mut board = Board {
            ships: [0; 2],
            kraken: 0,
        };
        for index in 0..POINT_COUNT {
            let Some(point) = Point::from_index(index as u8) else {
                continue;
            };
            match game.piece(point) {
                Some(Piece::Ship(c)) => board.ships[c.index()] |= 1 << index,
                Some(Piece::Kraken) => board.kraken = index,
                None => {}
            }
        }
        board
    }

    fn empty(&self) -> u32 {
        ((1 << POINT_COUNT) - 1) & !(self.ships[0] | self.ships[1] | 1 << self.kraken)
    }

    /// `c`'s ships with no ship of their own colour beside them.
    fn alphas(&self, c: Colour) -> u32 {
        let own = self.ships[c.index()];
        let mut alphas = 0;
        let mut rest = own;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if NEIGHBOURS[p] & own == 0 {
                alphas |= 1 << p;
            }
        }
        alphas
    }
}

/// The single point of `set`, when it holds exactly one.
fn lone(set: u32) -> Option<u8> {
    (set.count_ones() == 1).then(|| set.trailing_zeros() as u8)
}

/// The points where a ship of `c` placed now completes a trap: the kraken's last open
/// neighbour (under `single_colour`, only when its other neighbours are all `c`'s), and the last
/// open neighbour of each enemy alpha whose other neighbours are all `c`'s. Returns the kraken
/// point (if any) and the enemy-trap points.
fn placement_traps(b: &Board, c: Colour, single_colour: bool) -> (Option<u8>, u32) {
    let empty = b.empty();
    let mine = b.ships[c.index()];
    let around = NEIGHBOURS[b.kraken];
    let kraken = lone(around & empty).filter(|&p| {
        let others = around & !(1 << p);
        !single_colour || others & !mine == 0
    });
    let mut traps = 0;
    let mut alphas = b.alphas(c.opponent());
    while alphas != 0 {
        let p = alphas.trailing_zeros() as usize;
        alphas &= alphas - 1;
        let open = NEIGHBOURS[p] & !mine;
        if open & !empty == 0 {
            traps |= lone(open).map_or(0, |q| 1 << q);
        }
    }
    (kraken, traps)
}

/// How exposed `c`'s alphas are: enemy ships around each, squared, and for a side not to move
/// a premium for each alpha one enemy ship short of being trapped.
fn exposure(b: &Board, c: Colour, on_move: bool) -> i32 {
    let enemy = b.ships[c.opponent().index()];
    let empty = b.empty();
    let mut alphas = b.alphas(c) & !1;
    let mut cost = 0;
    while alphas != 0 {
        let p = alphas.trailing_zeros() as usize;
        alphas &= alphas - 1;
        let around = NEIGHBOURS[p];
        let held = (around & enemy).count_ones() as i32;
        cost += EXPOSURE * held * held;
        let open = around & !enemy;
        if !on_move && open.count_ones() == 1 && open & empty != 0 {
            cost += NEARLY_TRAPPED;
        }
    }
    cost
}

/// The evaluation of the current game from Black's side, within ±[`IN_GAME_BOUND`].
fn game_value(game: &Mur) -> i32 {
    let b = Board::read(game);
    let mover = game.to_move();
    let traps = |c| i32::from(game.trap_tally(c));
    let mut value = TRAP_VALUE * (traps(Colour::Black) - traps(Colour::White));
    value += exposure(&b, Colour::White, mover == Colour::White);
    value -= exposure(&b, Colour::Black, mover == Colour::Black);
    value += sided(mover, on_move(game, &b, mover));
    value.clamp(-IN_GAME_BOUND, IN_GAME_BOUND)
}

/// What the side to move can complete at once by placing a ship.
fn on_move(game: &Mur, b: &Board, mover: Colour) -> i32 {
    if game.off_board(mover) == 0 {
        return 0;
    }
    let single = game.variant().single_colour_kraken();
    let (kraken, traps) = placement_traps(b, mover, single);
    if kraken.is_some() || (traps != 0 && game.trap_tally(mover) >= 2) {
        WIN_ON_MOVE
    } else if traps != 0 {
        TRAP_ON_MOVE
    } else {
        0
    }
}

/// The standing above the current game from Black's side: games won in this set and their
/// traps, sets won, games won in the match. Zero at `game` length.
fn standing_value(game: &Mur) -> i32 {
    let length = game.variant().length;
    if length == Length::Game {
        return 0;
    }
    let diff = |f: &dyn Fn(Colour) -> u8| i32::from(f(Colour::Black)) - i32::from(f(Colour::White));
    let mut value = GAME_VALUE * diff(&|c| game.games_won(c));
    value += SET_TRAP_VALUE * diff(&|c| game.set_trap_tally(c));
    if length == Length::Match {
        value += SET_VALUE * diff(&|c| game.sets_won(c));
        value += MATCH_GAME_VALUE * diff(&|c| game.match_games_won(c));
    }
    value
}

/// `value` as seen from Black when it is `c`'s.
#[inline(always)]
fn sided(c: Colour, value: i32) -> i32 {
    match c {
        Colour::Black => value,
        Colour::White => -value,
    }
}

/// `value` (from Black's side) as seen by `seat`.
fn for_seat(game: &Mur, seat: Seat, value: i32) -> i32 {
    sided(game.colour_of(seat), value)
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Knowledge<Mur> for MurKnowledge {
    fn name(&self) -> &'static str {
        "mur"
    }

    /// The standing above the game plus the bounded evaluation of the current game, from
    /// `seat`'s side (whatever colour it plays in this set); antisymmetric by construction.
    fn score(&self, game: &Mur, seat: Seat) -> i32 {
        for_seat(game, seat, standing_value(game) + game_value(game))
    }

    /// The width of an evaluation within one game: a ship trap ahead is about 73 % of a game.
    fn scale(&self) -> f64 {
        GAME_SCALE
    }

    /// At `game` length, the logistic of the score. At `set` and `match` length, the chance of
    /// winning the current game (the logistic of its evaluation) weighs the logistic of the
    /// standing after winning it against that after losing it.
    fn utilities(&self, game: &Mur, out: &mut [f64]) {
        let width = match game.variant().length {
            Length::Game => 0.0,
            Length::Set => SET_SCALE,
            Length::Match => MATCH_SCALE,
        };
        let standing = f64::from(standing_value(game));
        let p = logistic(f64::from(game_value(game)) / GAME_SCALE);
        let black = if width == 0.0 {
            p
        } else {
            let won = logistic((standing + f64::from(GAME_VALUE)) / width);
            let lost = logistic((standing - f64::from(GAME_VALUE)) / width);
            p * won + (1.0 - p) * lost
        };
        for (s, u) in out.iter_mut().enumerate() {
            let colour = game.colour_of(Seat(s as u8));
            *u = if colour == Colour::Black {
                black
            } else {
                1.0 - black
            };
        }
    }

    /// A placement that traps the kraken or an enemy alpha when one is legal; uniform otherwise.
    fn playout_action(&self, game: &Mur, legal: &[Action], rng: &mut SmallRng) -> Action {
        let uniform = legal[rng.random_range(0..legal.len())];
        let mover = game.to_move();
        if game.off_board(mover) == 0
            || !matches!(uniform.kind(), ActionKind::Place(_) | ActionKind::Move(..))
        {
            return uniform;
        }
        let b = Board::read(game);
        let (kraken, traps) = placement_traps(&b, mover, game.variant().single_colour_kraken());
        let target = kraken.or_else(|| (traps != 0).then(|| traps.trailing_zeros() as u8));
        target
            .and_then(Point::from_index)
            .map(Action::place)
            .filter(|a| legal.contains(a))
            .unwrap_or(uniform)
    }

    /// About two random games: the rest of the current game, then the evaluation judges.
    fn playout_plies(&self) -> Option<u32> {
        Some(100)
    }
}

/// Positions of single games met in seeded random play in which the side to move forces a win
/// (by the kraken or by his third ship trap), for testing searches; this module's tests check
/// each one by exhaustive search.
pub fn tactical_positions() -> Vec<super::Tactic> {
    let tactic = |position, depth, wins| super::Tactic {
        variant: "game",
        position,
        depth,
        wins,
    };
    vec![
        tactic(
            "B/K....B.W/WWWWW.../B.B.BBWB B 0-0 history:B.....BWKWWWW.W.BB.B.BBW.,\
             B.....BWKWWWWW..BB.B.BBW.,B.....BWKWWWWW...B.B.BBWB",
            1,
            &["f1i"],
        ),
        // Black already holds two ship traps; b2+ wins at once.
        tactic(
            "./..W.BB../BB..KBW./WW.WB.BW B 2-0 settraps:2-0 history:\
             .B.W.BB...B..KBW.WW.WBWB.,.B.W.BB...B..KBW.WW.WB.B.,...W.BB..BB..KBW.WW.WB.B.",
            1,
            &["b2+"],
        ),
        tactic(
            "B/BB..KBW./WWW....W/BWB..WB. B 0-0 history:WBB..KBW.B.WW..BWBWB..W..,\
             BBB..KBW.W.WW..BWBWB..W..,BBB..KBW.W.WW...WBWB..WB.",
            3,
            &["Cb"],
        ),
        tactic(
            "W/B.WW.W../KB.B.BWB/..WB...B B 0-0 history:WB.W..WW.KB.B.B....WB...B,\
             WB.W..WW.KB.B.BW...WB...B,WB.W..WW.KB.B.BWB..WB...B",
            3,
            &["b2o"],
        ),
        tactic(
            "./..KW.WB./B.BB.WWB/WW.B.WB. B 0-0 history:B..K..WB..WBBWWWB.W.B.WB.,\
             B..K..WB.B.BWWWWB.W.B.WB.,...KW.WB.B.BBWWWB.W.B.WB.",
            5,
            &["c2+"],
        ),
        tactic(
            "K/WBBWW.W./BBW....W/.B..WBB. B 0-0 history:KWBB.W.W.BBWW.B.W.B.W..B.,\
             KWBBWW.W.BBW..B.W.B.W..B.,KWBBWW.W.BBW....W.B.W.BB.",
            5,
            &["b1i"],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testing::{
        greedy_wins, positions_of_random_games, sole_winner, verify_tactics,
    };
    use muster_rules::mur::MurVariant;
    use muster_rules::Variant;
    use rand::SeedableRng;

    fn position(variant: &str, text: &str) -> Mur {
        let variant = MurVariant::parse_text(variant).expect("variant");
        let game = Mur::from_position(&variant, text).expect("position");
        assert_eq!(game.position_text(), text, "canonical text");
        game
    }

    fn score(variant: &str, text: &str, seat: u8) -> i32 {
        MurKnowledge.score(&position(variant, text), Seat(seat))
    }

    /// Seven ships around the kraken on ring 1, h1 open.
    const KRAKEN_ALMOST_TRAPPED: &str = "K/BWBWBWB./......../........";

    #[test]
    fn the_neighbour_table_matches_the_board() {
        for point in (0..POINT_COUNT as u8).filter_map(Point::from_index) {
            let theirs = point
                .neighbours()
                .iter()
                .fold(0u32, |m, q| m | 1 << q.index());
            assert_eq!(NEIGHBOURS[usize::from(point.index())], theirs, "{point}");
        }
    }

    #[test]
    fn the_score_is_antisymmetric_at_every_length() {
        let lengths = ["game", "set", "match", "match swap_colours_between_sets=on"];
        for variant in lengths {
            let variant = MurVariant::parse_text(variant).expect("variant");
            let positions =
                positions_of_random_games(&Mur::new(&variant, 2).expect("two seats"), 12);
            let mut nonzero = 0;
            for game in &positions {
                let first = MurKnowledge.score(game, Seat(0));
                assert_eq!(
                    first,
                    -MurKnowledge.score(game, Seat(1)),
                    "{}",
                    game.position_text()
                );
                nonzero += usize::from(first != 0);
            }
            assert!(nonzero > positions.len() / 2, "the score says something");
        }
    }

    #[test]
    fn utilities_are_probabilities_that_sum_to_one() {
        for variant in ["game", "set", "match swap_colours_between_sets=on"] {
            let variant = MurVariant::parse_text(variant).expect("variant");
            for game in positions_of_random_games(&Mur::new(&variant, 2).expect("two seats"), 4) {
                let mut u = [0.0; 2];
                MurKnowledge.utilities(&game, &mut u);
                assert!(u.iter().all(|x| (0.0..=1.0).contains(x)), "{u:?}");
                assert!((u[0] + u[1] - 1.0).abs() < 1e-9, "{u:?}");
            }
        }
    }

    #[test]
    fn a_ship_trap_up_scores_better() {
        let even = score("game", "K/......../......../........ B 0-0", 0);
        let up = score("game", "K/......../......../........ B 1-0", 0);
        assert!(up >= even + TRAP_VALUE, "{up} against {even}");
    }

    #[test]
    fn a_kraken_trap_on_the_move_is_nearly_a_win() {
        let black_to_move = format!("{KRAKEN_ALMOST_TRAPPED} B 0-0");
        let white_to_move = format!("{KRAKEN_ALMOST_TRAPPED} W 0-0");
        assert!(score("game", &black_to_move, 0) >= WIN_ON_MOVE - 200);
        assert!(score("game", &white_to_move, 0) <= -(WIN_ON_MOVE - 200));
    }

    #[test]
    fn a_won_game_in_a_match_outweighs_anything_within_a_game() {
        // White, to move, traps the kraken at once; but Black has won game 1.
        let behind = format!("{KRAKEN_ALMOST_TRAPPED} W 0-0");
        let ahead = format!("{behind} game:2 won:1-0 settraps:3-0 matchwon:1-0");
        assert!(score("match", &behind, 0) < -1000);
        assert!(score("match", &ahead, 0) > 0);
        let (mut before, mut after) = ([0.0; 2], [0.0; 2]);
        MurKnowledge.utilities(&position("match", &behind), &mut before);
        MurKnowledge.utilities(&position("match", &ahead), &mut after);
        assert!(
            before[0] < 0.5 && after[0] > 0.5,
            "{before:?} then {after:?}"
        );
    }

    #[test]
    fn a_won_set_outweighs_the_games_of_the_next() {
        let text = "K/......../......../........ B 0-0 set:2 won:0-2 settraps:0-6 sets:1-0 \
                    matchwon:4-2";
        assert!(score("match", text, 0) > 0);
    }

    #[test]
    fn the_standing_follows_the_player_when_colours_swap() {
        // Seat 0 won set 1 and plays White in set 2.
        let text = "K/......../......../........ B 0-0 set:2 sets:1-0 matchwon:4-2";
        let swapped = "match swap_colours_between_sets=on";
        assert!(score(swapped, text, 0) > SET_VALUE / 2);
        assert!(score("match", text, 0) > SET_VALUE / 2);
        let game = position(swapped, text);
        assert_eq!(game.colour_of(Seat(0)), Colour::White);
    }

    #[test]
    fn the_playout_policy_places_the_trapping_ship() {
        // White's alpha on a3 has b3 and h3 Black around it; a2 completes the trap.
        let game = position("game", "K/......../......../WB.....B B 0-0");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let mut rng = SmallRng::seed_from_u64(11);
        for _ in 0..20 {
            let action = MurKnowledge.playout_action(&game, &legal, &mut rng);
            assert_eq!(game.action_text(action), "*a2");
        }
    }

    #[test]
    fn a_greedy_player_beats_random_play() {
        let variant = MurVariant::parse_text("game").expect("variant");
        let wins = greedy_wins(
            &MurKnowledge,
            &Mur::new(&variant, 2).expect("two seats"),
            100,
            2000,
        );
        assert!(wins >= 90, "{wins} of 100");
    }

    #[test]
    fn a_greedy_player_wins_sets_against_random_play() {
        let variant = MurVariant::parse_text("set").expect("variant");
        let wins = greedy_wins(
            &MurKnowledge,
            &Mur::new(&variant, 2).expect("two seats"),
            10,
            20_000,
        );
        assert!(wins >= 9, "{wins} of 10");
    }

    #[test]
    fn the_tactical_positions_are_forced_wins() {
        let tactics = tactical_positions();
        verify_tactics::<Mur>(&tactics, 4..=6, 1..=5);
        for t in &tactics {
            let game = position(t.variant, t.position);
            let mut next = game.clone();
            next.apply_unchecked(game.parse_action(t.wins[0]).expect("notation"));
            let mover = game.seat_of(game.to_move());
            assert!(t.depth > 1 || sole_winner(&next, mover), "{}", t.position);
        }
    }
}
