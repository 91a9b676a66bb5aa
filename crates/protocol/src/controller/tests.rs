//! The controller's pieces that need no process: the commands it writes, a `go`'s limit.

use muster_rules::GameId;

use super::*;

#[test]
fn the_position_is_the_moves_from_startpos_or_from_the_start_text() {
    let start = AnyGame::new(GameId::MurusGallicus, "", None).unwrap();
    assert_eq!(
        position_command(&start, &[], &start, 0),
        "position startpos"
    );
    let first = start.legal_actions()[0].clone();
    let mut game = start.clone();
    game.apply(&first).unwrap();
    assert_eq!(
        position_command(&start, std::slice::from_ref(&first), &game, 1),
        format!("position startpos moves {first}")
    );
    // From a position of one's own, its text.
    let second = game.legal_actions()[0].clone();
    let mut later = game.clone();
    later.apply(&second).unwrap();
    assert_eq!(
        position_command(&game, std::slice::from_ref(&second), &later, 0),
        format!("position text {} moves {second}", game.position_text())
    );
}

#[test]
fn while_a_secret_is_pending_the_seat_is_told_only_its_view() {
    let start = AnyGame::new(GameId::MuTou, "", Some(2)).unwrap();
    let mut game = start.clone();
    let mut moves = Vec::new();
    // The first seat sets out a stack in secret.
    while !game.secrets_pending() || moves.len() < 2 {
        let action = game.legal_actions()[0].clone();
        game.apply(&action).unwrap();
        moves.push(action);
        assert!(moves.len() < 200, "no secret setting-out");
    }
    let Actor::Seat(seat) = game.actor() else {
        panic!("a seat acts")
    };
    let seat = usize::from(seat.0);
    let line = position_command(&start, &moves, &game, seat);
    assert_eq!(
        line,
        format!("position text {}", game.view(Some(seat)).position_text())
    );
    assert!(!line.contains(" moves "), "{line}");
    // Another seat's view hides what this seat set out.
    let other = (seat + 1) % 2;
    assert_ne!(
        game.view(Some(other)).position_text(),
        game.position_text(),
        "the secret is hidden from the other seat"
    );
}

#[test]
fn a_game_line_s_seat_range_is_read() {
    assert_eq!(seat_range(" seats 2-8 variants levis velox"), Some((2, 8)));
    assert_eq!(seat_range(" seats 2"), Some((2, 2)));
    assert_eq!(seat_range(" variants basic"), None);
    assert_eq!(seat_range(" seats two"), None);
}

#[test]
fn go_carries_every_limit_given() {
    assert_eq!(go_command(&GoLimits::default()), "go");
    let limits = GoLimits {
        movetime: Some(Duration::from_millis(1500)),
        clock: Some((
            vec![Duration::from_secs(60), Duration::from_secs(59)],
            Duration::from_secs(1),
        )),
        level: Some(4),
    };
    assert_eq!(
        go_command(&limits),
        "go level 4 movetime 1500 clock 60000 59000 inc 1000"
    );
}

#[test]
fn a_go_s_limit_is_the_movetime_else_the_mover_s_clock_each_with_a_grace() {
    let ms = Duration::from_millis;
    let timeout = Duration::from_secs(10);
    let movetime = GoLimits {
        movetime: Some(ms(1_000)),
        ..GoLimits::default()
    };
    assert_eq!(go_limit(&movetime, 0, timeout), (ms(1_000), ms(200)));
    let clock = GoLimits {
        clock: Some((vec![ms(60_000), ms(5_000)], ms(0))),
        ..GoLimits::default()
    };
    assert_eq!(go_limit(&clock, 0, timeout), (ms(60_000), ms(6_000)));
    assert_eq!(go_limit(&clock, 1, timeout), (ms(5_000), ms(500)));
    let both = GoLimits {
        movetime: Some(ms(300)),
        ..clock.clone()
    };
    assert_eq!(go_limit(&both, 0, timeout), (ms(300), ms(200)));
    assert_eq!(
        go_limit(&GoLimits::default(), 0, timeout),
        (timeout, Duration::ZERO)
    );
    assert_eq!(go_limit(&clock, 2, timeout), (timeout, Duration::ZERO));
}

#[test]
fn an_action_is_checked_legal_and_written_canonically() {
    let start = AnyGame::new(GameId::Mur, "", None).unwrap();
    let first = start.legal_actions()[0].clone();
    assert_eq!(check_action(&start, &first).unwrap(), first);
    for bad in ["", "zz99", "\u{0}"] {
        let err = check_action(&start, bad).unwrap_err();
        assert!(matches!(err, EngineFailure::Illegal { .. }), "{err}");
    }
    // Mur's set resignation is not listed among the legal actions, and is legal.
    let resign = start.resignation().expect("Mur has a resignation");
    assert!(!start.legal_actions().contains(&resign));
    assert_eq!(check_action(&start, &resign).unwrap(), resign);
}

#[test]
fn a_long_command_is_abbreviated_in_failures() {
    assert_eq!(abbreviate("newgame mur"), "newgame mur");
    let long = format!("position startpos moves {}", "d1-d3 ".repeat(100));
    let short = abbreviate(&long);
    assert_eq!(short.chars().count(), 121);
    assert!(short.ends_with('…') && long.starts_with(short.trim_end_matches('…')));
}
