//! Rulebook tests for Mur, one rule per test: the specification's cases M1–M3a and movement
//! here; traps and eyes, the turn and its obligations, games/sets/match, text forms, and random
//! games in `tests/`.

mod flow;
mod random;
mod text;
mod traps;

use super::*;
use crate::game::{Actor, Game, GameEvent, Seat};
use crate::variant::Variant;

/// A variant from its text (a preset and overrides).
fn variant(text: &str) -> MurVariant {
    MurVariant::parse_text(text).unwrap()
}

/// The start of the variant named by `text`.
fn start(text: &str) -> Mur {
    Mur::new(&variant(text), 2).unwrap()
}

/// The board field of a position text with Black ships on `black`, White ships on `white` and
/// the kraken on `kraken` (points separated by spaces).
fn board_text(black: &str, white: &str, kraken: &str) -> String {
    let mut letters = ['.'; 25];
    for (names, letter) in [(black, 'B'), (white, 'W'), (kraken, 'K')] {
        for name in names.split_whitespace() {
            let p: Point = name.parse().unwrap();
            assert_eq!(letters[usize::from(p.index())], '.', "{name} named twice");
            letters[usize::from(p.index())] = letter;
        }
    }
    let all: String = letters.iter().collect();
    format!(
        "{}/{}/{}/{}",
        &all[..1],
        &all[1..9],
        &all[9..17],
        &all[17..]
    )
}

/// A position of the variant `variant_text`: the pieces, the side to move (`B`/`W`), and any
/// further fields of the position text (`extra`, may be empty).
fn pos(variant_text: &str, black: &str, white: &str, kraken: &str, side: &str) -> Mur {
    with(variant_text, black, white, kraken, &format!("{side} 0-0"))
}

/// Like [`pos`], with the rest of the position text after the board given whole.
fn with(variant_text: &str, black: &str, white: &str, kraken: &str, rest: &str) -> Mur {
    let text = format!("{} {rest}", board_text(black, white, kraken));
    Mur::from_position(&variant(variant_text), &text).unwrap_or_else(|e| panic!("{e}"))
}

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

/// The pieces on the named points, as letters (`.` for empty).
fn letters(game: &Mur, names: &str) -> String {
    names
        .split_whitespace()
        .map(|n| {
            game.piece(point(n)).map_or('.', |p| match p {
                Piece::Ship(Colour::Black) => 'B',
                Piece::Ship(Colour::White) => 'W',
                Piece::Kraken => 'K',
            })
        })
        .collect()
}

/// The legal actions as sorted strings.
fn legal(game: &Mur) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    let mut texts: Vec<String> = out.iter().map(Action::to_string).collect();
    texts.sort();
    texts
}

fn is_legal(game: &Mur, text: &str) -> bool {
    legal(game).iter().any(|t| t == text)
}

/// Plays `texts` in order, each checked; returns every event.
fn play(game: &mut Mur, texts: &[&str]) -> Vec<MurEvent> {
    let mut events = Vec::new();
    for text in texts {
        let action = game.parse_action(text).unwrap();
        game.apply(action, &mut events)
            .unwrap_or_else(|e| panic!("{e}\n{}", game.diagram()));
    }
    events
}

/// After `texts`, the result.
fn after(game: &Mur, texts: &[&str]) -> Mur {
    let mut next = game.clone();
    play(&mut next, texts);
    next
}

/// Why `text` is refused.
fn refusal(game: &Mur, text: &str) -> String {
    let action = game.parse_action(text).unwrap();
    game.check(action).expect_err(text).reason
}

fn rules(events: &[MurEvent]) -> Vec<&'static str> {
    events.iter().map(|e| e.rule().0).collect()
}

// --- The start -------------------------------------------------------------------------------

#[test]
fn the_first_game_starts_with_the_kraken_on_the_centre_and_every_ship_off_the_board() {
    let game = start("match");
    assert_eq!(game.piece(Point::CENTRE), Some(Piece::Kraken));
    assert_eq!(game.off_board(Colour::Black), 7);
    assert_eq!(game.off_board(Colour::White), 7);
    assert_eq!(game.to_move(), Colour::Black);
    assert_eq!(game.actor(), Actor::Seat(Seat(0)));
    assert_eq!((game.game_number(), game.set_number()), (1, 1));
    assert_eq!(game.obligation(), Obligation::None);
    assert_eq!(game.position_text(), "K/......../......../........ B 0-0");
}

#[test]
fn black_opens_with_a_placement_on_any_of_the_24_empty_points() {
    let game = start("game");
    let moves = legal(&game);
    assert_eq!(moves.len(), 24);
    assert!(moves.iter().all(|m| m.starts_with('*')));
    assert_eq!(game.count_actions(), 24);
    assert_eq!(
        refusal(&game, "*C"),
        "C is not empty: it holds the kraken (order 4)"
    );
}

// --- The specification's cases ----------------------------------------------------------------

#[test]
fn m1_a_ring_knock_skips_occupied_points_and_rests_on_the_first_empty_one() {
    let game = pos("game", "c2 f2", "d2 e2", "C", "B");
    let mut next = game.clone();
    let events = play(&mut next, &["c2+"]);
    assert_eq!(letters(&next, "c2 d2 e2 f2 g2"), ".BWBW");
    assert_eq!(next.trap_tally(Colour::Black), 0);
    assert_eq!(next.obligation(), Obligation::None);
    assert_eq!(rules(&events), ["mur:1.5 move", "mur:1.5 knock"]);
    assert_eq!(
        events[1].to_string(),
        "the White ship is knocked from d2 to g2"
    );
}

#[test]
fn m2_after_a_bounce_the_knocked_kraken_goes_the_second_direction() {
    let game = pos("game", "a2 b2 c2", "C", "a1", "B");
    assert_eq!(game.order(point("a2")), 3);
    assert_eq!(game.landing("a2o".parse().unwrap()), Some(point("a1")));
    let mut next = game.clone();
    let events = play(&mut next, &["a2o"]);
    assert_eq!(letters(&next, "a1 a2 b2 c2 C e1"), "B.BBWK");
    assert_eq!(
        rules(&events),
        ["mur:1.5 move", "mur:1.5 second-direction knock"]
    );
    assert_eq!(
        events[1].to_string(),
        "the kraken is knocked from a1 to e1 in the second direction"
    );
}

#[test]
fn m3a_three_ships_trap_a_ship_on_the_third_ring() {
    let game = pos("game", "h3 b3", "a3", "C", "B");
    let mut next = game.clone();
    let events = play(&mut next, &["*a2"]);
    assert_eq!(next.trap_tally(Colour::Black), 1);
    assert_eq!(next.to_move(), Colour::White);
    assert_eq!(next.obligation(), Obligation::TrapWithdrawal);
    assert_eq!(legal(&next), ["^a3"]);
    assert!(rules(&events).contains(&"mur:1.7 trap"));
    let done = after(&next, &["^a3"]);
    assert_eq!(letters(&done, "a3"), ".");
    assert_eq!(done.off_board(Colour::White), 7);
    assert_eq!(
        done.trap_tally(Colour::Black),
        1,
        "a withdrawal scores nothing more"
    );
}

// --- Moves -------------------------------------------------------------------------------------

#[test]
fn a_ship_moves_exactly_its_order() {
    let game = pos("game", "a3 b3", "e1", "C", "B");
    assert_eq!(game.order(point("a3")), 2);
    assert_eq!(game.landing("a3-".parse().unwrap()), Some(point("g3")));
    assert_eq!(game.landing("b3+".parse().unwrap()), Some(point("d3")));
    assert_eq!(game.landing("b3i".parse().unwrap()), Some(point("b1")));
}

#[test]
fn a_diameter_move_passes_straight_through_the_centre() {
    // The alpha on a1 moves one step inward onto the empty centre; a pair from a1 crosses it.
    let game = pos("game", "a1 b3 c3", "h3", "e3", "B");
    assert_eq!(game.landing("a1i".parse().unwrap()), Some(Point::CENTRE));
    let pair = pos("game", "a1 a2", "h3", "d3", "B");
    assert_eq!(pair.landing("a1i".parse().unwrap()), Some(point("e1")));
    let next = after(&pair, &["a1i"]);
    assert_eq!(letters(&next, "a1 C e1"), "..B");
}

#[test]
fn a_ship_on_the_centre_moves_out_along_the_spoke_it_names() {
    let game = pos("game", "C d1", "h3", "e3", "B");
    assert_eq!(game.order(Point::CENTRE), 2);
    let next = after(&game, &["Ca"]);
    assert_eq!(letters(&next, "C a1 a2"), "..B");
    assert!(
        "d1a".parse::<Action>().is_err(),
        "a spoke letter names a move from C only"
    );
}

#[test]
fn a_diameter_move_bounces_back_from_the_third_ring() {
    // A gamma on a2 moving outward: a3, bounce, a2 (its own empty start), a1.
    let game = pos("game", "a2 b2 c2", "h3", "e3", "B");
    assert_eq!(game.landing("a2o".parse().unwrap()), Some(point("a1")));
    let next = after(&game, &["a2o"]);
    assert_eq!(letters(&next, "a1 a2 a3"), "B..");
}

#[test]
fn the_longest_move_crosses_the_board_and_bounces_back_one_point() {
    // An eta on ring 3, from a3 inward: a2 a1 C e1 e2 e3, bounce, e2.
    let game = pos("game", "a3 b3 c3 d3 e3 f3 g3", "h1", "b1", "B");
    assert_eq!(game.order(point("a3")), 7);
    assert_eq!(game.landing("a3i".parse().unwrap()), Some(point("e2")));
    let next = after(&game, &["a3i"]);
    assert_eq!(letters(&next, "a3 e2"), ".B");
}

#[test]
fn a_move_that_bounces_back_onto_its_own_start_sustains_the_position_and_is_illegal() {
    // M15: a pair on a2 moving outward: a3, bounce, a2.
    let game = pos("game", "a2 b2", "h3", "e3", "B");
    assert_eq!(game.landing("a2o".parse().unwrap()), Some(point("a2")));
    assert!(!is_legal(&game, "a2o"));
    assert_eq!(
        refusal(&game, "a2o"),
        "the move a2o bounces back onto its own start a2, leaving the position unchanged \
         (mur §1.8 no-sustain)"
    );
}

#[test]
fn a_moving_ship_passes_over_occupied_points() {
    // R-M1: the pair on a3 passes over the White ship on h3 and lands on g3.
    let game = pos("game", "a3 b3", "h3", "e1", "B");
    assert!(is_legal(&game, "a3-"));
    assert_eq!(letters(&after(&game, &["a3-"]), "g3 h3 a3"), "BW.");
}

#[test]
fn with_blocked_paths_a_moving_ship_may_not_pass_over_occupied_points() {
    let game = pos("game blocked_paths=on", "a3 b3", "h3", "e1", "B");
    assert!(!is_legal(&game, "a3-"));
    assert!(refusal(&game, "a3-").contains("passes over h3"));
    // Its own vacated start does not block a bounce back across it.
    let gamma = pos("game blocked_paths=on", "a2 b2 c2", "h3", "e3", "B");
    assert!(is_legal(&gamma, "a2o"));
}

#[test]
fn a_knock_needs_a_strictly_higher_order() {
    // An alpha can never knock an alpha.
    let game = pos("game", "a2", "b2", "e3", "B");
    assert_eq!(
        refusal(&game, "a2+"),
        "b2 holds a White alpha (order 1); an alpha cannot knock it: a knock needs a higher \
         order, a smaller number (mur §1.5)"
    );
    // An alpha knocks a pair.
    let game = pos("game", "a2", "b2 c2", "e3", "B");
    assert!(is_legal(&game, "a2+"));
    assert_eq!(letters(&after(&game, &["a2+"]), "a2 b2 c2 d2"), ".BWW");
}

#[test]
fn an_alpha_can_never_knock_an_alpha() {
    let game = pos("game", "a2 d2", "b2 e2", "e3", "B");
    assert!(!is_legal(&game, "a2+"));
    assert!(!is_legal(&game, "d2+"));
}

#[test]
fn groups_of_order_four_or_more_can_never_knock_the_kraken() {
    // A delta on ring 3 moving 4 clockwise from a3 lands on the kraken on e3.
    let game = pos("game", "a3 b3 c3 d3", "h1", "e3", "B");
    assert_eq!(game.landing("a3+".parse().unwrap()), Some(point("e3")));
    assert!(refusal(&game, "a3+").contains("the kraken (order 4); a delta cannot knock it"));
    // A gamma can.
    let game = pos("game", "a3 b3 c3", "h1", "d3", "B");
    assert!(is_legal(&game, "a3+"));
}

#[test]
fn a_ship_can_never_knock_a_member_of_its_own_group() {
    // The gamma a1-a2-a3 on one spoke: a1 outward goes a2, a3, bounces, and lands on a2.
    let game = pos("game", "a1 a2 a3", "h3", "e3", "B");
    assert_eq!(game.landing("a1o".parse().unwrap()), Some(point("a2")));
    assert_eq!(
        refusal(&game, "a1o"),
        "a2 holds a Black ship of a group of 3 (order 3); a gamma cannot knock it: a knock needs \
         a higher order, a smaller number (mur §1.5)"
    );
}

#[test]
fn a_knock_that_pushes_a_ship_of_the_movers_colour_into_the_vacated_start_is_illegal() {
    // M8: the pair a1-a2 moves a2 two clockwise onto c2 (a Black gamma c2-d2-e2); the knocked
    // ship skips d2..h2 and rests on a2, the mover's start: Black's points are unchanged.
    let game = pos("game", "a1 a2 c2 d2 e2", "f2 g2 h2", "C", "B");
    assert_eq!(game.order(point("a2")), 2);
    assert_eq!(game.order(point("c2")), 3);
    assert!(!is_legal(&game, "a2+"));
    assert_eq!(
        refusal(&game, "a2+"),
        "the move a2+ knocks Black's own ship from c2 into the vacated a2, leaving the position \
         unchanged (mur §1.8 no-sustain)"
    );
    // The same knock of a White gamma changes the position and is legal.
    let game = pos("game", "a1 a2 f2", "c2 d2 e2 g2 h2", "C", "B");
    assert!(is_legal(&game, "a2+"));
    assert_eq!(letters(&after(&game, &["a2+"]), "a2 c2"), "WB");
}

#[test]
fn the_kraken_is_never_moved_directly() {
    let game = pos("game", "a3", "e3", "C", "B");
    assert!(refusal(&game, "Ca").contains("the kraken (order 4), not one of Black's ships"));
}

#[test]
fn a_move_needs_a_direction_that_exists_from_its_point() {
    let game = pos("game", "a3 C", "e3", "e1", "B");
    assert!(refusal(&game, "a3o").contains("no outward move"));
    let from_ring = Action::step(point("a3"), Direction::Spoke(2));
    assert!(game
        .check(from_ring)
        .unwrap_err()
        .reason
        .contains("direction from C only"));
    let from_centre = Action::step(Point::CENTRE, Direction::Inward);
    assert!(game.check(from_centre).is_err());
}

#[test]
fn only_the_side_to_move_moves_and_only_his_own_ships() {
    let game = pos("game", "a3", "e3", "C", "B");
    assert_eq!(
        refusal(&game, "b3+"),
        "b3 is empty: Black has no ship there to move"
    );
    assert!(refusal(&game, "e3+").contains("a White alpha (order 1), not one of Black's ships"));
}

#[test]
fn the_classic_edition_only_renames_the_pieces() {
    let game = pos("game edition=classic", "a3", "e3", "C", "B");
    assert_eq!(
        (game.ship_word(), game.kraken_word()),
        ("stone", "Mur stone")
    );
    assert!(refusal(&game, "Ca").contains("the Mur stone (order 4)"));
    let kraken = pos("game", "a3", "e3", "C", "B");
    assert_eq!(
        (kraken.ship_word(), kraken.kraken_word()),
        ("ship", "kraken")
    );
    assert_eq!(legal(&game), legal(&kraken));
}
