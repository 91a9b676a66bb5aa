//! Unit tests of the reference model: spec §1.11 cases, opening counts, geometry and traps.

use super::geometry::{
    directions, neighbours, parse_board, point_name, ship_trapped, trace, NPOINTS,
};
use super::{RefLength, RefMur, RefRules};

/// Build a board string from a list of (point name, piece char); everything else empty.
fn board_of(pieces: &[(&str, char)]) -> String {
    let mut chars = vec!['.'; NPOINTS];
    for (name, piece) in pieces {
        let p = (0..NPOINTS)
            .find(|&p| point_name(p) == *name)
            .unwrap_or_else(|| panic!("no point {name}"));
        chars[p] = *piece;
    }
    chars.into_iter().collect()
}

fn index_of(name: &str) -> usize {
    (0..NPOINTS).find(|&p| point_name(p) == name).unwrap()
}

fn names(points: &[usize]) -> Vec<String> {
    points.iter().map(|&p| point_name(p)).collect()
}

fn perft(game: &RefMur, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for action in game.legal() {
        let mut next = game.clone();
        next.play(&action).unwrap();
        total += perft(&next, depth - 1);
    }
    total
}

// ---- Geometry (§1.2, §1.5) ----

#[test]
fn adjacency_degrees_and_edges() {
    let mut edges = 0;
    for p in 0..NPOINTS {
        let n = neighbours(p);
        let expected = if p == 0 {
            8
        } else if p <= 16 {
            4 // rings 1 and 2
        } else {
            3 // ring 3
        };
        assert_eq!(n.len(), expected, "degree of {}", point_name(p));
        for &q in &n {
            assert!(
                neighbours(q).contains(&p),
                "edge {}-{} not symmetric",
                point_name(p),
                point_name(q)
            );
        }
        edges += n.len();
    }
    assert_eq!(edges / 2, 48);
    let mut a1 = names(&neighbours(index_of("a1")));
    a1.sort();
    assert_eq!(a1, ["C", "a2", "b1", "h1"]);
}

#[test]
fn order_seven_inward_from_ring_three_bounces() {
    // §1.5: a3 inward, 7 steps: a2, a1, C, e1, e2, e3, then back to e2.
    let (_, walker) = directions(index_of("a3"))
        .into_iter()
        .find(|(d, _)| d == "i")
        .unwrap();
    assert_eq!(
        names(&trace(walker, 7)),
        ["a2", "a1", "C", "e1", "e2", "e3", "e2"]
    );
    // From the centre, spoke c: c1, c2, c3, then back.
    let (_, walker) = directions(0).into_iter().find(|(d, _)| d == "c").unwrap();
    assert_eq!(names(&trace(walker, 5)), ["c1", "c2", "c3", "c2", "c1"]);
    // Ring moves wrap: h2 clockwise 2 steps.
    let (_, walker) = directions(index_of("h2"))
        .into_iter()
        .find(|(d, _)| d == "+")
        .unwrap();
    assert_eq!(names(&trace(walker, 2)), ["a2", "b2"]);
    // Directions per point: 8 from C, 4 from rings 1-2, 3 from ring 3 (no `o`).
    assert_eq!(directions(0).len(), 8);
    assert_eq!(directions(index_of("b2")).len(), 4);
    assert_eq!(directions(index_of("b3")).len(), 3);
}

#[test]
fn bounce_onto_own_start_is_illegal() {
    // §1.5 / §1.8 (M15-like): a pair moving outward from ring 2 goes a3 and back to a2.
    let game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[("a2", 'B'), ("b2", 'B'), ("C", 'K')]),
        true,
    );
    let legal = game.legal();
    assert!(!legal.contains(&"a2o".to_string()));
    assert!(legal.contains(&"a2i".to_string()));
}

#[test]
fn knock_of_same_colour_into_start_is_illegal() {
    // §1.8 (M8-like): a knock that sends a same-colour ship into the mover's vacated start
    // leaves the position unchanged. Black pair c2,d2 (order 2); Black trio a1,a2,a3 (order 3);
    // White wall on b2 and h2,g2,f2,e2.
    let pieces = [
        ("c2", 'B'),
        ("d2", 'B'),
        ("a1", 'B'),
        ("a2", 'B'),
        ("a3", 'B'),
        ("b2", 'W'),
        ("h2", 'W'),
        ("g2", 'W'),
        ("f2", 'W'),
        ("e2", 'W'),
        ("C", 'K'),
    ];
    let game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    // c2- : passes b2, lands on a2 (order 3 > 2) and knocks it; the knocked Black ship passes
    // h2, g2, f2, e2, d2 and rests on the empty start c2: nothing changed.
    assert!(!game.legal().contains(&"c2-".to_string()));
    // c2+ passes d2 and lands on e2 (White, order 4 > 2): legal; the White ship passes f2,
    // g2, h2, a2, b2 and rests on the vacated c2.
    let mut after = game.clone();
    after.play("c2+").unwrap();
    assert_eq!(after.board().chars().nth(index_of("c2")), Some('W'));
}

#[test]
fn knock_wraps_round_the_ring() {
    // B alpha g3 moves + onto h3, a W pair h3,a3; W passes a3 and rests on b3.
    let mut game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[("g3", 'B'), ("h3", 'W'), ("a3", 'W'), ("C", 'K')]),
        true,
    );
    game.play("g3+").unwrap();
    assert_eq!(
        game.board(),
        board_of(&[("h3", 'B'), ("a3", 'W'), ("b3", 'W'), ("C", 'K')])
    );
}

#[test]
fn alpha_cannot_knock_alpha_and_big_groups_cannot_knock_kraken() {
    // §1.5 consequences.
    let game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[("a3", 'B'), ("b3", 'W'), ("C", 'K')]),
        true,
    );
    assert!(!game.legal().contains(&"a3+".to_string()));
    // B group of 4 on a1? Use ring 3 chain a3,b3,c3,d3 (order 4): d3 i goes 4 steps d2,d1,C,h1;
    // put the kraken on h1: order 4 is not less than 4.
    let game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[
            ("a3", 'B'),
            ("b3", 'B'),
            ("c3", 'B'),
            ("d3", 'B'),
            ("h1", 'K'),
        ]),
        true,
    );
    assert!(!game.legal().contains(&"d3i".to_string()));
    // A trio can: c3 i with the trio a3,b3,c3 goes c2,c1,C.
    let game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[("a3", 'B'), ("b3", 'B'), ("c3", 'B'), ("C", 'K')]),
        true,
    );
    let mut after = game.clone();
    after.play("c3i").unwrap();
    // The kraken continues inward (toward g): g1 empty.
    assert_eq!(
        after.board(),
        board_of(&[("a3", 'B'), ("b3", 'B'), ("C", 'B'), ("g1", 'K')])
    );
}

// ---- §1.11 cases ----

#[test]
fn m1_ring_knock_with_skipping() {
    let mut game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[
            ("c2", 'B'),
            ("d2", 'W'),
            ("e2", 'W'),
            ("f2", 'B'),
            ("C", 'K'),
        ]),
        true,
    );
    game.play("c2+").unwrap();
    assert_eq!(
        game.board(),
        board_of(&[
            ("d2", 'B'),
            ("e2", 'W'),
            ("f2", 'B'),
            ("g2", 'W'),
            ("C", 'K')
        ])
    );
    assert_eq!(game.trap_tallies(), (0, 0));
    assert!(!game.black_to_move());
}

#[test]
fn m2_second_direction_knock() {
    let mut game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[
            ("a2", 'B'),
            ("b2", 'B'),
            ("c2", 'B'),
            ("a1", 'K'),
            ("C", 'W'),
        ]),
        true,
    );
    game.play("a2o").unwrap();
    assert_eq!(
        game.board(),
        board_of(&[
            ("a1", 'B'),
            ("b2", 'B'),
            ("c2", 'B'),
            ("C", 'W'),
            ("e1", 'K')
        ])
    );
}

#[test]
fn m3a_trap_on_ring_three() {
    let mut game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[("a3", 'W'), ("h3", 'B'), ("b3", 'B'), ("C", 'K')]),
        true,
    );
    game.play("*a2").unwrap();
    assert_eq!(game.trap_tallies(), (1, 0));
    assert_eq!(game.legal(), ["^a3"]);
    assert!(game.play("*c3").is_err());
    game.play("^a3").unwrap();
    assert_eq!(
        game.board(),
        board_of(&[("a2", 'B'), ("h3", 'B'), ("b3", 'B'), ("C", 'K')])
    );
    assert!(game.black_to_move());
    assert_eq!(game.trap_tallies(), (1, 0));
}

// ---- Traps on each ring (§1.7) ----

#[test]
fn trap_on_ring_two() {
    let mut game = RefMur::from_board(
        RefRules::default(),
        &board_of(&[
            ("c2", 'W'),
            ("b2", 'B'),
            ("d2", 'B'),
            ("c1", 'B'),
            ("C", 'K'),
        ]),
        true,
    );
    game.play("*c3").unwrap();
    assert_eq!(game.trap_tallies(), (1, 0));
    assert_eq!(game.legal(), ["^c2"]);
}

#[test]
fn trap_on_ring_one_needs_the_centre() {
    let rules = RefRules::default();
    // Without a ship on C the ring-1 ship is not trapped.
    let board = parse_board(&board_of(&[
        ("c1", 'W'),
        ("b1", 'B'),
        ("d1", 'B'),
        ("c2", 'B'),
        ("C", 'K'),
    ]));
    assert!(!ship_trapped(&board, index_of("c1")));
    let mut game = RefMur::from_board(
        rules,
        &board_of(&[
            ("c1", 'W'),
            ("b1", 'B'),
            ("d1", 'B'),
            ("C", 'B'),
            ("e3", 'K'),
        ]),
        true,
    );
    game.play("*c2").unwrap();
    assert_eq!(game.trap_tallies(), (1, 0));
    assert_eq!(game.legal(), ["^c1"]);
}

#[test]
fn centre_is_a_safe_spot_and_groups_are_never_trapped() {
    // 7 black ships round a white ship on C: not trapped (safe spot).
    let pieces: Vec<(&str, char)> = vec![
        ("C", 'W'),
        ("a1", 'B'),
        ("b1", 'B'),
        ("c1", 'B'),
        ("d1", 'B'),
        ("e1", 'B'),
        ("f1", 'B'),
        ("g1", 'B'),
        ("e3", 'K'),
    ];
    let board = parse_board(&board_of(&pieces));
    assert!(!ship_trapped(&board, 0));
    // A surrounded white pair a3,b3 (h3, c3, a2, b2 black) is not trapped.
    let pieces = [
        ("a3", 'W'),
        ("b3", 'W'),
        ("h3", 'B'),
        ("c3", 'B'),
        ("a2", 'B'),
        ("b2", 'B'),
        ("C", 'K'),
    ];
    let board = parse_board(&board_of(&pieces));
    assert!(!ship_trapped(&board, index_of("a3")));
    assert!(!ship_trapped(&board, index_of("b3")));
}

#[test]
fn double_trap_is_one_withdrawal_and_scores_two() {
    // W a3 and W c3; B h3, a2, c2, d3; Black places b3: both trapped.
    let pieces = [
        ("a3", 'W'),
        ("c3", 'W'),
        ("h3", 'B'),
        ("a2", 'B'),
        ("c2", 'B'),
        ("d3", 'B'),
        ("C", 'K'),
    ];
    let mut game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    game.play("*b3").unwrap();
    assert_eq!(game.trap_tallies(), (2, 0));
    assert_eq!(game.legal(), ["^a3^c3"]);
    game.play("^a3^c3").unwrap();
}

#[test]
fn kraken_trap_on_the_centre_by_mixed_colours() {
    // R-K1: 8 ring-1 ships of either colour trap the kraken on C; the mover wins the game.
    let pieces = [
        ("C", 'K'),
        ("a1", 'B'),
        ("b1", 'W'),
        ("c1", 'B'),
        ("d1", 'W'),
        ("e1", 'B'),
        ("f1", 'W'),
        ("g1", 'B'),
    ];
    let mut game = RefMur::from_board(RefRules::default(), &board_of(&pieces), false);
    game.play("*h1").unwrap();
    assert_eq!(game.result().as_deref(), Some("white"));
    assert!(game.legal().is_empty());
    // Single-colour option: no trap, play goes on.
    let rules = RefRules {
        kraken_single_colour: true,
        ..RefRules::default()
    };
    let mut game = RefMur::from_board(rules, &board_of(&pieces), false);
    game.play("*h1").unwrap();
    assert_eq!(game.result(), None);
    assert!(game.black_to_move());
}

#[test]
fn kraken_knocked_into_eyes() {
    // G2 rule 3: knocking the kraken into a White eye (d3: c3, e3, d2 white) is illegal.
    let pieces = [
        ("a3", 'B'),
        ("b3", 'K'),
        ("c3", 'W'),
        ("e3", 'W'),
        ("d2", 'W'),
    ];
    let game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    assert!(!game.legal().contains(&"a3+".to_string()));
    // Without White e3, d3 is no eye and the same knock is legal (no trap).
    let pieces = [("a3", 'B'), ("b3", 'K'), ("c3", 'W'), ("d2", 'W')];
    let mut game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    game.play("a3+").unwrap();
    assert_eq!(
        game.board(),
        board_of(&[("b3", 'B'), ("c3", 'W'), ("d3", 'K'), ("d2", 'W')])
    );
    assert_eq!(game.result(), None);
    // Into a Black eye it is legal and traps the kraken: Black wins.
    let pieces = [
        ("a3", 'B'),
        ("b3", 'K'),
        ("c3", 'B'),
        ("e3", 'B'),
        ("d2", 'B'),
    ];
    let mut game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    game.play("a3+").unwrap();
    assert_eq!(game.result().as_deref(), Some("black"));
}

#[test]
fn own_eye_g2_free_g1_forbidden_and_gouge() {
    // Black eye a3 (h3, b3, a2 black).
    let pieces = [("h3", 'B'), ("b3", 'B'), ("a2", 'B'), ("C", 'K')];
    let g2 = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    assert!(g2.legal().contains(&"*a3".to_string()));
    let g1 = RefMur::from_board(
        RefRules {
            g1: true,
            ..RefRules::default()
        },
        &board_of(&pieces),
        true,
    );
    assert!(!g1.legal().contains(&"*a3".to_string()));
    // A White eye: Black may not enter it without a trap...
    let pieces = [("h3", 'W'), ("b3", 'W'), ("a2", 'W'), ("C", 'K')];
    let game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    assert!(!game.legal().contains(&"*a3".to_string()));
    // ...but may gouge it when that traps White b3 (c3, b2 black): mixed traps.
    let pieces = [
        ("h3", 'W'),
        ("b3", 'W'),
        ("a2", 'W'),
        ("c3", 'B'),
        ("b2", 'B'),
        ("C", 'K'),
    ];
    let mut game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    game.play("*a3").unwrap();
    assert_eq!(game.trap_tallies(), (1, 0));
    // White withdraws first; that frees Black a3, so Black then plays normally.
    assert_eq!(game.legal(), ["^b3"]);
    game.play("^b3").unwrap();
    assert!(game.legal().iter().all(|a| !a.starts_with('^')));
}

#[test]
fn still_trapped_ship_is_withdrawn_without_score() {
    // §1.7 rule 7: a side to move with a trapped ship must withdraw it; nobody scores.
    let pieces = [
        ("a3", 'B'),
        ("h3", 'W'),
        ("b3", 'W'),
        ("a2", 'W'),
        ("C", 'K'),
    ];
    let mut game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    assert_eq!(game.legal(), ["^a3"]);
    game.play("^a3").unwrap();
    assert_eq!(game.trap_tallies(), (0, 0));
}

// ---- Stagnation (§1.6 step 4) ----

#[test]
fn stagnation_withdraws_any_one_ship() {
    // All 7 Black ships in one group a3..g3 (order 7: can never knock). Ring moves land on a
    // group member or on the White h3; inward moves bounce onto ring 2 (s+4)2, all occupied.
    let pieces = [
        ("a3", 'B'),
        ("b3", 'B'),
        ("c3", 'B'),
        ("d3", 'B'),
        ("e3", 'B'),
        ("f3", 'B'),
        ("g3", 'B'),
        ("h3", 'W'),
        ("b2", 'W'),
        ("c2", 'W'),
        ("e2", 'W'),
        ("f2", 'W'),
        ("g2", 'W'),
        ("h2", 'W'),
        ("a2", 'K'),
    ];
    let mut game = RefMur::from_board(RefRules::default(), &board_of(&pieces), true);
    assert_eq!(
        game.legal(),
        ["^a3", "^b3", "^c3", "^d3", "^e3", "^f3", "^g3"]
    );
    game.play("^d3").unwrap();
    assert_eq!(game.trap_tallies(), (0, 0));
    assert!(!game.black_to_move());
}

// ---- Repeat (§1.8 R-R1) ----

#[test]
fn repeat_four_plies_back_forces_a_withdrawal() {
    let start = board_of(&[("a3", 'B'), ("e3", 'W'), ("C", 'K')]);
    let mut game = RefMur::from_board(RefRules::default(), &start, true);
    for action in ["a3+", "e3+", "b3-"] {
        game.play(action).unwrap();
        assert!(game.legal().len() > 1);
    }
    game.play("f3-").unwrap();
    assert_eq!(game.board(), start);
    assert_eq!(game.legal(), ["^a3"]);
    game.play("^a3").unwrap();
    // The duty is spent; White plays normally.
    assert!(game.legal().contains(&"e3+".to_string()));
}

// ---- Sets and resignation (§1.9) ----

#[test]
fn resign_only_at_set_length_and_ends_the_set() {
    let mut game = RefMur::new(RefRules::default());
    assert!(game.play("resign").is_err());
    let mut set = RefMur::new(RefRules {
        length: RefLength::Set,
        ..RefRules::default()
    });
    set.play("resign").unwrap();
    assert_eq!(set.result().as_deref(), Some("white"));
    assert!(set.legal().is_empty());
    game.play("*a1").unwrap();
    let mut matched = RefMur::new(RefRules {
        length: RefLength::Match,
        ..RefRules::default()
    });
    matched.play("resign").unwrap();
    assert_eq!(matched.game_and_set(), (1, 2));
    assert!(matched.black_to_move());
    matched.play("*a1").unwrap();
    matched.play("resign").unwrap(); // White resigns set 2: one set each, no games: draw.
    assert_eq!(matched.result().as_deref(), Some("draw"));
}

#[test]
fn next_game_cleanup_and_first_player() {
    // Kraken trap by White ends game 1 of a set; game 2: trapped ships go, kraken to C,
    // White moves first.
    let pieces = [
        ("C", 'K'),
        ("a1", 'B'),
        ("b1", 'W'),
        ("c1", 'B'),
        ("d1", 'W'),
        ("e1", 'B'),
        ("f1", 'W'),
        ("g1", 'B'),
        ("e3", 'B'),
    ];
    let mut game = RefMur::from_board(
        RefRules {
            length: RefLength::Set,
            ..RefRules::default()
        },
        &board_of(&pieces),
        false,
    );
    game.play("*h1").unwrap();
    assert_eq!(game.result(), None);
    assert_eq!(game.game_and_set(), (2, 1));
    assert!(!game.black_to_move());
    assert_eq!(game.trap_tallies(), (0, 0));
    // Kraken was already on C; everything carries over.
    let mut expected = pieces.to_vec();
    expected.push(("h1", 'W'));
    assert_eq!(game.board(), board_of(&expected));
}

// ---- Opening counts (§1.11) ----

#[test]
fn opening_counts() {
    let game = RefMur::new(RefRules::default());
    assert_eq!(game.board(), board_of(&[("C", 'K')]));
    assert_eq!(game.legal().len(), 24);
    assert_eq!(perft(&game, 2), 552);
}

/// Perft at Game length from the start, depths 1-4. Slow in debug; run with
/// `cargo test --release -- --ignored perft_opening`.
#[test]
#[ignore]
fn perft_opening() {
    let game = RefMur::new(RefRules::default());
    for depth in 1..=4 {
        println!("perft({depth}) = {}", perft(&game, depth));
    }
}

/// Random playouts at Match length with a fixed linear congruential generator: no panics, and
/// `legal()` is empty only when the match is over. Also counts how often each obligation occurs.
#[test]
#[ignore]
fn random_matches() {
    let mut seed: u64 = 12345;
    let mut next = move |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    for m in 0..20 {
        let rules = RefRules {
            length: RefLength::Match,
            swap_colours_between_sets: m % 2 == 1,
            g1: m % 4 == 2,
            ..RefRules::default()
        };
        let mut game = RefMur::new(rules);
        let mut plies = 0;
        let mut withdrawals = 0;
        while game.result().is_none() {
            let legal = game.legal();
            assert!(!legal.is_empty());
            if legal.iter().all(|a| a.starts_with('^')) {
                withdrawals += 1;
            }
            let a = legal[next(legal.len())].clone();
            game.play(&a).unwrap();
            plies += 1;
            assert!(plies < 2_000_000);
        }
        println!(
            "match {m}: {plies} plies, {withdrawals} forced withdrawals, result {:?}, at {:?}",
            game.result(),
            game.game_and_set()
        );
    }
}
