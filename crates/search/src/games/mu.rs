//! What the searches know about Mu: territory wins, men make territory, loaded stacks are
//! explosions waiting to happen.
//!
//! A seat's value is its provisional territory (the live count the game would make now), its
//! men, and a little for stacks one man short of exploding on Virginity, where an explosion
//! uncovers Commonwealth and sprouts. Set-up phases are worth nothing to anyone.

use muster_rules::mu::{Layer, Mu, MuAction, Phase};
use muster_rules::{Game, Seat};
use rand::rngs::SmallRng;
use rand::Rng;

use super::{pairwise_utilities, relative, Tactic};
use crate::knowledge::{Ending, Knowledge};

/// Score units per man on the board.
const MAN: i32 = 100;
/// Score units per cell of provisional territory.
const TERRITORY: i32 = 100;
/// Score units per stack of one's own one man short of exploding on Virginity.
const LOADED: i32 = 20;

/// The knowledge of Mu for every variant and seat count.
///
/// `score` is the seat's value minus the mean value of the other seats, where a value counts
/// territory, men and loaded stacks; it is 0 before play starts. Playouts prefer captures.
#[derive(Clone, Debug)]
pub struct MuKnowledge {
    /// The chance that a playout move is drawn from the captures when there are any.
    pub capture_bias: f64,
    /// Plies a playout runs before the evaluation judges it.
    pub plies: Option<u32>,
}

impl Default for MuKnowledge {
    /// Captures half the time in playouts; playouts cut off after 40 plies.
    fn default() -> Self {
        MuKnowledge {
            capture_bias: 0.5,
            plies: Some(40),
        }
    }
}

impl MuKnowledge {
    /// Every seat's value in score units (territory, men, loaded stacks), indexed by seat; all
    /// zero outside the phase of play.
    pub fn values(&self, game: &Mu) -> Vec<i32> {
        let seats = game.seats();
        if game.phase() != Phase::Play {
            return vec![0; seats];
        }
        let mut values: Vec<i32> = game.territory().iter().map(|t| t * TERRITORY).collect();
        for cell in game.geometry().all_cells() {
            let state = game.cell(cell);
            let Some(owner) = state.owner() else { continue };
            let mut value = i32::from(state.height) * MAN;
            if state.layer == Layer::Virgin && state.height + 1 == game.capacity(cell) {
                value += LOADED;
            }
            values[owner.index()] += value;
        }
        values
    }
}

impl Knowledge<Mu> for MuKnowledge {
    fn name(&self) -> &'static str {
        "mu-territory"
    }

    fn score(&self, game: &Mu, seat: Seat) -> i32 {
        relative(&self.values(game), seat)
    }

    fn scale(&self) -> f64 {
        300.0
    }

    /// For each seat the mean, over the other seats, of the logistic of the value difference:
    /// the expected share of seats finished ahead of, as [`muster_rules::Outcome::utility`].
    fn utilities(&self, game: &Mu, out: &mut [f64]) {
        pairwise_utilities(&self.values(game), self.scale(), out);
    }

    fn playout_action(&self, game: &Mu, legal: &[MuAction], rng: &mut SmallRng) -> MuAction {
        let captures = legal.iter().filter(|&&a| is_capture(game, a)).count();
        if captures > 0 && rng.random_bool(self.capture_bias) {
            let pick = rng.random_range(0..captures);
            if let Some(&a) = legal.iter().filter(|&&a| is_capture(game, a)).nth(pick) {
                return a;
            }
        }
        legal[rng.random_range(0..legal.len())]
    }

    fn playout_plies(&self) -> Option<u32> {
        self.plies
    }

    /// Only the phase of play: every seat's value is 0 while the board is laid out and men are
    /// placed, which playouts into the phase of play can judge but a search horizon cannot.
    fn judges(&self, game: &Mu) -> bool {
        game.phase() == Phase::Play
    }

    /// One position, and one more for every [`EXPLOSIONS_PER_POSITION`] explosions the action
    /// that led here set off, fired or explored by the rules' judgement of their order.
    fn position_cost(&self, game: &Mu) -> u64 {
        1 + u64::from(game.work()) / EXPLOSIONS_PER_POSITION
    }

    /// Mu ends only when every seat passes in turn (mu §2.12), so its players follow
    /// [`crate::ending`].
    fn ending(&self) -> Option<&dyn Ending<Mu>> {
        Some(&MuEnding)
    }
}

/// The explosions (fired or explored, see [`Mu::work`]) that cost about as much as a search
/// position: a position of an ordinary three-seat game takes 1–2 µs at level 8, an explosion
/// explored for the order about 0.1 µs (docs/ai.md). Over a whole three-seat game positions
/// count 0.4 % more for it; in a crowded position where nearly every move sets off a chain
/// whose order is judged, it keeps level 8 within its time (0.51 s where it took 33 s).
pub const EXPLOSIONS_PER_POSITION: u64 = 16;

/// Mu's pass, positions and progress for [`crate::ending`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MuEnding;

/// Score units a move must gain over passing: half a man.
const PASS_MARGIN: i32 = MAN / 2;

impl Ending<Mu> for MuEnding {
    fn pass(&self, game: &Mu) -> Option<MuAction> {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        legal.contains(&MuAction::Pass).then_some(MuAction::Pass)
    }

    /// Every cell's layer, owner and height, the seat to move, the phase, the decision owed
    /// and the moves made this turn; not the turn or pass counters.
    fn repetition_key(&self, game: &Mu) -> u64 {
        let mut h = muster_rules::hash::mix(
            u64::from(game.to_move().0) << 8
                ^ (game.phase() as u64) << 16
                ^ (game.pending() as u64) << 24
                ^ u64::from(game.moves_this_turn()) << 32,
        ) ^ game.budget();
        for cell in game.geometry().all_cells() {
            let state = game.cell(cell);
            let word =
                (state.layer as u64) << 24 ^ u64::from(state.owner) << 16 ^ u64::from(state.height);
            h = muster_rules::hash::mix(h ^ word);
        }
        h
    }

    /// The men of each seat and the number of Virgin cells: men are lost only by capture or
    /// removal and gained only by sprouting from a Virgin cell, which never comes back.
    fn progress_key(&self, game: &Mu) -> u64 {
        let mut men = [0u64; 8];
        let mut virgin = 0u64;
        for cell in game.geometry().all_cells() {
            let state = game.cell(cell);
            if state.layer == Layer::Virgin {
                virgin += 1;
            }
            if let Some(owner) = state.owner() {
                men[owner.index() % 8] += u64::from(state.height);
            }
        }
        let mut h = muster_rules::hash::mix(virgin ^ (game.phase() as u64) << 32);
        for m in men {
            h = muster_rules::hash::mix(h ^ m);
        }
        h
    }

    fn pass_margin(&self) -> i32 {
        PASS_MARGIN
    }

    /// A game under the `ply_cap` house rule is counted at the cap.
    fn ends_by_itself(&self, game: &Mu) -> bool {
        game.variant().ply_cap.is_some()
    }
}

/// Whether `action` is a move landing on a stack of another colour.
fn is_capture(game: &Mu, action: MuAction) -> bool {
    let MuAction::Move { from, dir, men } = action else {
        return false;
    };
    let geometry = game.geometry();
    let mut at = from;
    for _ in 0..men {
        match geometry.neighbour(at, dir) {
            Some(next) => at = next,
            None => return false,
        }
    }
    let mover = game.cell(from).owner();
    game.cell(at).owner().is_some_and(|o| Some(o) != mover)
}

/// Positions of Mu levis on the `duel` board where the side to move wins by force within a
/// few plies, with every winning first action; checked by exhaustive search in the tests.
pub fn tactical_positions() -> Vec<Tactic> {
    vec![
        // Purple takes Red's last man, then passes alone with the larger count.
        Tactic {
            variant: DUEL,
            position: concat!(
                "0,0 3,-1 1,2 -2,3 -3,1 -1,-2 2,-3 4,1 6,-2 5,-4 -5,4 -4,-1 2,4 -1,5 | ",
                "A0=VP1 A3=VP1 D0=VP1 D1=VP1 E3=VP1 E4=VR1 H4=VP1 K0=C K3=C K4=C K5=C K6=C | play P seats=2 ply=435"
            ),
            depth: 3,
            wins: &["E3-sw-1"],
        },
        // Only the capture of Red's last stack wins.
        Tactic {
            variant: DUEL,
            position: concat!(
                "0,0 3,-1 1,2 -2,3 -3,1 -1,-2 2,-3 4,1 6,-2 5,-4 -5,4 -4,-1 2,4 -1,5 | ",
                "A0=VP1 A5=VR2 C1=VP1 D0=VP1 D4=C D5=CP1 E5=C F2=VP1 F3=VP1 H1=C K0=C K1=C K2=C K3=C K4=CP1 K5=C K6=C L6=VP1 | play P seats=2 ply=671"
            ),
            depth: 2,
            wins: &["A0-sw-1"],
        },
        // A capture beside Purple's section.
        Tactic {
            variant: DUEL,
            position: concat!(
                "0,0 3,-1 1,2 -2,3 -3,1 -1,-2 2,-3 4,1 6,-2 5,-4 -5,4 -4,-1 2,4 -1,5 | ",
                "A4=VP1 D4=C D5=C E5=C H1=VP1 K0=C K1=C K2=C K3=C K4=C K5=CP1 K6=C L3=C L4=C M2=VR1 M3=VP1 | play P seats=2 ply=389"
            ),
            depth: 2,
            wins: &["M3-e-1"],
        },
        // One man to capture one man.
        Tactic {
            variant: DUEL,
            position: concat!(
                "0,0 3,-1 1,2 -2,3 -3,1 -1,-2 2,-3 4,1 6,-2 5,-4 -5,4 -4,-1 2,4 -1,5 | ",
                "D2=VP1 F1=VR1 G5=VP1 K0=C K1=C K2=C K3=C K4=CP1 K5=C K6=C L3=VP1 | play P seats=2 ply=907"
            ),
            depth: 2,
            wins: &["G5-w-1"],
        },
        // Purple passed and Red holds the only section.
        Tactic {
            variant: DUEL,
            position: concat!(
                "0,0 3,-1 1,2 -2,3 -3,1 -1,-2 2,-3 4,1 6,-2 5,-4 -5,4 -4,-1 2,4 -1,5 | ",
                "A1=VP1 B2=VP1 J1=VP1 K0=C K3=C K4=C K5=CR1 K6=C L2=VR1 M2=VP1 | play R seats=2 passes=1 ply=386"
            ),
            depth: 1,
            wins: &["pass"],
        },
    ]
}

/// The variant of every tactical position.
const DUEL: &str = "levis start=duel";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testing::{greedy_wins, random_positions, verify_tactics, winning_actions};
    use muster_rules::mu::MuVariant;
    use muster_rules::Variant;
    use rand::SeedableRng;

    fn mu(variant: &str) -> Mu {
        Mu::new(&MuVariant::parse_text(variant).unwrap(), 2).unwrap()
    }

    fn at(position: &str) -> Mu {
        Mu::from_position(&MuVariant::levis(), position).unwrap()
    }

    #[test]
    fn two_seat_scores_are_antisymmetric_in_random_play() {
        let k = MuKnowledge::default();
        let mut checked = 0;
        for (variant, seed) in [("levis start=duel", 1), ("levis start=t3", 2), ("velox", 3)] {
            for game in random_positions(&mu(variant), seed, 400) {
                if game.outcome().is_none() {
                    assert_eq!(k.score(&game, Seat(0)), -k.score(&game, Seat(1)));
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "only {checked} positions");
    }

    #[test]
    fn the_opening_protocol_scores_nothing() {
        let k = MuKnowledge::default();
        let game = mu("levis");
        assert_eq!(game.phase(), Phase::Layout);
        assert_eq!(k.score(&game, Seat(0)), 0);
    }

    #[test]
    fn more_territory_scores_better() {
        let k = MuKnowledge::default();
        let men =
            "A0=VR1 A1=VR1 A2=VR1 A3=VR1 A6=VR1 C0=VP1 C1=VP1 C2=VP1 C3=VP1 C4=VP1 C5=VP1 C6=VP1";
        let bare = at(&format!(
            "0,0 3,-1 1,2 | {men} A4=VR1 A5=VR1 | play P seats=2"
        ));
        let owned = at(&format!(
            "0,0 3,-1 1,2 | {men} A4=CR1 A5=CR1 | play P seats=2"
        ));
        assert_eq!(bare.territory(), [0, 0]);
        assert!(owned.territory()[0] >= 2);
        assert!(k.score(&owned, Seat(0)) >= k.score(&bare, Seat(0)) + 150);
    }

    #[test]
    fn a_seat_with_more_men_stands_better() {
        let k = MuKnowledge::default();
        let game = at("0,0 3,-1 1,2 | A0=VR1 A1=VR1 A2=VR1 A3=VR1 A4=VR1 A5=VR1 A6=VR1 C0=VP1 C1=VP1 | play R seats=2");
        assert!(k.score(&game, Seat(0)) >= 400);
        assert!(k.score(&game, Seat(1)) <= -400);
    }

    #[test]
    fn utilities_of_three_seats_share_out_the_table() {
        let k = MuKnowledge::default();
        let v = MuVariant::parse_text("levis start=random seed=5").unwrap();
        let start = Mu::new(&v, 3).unwrap();
        for game in random_positions(&start, 4, 200).iter().step_by(20) {
            let mut u = [0.0; 3];
            k.utilities(game, &mut u);
            assert!((u.iter().sum::<f64>() - 1.5).abs() < 1e-9, "{u:?}");
            assert!(u.iter().all(|&x| (0.0..=1.0).contains(&x)));
        }
    }

    #[test]
    fn prune_keeps_a_legal_action_always() {
        let k = MuKnowledge::default();
        for game in random_positions(&mu("levis start=duel"), 9, 300) {
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            let mut kept = legal.clone();
            k.prune(&game, &mut kept);
            assert_eq!(kept.is_empty(), legal.is_empty());
            assert!(kept.iter().all(|a| legal.contains(a)));
        }
    }

    #[test]
    fn playouts_take_a_capture_when_told_to() {
        let game = at("0,0 3,-1 1,2 | A0=VR1 A1=VR1 A2=VR1 A3=VR1 A4=VR1 A5=VR1 A6=VR1 C3=VP1 | play R seats=2");
        let k = MuKnowledge {
            capture_bias: 1.0,
            ..MuKnowledge::default()
        };
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..20 {
            let a = k.playout_action(&game, &legal, &mut rng);
            assert!(is_capture(&game, a), "{a}");
        }
    }

    #[test]
    fn greedy_play_beats_random_play_on_the_duel_board() {
        let start = mu("levis start=duel ply_cap=120");
        let wins = greedy_wins(&MuKnowledge::default(), &start, 10, 5000);
        assert!(wins >= 8, "greedy won {wins} of 10");
    }

    #[test]
    #[ignore = "a few seconds in release"]
    fn greedy_play_beats_random_play_in_many_games() {
        let start = mu("levis start=duel ply_cap=200");
        let wins = greedy_wins(&MuKnowledge::default(), &start, 40, 10000);
        println!("greedy won {wins} of 40");
        assert!(wins >= 32, "greedy won {wins} of 40");
    }

    #[test]
    #[ignore = "a measurement, printing playout speed and length"]
    fn measure_playouts() {
        let start = mu("levis start=duel");
        for (name, k) in [
            (
                "uniform",
                MuKnowledge {
                    capture_bias: 0.0,
                    plies: None,
                },
            ),
            (
                "captures",
                MuKnowledge {
                    plies: None,
                    ..MuKnowledge::default()
                },
            ),
        ] {
            let (mut plies, mut games, mut finished) = (0u64, 0u64, 0u64);
            let mut rng = SmallRng::seed_from_u64(11);
            let mut legal = Vec::new();
            let clock = std::time::Instant::now();
            while clock.elapsed().as_secs_f64() < 3.0 {
                let mut game = start.clone();
                for _ in 0..20_000 {
                    game.legal_actions(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    game.apply_unchecked(k.playout_action(&game, &legal, &mut rng));
                    plies += 1;
                }
                games += 1;
                finished += u64::from(game.outcome().is_some());
            }
            let seconds = clock.elapsed().as_secs_f64();
            println!(
                "{name}: {:.0} plies/s, {} plies a game, {finished} of {games} finished",
                plies as f64 / seconds,
                plies / games
            );
        }
    }

    #[test]
    fn the_tactical_positions_hold_exactly_their_wins() {
        verify_tactics::<Mu>(&tactical_positions(), 3..=5, 1..=4);
    }

    #[test]
    #[ignore = "a search for tactical positions, printing what it finds"]
    fn find_tactical_positions() {
        let start = mu("levis start=duel");
        for seed in 0..40 {
            let positions = random_positions(&start, seed, 3000);
            let n = positions.len();
            for game in positions.iter().skip(n.saturating_sub(12)) {
                if game.outcome().is_some() {
                    continue;
                }
                let legal = game.count_actions();
                for depth in 1..=3 {
                    if legal.pow(depth) > 200_000 {
                        break;
                    }
                    let wins = winning_actions(game, depth);
                    if !wins.is_empty() && wins.len() < legal {
                        println!(
                            "seed {seed} depth {depth} legal {legal} wins {wins:?}\n  {}",
                            game.position_text()
                        );
                        break;
                    }
                }
            }
        }
    }
}
