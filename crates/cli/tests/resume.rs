//! `muster play --resume FILE`: a game saved midway and resumed ends exactly as the same game
//! played without a break, and records that cannot be resumed are refused with clear errors.

mod common;

use std::path::Path;

use common::{fails, muster, muster_with_input, Conversation};

/// Plays `args` as a person who, at each decision, lists the legal moves and picks one by a fixed
/// rule (so different games get different, but reproducible, moves), until the game is over or
/// `limit` decisions were made. With `undo_at`, that decision is played, taken back with `undo`
/// and played again. Returns every line typed, moves and `undo`, without the `?`s.
fn a_game_of_typed_lines(args: &[&str], limit: usize, undo_at: Option<usize>) -> Vec<String> {
    let mut talk = Conversation::start(args);
    let mut typed = Vec::new();
    for decision in 0..limit {
        let screen = talk.until_prompt();
        if screen.ends_with("game over> ") || !screen.ends_with("> ") {
            break;
        }
        talk.say("?");
        let listing = talk.until_prompt();
        let moves: Vec<&str> = listing
            .lines()
            .skip_while(|l| !l.contains("legal move"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .flat_map(str::split_whitespace)
            .collect();
        assert!(!moves.is_empty(), "no moves listed: {listing}");
        let chosen = moves[(decision * 37 + 11) % moves.len()].to_owned();
        talk.say(&chosen);
        typed.push(chosen.clone());
        if undo_at == Some(decision) {
            talk.until_prompt();
            talk.say("undo");
            typed.push("undo".to_owned());
            talk.until_prompt();
            talk.say(&chosen);
            typed.push(chosen);
        }
    }
    talk.say("quit");
    talk.say("");
    let run = talk.finish();
    assert!(run.success, "{}", run.stderr);
    typed
}

/// What a run ends with: the position text (printed by `position`) and the saved record's
/// actions and result.
#[derive(Debug, PartialEq)]
struct Ending {
    position: String,
    actions: serde_json::Value,
    outcome: serde_json::Value,
}

/// Runs `args` with `lines`, then `position` and `save FILE`; returns how it ended.
fn ending(args: &[&str], lines: &[String], file: &Path) -> Ending {
    let script = format!(
        "{}\nposition\nsave {}\nquit\n",
        lines.join("\n"),
        file.display()
    );
    let run = muster_with_input(args, &script);
    assert!(run.success, "{}\n{}", run.stderr, run.stdout);
    let position = run
        .stdout
        .lines()
        .skip_while(|l| !l.ends_with("> position"))
        .nth(1)
        .unwrap_or_else(|| panic!("no position printed: {}", run.stdout))
        .to_owned();
    let replay = muster(&["replay", file.to_str().expect("a UTF-8 path"), "--json"]);
    assert!(replay.success, "{}", replay.stderr);
    let record: serde_json::Value = serde_json::from_str(&replay.stdout).expect("JSON");
    Ending {
        position,
        actions: record["actions"].clone(),
        outcome: record["outcome"].clone(),
    }
}

/// Plays `lines` in one go, and again saved after `split` lines and resumed; both must end alike.
fn saved_and_resumed_ends_as_uninterrupted(args: &[&str], lines: &[String], split: usize) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let whole = ending(args, lines, &dir.path().join("whole.txt"));
    assert!(
        !whole.outcome.is_null(),
        "the game should be played to its end: {whole:?}"
    );

    let saved = dir.path().join("saved.txt");
    let (before, after) = lines.split_at(split);
    let script = format!("{}\nsave {}\nquit\n", before.join("\n"), saved.display());
    let run = muster_with_input(args, &script);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stdout.contains("Saved the game to"), "{}", run.stdout);
    assert!(
        !run.stdout.contains("Save the game before quitting?"),
        "a saved game quits without asking: {}",
        run.stdout
    );

    let resume = ["play", "--resume", saved.to_str().expect("a UTF-8 path")];
    let resumed = ending(&resume, after, &dir.path().join("resumed.txt"));
    assert_eq!(resumed, whole);
}

#[test]
fn murus_gallicus_against_an_ai_level_resumes_exactly_even_after_an_undo() {
    let args = [
        "play",
        "murus-gallicus",
        "--variant",
        "basic ply_cap=60",
        "--vs",
        "3",
        "--seed",
        "7",
        "--no-color",
    ];
    let lines = a_game_of_typed_lines(&args, 40, Some(1));
    assert!(lines.len() > 6, "{lines:?}");
    // Saved after the undo: the AI's memory restarted there and must be rebuilt from it.
    saved_and_resumed_ends_as_uninterrupted(&args, &lines, 5);
    // Saved before the undo: undo then takes back moves made before the save.
    saved_and_resumed_ends_as_uninterrupted(&args, &lines, 2);
}

#[test]
fn mutou_against_random_with_dice_resumes_exactly() {
    let args = [
        "play",
        "mutou",
        "--variant",
        "friendly turn_cap=6",
        "--vs",
        "random",
        "--seed",
        "3",
        "--no-color",
    ];
    let lines = a_game_of_typed_lines(&args, 400, None);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let whole = ending(&args, &lines, &dir.path().join("whole.txt"));
    let chance = whole.actions.as_array().expect("actions").iter().any(|a| {
        a.as_str()
            .is_some_and(|a| a.starts_with("die:") || a.starts_with("dice:"))
    });
    assert!(chance, "the game should roll the quandarinn: {whole:?}");
    saved_and_resumed_ends_as_uninterrupted(&args, &lines, lines.len() / 2);
}

#[test]
fn resuming_restores_the_seats_and_undo_reaches_before_the_save() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let saved = dir.path().join("saved.txt");
    let args = ["play", "murus-gallicus", "--vs", "random", "--seed", "2"];
    let script = format!("d1-d3\nsave {}\nquit\n", saved.display());
    assert!(muster_with_input(&args, &script).success);
    let record = std::fs::read_to_string(&saved).expect("a record");
    for header in ["[Players \"human,random\"]", "[You \"1\"]", "[Seed \"2\"]"] {
        assert!(record.contains(header), "{record}");
    }

    let path = saved.to_str().expect("a UTF-8 path");
    let run = muster_with_input(
        &["play", "murus-gallicus", "--resume", path],
        "undo\nposition\nquit\n\n",
    );
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stdout.contains("You play Light against Dark (random)."),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Resumed `"), "{}", run.stdout);
    assert!(run.stdout.contains("after 2 actions"), "{}", run.stdout);
    assert!(
        run.stdout.contains("Took back 2 actions."),
        "{}",
        run.stdout
    );
    let start = muster(&["new", "murus-gallicus"]).stdout;
    assert!(run.stdout.contains(start.trim()), "{}", run.stdout);
}

#[test]
fn a_missing_file_a_record_of_another_game_and_a_corrupt_record_are_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let missing = dir.path().join("missing.txt");
    let missing = missing.to_str().expect("a UTF-8 path");
    fails(
        &["play", "--resume", missing],
        &["cannot read", "missing.txt"],
    );

    let mur = dir.path().join("mur.txt");
    let script = format!("save {}\nquit\n", mur.display());
    assert!(muster_with_input(&["play", "mur"], &script).success);
    let mur = mur.to_str().expect("a UTF-8 path");
    fails(
        &["play", "murus-gallicus", "--resume", mur],
        &["mur.txt", "a record of mur, not of murus-gallicus"],
    );

    let corrupt = dir.path().join("corrupt.txt");
    std::fs::write(
        &corrupt,
        "[Game \"murus-gallicus\"]\n\n1. d1-d3 e7-e5 d3-d9\n",
    )
    .expect("written");
    let corrupt = corrupt.to_str().expect("a UTF-8 path");
    fails(
        &["play", "--resume", corrupt],
        &["corrupt.txt", "does not replay", "action 3"],
    );

    let garbage = dir.path().join("garbage.txt");
    std::fs::write(&garbage, "[Game murus-gallicus]\n").expect("written");
    let garbage = garbage.to_str().expect("a UTF-8 path");
    fails(
        &["play", "--resume", garbage],
        &["garbage.txt", "is not a game record", "line 1"],
    );

    let foreign = dir.path().join("foreign.txt");
    std::fs::write(&foreign, "[Game \"murus-gallicus\"]\n\n1. d1-d3\n").expect("written");
    let foreign = foreign.to_str().expect("a UTF-8 path");
    fails(
        &["play", "--resume", foreign],
        &["foreign.txt", "cannot be resumed", "[Players"],
    );
}

#[test]
fn resume_takes_its_game_and_players_from_the_record_only() {
    let run = muster(&["play", "murus-gallicus", "--resume", "x.txt", "--vs", "3"]);
    assert_eq!(run.code, Some(2), "a usage error: {}", run.stderr);
    assert!(run.stderr.contains("--vs"), "{}", run.stderr);
    let run = muster(&["play"]);
    assert_eq!(
        run.code,
        Some(2),
        "a game or --resume is needed: {}",
        run.stderr
    );
}
