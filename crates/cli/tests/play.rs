//! `muster play` driven through stdin, and the records it saves.

mod common;

use common::{muster, muster_with_input, BREAKTHROUGH};

fn play(args: &[&str], script: &str) -> String {
    let mut full = vec!["play", "murus-gallicus", "--no-color"];
    full.extend_from_slice(args);
    let run = muster_with_input(&full, script);
    assert!(run.success, "play failed: {}\n{}", run.stderr, run.stdout);
    assert!(!run.stdout.contains('\x1b'), "no colours when asked not to");
    run.stdout
}

#[test]
fn hotseat_moves_undo_listing_bad_input_and_saving() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("hotseat.txt");
    let script = format!(
        "d1-d3\n?\nd1-d3\nzz\ne7-e5\nundo\nf7-f5\nposition\nsave {}\nquit\n",
        path.display()
    );
    let out = play(&["--vs", "human"], &script);
    assert!(out.contains("You play Light against Dark (human)"), "{out}");
    // The board: files on top and bottom, ranks on both sides, a legend.
    assert!(out.contains("   a  b  c  d  e  f  g  h"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("7  t  t  t  t  t  t  t  t  7")),
        "{out}"
    );
    assert!(out.contains("W wall"), "{out}");
    // The last move's cells are bracketed in plain text.
    assert!(out.lines().any(|l| l.contains("[W]")), "{out}");
    assert!(out.contains("Dark (human) to move"), "{out}");
    assert!(
        out.contains("legal moves:") && out.contains("e7-e5"),
        "{out}"
    );
    assert!(out.contains("illegal action `d1-d3`"), "{out}");
    assert!(out.contains("cannot read `zz`"), "{out}");
    assert!(out.contains("Took back 1 action."), "{out}");
    assert!(out.contains("Saved the game to"), "{out}");
    let record = std::fs::read_to_string(&path).expect("the record was written");
    assert!(
        record.contains("[Light \"human\"]") && record.contains("[Dark \"human\"]"),
        "{record}"
    );
    assert!(
        record.contains("d1-d3") && record.contains("f7-f5") && !record.contains("e7-e5"),
        "{record}"
    );
    let replay = muster(&["replay", path.to_str().expect("a UTF-8 path"), "--json"]);
    assert!(replay.success, "{}", replay.stderr);
    let value: serde_json::Value = serde_json::from_str(&replay.stdout).expect("JSON");
    assert_eq!(value["actions"], serde_json::json!(["d1-d3", "f7-f5"]));
}

#[test]
fn random_opponent_replies_and_undo_takes_back_both_moves() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("random.txt");
    let script = format!("d1-d3\nundo\nb1-b3\nsave {}\nquit\n", path.display());
    let out = play(&["--vs", "random", "--seed", "1"], &script);
    assert_eq!(out.matches("Dark (random) plays ").count(), 2, "{out}");
    assert!(out.contains("Took back 2 actions."), "{out}");
    // The same seed gives the same game.
    assert_eq!(play(&["--vs", "random", "--seed", "1"], &script), out);
    let record = std::fs::read_to_string(&path).expect("the record was written");
    assert!(record.contains("[Dark \"random\"]"), "{record}");
    let replay = muster(&["replay", path.to_str().expect("a UTF-8 path"), "--quiet"]);
    assert!(replay.success, "{}", replay.stderr);
    assert!(replay.stdout.contains("2 actions"), "{}", replay.stdout);
}

#[test]
fn playing_the_second_seat_lets_the_opponent_open() {
    let out = play(&["--as", "2", "--seed", "4"], "quit\n");
    assert!(out.contains("Light (random) plays "), "{out}");
    assert!(out.contains("Dark (you) to move"), "{out}");
    let by_name = play(&["--as", "dark", "--seed", "4"], "quit\n");
    assert_eq!(by_name, out);
}

#[test]
fn a_finished_game_keeps_accepting_undo_save_and_quit() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("won.txt");
    let script = format!("d5-d7\n?\na1-a3\nsave {}\nundo\nquit\n", path.display());
    let out = play(&["--vs", "human", "--position", BREAKTHROUGH], &script);
    assert!(out.contains("Game over: Light wins"), "{out}");
    assert!(out.contains("(1-0)"), "{out}");
    assert!(out.contains("The game is over"), "{out}");
    assert!(out.contains("Took back 1 action."), "{out}");
    let replay = muster(&["replay", path.to_str().expect("a UTF-8 path")]);
    assert!(replay.success, "{}", replay.stderr);
    assert!(replay.stdout.contains("[Start \""), "{}", replay.stdout);
    assert!(
        replay.stdout.contains("Result: Light wins"),
        "{}",
        replay.stdout
    );
}

#[test]
fn end_of_input_leaves_cleanly() {
    let out = play(&[], "d1-d3\n");
    assert!(
        out.contains("End of input: leaving the game (moves not saved)."),
        "{out}"
    );
}

#[test]
fn nothing_to_undo_and_unwritable_files_are_not_fatal() {
    let out = play(
        &["--vs", "human"],
        "undo\nsave /nonexistent-dir/x.txt\nsave\nhelp\nquit\n",
    );
    assert!(out.contains("Nothing to undo."), "{out}");
    assert!(
        out.contains("Not saved: cannot write `/nonexistent-dir/x.txt`"),
        "{out}"
    );
    assert!(out.contains("Usage: save FILE"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
}

#[test]
fn unknown_opponents_and_seats_are_refused() {
    let run = muster(&["play", "murus-gallicus", "--vs", "wizard"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("`wizard`") && run.stderr.contains("human, random"),
        "{}",
        run.stderr
    );
    let run = muster(&["play", "murus-gallicus", "--as", "3"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("`3`"), "{}", run.stderr);
    let run = muster(&["play", "murus-gallicus", "--vs", "random", "--vs", "random"]);
    assert_eq!(run.code, Some(1));
}

#[test]
fn quit_with_unsaved_moves_offers_to_save_under_the_name_typed() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("kept.txt");
    let script = format!("d1-d3\nquit\n{}\n", path.display());
    let out = play(&["--vs", "human"], &script);
    assert!(
        out.contains("Save the game before quitting? Type a file name, or press Enter to quit without saving:"),
        "{out}"
    );
    assert!(out.contains("Saved the game to"), "{out}");
    assert!(out.ends_with("Goodbye.\n"), "{out}");
    let record = std::fs::read_to_string(&path).expect("the record was written");
    assert!(record.contains("1. d1-d3"), "{record}");
}

#[test]
fn enter_no_or_the_end_of_input_quit_without_saving() {
    for (answer, says) in [
        ("\n", "Not saved."),
        ("no\n", "Not saved."),
        ("", "End of input: quitting without saving."),
    ] {
        let out = play(&["--vs", "human"], &format!("d1-d3\nquit\n{answer}"));
        assert!(out.contains("Save the game before quitting?"), "{out}");
        assert!(out.contains(says), "{answer:?}: {out}");
        assert!(out.ends_with("Goodbye.\n"), "{out}");
    }
}

#[test]
fn a_file_that_cannot_be_written_asks_again() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("second try.txt");
    let script = format!(
        "d1-d3\nquit\nyes\n/nonexistent-dir/x.txt\nsave {}\n",
        path.display()
    );
    let out = play(&["--vs", "human"], &script);
    assert!(
        out.contains("File name (Enter: quit without saving):"),
        "{out}"
    );
    assert!(
        out.contains("Not saved: cannot write `/nonexistent-dir/x.txt`"),
        "{out}"
    );
    assert!(out.contains("Another file name"), "{out}");
    assert!(
        path.exists(),
        "`save FILE` as the answer saves to FILE: {out}"
    );
}

#[test]
fn quit_asks_nothing_when_nothing_is_unsaved() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("saved.txt");
    let fresh = play(&["--vs", "human"], "quit\n");
    let saved = play(
        &["--vs", "human"],
        &format!("d1-d3\nsave {}\nquit\n", path.display()),
    );
    for out in [fresh, saved] {
        assert!(!out.contains("Save the game before quitting?"), "{out}");
        assert!(out.ends_with("Goodbye.\n"), "{out}");
    }
}

#[test]
fn without_vs_the_random_opponent_is_announced() {
    let out = play(&[], "quit\n");
    assert!(
        out.contains("You play Light against Dark (random)."),
        "{out}"
    );
    assert!(
        out.contains(
            "Your opponent plays random moves (no --vs given): use --vs 1-8 for an AI level"
        ),
        "{out}"
    );
    let chosen = play(&["--vs", "random"], "quit\n");
    assert!(!chosen.contains("no --vs given"), "{chosen}");
    let run = muster_with_input(&["play", "mutou", "--seats", "3", "--no-color"], "quit\n");
    assert!(
        run.stdout.contains("Your opponents play random moves"),
        "{}",
        run.stdout
    );
}

#[test]
fn typed_escape_sequences_are_shown_escaped_not_sent_to_the_terminal() {
    let out = play(&["--vs", "human"], "d1-\u{1b}[2J\nquit\n");
    assert!(
        !out.contains('\u{1b}'),
        "a raw escape reached the terminal:\n{out}"
    );
    assert!(
        out.contains("\\x1b[2J"),
        "the bad input is quoted escaped:\n{out}"
    );
}
