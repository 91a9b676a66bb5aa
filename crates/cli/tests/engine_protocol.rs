//! `muster engine` started as a real child process and driven through the engine protocol
//! (docs/engine-protocol.md): the handshake, whole games of all four games, MuTou's chance
//! supplied by the controller, Mu's explosion orders decided by the engine, `stop` within
//! 100 ms, commands after `stop` answered after its `bestmove`, and malformed input answered
//! with one `error` each while the session goes on.

mod engine_harness;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use engine_harness::{engine_for, new_game, play_from, play_through, EngineProcess, PATIENCE};
use muster_rules::{Actor, AnyGame, GameId};
use rand::rngs::SmallRng;
use rand::SeedableRng;

#[test]
fn the_handshake_names_the_protocol_the_games_and_the_options() {
    let mut engine = EngineProcess::start(&["--level", "3", "--seed", "7"]);
    let lines = engine.ok("muster");
    assert!(lines.iter().any(|l| l == "id name muster"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("id version ")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("id author ")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "protocol 1"), "{lines:?}");
    for game in ["murus-gallicus", "mur", "mu", "mutou"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("game {game} seats "))),
            "{game}: {lines:?}"
        );
    }
    assert!(lines
        .iter()
        .any(|l| l.starts_with("game mu seats 2-8 variants ")));
    for option in [
        "option threads int default 1 min 1 max 256",
        "option hash int default 32 min 1 max 4096",
        "option seed int default 7 min 0 max 18446744073709551615",
        "option level int default 3 min 1 max 8",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }
    engine.assert_ready();
    engine.ok("setoption hash 64");
    engine.send("quit");
    let status = engine.exit_within(PATIENCE).expect("quit ends the engine");
    assert!(status.success());
}

#[test]
fn a_whole_game_of_murus_gallicus_is_played_through_the_protocol() {
    let mut engine = engine_for("murus-gallicus", &["--level", "3"]);
    let played = play_through(
        &mut engine,
        new_game(GameId::MurusGallicus, "", None),
        "go nodes 100",
        400,
        1,
    );
    let game = played.game.expect("played");
    assert_eq!(game.actor(), Actor::Over, "the game ended");
    engine.ok(&format!(
        "position startpos moves {}",
        played.moves.join(" ")
    ));
    let shown = engine.ok("show");
    assert!(shown.iter().any(|l| l == "actor over"), "{shown:?}");
    assert!(
        shown.iter().any(|l| l.starts_with("outcome scores ")),
        "{shown:?}"
    );
}

#[test]
fn a_whole_game_of_mur_is_played_through_the_protocol_with_alpha_beta() {
    // One game (the preset `game`); a match (the default) is long, so it is played in part.
    let mut engine = engine_for("mur game", &["--level", "5"]);
    let played = play_through(
        &mut engine,
        new_game(GameId::Mur, "game", None),
        "go depth 2",
        400,
        2,
    );
    assert_eq!(
        played.game.as_ref().map(AnyGame::actor),
        Some(Actor::Over),
        "{played:?}"
    );
    engine.ok("newgame mur");
    let played = play_through(
        &mut engine,
        new_game(GameId::Mur, "", None),
        "go nodes 300",
        40,
        3,
    );
    assert_eq!(played.decisions, 40, "{played:?}");
}

#[test]
fn mutou_is_played_with_the_dice_the_controller_rolls() {
    let mut engine = engine_for("mutou", &["--level", "1"]);
    let (mut chance, mut views, mut over) = (0, 0, 0);
    // Calls (which bring the dice) are the players' choice: play games until one is made.
    for seed in 0..8 {
        engine.ok(&format!("setoption seed {seed}"));
        engine.ok("newgame mutou");
        let played = play_through(
            &mut engine,
            new_game(GameId::MuTou, "", None),
            "go nodes 3",
            400,
            seed,
        );
        chance += played.chance;
        views += played.view_positions;
        over += usize::from(played.game.as_ref().map(AnyGame::actor) == Some(Actor::Over));
        if chance > 0 && over > 0 {
            break;
        }
    }
    assert!(chance > 0, "chance acted");
    assert!(over > 0, "a game ended");
    assert!(views > 0, "the secret setting-out was sent as views");
}

/// mu §4 E4: after `2,0-w-2` two cells are hot and the order of their explosions matters.
const E4: &str = "0,0 3,-1 1,2 | -1,0=C -1,1=C 1,0=C 2,0=CR2 0,1=W 1,-1=VR1 | play R seats=2";

#[test]
fn a_whole_game_of_mu_is_played_through_the_protocol() {
    let mut engine = engine_for("mu", &["--level", "1"]);
    let played = play_through(
        &mut engine,
        new_game(GameId::Mu, "", None),
        "go nodes 2",
        600,
        4,
    );
    let game = played.game.clone().expect("played");
    assert_eq!(game.actor(), Actor::Over, "{played:?}");
}

#[test]
fn mu_explosion_orders_are_decided_by_the_engine() {
    let mut engine = engine_for("mu levis", &["--level", "5"]);
    let e4 = AnyGame::from_position(GameId::Mu, "levis", E4).expect("E4 reads");
    let played = play_from(&mut engine, &format!("text {E4}"), e4, "go nodes 200", 1, 6);
    assert!(played.explosion_choices.is_empty(), "a move first");
    let mut after = AnyGame::from_position(GameId::Mu, "levis", E4).expect("E4 reads");
    after.apply("2,0-w-2").expect("legal in E4");
    let text = after.position_text();
    engine.ok(&format!("position text {E4} moves 2,0-w-2"));
    let (legal, _) = engine.legal();
    assert_eq!(legal.len(), 2, "{legal:?}");
    // The engine decides the order at every level, and the game goes on to its end from there.
    for go in ["go level 1", "go level 5", "go nodes 50"] {
        let (action, _) = engine.go(go);
        assert!(legal.contains(&action), "{go}: {action}");
    }
    let played = play_from(
        &mut engine,
        &format!("text {text}"),
        after,
        "go nodes 2",
        40,
        7,
    );
    assert_eq!(played.explosion_choices.len(), 1, "{played:?}");
    assert!(played.explosion_choices[0].starts_with("explode:"));
    assert!(played.decisions > 1, "{played:?}");
}

#[test]
fn stop_after_go_infinite_answers_within_100_ms() {
    let mut engine = engine_for("murus-gallicus", &["--level", "4"]);
    let mut waits = Vec::new();
    for _ in 0..5 {
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(150));
        engine.assert_ready();
        let sent = Instant::now();
        engine.send("stop");
        loop {
            let line = engine.next_within(PATIENCE).expect("a bestmove");
            if line.starts_with("bestmove ") {
                break;
            }
            assert!(line.starts_with("info "), "{line}");
        }
        waits.push(sent.elapsed());
    }
    waits.sort();
    assert!(waits[2] < Duration::from_millis(100), "median: {waits:?}");
    assert!(waits[4] < Duration::from_millis(500), "max: {waits:?}");
    engine.ok("position startpos moves a1-a3");
}

#[test]
fn malformed_lines_each_get_one_error_and_the_session_goes_on() {
    let mut engine = EngineProcess::start(&["--level", "1"]);
    let before_game = engine.error("position startpos");
    assert!(before_game.contains("newgame"), "{before_game}");
    assert!(engine.error("go").contains("newgame"));
    assert!(engine.error("").contains("empty"));
    assert!(engine.error("   \t ").contains("empty"));
    assert!(engine.error("castle kingside").contains("`castle`"));
    assert!(engine.error("newgame chess").contains("`chess`"));
    assert!(engine.error("setoption colour red").contains("`colour`"));
    assert!(engine.error("setoption level 9").contains("`9`"));
    engine.ok("newgame murus-gallicus");
    assert!(engine
        .error("position text not a position")
        .contains("position text"));
    let illegal = engine.error("position startpos moves a1-a3 a1-a3");
    assert!(illegal.contains("move 2 `a1-a3`"), "{illegal}");
    assert!(engine.error("apply h8-h9").contains("`h8-h9`"));
    assert!(engine.error("go nodes many").contains("`many`"));
    assert!(engine.error("go movetime -5").contains("`-5`"));
    assert!(engine.error("go sideways").contains("`sideways`"));
    let mut long = vec![b'x'; 1 << 20];
    long.push(b'\n');
    engine.send_bytes(&long);
    assert!(engine.refused("a 1 MB line").contains("1048576 bytes"));
    engine.send_bytes(b"go \xff\xfe\x00\x01\n");
    assert!(engine.refused("binary").contains("UTF-8"));
    // The position is still the start: nothing refused changed it.
    let shown = engine.ok("show");
    assert!(shown.iter().any(|l| l == "actor seat 0"), "{shown:?}");
    // Busy commands during a search.
    engine.send("go infinite");
    for command in [
        "legal",
        "position startpos",
        "go nodes 5",
        "newgame mu",
        "show",
    ] {
        let word = command.split(' ').next().expect("a word");
        engine.send(command);
        let busy = engine.refused(command);
        assert!(
            busy.contains("busy") && busy.contains(&format!("`{word}`")),
            "{busy}"
        );
    }
    engine.send("stop");
    let last = engine.answer().pop().expect("a final line");
    assert!(last.starts_with("bestmove "), "{last}");
    let (action, _) = engine.go("go nodes 20");
    let (legal, _) = engine.legal();
    assert!(legal.contains(&action));
}

#[test]
fn go_is_refused_when_chance_acts_or_the_game_is_over() {
    let mut engine = engine_for("murus-gallicus", &["--level", "1"]);
    // A position of Murus Gallicus that is over: play random games until one ends.
    let mut rng = SmallRng::seed_from_u64(5);
    let mut game = new_game(GameId::MurusGallicus, "", None);
    let mut moves = Vec::new();
    while let Some(action) = game.random_action(&mut rng) {
        game.apply(&action).expect("legal");
        moves.push(action);
    }
    engine.ok(&format!("position startpos moves {}", moves.join(" ")));
    assert!(engine.error("go").contains("over"));
    let (legal, _) = engine.legal();
    assert!(legal.is_empty());
}

#[test]
fn the_end_of_input_ends_the_engine_with_status_0() {
    let mut engine = engine_for("mur", &["--level", "1"]);
    engine.stdin = None;
    let status = engine.exit_within(PATIENCE).expect("the engine ends");
    assert!(status.success(), "{status}");
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let mut engine = engine_for("murus-gallicus", &[]);
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let sent = Instant::now();
    engine.send("quit");
    let status = engine.exit_within(PATIENCE).expect("quit ends the engine");
    assert!(status.success(), "{status}");
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "{:?}",
        sent.elapsed()
    );
}

#[test]
fn apply_reports_the_events_and_moves_the_position_on() {
    let mut engine = engine_for("murus-gallicus", &["--level", "1"]);
    let events = engine.ok("apply a1-a3");
    assert!(events.iter().all(|e| e.starts_with("event ")), "{events:?}");
    let shown = engine.ok("show");
    assert!(shown.iter().any(|l| l == "actor seat 1"), "{shown:?}");
    let mut game = new_game(GameId::MurusGallicus, "", None);
    game.apply("a1-a3").expect("legal");
    assert!(
        shown.contains(&format!("position {}", game.position_text())),
        "{shown:?}"
    );
}

#[test]
fn a_level_outside_one_to_eight_is_a_usage_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["engine", "--level", "9"])
        .stdin(Stdio::null())
        .output()
        .expect("muster runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("9"), "{stderr}");
}

/// The final lines of everything answered until `count` final lines came, `info` lines left
/// out.
fn finals(engine: &mut EngineProcess, count: usize) -> Vec<String> {
    let mut lines = Vec::new();
    while lines.len() < count {
        let mut answer = engine.answer();
        answer.retain(|l| !l.starts_with("info "));
        lines.extend(answer);
    }
    lines
}

#[test]
fn a_command_after_stop_waits_for_the_bestmove() {
    for _ in 0..3 {
        let mut engine = engine_for("murus-gallicus", &["--level", "4"]);
        engine.send_bytes(b"go infinite\nstop\nlegal\n");
        let lines = finals(&mut engine, 2);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].starts_with("bestmove "), "{lines:?}");
        assert!(lines[1].starts_with("legal "), "{lines:?}");
        assert_eq!(lines[2], "ok");
        engine.assert_ready();
    }
}

#[test]
fn back_to_back_go_and_stop_pairs_each_get_a_bestmove_and_never_busy() {
    let mut engine = engine_for("murus-gallicus", &["--level", "4"]);
    for go in ["go infinite", "go", "go nodes 10"] {
        let pairs = format!("{go}\nstop\n").repeat(20);
        engine.send_bytes(pairs.as_bytes());
        let lines = finals(&mut engine, 20);
        assert_eq!(lines.len(), 20, "{go}: {lines:?}");
        assert!(
            lines.iter().all(|l| l.starts_with("bestmove ")),
            "{go}: {lines:?}"
        );
        engine.assert_ready();
    }
}

#[test]
fn isready_after_stop_is_answered_after_the_bestmove() {
    let mut engine = engine_for("mur game", &["--level", "5"]);
    for _ in 0..5 {
        engine.send_bytes(b"go infinite\nstop\nisready\n");
        let lines = finals(&mut engine, 2);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("bestmove "), "{lines:?}");
        assert_eq!(lines[1], "readyok");
    }
}

#[test]
fn surplus_repeated_and_out_of_range_limits_each_get_one_error() {
    let mut engine = engine_for("murus-gallicus", &["--level", "1"]);
    for (go, bad) in [
        ("go level 3 level 4", "`level`"),
        ("go clock 1000 1000 1000", "`clock 1000 1000 1000`"),
        ("go clock 1000", "`clock 1000`"),
        ("go inc 5", "`inc`"),
        ("go clock 1000 1000 inc 5 inc 6", "`inc`"),
        ("go movetime 0", "`0`"),
        ("go movetime 4294967296", "`4294967296`"),
        ("go depth 65", "`65`"),
        ("go depth 0", "`0`"),
        ("go nodes +5", "`+5`"),
        ("newgame mu seats 3 velox", "`velox`"),
        ("setoption seed 1 2", "`2`"),
    ] {
        let refused = engine.error(go);
        assert!(refused.contains(bad), "{go}: {refused}");
    }
    // The session goes on, and the limits at their bounds are taken.
    let (action, _) = engine.go("go clock 1000 1000 inc 0 depth 64 movetime 1");
    let (legal, _) = engine.legal();
    assert!(legal.contains(&action), "{action}");
    engine.go("go nodes 10 depth 1 movetime 4294967295");
}
