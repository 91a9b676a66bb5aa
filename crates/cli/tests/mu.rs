//! Mu through the command line: positions, the specification's examples E1 and E4, the opening
//! protocol played at the prompt, chain-reaction choices resolved by hand and with `auto`, and
//! the hex board with its panel.

mod common;

use common::{muster, muster_with_input, ok};

/// The start of `levis start=t3`: Red on segment A, Purple on segment C (mu §4, board T3).
const T3_START: &str = "0,0 3,-1 1,2 | A0=VR1 A1=VR1 A2=VR1 A3=VR1 A4=VR1 A5=VR1 A6=VR1 \
                        C0=VP1 C1=VP1 C2=VP1 C3=VP1 C4=VP1 C5=VP1 C6=VP1 | play R seats=2";

/// mu §4 E4: the order of two explosions decides which section gains a cell.
const E4: &str = "0,0 3,-1 1,2 | -1,0=C -1,1=C 1,0=C 2,0=CR2 0,1=W 1,-1=VR1 | play R seats=2";

/// A T3 position (found by random play) where Purple's C3-se-2 asks for two choices in a row
/// when the canonical order is followed.
const TWO_CHOICES: &str = "0,0 3,-1 1,2 | A0=VR1 A1=VR1 A2=VR1 A3=VR1 A4=VR1 A5=VR1 A6=VR1 \
                           C0=VP2 C1=VP1 C3=VP2 C5=VP1 C6=VP1 | play P seats=2 ply=5";

/// Plays `muster play mu ARGS --no-color` on `script`; returns stdout, checked for colour codes.
fn play(args: &[&str], script: &str) -> String {
    let mut full = vec!["play", "mu", "--no-color"];
    full.extend_from_slice(args);
    let run = muster_with_input(&full, script);
    assert!(run.success, "play failed: {}\n{}", run.stderr, run.stdout);
    assert!(
        !run.stdout.contains('\x1b'),
        "no escape codes with --no-color: {}",
        run.stdout
    );
    run.stdout
}

/// The value of `name` in a position's cell field (`V` when the cell is not listed).
fn cell<'a>(position: &'a str, name: &str) -> &'a str {
    let cells = position.split('|').nth(1).expect("a cell field");
    let prefix = format!("{name}=");
    cells
        .split_whitespace()
        .find_map(|entry| entry.strip_prefix(prefix.as_str()))
        .unwrap_or("V")
}

#[test]
fn new_prints_the_t3_start() {
    let out = ok(&["new", "mu", "--variant", "levis start=t3"]);
    assert_eq!(out.trim(), T3_START);
}

#[test]
fn apply_reproduces_the_chain_reaction_of_e1() {
    let start = ok(&["new", "mu", "--variant", "levis start=t3"]);
    let out = ok(&[
        "apply",
        "mu",
        "--position",
        start.trim(),
        "A0-w-1",
        "pass",
        "A3-sw-1",
    ]);
    let end = out.trim();
    for (name, token) in [
        ("A4", "CR1"),
        ("A5", "CR1"),
        ("A3", "VR1"),
        ("A2", "VR1"),
        ("A0", "VR2"),
        ("A1", "VR1"),
        ("A6", "VR2"),
    ] {
        assert_eq!(cell(end, name), token, "{name} in {end}");
    }
    for i in 0..7 {
        assert_eq!(
            cell(end, &format!("C{i}")),
            "VP1",
            "Purple unchanged: {end}"
        );
    }
    assert!(end.ends_with("play P seats=2 ply=3"), "{end}");
    // Spaced spellings are read the same on the command line.
    let spaced = ok(&[
        "apply",
        "mu",
        "--position",
        start.trim(),
        "A0 w 1",
        "pass",
        "A3 sw 1",
    ]);
    assert_eq!(spaced.trim(), end);
}

#[test]
fn e4_offers_exactly_the_two_explosions() {
    let after = ok(&["apply", "mu", "--position", E4, "2,0-w-2"]);
    let out = ok(&["moves", "mu", "--position", after.trim()]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves, ["explode:A2", "explode:A3"], "sorted as text");
}

#[test]
fn the_board_shows_hot_cells_names_sections_and_what_is_owed() {
    let out = play(&["--vs", "human", "--position", E4], "2,0 w 2\n?\nquit\n");
    // Before the move: two sections, a Wall cell, every cell named.
    assert!(out.contains("Sections:"), "{out}");
    assert!(out.contains("a: 2 cells, Red (A1 B5)"), "{out}");
    for segment in ["A", "B", "C"] {
        for i in 0..7 {
            assert!(
                out.contains(&format!("{segment}{i}")),
                "{segment}{i}: {out}"
            );
        }
    }
    let after = &out[out.find("Red> 2,0 w 2").expect("the move is echoed")..];
    // A3 (one man, capacity 1) and A2 (two men, capacity 2) are hot.
    assert!(after.contains(".R1!") && after.contains(".R2!"), "{after}");
    // A0 became Wall and is marked as a cell of the last action, with B5 it came from.
    assert!(after.contains("[#]") && after.contains("[a]"), "{after}");
    assert!(
        after.contains("chooses the next explosion (explode:X)"),
        "{after}"
    );
    assert!(after.contains("canonical order: A3 first"), "{after}");
    assert!(after.contains("type auto to explode A3"), "{after}");
    assert!(
        after.contains("explode:A2 explode:A3") && after.contains("or auto: explode A3"),
        "{after}"
    );
}

/// The same board, drawn by the CLI: the rows of contents stand over the rows of names, each
/// row half a cell off the one above.
#[test]
fn cells_stand_over_their_names_in_offset_rows() {
    let out = play(&["--vs", "human", "--variant", "levis start=t3"], "quit\n");
    let lines: Vec<&str> = out.lines().collect();
    // The first board line is the first one drawn with the left margin.
    let names = |name: &str| {
        lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with("  "))
            .find_map(|(i, l)| l.find(name).map(|col| (i, col)))
            .unwrap_or_else(|| panic!("{name} is drawn: {out}"))
    };
    let (row_a4, col_a4) = names("A4");
    let (row_a0, col_a0) = names("A0");
    let (row_a5, col_a5) = names("A5");
    let (row_a3, col_a3) = names("A3");
    assert_eq!(row_a4, row_a0, "A4 is west of A0 on its row");
    assert_eq!(col_a0 - col_a4, 6, "a cell every six columns");
    assert_eq!((row_a5 - row_a4, col_a5 - col_a4), (2, 3), "SE of A4 is A5");
    assert_eq!((row_a4 - row_a3, col_a3 - col_a4), (2, 3), "NE of A4 is A3");
    assert_eq!(&lines[row_a0 - 1][col_a0..col_a0 + 3], ".R1", "{out}");
    let every_line_short = lines.iter().all(|l| l.chars().count() < 100);
    assert!(every_line_short, "{out}");
}

#[test]
fn the_opening_protocol_a_move_undo_and_a_saved_record() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("opening.txt");
    let script = format!(
        "help\nplace 0,0\nplace:3,-1\n?\nplace 1,2\nplace -2,3\nclear B\nclear A\nclear D\n\
         auto\n?\nC0 e 1\nundo\nC3-nw-1\nsave {}\nquit\n",
        path.display()
    );
    let out = play(&["--vs", "human", "--variant", "levis segments=2"], &script);
    assert!(out.contains("Actions may be typed with spaces"), "{out}");
    assert!(out.contains("auto          Mu:"), "help lists auto: {out}");
    assert!(out.contains("spaces included"), "{out}");
    // Lay-out: the empty board, then the legal centres drawn with their coordinates.
    assert!(out.contains("No segment yet"), "{out}");
    assert!(out.contains("Lay-out: segment B, 2 of 4"), "{out}");
    assert!(out.contains("12 legal centres"), "{out}");
    assert!(out.contains("16 legal moves:"), "{out}");
    assert!(out.contains("Selection of the starting segments"), "{out}");
    assert!(
        out.contains("illegal action `clear:B`"),
        "Red has no marker on B: {out}"
    );
    assert!(out.contains("Red clears segment A"), "{out}");
    assert!(out.contains("Red starts on segment C: seven men"), "{out}");
    assert!(
        out.contains("Purple starts on segment B: seven men"),
        "{out}"
    );
    assert!(out.contains("Play, turn 1"), "{out}");
    assert!(out.contains("nothing to resolve"), "{out}");
    assert!(out.contains("Red moves 1 from C0 e to C1"), "{out}");
    assert!(out.contains("Took back 1 action."), "{out}");
    assert!(out.contains("Red moves 1 from C3 nw to A1"), "{out}");
    assert!(out.contains("Purple (human) to move"), "{out}");
    let replay = muster(&["replay", path.to_str().expect("a UTF-8 path"), "--json"]);
    assert!(replay.success, "{}", replay.stderr);
    let value: serde_json::Value = serde_json::from_str(&replay.stdout).expect("JSON");
    assert_eq!(
        value["actions"],
        serde_json::json!([
            "place:0,0",
            "place:3,-1",
            "place:1,2",
            "place:-2,3",
            "clear:A",
            "clear:D",
            "C3-nw-1"
        ])
    );
    // The record replays to a board drawn with the last move marked.
    let shown = ok(&["replay", path.to_str().expect("a UTF-8 path"), "--no-color"]);
    assert!(shown.contains("[.R1]"), "{shown}");
}

#[test]
fn auto_plays_the_canonical_explosions_and_undo_takes_them_back_together() {
    let script = "C3 se 2\nauto\nundo\n?\nexplode:C5\nauto\nundo\nundo\nundo\nposition\nquit\n";
    let out = play(&["--vs", "human", "--position", TWO_CHOICES], script);
    assert!(
        out.contains("Purple (human) plays explode:C1")
            && out.contains("Purple (human) plays explode:C0"),
        "auto made both choices: {out}"
    );
    assert!(out.contains("Purple ends the turn after 1 move"), "{out}");
    assert!(out.contains("Took back 2 actions."), "{out}");
    assert!(out.contains("explode:C1 explode:C5"), "{out}");
    // After a choice by hand, auto has one choice left to make; then the explosions and the
    // move come back one undo at a time.
    assert!(out.contains("C5 explodes: Purple men to C0 C4"), "{out}");
    assert!(out.contains("type auto to explode C0"), "{out}");
    assert_eq!(out.matches("Took back 1 action.").count(), 3, "{out}");
    let last = out
        .lines()
        .rfind(|l| l.ends_with("ply=5") && l.contains(" | "))
        .expect("the position is printed");
    assert_eq!(last.trim_start_matches("Purple> "), TWO_CHOICES);
}

#[test]
fn explosions_played_by_auto_are_still_undone_together_after_a_resume() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("auto.txt");
    let script = format!("C3 se 2\nauto\nsave {}\nquit\n", path.display());
    play(&["--vs", "human", "--position", TWO_CHOICES], &script);
    let record = std::fs::read_to_string(&path).expect("the record was written");
    assert!(record.contains("[Chained \"3\"]"), "{record}");
    let file = path.to_str().expect("a UTF-8 path");
    let out = play(&["--resume", file], "undo\nundo\nposition\nquit\n\n");
    assert!(out.contains("Took back 2 actions."), "{out}");
    assert!(out.contains("Took back 1 action."), "{out}");
    assert!(
        out.contains(&format!("> position\n{TWO_CHOICES}\n")),
        "{out}"
    );
}

/// A Red turn on the T3 board that random play reached (seed 121): Red's move `A5-nw-1` sets
/// off a chain reaction through sections A and B, and the explosion order below, chosen by hand,
/// ends in an oscillation with three hot cells to choose from.
const BEFORE_AN_OSCILLATION: &str = "0,0 3,-1 1,2 | A0=CR3 A1=W A2=CR2 A3=CR1 A4=CR2 A5=CR1 \
    A6=W B0=CR2 B1=C B2=CR1 B3=CR2 B4=CR1 B5=W B6=W C0=C C1=CP1 C2=CP1 C3=CP2 C4=CP1 C5=C \
    C6=CP1 | play R seats=2 ply=74";

const INTO_THE_OSCILLATION: &str = "A5-nw-1 explode:A3 explode:A5 explode:A4 explode:A5 \
    explode:A4 explode:A0 explode:B4 explode:A3 explode:A2 explode:B3 explode:A5 explode:B0 \
    explode:B2 explode:B1 explode:B4 explode:B3 explode:A4 explode:A0 explode:B0 explode:B2 \
    explode:A3 explode:A2 explode:A5";

#[test]
fn an_oscillation_asks_for_a_removal_that_auto_leaves_to_the_player() {
    let mut script: String = INTO_THE_OSCILLATION
        .split_whitespace()
        .map(|action| format!("{action}\n"))
        .collect();
    script.push_str("?\nauto\nremove:B1\nquit\n\n");
    let out = play(
        &[
            "--variant",
            "levis start=t3",
            "--vs",
            "human",
            "--position",
            BEFORE_AN_OSCILLATION,
        ],
        &script,
    );
    let cells = "A0 A2 A3 A4 A5 B0 B1 B2 B3 B4";
    assert!(
        out.contains(&format!("oscillation in the section of {cells}")),
        "{out}"
    );
    assert!(out.contains(&format!("Oscillating: {cells}")), "{out}");
    assert!(
        out.contains("removes a man from a hot cell of the"),
        "{out}"
    );
    assert!(out.contains("remove:A4 remove:B1 remove:B4"), "{out}");
    assert!(out.contains("auto makes no removal"), "{out}");
    assert!(out.contains("1 Red man off B1"), "{out}");
}

#[test]
fn per_segment_turns_mark_the_segments_left() {
    let out = play(&["--vs", "human", "--variant", "velox start=t3"], "quit\n");
    assert!(out.contains("A0+"), "Red may move from segment A: {out}");
    assert!(out.contains("Segments left this turn: A"), "{out}");
    assert!(
        out.contains("moves once from each segment marked +"),
        "{out}"
    );
}

#[test]
fn four_seats_with_random_opponents() {
    let out = play(
        &[
            "--variant",
            "multi start=random seed=3",
            "--seats",
            "4",
            "--seed",
            "2",
        ],
        "pass\nquit\n",
    );
    for seat in ["R Red", "P Purple", "G Green", "Y Yellow"] {
        assert!(out.contains(seat), "{seat}: {out}");
    }
    for opponent in ["Purple", "Green", "Yellow"] {
        assert!(
            out.contains(&format!("{opponent} (random) plays ")),
            "{opponent} played: {out}"
        );
    }
}

#[test]
fn auto_outside_mu_is_explained() {
    let run = muster_with_input(
        &["play", "murus-gallicus", "--vs", "human", "--no-color"],
        "auto\nhelp\nquit\n",
    );
    assert!(run.success, "{}", run.stderr);
    assert!(run.stdout.contains("this game has none"), "{}", run.stdout);
    assert!(!run.stdout.contains("auto          Mu:"), "{}", run.stdout);
}
