//! The fast bitboard code against the reference model: perft counts, and every position of many
//! random games (action sets, bulk counts, results, position text, the explanations of `check`).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::reference::{RefGame, RefResult, Rules, KING};
use super::{legal, MurusGallicus, MurusVariant};
use crate::game::{Actor, Game};
use crate::murus_gallicus::{Action, Cell, Colour};
use crate::perft::perft;
use crate::variant::Variant;

/// The reference model's switches for `variant`.
fn rules(variant: &MurusVariant) -> Rules {
    Rules {
        rows: i32::from(variant.board.rows()),
        advanced: variant.advanced(),
        redistribution: variant.opening_redistribution,
        immediate: variant.immediate_win,
        escape: variant.escape,
        cap: variant.ply_cap,
    }
}

/// Every variant the cross-checks cover.
fn variants() -> Vec<MurusVariant> {
    let texts = [
        "basic",
        "advanced",
        "basic-8x8",
        "advanced board=8x8",
        "abstractplay",
        "abstractplay board=8x8",
        "basic opening=redistribution",
        "algol5-advanced",
        "basic escape=on ply_cap=150",
        "advanced escape=on ply_cap=150",
        "advanced ply_cap=40",
    ];
    texts
        .iter()
        .map(|t| MurusVariant::parse_text(t).unwrap())
        .collect()
}

fn both(variant: &MurusVariant) -> (MurusGallicus, RefGame) {
    (
        MurusGallicus::new(variant, 2).unwrap(),
        RefGame::start(rules(variant)),
    )
}

fn assert_perft_agrees(preset: &str, depth: u32) {
    let (fast, reference) = both(&MurusVariant::parse_text(preset).unwrap());
    for d in 1..=depth {
        assert_eq!(perft(&fast, d), reference.perft(d), "{preset} depth {d}");
    }
}

#[test]
fn perft_agrees_with_the_reference_model_at_shallow_depths() {
    assert_perft_agrees("basic", 4);
    assert_perft_agrees("advanced", 3);
    assert_perft_agrees("basic-8x8", 4);
    assert_perft_agrees("abstractplay", 2);
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn perft_agrees_with_the_reference_model_at_depth_five() {
    assert_perft_agrees("basic", 5);
    assert_perft_agrees("advanced", 5);
    assert_perft_agrees("basic-8x8", 5);
    assert_perft_agrees("advanced board=8x8", 5);
    assert_perft_agrees("abstractplay", 4);
    assert_perft_agrees("basic opening=redistribution", 3);
}

/// Middle-game positions with catapults, sacrifices and breakthroughs inside a few plies; the
/// perft test file holds their counts.
const MIDDLE_GAMES: [(&str, &str); 5] = [
    (
        "basic",
        "1ww1tww1/wtw5/w2Twww1/2wWW2w/4TW2/1WT1WWT1/5T2 L 22",
    ),
    (
        "advanced",
        "wwww2t1/w2ww1w1/2ww1wT1/1ww1WT2/5TW1/1W3T2/3T3T L 26",
    ),
    (
        "advanced",
        "t1c2w1t/1W1c4/2T1w3/3C4/1t2W1T1/C2ww3/T2T3T L 30",
    ),
    (
        "algol5-advanced",
        "t1c2w1t/1W1c4/2T1w3/3C4/1t2W1T1/C2ww3/T2T3T L 30",
    ),
    ("advanced", "t2t3t/c2WW3/1T2t1c1/3c4/2W1t3/4w3/2C1T2T D 31"),
];

fn assert_middle_games_agree(depth: u32) {
    for (preset, text) in MIDDLE_GAMES {
        let variant = MurusVariant::parse_text(preset).unwrap();
        let fast = MurusGallicus::from_position(&variant, text).unwrap();
        let reference = RefGame::from_text(rules(&variant), text);
        assert_eq!(fast.position_text(), reference.text());
        for d in 1..=depth {
            assert_eq!(
                perft(&fast, d),
                reference.perft(d),
                "{preset} {text} depth {d}"
            );
        }
    }
}

#[test]
fn middle_game_perft_agrees_with_the_reference_model() {
    assert_middle_games_agree(3);
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn middle_game_perft_agrees_with_the_reference_model_at_depth_five() {
    assert_middle_games_agree(5);
}

/// The fast result in the reference model's terms.
fn result(game: &MurusGallicus) -> Option<RefResult> {
    let outcome = game.outcome()?;
    if outcome.is_draw() {
        Some(RefResult::Draw)
    } else {
        Some(RefResult::Win(outcome.winners()[0].index()))
    }
}

/// Every action text that could name something in `game`: for each cell, the cells up to three
/// steps away in the 8 directions with each separator, and near the home rows every split.
fn candidates(game: &MurusGallicus) -> Vec<Action> {
    let mut out = Vec::new();
    for from in (0..64).filter_map(Cell::from_index) {
        for (dx, dy) in KING {
            for k in 1..=3 {
                if let Some(to) = from.offset(dx as i8, dy as i8, k) {
                    out.extend([
                        Action::dash(from, to),
                        Action::cross(from, to),
                        Action::star(from, to),
                    ]);
                }
            }
        }
    }
    if game.ply() < 3 {
        let rows = [0, 1, game.rows() - 2, game.rows() - 1];
        let near: Vec<Cell> = rows
            .iter()
            .flat_map(|&r| (0..8).filter_map(move |f| Cell::new(f, r)))
            .collect();
        for &from in &near {
            for (i, &a) in near.iter().enumerate() {
                for &b in &near[i + 1..] {
                    if a != from && b != from {
                        out.push(Action::split(from, a, b));
                    }
                }
            }
        }
    }
    out
}

/// `check` accepts exactly the generated actions, and applying through `apply` and `play` agree.
fn assert_check_matches_generator(game: &MurusGallicus) {
    let mut generated = Vec::new();
    game.legal_actions(&mut generated);
    for action in candidates(game) {
        let listed = generated.contains(&action);
        let checked = game.check(action);
        assert_eq!(
            listed,
            checked.is_ok(),
            "{action}: {checked:?}\n{}",
            game.position_text()
        );
    }
}

/// Compares the two models on one position.
fn assert_same(game: &MurusGallicus, reference: &RefGame) -> Vec<String> {
    let text = game.position_text();
    let moves = legal(game);
    assert_eq!(moves, reference.legal(), "{text}");
    assert_eq!(game.count_actions(), moves.len(), "{text}");
    assert_eq!(result(game), reference.result(), "{text}");
    assert_eq!(game.actor() == Actor::Over, moves.is_empty(), "{text}");
    assert_eq!(game.outcome().is_some(), moves.is_empty(), "{text}");
    assert_eq!(text, reference.text());
    let reread = MurusGallicus::from_position(game.variant(), &text).unwrap();
    assert_eq!(&reread, game);
    assert_eq!(reread.position_hash(), game.position_hash());
    // Every sacrifice and every hit costs both sides the same number of stones.
    assert_eq!(
        game.stone_count(Colour::Light),
        game.stone_count(Colour::Dark),
        "{text}"
    );
    moves
}

/// Plays `games` random games in every variant, comparing the models at every position and
/// checking `check` against the generator at every `check_every`-th position and at the opening
/// plies of each variant's first game. Returns the number of positions compared.
fn cross_check_random_games(seed: u64, games: usize, check_every: usize) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut positions = 0;
    for variant in variants() {
        for game_number in 0..games {
            let (mut game, mut reference) = both(&variant);
            for ply in 0..400 {
                let moves = assert_same(&game, &reference);
                positions += 1;
                if (game_number == 0 && ply < 3) || positions % check_every == 0 {
                    assert_check_matches_generator(&game);
                }
                if moves.is_empty() {
                    break;
                }
                let text = &moves[rng.random_range(0..moves.len())];
                let action = game.parse_action(text).unwrap();
                let mut checked = game.clone();
                checked.apply(action, &mut Vec::new()).unwrap();
                game.apply_unchecked(action);
                assert_eq!(checked, game);
                reference.play(text);
            }
        }
    }
    positions
}

#[test]
fn random_games_agree_with_the_reference_model_position_by_position() {
    let positions = cross_check_random_games(0x6d75_7275_7367, 20, 101);
    assert!(positions > 5_000, "{positions}");
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn many_more_random_games_agree_with_the_reference_model() {
    let positions = cross_check_random_games(0x0a11_9a11_1c05, 1_000, 7);
    assert!(positions > 300_000, "{positions}");
}
