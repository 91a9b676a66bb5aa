//! The turn and its obligations, repeats, stagnation, the end of a game, the clean-up, sets,
//! the match, resignation, swapped colours and the ply cap (mur §1.6, §1.8, §1.9).

use super::*;
use crate::mur::events::Withdrawal as Why;

// --- Repeats and stagnation ------------------------------------------------------------------

#[test]
fn repeating_the_position_of_four_plies_before_obliges_the_opponent_to_withdraw_a_ship() {
    let game = pos("game", "a3 c1", "e3", "C", "B");
    let mut game = game.clone();
    play(&mut game, &["a3+", "e3+", "b3-"]);
    assert_eq!(game.obligation(), Obligation::None);
    let events = play(&mut game, &["f3-"]);
    // White's play restored the board of four plies before: Black, the opponent, pays.
    assert!(rules(&events).contains(&"mur:1.8 immediate repeat"));
    assert_eq!(game.to_move(), Colour::Black);
    assert_eq!(game.obligation(), Obligation::RepeatWithdrawal);
    assert_eq!(legal(&game), ["^a3", "^c1"]);
    assert!(refusal(&game, "*b2").contains("Black must withdraw one of his ships: White repeated"));
    let mut events = Vec::new();
    game.apply("^c1".parse().unwrap(), &mut events).unwrap();
    assert!(matches!(
        events[0],
        MurEvent::Withdrew {
            why: Why::Repeat,
            ..
        }
    ));
    assert_eq!(game.trap_tally(Colour::White), 0, "no score changes");
    assert_eq!(game.obligation(), Obligation::None);
}

/// A Black alpha going round the triangle a1, C, b1 and a White alpha going back and forth
/// between e3 and f3 first repeat a position after 12 plies, never after 4.
const TRIANGLE: [&str; 12] = [
    "a1i", "e3+", "Cb", "f3-", "b1-", "e3+", "a1i", "f3-", "Cb", "e3+", "b1-", "f3-",
];

#[test]
fn with_whole_game_scope_any_earlier_position_with_the_same_side_to_move_is_a_repeat() {
    let mut game = pos("game repeat_scope=whole_game", "a1", "e3", "d2", "B");
    play(&mut game, &TRIANGLE[..11]);
    assert_eq!(game.obligation(), Obligation::None);
    play(&mut game, &TRIANGLE[11..]);
    assert_eq!(game.obligation(), Obligation::RepeatWithdrawal);
    // The last-cycle reading sees no repeat here.
    let mut short = pos("game", "a1", "e3", "d2", "B");
    play(&mut short, &TRIANGLE);
    assert_eq!(short.obligation(), Obligation::None);
}

#[test]
fn the_repeat_duty_lapses_when_the_player_has_no_ship_on_the_board() {
    let game = with("game", "", "c3", "C", "B 0-0 repeat:B");
    assert_eq!(game.obligation(), Obligation::None);
    let mut next = game.clone();
    let events = play(&mut next, &["*a3"]);
    assert!(rules(&events).contains(&"mur:1.6 repeat duty lapses"));
    assert_eq!(
        next.position_text(),
        "K/......../......../B.W..... W 0-0 history:K..................W....."
    );
}

#[test]
fn a_trap_withdrawal_takes_the_turn_a_repeat_withdrawal_was_owed_for() {
    // mur §1.6: the duty is owed when "the opponent's last play created an immediate repeat";
    // a trap withdrawal comes first and takes that turn, and the duty lapses with it.
    let game = with("game", "h3 b3 a2", "a3 c1", "C", "W 0-0 repeat:W");
    assert_eq!(game.obligation(), Obligation::TrapWithdrawal);
    let mut next = game.clone();
    let events = play(&mut next, &["^a3"]);
    assert!(
        rules(&events).contains(&"mur:1.6 repeat duty lapses"),
        "{events:?}"
    );
    let next = after(&next, &["*e3"]);
    assert_eq!(next.obligation(), Obligation::None);
    assert!(
        legal(&next).len() > 1,
        "White plays freely: {:?}",
        legal(&next)
    );
}

/// Black's eta on ring 3 is blocked by the kraken on h3 and White's eta on ring 2.
const STAGNANT: &str = "./......../WWW.WWWW/BBBBBBBK B 0-0";

#[test]
fn a_player_with_no_legal_place_or_move_withdraws_a_ship_of_his_choice() {
    let game = Mur::from_position(&variant("game"), STAGNANT).unwrap();
    assert_eq!(game.off_board(Colour::Black), 0);
    assert_eq!(game.obligation(), Obligation::Stagnation);
    assert_eq!(
        legal(&game),
        ["^a3", "^b3", "^c3", "^d3", "^e3", "^f3", "^g3"]
    );
    assert!(refusal(&game, "a3i").contains("no legal place or move"));
    let mut next = game.clone();
    let events = play(&mut next, &["^d3"]);
    assert_eq!(rules(&events), ["mur:1.8 stagnation"]);
    assert_eq!(next.off_board(Colour::Black), 1);
    assert_eq!(next.to_move(), Colour::White);
}

#[test]
fn withdrawals_are_only_for_traps_repeats_and_stagnation() {
    let game = pos("game", "a3", "e3", "C", "B");
    assert!(refusal(&game, "^a3").contains("nothing to withdraw"));
}

// --- The end of a game ---------------------------------------------------------------------

#[test]
fn a_third_ship_trap_wins_the_game() {
    let game = with("game", "h3 b3", "a3", "C", "B 2-0");
    let next = after(&game, &["*a2"]);
    let outcome = next.outcome().unwrap();
    assert_eq!(outcome.winners(), [Seat(0)]);
    assert_eq!(outcome.reason, "Black's third ship trap");
    assert_eq!(next.actor(), Actor::Over);
    assert!(legal(&next).is_empty());
    assert!(next.position_text().ends_with("over:traps-B"));
}

#[test]
fn a_double_trap_can_take_the_tally_from_two_to_four() {
    let game = with("game", "h3 a2 c2 d3", "a3 c3", "C", "B 2-0");
    let next = after(&game, &["*b3"]);
    assert_eq!(next.trap_tally(Colour::Black), 4);
    assert_eq!(
        next.outcome().unwrap().reason,
        "Black's ship traps reached 4"
    );
}

#[test]
fn after_a_game_the_trapped_ships_and_a_ship_on_the_centre_leave_and_the_rest_carries_over() {
    // Set length: Black's third trap ends game 1; White's trapped a3 and White's ship on the
    // centre go off, the kraken returns to C, and White opens game 2.
    let game = with("set", "h3 b3", "a3 C", "e1", "B 2-0 settraps:2-0");
    let mut next = game.clone();
    let events = play(&mut next, &["*a2"]);
    assert_eq!(
        rules(&events)[events.len() - 3..],
        ["mur:1.9 game end", "mur:1.9 clean-up", "mur:1.9 next game"]
    );
    assert_eq!(
        next.position_text(),
        "K/......../B......./.B.....B W 0-0 game:2 won:1-0 settraps:3-0 matchwon:1-0"
    );
    assert_eq!(next.game_number(), 2);
    assert_eq!(next.to_move(), Colour::White);
    assert_eq!(next.actor(), Actor::Seat(Seat(1)));
    assert_eq!(next.trap_tally(Colour::Black), 0);
    assert_eq!(next.games_won(Colour::Black), 1);
    assert_eq!(next.off_board(Colour::White), 7);
    assert_eq!(next.outcome(), None);
}

#[test]
fn black_opens_the_odd_games_and_white_the_even_ones() {
    // Game 2 ends by White's kraken trap; Black opens game 3.
    let game = with("set", "h3", "a2", "a3", "W 0-0 game:2 won:1-0 matchwon:1-0");
    let next = after(&game, &["*b3"]);
    assert_eq!((next.game_number(), next.to_move()), (3, Colour::Black));
    assert_eq!(next.games_won(Colour::White), 1);
    assert_eq!(next.piece(Point::CENTRE), Some(Piece::Kraken));
    assert_eq!(letters(&next, "h3 a2 b3 a3"), "BWW.");
}

// --- Sets and the match -------------------------------------------------------------------------

#[test]
fn a_set_tied_on_games_goes_to_the_player_with_more_ship_traps() {
    let game = with(
        "set",
        "h3 b3",
        "a3",
        "C",
        "B 2-0 game:6 won:2-3 settraps:10-8",
    );
    let next = after(&game, &["*a2"]);
    let outcome = next.outcome().unwrap();
    assert_eq!(outcome.scores, [3, 3]);
    assert_eq!(outcome.ranks, [0, 1]);
    assert_eq!(
        outcome.reason,
        "games tied 3-3; Black scored more ship traps (11-8)"
    );
}

#[test]
fn a_set_tied_on_games_and_ship_traps_is_tied() {
    let game = with("set", "h3", "a2", "a3", "B 0-0 game:6 won:2-3 settraps:9-9");
    let outcome = after(&game, &["*b3"]).outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "tied on games (3-3) and ship traps");
}

#[test]
fn the_first_set_of_a_match_leads_to_the_second_on_an_empty_board() {
    let game = with(
        "match",
        "h3",
        "a2",
        "a3",
        "W 0-0 game:6 won:2-3 matchwon:2-3",
    );
    let next = after(&game, &["*b3"]);
    assert_eq!(next.outcome(), None);
    assert_eq!((next.set_number(), next.game_number()), (2, 1));
    assert_eq!(next.to_move(), Colour::Black);
    assert_eq!(
        next.position_text(),
        "K/......../......../........ B 0-0 set:2 sets:0-1 matchwon:2-4"
    );
}

#[test]
fn the_match_goes_to_more_sets_then_more_games_else_it_is_drawn() {
    let last = |matchwon: &str| {
        let rest = format!("W 0-0 game:6 set:2 won:2-3 sets:1-0 matchwon:{matchwon}");
        after(&with("match", "h3", "a2", "a3", &rest), &["*b3"])
            .outcome()
            .unwrap()
    };
    let drawn = last("6-5");
    assert_eq!(drawn.scores, [1, 1]);
    assert!(drawn.is_draw());
    assert_eq!(drawn.reason, "tied on sets (1-1) and games (6-6)");
    let on_games = last("7-5");
    assert_eq!(on_games.ranks, [0, 1]);
    assert_eq!(
        on_games.reason,
        "sets tied 1-1; seat 1 won more games (7-6)"
    );
    let game = with(
        "match",
        "h3",
        "a2",
        "a3",
        "W 0-0 game:6 set:2 sets:0-1 matchwon:2-8",
    );
    let outcome = after(&game, &["*b3"]).outcome().unwrap();
    assert_eq!(outcome.scores, [0, 2]);
    assert_eq!(outcome.reason, "seat 2 won more sets (0-2)");
}

#[test]
fn a_player_may_resign_a_set_which_goes_to_the_opponent() {
    let mut game = start("match");
    assert_eq!(game.resignation(), Some(Action::RESIGN));
    assert!(!legal(&game).contains(&"resign".to_owned()));
    play(&mut game, &["*a3", "*e3"]);
    let events = play(&mut game, &["resign"]);
    assert_eq!(
        rules(&events),
        ["mur:1.9 resignation", "mur:1.9 set", "mur:1.9 next game"]
    );
    assert_eq!((game.set_number(), game.game_number()), (2, 1));
    assert_eq!(game.sets_won(Colour::White), 1);
    assert_eq!(
        game.off_board(Colour::Black),
        7,
        "the second set starts on an empty board"
    );
    play(&mut game, &["resign"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners(), [Seat(1)]);
    assert_eq!(
        outcome.reason,
        "seat 2 won more sets (0-2); Black resigned the last set"
    );
}

#[test]
fn at_set_length_resigning_ends_play_with_the_resigner_last() {
    let game = with("set", "a3", "e3", "C", "B 0-0 game:4 won:3-0 matchwon:3-0");
    let done = after(&game, &["resign"]);
    let outcome = done.outcome().unwrap();
    assert_eq!(outcome.scores, [3, 0]);
    assert_eq!(outcome.ranks, [1, 0]);
    assert_eq!(outcome.reason, "Black resigned the set (games 3-0)");
}

#[test]
fn a_single_game_cannot_be_resigned() {
    let game = start("game");
    assert_eq!(game.resignation(), None);
    assert!(refusal(&game, "resign").contains("only resign a whole set"));
}

#[test]
fn with_swapped_colours_the_first_player_plays_white_in_the_second_set() {
    let mut game = start("match swap_colours_between_sets=on");
    assert_eq!(game.seat_name(Seat(0)), "Black");
    play(&mut game, &["resign"]);
    assert_eq!(game.set_number(), 2);
    assert_eq!(game.to_move(), Colour::Black);
    assert_eq!(
        game.actor(),
        Actor::Seat(Seat(1)),
        "seat 1 now has Black and opens"
    );
    assert_eq!(game.seat_name(Seat(0)), "White");
    // Seat 1 won the first set; that player now plays Black.
    assert_eq!(game.sets_won(Colour::Black), 1);
    assert_eq!(game.sets_won(Colour::White), 0);
}

// --- The ply cap ----------------------------------------------------------------------------

#[test]
fn the_ply_cap_draws_a_game_after_n_plies_without_a_result() {
    let mut game = start("game ply_cap=3");
    assert_eq!(
        game.position_text(),
        "K/......../......../........ B 0-0 ply:0"
    );
    let events = play(&mut game, &["*a3", "*e3", "*c1"]);
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(
        outcome.reason,
        "ply cap of 3 reached (not an official rule)"
    );
    assert_eq!(
        rules(&events).last(),
        Some(&"mur:1.9 ply cap (not official)")
    );
    let info = MurVariant::options()
        .iter()
        .find(|o| o.key == "ply_cap")
        .unwrap();
    assert_eq!(info.status, crate::variant::OptionStatus::Muster);
}

#[test]
fn within_a_set_a_capped_game_counts_for_nobody_and_the_next_game_starts() {
    let mut game = start("set ply_cap=2");
    play(&mut game, &["*a3", "*e3"]);
    assert_eq!(game.game_number(), 2);
    assert_eq!(game.to_move(), Colour::White);
    assert_eq!(
        (game.games_won(Colour::Black), game.games_won(Colour::White)),
        (0, 0)
    );
    assert_eq!(letters(&game, "a3 e3"), "BW", "the board carries over");
    assert_eq!(game.ply(), 0);
}
