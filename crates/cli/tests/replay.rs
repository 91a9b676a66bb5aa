//! `muster replay`: showing and checking records.

mod common;

use common::{muster, muster_with_input};

const RECORD: &str = "[Game \"murus-gallicus\"]\n[Light \"Ann\"]\n\n1. d1-d3\n2. e7-e5\n";

fn write_record(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("game.txt");
    std::fs::write(&path, text).expect("record written");
    let path = path.to_str().expect("a UTF-8 path").to_owned();
    (dir, path)
}

#[test]
fn replay_shows_headers_numbered_actions_the_board_and_the_result() {
    let (_dir, path) = write_record(RECORD);
    let run = muster(&["replay", &path]);
    assert!(run.success, "{}", run.stderr);
    let out = run.stdout;
    assert!(out.contains("[Light \"Ann\"]"), "{out}");
    assert!(
        out.contains("1. d1-d3") && out.contains("2. e7-e5"),
        "{out}"
    );
    assert_eq!(
        out.matches("a  b  c  d  e  f  g  h").count(),
        2,
        "one board at the end:\n{out}"
    );
    assert!(out.contains("Result: unfinished, Light to move"), "{out}");
    let steps = muster(&["replay", &path, "--steps"]).stdout;
    assert_eq!(
        steps.matches("a  b  c  d  e  f  g  h").count(),
        4,
        "a board per action:\n{steps}"
    );
}

#[test]
fn replay_json_and_stdin() {
    let run = muster_with_input(&["replay", "-", "--json"], RECORD);
    assert!(run.success, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(value["game"], "murus-gallicus");
    assert_eq!(value["variant"], "basic");
    assert_eq!(value["actions"], serde_json::json!(["d1-d3", "e7-e5"]));
    assert!(
        value["position"]
            .as_str()
            .is_some_and(|p| p.ends_with(" L 2")),
        "{value}"
    );
    assert!(value["outcome"].is_null());
}

#[test]
fn an_illegal_action_is_reported_by_number_and_line() {
    let (_dir, path) = write_record("[Game \"murus-gallicus\"]\n\n1. d1-d3\n2. e7-e5\n3. d1-d3\n");
    let run = muster(&["replay", &path]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("action 3 (line 5)"), "{}", run.stderr);
    assert!(run.stderr.contains("`d1-d3`"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

#[test]
fn unreadable_records_and_files_fail_cleanly() {
    let run = muster_with_input(&["replay", "-"], "[Game \"murus-gallicus\"]\n[Seats 2]\n");
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("line 2"), "{}", run.stderr);
    let run = muster(&["replay", "/no/such/record.txt"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("`/no/such/record.txt`"),
        "{}",
        run.stderr
    );
    let run = muster_with_input(&["replay", "-"], "[Game \"chess\"]\n");
    assert!(run.stderr.contains("`chess`"), "{}", run.stderr);
}

/// A record from outside may hold escape sequences (here one that clears the screen) in its
/// headers, comments and actions: they reach the terminal escaped, letters of any script
/// unchanged.
#[test]
fn escape_sequences_in_a_record_are_shown_escaped() {
    let record = "[Game \"murus-gallicus\"]\n[Light \"Zoë \x1b[2J\u{9b}31m\"]\n\
                  [Event \"山田 \x1b[2J\"]\n\n1. d1-d3 {\x1b[2J a comment}\n2. e7-e5 ; \x1b[2J\n";
    let (_dir, path) = write_record(record);
    for args in [vec!["replay", &path], vec!["replay", &path, "--steps"]] {
        let run = muster(&args);
        assert!(run.success, "{}", run.stderr);
        assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
        assert!(!run.stdout.contains('\u{9b}'), "{:?}", run.stdout);
        assert!(
            run.stdout.contains("[Light \"Zoë \\x1b[2J\\u{9b}31m\"]"),
            "{}",
            run.stdout
        );
        assert!(
            run.stdout.contains("[Event \"山田 \\x1b[2J\"]"),
            "{}",
            run.stdout
        );
    }
    let quiet = muster_with_input(&["replay", "-", "--quiet"], record);
    assert!(
        quiet.success && !quiet.stdout.contains('\x1b'),
        "{:?}",
        quiet.stdout
    );
}

#[test]
fn an_action_with_an_escape_sequence_is_quoted_escaped_in_the_error() {
    let record = "[Game \"murus-gallicus\"]\n\n1. d1-d3\x1b[2J\n";
    let (_dir, path) = write_record(record);
    let run = muster(&["replay", &path]);
    assert_eq!(run.code, Some(1));
    assert!(!run.stderr.contains('\x1b'), "{:?}", run.stderr);
    assert!(run.stderr.contains("d1-d3\\x1b[2J"), "{}", run.stderr);
    let run = muster(&["moves", "murus-gallicus", "--position", "\x1b]0;title\x07"]);
    assert_eq!(run.code, Some(1));
    assert!(
        !run.stderr.contains('\x1b') && !run.stderr.contains('\x07'),
        "{:?}",
        run.stderr
    );
    assert!(run.stderr.contains("\\x1b]0;title\\x07"), "{}", run.stderr);
}

#[test]
fn replay_reads_an_ending_outside_the_rules_and_refuses_a_bad_one() {
    let resigned =
        "[Game \"murus-gallicus\"]\n[Result \"0-1\"]\n[Ending \"resigned 1\"]\n\n1. d1-d3\n";
    let (_dir, path) = write_record(resigned);
    let run = muster(&["replay", "--quiet", &path]);
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stdout.contains("Dark wins: seat 1 resigned (0-1)"),
        "{}",
        run.stdout
    );
    let run = muster(&["replay", "--json", &path]);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(value["outcome"]["result"], "0-1");
    assert_eq!(value["endings"]["ending"]["how"], "resigned");

    let bad = resigned.replace("resigned 1", "resigned 3");
    let (_dir, path) = write_record(&bad);
    let run = muster(&["replay", &path]);
    assert!(!run.success);
    assert!(
        run.stderr
            .contains("`3` is not a seat of this game (1 to 2)"),
        "{}",
        run.stderr
    );
}

#[test]
fn replay_lenient_reports_the_first_divergence_from_stored_hashes() {
    // The start's hash is right; the one after d1-d3 is not.
    let text = "[Game \"murus-gallicus\"]\n[RulesVersion \"0\"]\n[Hashes \"every 1: 5247c2062f9ee322 0000000000000000\"]\n\n1. d1-d3\n";
    let (_dir, path) = write_record(text);
    let run = muster(&["replay", "--lenient", &path]);
    assert!(!run.success, "a divergence fails");
    assert!(
        run.stdout
            .contains("rules version 0, 1 actions replayed, 1 stored hashes agree"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr
            .contains("diverges: after action 1 `d1-d3` (line 5) the position hashes to"),
        "{}",
        run.stderr
    );
    let exact = text.replace(" 0000000000000000", "");
    let (_dir, path) = write_record(&exact);
    let run = muster(&["replay", "--lenient", "--json", &path]);
    assert!(run.success, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(value["divergence"], serde_json::Value::Null);
    assert_eq!(value["hashes_checked"], 1);
}
