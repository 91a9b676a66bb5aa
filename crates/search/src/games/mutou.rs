//! What the searches know about MuTou: a seat lives while its blood does, so pieces, wafers
//! and the safety of its blood pieces decide a position.
//!
//! A seat's value counts its pieces and their shakken, its wafers, its pieces carrying its own
//! blood (its lives), a penalty for each such piece an enemy can reach in one step, and a small
//! pull toward the nearest enemy blood piece. Seats that are out are worth a large negative
//! amount; set-up phases are worth nothing to anyone.
//!
//! Area alterations are most of a listing and seldom matter, and calls hand the position to the
//! dice: inside a search's tree [`MuTouKnowledge::prune`] keeps no area alteration and only the
//! open call that may pay, and playouts never choose either. Where the move is played (the
//! root, [`MuTouKnowledge::root_actions`]) the area alterations that take a life of the seat out
//! of an enemy's reach are searched too.

use muster_rules::mutou::surface::{Graph, TesselId};
use muster_rules::mutou::{
    CallMode, MuTou, MuTouAction, Pending, Phase, Piece, Power, Shak, Take, Unit,
};
use muster_rules::{Actor, Game, Seat};
use rand::rngs::SmallRng;
use rand::Rng;

use super::{pairwise_utilities, relative};
use crate::knowledge::Knowledge;

/// Score units per piece of one's allegiance, before its shakken.
const PIECE: i32 = 60;
/// Score units per shak on a piece of one's allegiance.
const SHAK: i32 = 12;
/// Score units per wafer held (banked entitlements count half).
const WAFER: i32 = 20;
/// Score units per piece carrying the seat's own blood: a life.
const LIFE: i32 = 120;
/// The penalty for the seat's last life standing where an enemy can step in one use.
const LAST_LIFE_THREATENED: i32 = 250;
/// The penalty for any other life an enemy can reach in one use.
const LIFE_THREATENED: i32 = 60;
/// Score units lost per touching step between the seat's nearest mobile piece and an enemy
/// blood piece (capped at [`FAR`] steps).
const APPROACH: i32 = 25;
/// The distance beyond which approach no longer counts.
const FAR: i32 = 10;
/// The value of a seat that is out.
const OUT: i32 = -5000;
/// The most iterations a level spends choosing the tier, where every iteration scribes the
/// surface anew: 10 000 took up to a second on the `scribed` preset (docs/ai.md).
const TIER_ITERATIONS: u64 = 10_000;

/// The knowledge of MuTou for every variant and seat count.
///
/// `score` is the seat's value minus the mean value of the others; it is 0 before play.
/// `prune` drops area alterations, calls and most piece alterations (the root keeps the area
/// alterations that take a life out of an enemy's reach); playouts prefer captures (a capture of a last life
/// first) and steps, and decline calls.
#[derive(Clone, Debug)]
pub struct MuTouKnowledge {
    /// Plies a playout runs before the evaluation judges it.
    pub plies: Option<u32>,
}

impl Default for MuTouKnowledge {
    /// Playouts cut off after 60 plies.
    fn default() -> Self {
        MuTouKnowledge { plies: Some(60) }
    }
}

impl MuTouKnowledge {
    /// Every seat's value in score units, indexed by seat; all zero outside the phase of play.
    pub fn values(&self, game: &MuTou) -> Vec<i32> {
        let seats = usize::from(game.seat_count());
        if !matches!(game.phase(), Phase::Play) {
            return vec![0; seats];
        }
        (0..game.seat_count())
            .map(|s| seat_value(game, s))
            .collect()
    }
}

/// One seat's value: material, wafers, lives and their safety, approach.
fn seat_value(game: &MuTou, seat: u8) -> i32 {
    if !game.is_active(seat) {
        return OUT;
    }
    let holdings = game.seat_state(seat);
    let mut value = WAFER * i32::from(holdings.wafers) + WAFER / 2 * i32::from(holdings.banked);
    let lives = game.survival(seat);
    for piece in game.pieces().filter(|p| p.owner == seat) {
        value += PIECE + SHAK * i32::from(piece.shakken.total());
        if piece.gives_survival() {
            value += LIFE;
            if threatened(game, piece) {
                value -= if lives == 1 {
                    LAST_LIFE_THREATENED
                } else {
                    LIFE_THREATENED
                };
            }
        }
    }
    value - APPROACH * approach(game, seat)
}

/// How many of `seat`'s lives (pieces carrying its blood) a piece of another seat can reach.
fn threatened_lives(game: &MuTou, seat: u8) -> usize {
    game.pieces()
        .filter(|p| p.owner == seat && p.gives_survival() && threatened(game, p))
        .count()
}

/// Whether a piece of another active seat can step onto `piece` with one use of a power it
/// carries (Rand aside).
fn threatened(game: &MuTou, piece: &Piece) -> bool {
    game.pieces()
        .filter(|q| q.owner != piece.owner)
        .any(|q| reaches(game, q, piece.at))
}

/// Whether `piece` can step onto `to` with one use of a power it carries (Rand aside).
fn reaches(game: &MuTou, piece: &Piece, to: TesselId) -> bool {
    let surface = game.surface();
    let stack = &piece.shakken;
    let blood = stack.uses(Power::Blood) > 0;
    (blood || stack.uses(Power::Walker) > 0) && surface.walker(piece.at).contains(&to)
        || (blood || stack.uses(Power::Angler) > 0) && surface.angler(piece.at).contains(&to)
        || surface
            .jagger(piece.at)
            .iter()
            .any(|&(t, cost)| t == to && cost <= stack.uses(Power::Jagger))
}

/// The mean, over the other seats' blood pieces, of the touching distance from the nearest
/// of `seat`'s pieces that can move, each capped at [`FAR`]; 0 when there is none.
fn approach(game: &MuTou, seat: u8) -> i32 {
    let surface = game.surface();
    let mine: Vec<TesselId> = game
        .pieces()
        .filter(|p| p.owner == seat && !p.shakken.is_empty())
        .map(|p| p.at)
        .collect();
    let mut distances = Vec::new();
    let (mut sum, mut count) = (0, 0);
    for target in game
        .pieces()
        .filter(|p| p.owner != seat && p.gives_survival())
    {
        surface.distances(target.at, Graph::Vertex, &mut distances);
        let nearest = mine
            .iter()
            .map(|t| i32::from(distances[t.index()].min(FAR as u16)))
            .min()
            .unwrap_or(FAR);
        sum += nearest;
        count += 1;
    }
    if count == 0 {
        0
    } else {
        sum / count
    }
}

impl Knowledge<MuTou> for MuTouKnowledge {
    fn name(&self) -> &'static str {
        "mutou-blood"
    }

    fn score(&self, game: &MuTou, seat: Seat) -> i32 {
        relative(&self.values(game), seat)
    }

    fn scale(&self) -> f64 {
        300.0
    }

    /// For each seat the mean, over the other seats, of the logistic of the value difference.
    fn utilities(&self, game: &MuTou, out: &mut [f64]) {
        pairwise_utilities(&self.values(game), self.scale(), out);
    }

    /// Everything but the area alterations, which `prune` drops and playouts never pick.
    fn considered_actions(&self, game: &MuTou, out: &mut Vec<MuTouAction>) {
        game.legal_actions_but_area(out);
    }

    fn playout_action(
        &self,
        game: &MuTou,
        legal: &[MuTouAction],
        rng: &mut SmallRng,
    ) -> MuTouAction {
        if let Some(&kill) = legal.iter().find(|&&a| takes_a_last_life(game, a)) {
            return kill;
        }
        let captures = legal.iter().filter(|&&a| is_capture(a)).count();
        if captures > 0 && rng.random_bool(0.5) {
            return nth_where(legal, is_capture, rng.random_range(0..captures));
        }
        let plain = legal.iter().filter(|&&a| is_plain(a)).count();
        if plain == 0 {
            return legal[rng.random_range(0..legal.len())];
        }
        nth_where(legal, is_plain, rng.random_range(0..plain))
    }

    fn playout_plies(&self) -> Option<u32> {
        self.plies
    }

    /// Choosing the tier costs a surface per iteration: at most [`TIER_ITERATIONS`].
    fn iteration_cap(&self, game: &MuTou) -> Option<u64> {
        matches!(game.phase(), Phase::ChooseTier).then_some(TIER_ITERATIONS)
    }

    /// Drops every area alteration, every call (keeping an open call only against a piece that
    /// has just come within reach of the caller's blood), and piece alterations other than
    /// those of blood or between touching pieces. Never empties a non-empty list.
    fn prune(&self, game: &MuTou, actions: &mut Vec<MuTouAction>) {
        let open_call = worth_an_open_call(game);
        keep_nonempty(actions, |a| match a {
            MuTouAction::Area { .. } => false,
            MuTouAction::Call(mode) => open_call && mode == CallMode::Open,
            _ => plausible_alteration(game, a),
        });
    }

    /// Where the move is played the searches weigh more than inside their trees: each area
    /// alteration after which fewer of the seat's lives stand within an enemy's reach. Inside
    /// the tree an area alteration is followed by the end of the turn (`prune` drops the
    /// next), so a sequence of them is built one decision at a time. Weighing every alteration
    /// that raised the seat's value instead (approach included) lost 11–25 in three-seat games
    /// to the search without them; weighing every call lost 0–8 (docs/ai.md), so calls stay
    /// as `prune` keeps them.
    fn root_actions(&self, game: &MuTou, out: &mut Vec<MuTouAction>) {
        game.legal_actions(out);
        let Actor::Seat(seat) = game.actor() else {
            return;
        };
        let before = threatened_lives(game, seat.0);
        let open_call = worth_an_open_call(game);
        let mut after = game.clone();
        keep_nonempty(out, |a| match a {
            MuTouAction::Area { .. } if before > 0 => {
                after.clone_from(game);
                after.apply_unchecked(a);
                threatened_lives(&after, seat.0) < before
            }
            MuTouAction::Area { .. } => false,
            MuTouAction::Call(mode) => open_call && mode == CallMode::Open,
            _ => plausible_alteration(game, a),
        });
    }
}

/// Keeps the actions `keep` accepts, or the first of a non-empty list when it accepts none.
fn keep_nonempty(actions: &mut Vec<MuTouAction>, mut keep: impl FnMut(MuTouAction) -> bool) {
    if actions.len() <= 1 {
        return;
    }
    let first = actions[0];
    actions.retain(|&a| keep(a));
    if actions.is_empty() {
        actions.push(first);
    }
}

/// False for a piece alteration that moves a shak other than blood between pieces that do
/// not touch (it costs more than one unit and seldom matters); true for every other action.
fn plausible_alteration(game: &MuTou, action: MuTouAction) -> bool {
    match action {
        MuTouAction::Alter { from, shak, to } => {
            matches!(shak, Shak::Blood(_)) || game.surface().touching(from).contains(&to)
        }
        _ => true,
    }
}

/// Whether the action is a step onto an enemy piece (capture or change of allegiance).
fn is_capture(action: MuTouAction) -> bool {
    matches!(
        action,
        MuTouAction::Step {
            take: Take::Capture | Take::Convert,
            ..
        }
    )
}

/// Whether the action is a capture of a piece that is its owner's last life.
fn takes_a_last_life(game: &MuTou, action: MuTouAction) -> bool {
    let MuTouAction::Step {
        to,
        take: Take::Capture,
        ..
    } = action
    else {
        return false;
    };
    game.piece(to)
        .is_some_and(|p| p.gives_survival() && game.survival(p.owner) == 1)
}

/// Whether a playout may pick the action freely: anything but area alterations, piece
/// alterations and calls.
fn is_plain(action: MuTouAction) -> bool {
    !matches!(
        action,
        MuTouAction::Area { .. } | MuTouAction::Alter { .. } | MuTouAction::Call(_)
    )
}

/// The `n`-th action of `legal` that satisfies `keep`.
fn nth_where(legal: &[MuTouAction], keep: fn(MuTouAction) -> bool, n: usize) -> MuTouAction {
    legal
        .iter()
        .copied()
        .filter(|&a| keep(a))
        .nth(n)
        .unwrap_or(legal[0])
}

/// In a call window: whether the piece that just moved now reaches a blood piece of the seat
/// asked, so that a call (which moves it on by Rand) may be worth a wafer.
fn worth_an_open_call(game: &MuTou) -> bool {
    let Pending::Window {
        unit: Unit::Piece(at),
        seat,
    } = game.turn().pending
    else {
        return false;
    };
    let Some(mover) = game.piece(at) else {
        return false;
    };
    game.pieces()
        .filter(|p| p.owner == seat && p.gives_survival())
        .any(|p| reaches(game, mover, p.at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testing::{greedy_wins, random_positions};
    use muster_rules::mutou::MuTouVariant;
    use muster_rules::playout::{random_action, Buffers};
    use muster_rules::{Actor, Game, Variant};
    use rand::SeedableRng;

    fn mutou(variant: &str, seats: usize) -> MuTou {
        MuTou::new(&MuTouVariant::parse_text(variant).unwrap(), seats).unwrap()
    }

    /// A tier I position at the start of Red's turn; `pieces` and `wafers` fill the fields.
    fn at(wafers: &str, pieces: &str) -> MuTou {
        let text = format!(
            "tier=I phase=play wafers={wafers} bank=0,0 supply=4 out=-,- zones=1,2 pools=-,- \
             pieces={pieces} turn=1:3 budget=3 spent=0 cat=- started=0 refused=0 moved=- \
             frozen=- pending=free edits=-"
        );
        MuTou::from_position(&MuTouVariant::friendly(), &text).unwrap()
    }

    /// Red on c1–f1 (blood on e1), Blue on c8–f8 (blood on d8).
    const HOME: &str =
        "t2:1:A,t3:1:W,t4:1:WARB1,t5:1:WWAJJ,t58:2:AAR,t59:2:WAJB2,t60:2:WW,t61:2:WJ";

    #[test]
    fn two_seat_scores_are_antisymmetric_in_random_play() {
        let k = MuTouKnowledge::default();
        let mut checked = 0;
        for (variant, seed) in [("friendly", 1), ("friendly choices=off", 2), ("hex", 3)] {
            for game in random_positions(&mutou(variant, 2), seed, 150) {
                if game.outcome().is_none() {
                    assert_eq!(k.score(&game, Seat(0)), -k.score(&game, Seat(1)));
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "only {checked} positions");
    }

    #[test]
    fn setting_out_scores_nothing() {
        let k = MuTouKnowledge::default();
        let game = mutou("friendly", 2);
        assert!(matches!(game.phase(), Phase::SetOut(0)));
        assert_eq!(k.score(&game, Seat(0)), 0);
    }

    #[test]
    fn a_seat_with_more_wafers_stands_better() {
        let k = MuTouKnowledge::default();
        let even = at("3,3", HOME);
        assert_eq!(k.score(&even, Seat(0)), 0, "the home position is symmetric");
        let richer = at("5,1", HOME);
        assert!(k.score(&richer, Seat(0)) >= 2 * 2 * WAFER);
    }

    #[test]
    fn a_last_life_within_reach_of_an_enemy_scores_worse() {
        let k = MuTouKnowledge::default();
        let far = at("3,3", &HOME.replace("t60:2:WW", "t20:2:WW"));
        let near = at("3,3", &HOME.replace("t60:2:WW", "t12:2:WW"));
        assert!(k.score(&near, Seat(0)) <= k.score(&far, Seat(0)) - LAST_LIFE_THREATENED);
    }

    #[test]
    fn utilities_of_three_seats_share_out_the_table() {
        let k = MuTouKnowledge::default();
        let three = mutou("friendly", 3);
        let mut u = [0.0; 3];
        for game in random_positions(&three, 5, 120).iter().step_by(10) {
            k.utilities(game, &mut u);
            assert!((u.iter().sum::<f64>() - 1.5).abs() < 1e-9, "{u:?}");
        }
    }

    /// The first position of random three-seat games where a seat is out and play goes on.
    fn a_seat_out_in_play() -> MuTou {
        let mut buffers = Buffers::default();
        for seed in 0..50 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let mut game = mutou("friendly", 3);
            while let Some(action) = random_action(&game, &mut rng, &mut buffers) {
                game.apply_unchecked(action);
                let out = (0..3).any(|s| !game.is_active(s));
                if out && matches!(game.phase(), Phase::Play) && game.actor() != Actor::Over {
                    return game;
                }
            }
        }
        panic!("no random three-seat game of 50 had a seat out before the end");
    }

    #[test]
    fn a_seat_that_is_out_is_worth_least() {
        let k = MuTouKnowledge::default();
        let game = a_seat_out_in_play();
        let values = k.values(&game);
        for seat in 0..3u8 {
            if game.is_active(seat) {
                assert!(values[usize::from(seat)] > OUT, "{values:?}");
            } else {
                assert_eq!(values[usize::from(seat)], OUT);
            }
        }
    }

    #[test]
    fn prune_keeps_legal_actions_and_drops_area_alterations_and_calls() {
        let k = MuTouKnowledge::default();
        let mut windows = 0;
        for game in random_positions(&mutou("friendly", 2), 7, 400) {
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            let mut kept = legal.clone();
            k.prune(&game, &mut kept);
            assert_eq!(kept.is_empty(), legal.is_empty());
            assert!(kept.iter().all(|a| legal.contains(a)));
            assert!(kept.len() == 1 || kept.iter().all(|a| !matches!(a, MuTouAction::Area { .. })));
            assert!(!kept.contains(&MuTouAction::Call(CallMode::Matched)));
            windows += usize::from(kept.contains(&MuTouAction::Decline));
        }
        assert!(windows > 10, "only {windows} call windows seen");
    }

    #[test]
    fn the_root_weighs_the_area_alterations_that_cut_a_threat_to_a_life_and_calls_as_pruned() {
        let k = MuTouKnowledge::default();
        let (mut cutting, mut threatened) = (0, 0);
        for game in random_positions(&mutou("friendly", 2), 13, 200) {
            let Actor::Seat(seat) = game.actor() else {
                continue;
            };
            let (mut legal, mut root, mut pruned) = (Vec::new(), Vec::new(), Vec::new());
            game.legal_actions(&mut legal);
            k.root_actions(&game, &mut root);
            pruned.clone_from(&legal);
            k.prune(&game, &mut pruned);
            assert!(
                root.iter().all(|a| legal.contains(a)),
                "a root action is illegal"
            );
            assert!(
                pruned.iter().all(|a| root.contains(a)) || root.len() == 1,
                "the root weighs less than the tree"
            );
            let before = threatened_lives(&game, seat.0);
            let areas = legal
                .iter()
                .filter(|a| matches!(a, MuTouAction::Area { .. }));
            for &a in areas.filter(|_| before > 0) {
                let mut after = game.clone();
                after.apply_unchecked(a);
                let cuts = threatened_lives(&after, seat.0) < before;
                assert!(cuts == root.contains(&a) || root.len() == 1, "{a:?}");
                cutting += usize::from(cuts);
                threatened += 1;
            }
            if before == 0 && root.len() > 1 {
                assert!(root.iter().all(|a| !matches!(a, MuTouAction::Area { .. })));
            }
            let calls = |list: &[MuTouAction]| -> Vec<MuTouAction> {
                (list.iter().copied())
                    .filter(|a| matches!(a, MuTouAction::Call(_)))
                    .collect()
            };
            assert_eq!(calls(&root), calls(&pruned), "calls as inside the tree");
        }
        assert!(cutting > 5, "only {cutting} area alterations cut a threat");
        assert!(
            threatened > cutting,
            "{threatened} tried against {cutting} kept"
        );
    }

    #[test]
    fn only_the_choice_of_tier_caps_the_iterations() {
        let k = MuTouKnowledge::default();
        let choose = mutou("friendly tier=choose", 2);
        assert_eq!(choose.phase(), Phase::ChooseTier);
        assert_eq!(k.iteration_cap(&choose), Some(TIER_ITERATIONS));
        for game in random_positions(&choose, 5, 60).iter().skip(1) {
            assert_eq!(k.iteration_cap(game), None, "{:?}", game.phase());
        }
    }

    #[test]
    fn the_searches_consider_what_pruning_the_whole_listing_keeps() {
        let k = MuTouKnowledge::default();
        let mut with_areas = 0;
        for game in random_positions(&mutou("friendly", 2), 11, 400) {
            if !matches!(game.actor(), Actor::Seat(_)) {
                continue;
            }
            let (mut legal, mut considered) = (Vec::new(), Vec::new());
            game.legal_actions(&mut legal);
            k.considered_actions(&game, &mut considered);
            let but_area: Vec<MuTouAction> = (legal.iter().copied())
                .filter(|a| !matches!(a, MuTouAction::Area { .. }))
                .collect();
            assert_eq!(considered, but_area);
            with_areas += usize::from(but_area.len() < legal.len());
            let mut pruned = legal.clone();
            k.prune(&game, &mut pruned);
            k.prune(&game, &mut considered);
            assert_eq!(considered, pruned);
        }
        assert!(
            with_areas > 50,
            "only {with_areas} listings with area alterations"
        );
    }

    #[test]
    fn a_playout_takes_a_last_life_when_it_can() {
        // Blue's walker on e2 can capture Red's only blood piece on e1.
        let mut game = at("3,3", &HOME.replace("t60:2:WW", "t12:2:WW"));
        game.apply_unchecked(MuTouAction::Rest);
        assert_eq!(game.actor(), Actor::Seat(Seat(1)));
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let mut rng = SmallRng::seed_from_u64(1);
        let a = MuTouKnowledge::default().playout_action(&game, &legal, &mut rng);
        assert!(takes_a_last_life(&game, a), "{a}");
        game.apply_unchecked(a);
        assert!(game.outcome().is_some());
    }

    #[test]
    fn greedy_play_beats_random_play_in_friendly_games() {
        let start = mutou("friendly turn_cap=40", 2);
        let wins = greedy_wins(&MuTouKnowledge::default(), &start, 10, 20_000);
        assert!(wins >= 8, "greedy won {wins} of 10");
    }

    #[test]
    #[ignore = "under a second in release"]
    fn greedy_play_beats_random_play_in_many_friendly_games() {
        for variant in ["friendly choices=off turn_cap=60", "friendly turn_cap=60"] {
            let start = mutou(variant, 2);
            let wins = greedy_wins(&MuTouKnowledge::default(), &start, 40, 50_000);
            println!("{variant}: greedy won {wins} of 40");
            assert!(wins >= 32, "{variant}: greedy won {wins} of 40");
        }
    }

    #[test]
    #[ignore = "a measurement, printing playout speed and length"]
    fn measure_playouts() {
        let knowledge = MuTouKnowledge { plies: None };
        for variant in ["friendly", "friendly choices=off"] {
            let start = mutou(variant, 2);
            let (mut plies, mut games, mut finished) = (0u64, 0u64, 0u64);
            let mut rng = SmallRng::seed_from_u64(11);
            let mut buffers = Buffers::default();
            let mut legal = Vec::new();
            let clock = std::time::Instant::now();
            while clock.elapsed().as_secs_f64() < 5.0 {
                let mut game = start.clone();
                for _ in 0..20_000 {
                    let action = match game.actor() {
                        Actor::Over => break,
                        Actor::Chance => random_action(&game, &mut rng, &mut buffers).unwrap(),
                        Actor::Seat(_) => {
                            game.legal_actions(&mut legal);
                            knowledge.playout_action(&game, &legal, &mut rng)
                        }
                    };
                    game.apply_unchecked(action);
                    plies += 1;
                }
                games += 1;
                finished += u64::from(game.outcome().is_some());
            }
            let seconds = clock.elapsed().as_secs_f64();
            println!(
                "{variant}: {:.0} plies/s, {:.1} games/s, {} plies a game, {finished} of {games} finished",
                plies as f64 / seconds,
                games as f64 / seconds,
                plies / games
            );
        }
    }
}
