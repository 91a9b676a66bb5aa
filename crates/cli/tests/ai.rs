//! AI opponents at the terminal, hints, the arena and the search bench, through the binary.

mod common;

use common::{muster, muster_with_input};

#[test]
fn a_level_plays_back_and_hint_suggests_a_legal_move() {
    let run = muster_with_input(
        &[
            "play",
            "murus-gallicus",
            "--no-color",
            "--vs",
            "3",
            "--hint-level",
            "2",
        ],
        "hint\nd1-d3\nquit\n",
    );
    assert!(run.success, "{}", run.stderr);
    let out = run.stdout;
    assert!(out.contains("against Dark (level 3, casual)"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Dark (level 3, casual) plays"), "{out}");
    assert!(
        out.contains("mcts depth"),
        "the AI says how it decided: {out}"
    );
}

#[test]
fn an_unknown_opponent_is_refused_with_the_list() {
    let run = muster(&["play", "mur", "--vs", "9"]);
    assert!(!run.success);
    assert!(run.stderr.contains("`9`: no such player"), "{}", run.stderr);
    assert!(run.stderr.contains("grandmaster"), "{}", run.stderr);
}

#[test]
fn several_ai_seats_play_mu_among_themselves() {
    let run = muster_with_input(
        &[
            "play",
            "mu",
            "--variant",
            "multi",
            "--seats",
            "3",
            "--as",
            "3",
            "--vs",
            "1",
            "--vs",
            "2",
            "--no-color",
        ],
        "quit\n",
    );
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stdout.contains("(level 1, beginner)") && run.stdout.contains("(level 2, novice)"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_arena_saves_every_game_and_reports_elo_as_json() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let records = dir.path().join("records");
    let plot = dir.path().join("ladder.svg");
    let run = muster(&[
        "arena",
        "murus-gallicus",
        "--players",
        "random,2",
        "--games",
        "4",
        "--out",
        records.to_str().expect("a UTF-8 path"),
        "--plot",
        plot.to_str().expect("a UTF-8 path"),
        "--json",
    ]);
    assert!(run.success, "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["anchor"], "random");
    let players = summary["players"].as_array().expect("players");
    let level = players
        .iter()
        .find(|p| p["player"] == "L2")
        .expect("L2 listed");
    assert_eq!(level["games"], 4);
    let files: Vec<_> = std::fs::read_dir(&records).expect("records").collect();
    assert_eq!(files.len(), 4);
    for file in files {
        let path = file.expect("an entry").path();
        let replay = muster(&["replay", path.to_str().expect("UTF-8"), "--quiet"]);
        assert!(
            replay.success,
            "{} does not replay: {}",
            path.display(),
            replay.stderr
        );
    }
    let svg = std::fs::read_to_string(&plot).expect("the plot");
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert_eq!(svg.matches("<circle").count(), 2);
}

#[test]
fn the_arena_refuses_a_pairing_with_a_stranger() {
    let run = muster(&["arena", "mur", "--players", "1,2", "--pair", "3-1"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("`3` is not among --players"),
        "{}",
        run.stderr
    );
}

#[test]
fn searches_with_their_own_budgets_meet_in_the_arena() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let run = muster(&[
        "arena",
        "murus-gallicus",
        "--players",
        "mcts:20,ab:300",
        "--pair",
        "ab:300-mcts:20",
        "--games",
        "2",
        "--out",
        dir.path().to_str().expect("a UTF-8 path"),
        "--json",
    ]);
    assert!(run.success, "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let names: Vec<&str> = summary["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["player"].as_str())
        .collect();
    assert!(
        names.contains(&"mcts:20") && names.contains(&"ab:300"),
        "{names:?}"
    );
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .expect("records")
        .map(|f| {
            f.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    assert_eq!(
        files,
        ["0001-ab300-vs-mcts20.txt", "0002-mcts20-vs-ab300.txt"]
    );
    let record = std::fs::read_to_string(dir.path().join(&files[0])).expect("a record");
    assert!(record.contains("MCTS, 20 iterations"), "{record}");
}

#[test]
fn the_arena_warns_that_mu_without_a_cap_may_not_end_with_a_random_player() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().to_str().expect("a UTF-8 path");
    let arena = |variant: &str, players: &str| {
        let run = muster(&[
            "arena",
            "mu",
            "--variant",
            variant,
            "--players",
            players,
            "--games",
            "2",
            "--max-plies",
            "30",
            "--out",
            out,
            "--json",
        ]);
        assert!(run.success, "{}", run.stderr);
        run.stderr
    };
    let uncapped = arena("levis start=duel", "random,1");
    assert!(
        uncapped.contains("note: Mu ends only when every player passes")
            && uncapped.contains("ply_cap=200"),
        "{uncapped}"
    );
    let capped = arena("levis start=duel ply_cap=10", "random,1");
    assert!(!capped.contains("note:"), "{capped}");
    let levels = arena("levis start=duel", "1,2");
    assert!(
        !levels.contains("note:"),
        "muster's levels end Mu: {levels}"
    );
}

#[test]
fn a_best_reply_search_meets_a_paranoid_one_with_three_seats() {
    let laid_out = include_str!("../../../docs/ai/mu-multi3-after-setup.txt")
        .lines()
        .next()
        .expect("a laid-out position");
    let run = muster(&[
        "arena",
        "mu",
        "--variant",
        "multi ply_cap=3",
        "--seats",
        "3",
        "--position",
        laid_out,
        "--players",
        "brs:300,ab:300",
        "--games",
        "2",
        "--json",
    ]);
    assert!(run.success, "{}", run.stderr);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let players = summary["players"].as_array().expect("players");
    let names: Vec<&str> = players
        .iter()
        .filter_map(|p| p["player"].as_str())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names.contains(&"brs:300") && names.contains(&"ab:300"),
        "{names:?}"
    );
}

#[test]
fn a_search_budget_must_be_a_positive_number() {
    for (player, message) in [
        (
            "mcts:lots",
            "`mcts:lots`: the budget after `:` must be a whole number",
        ),
        ("ab:0", "`ab:0`: the budget must be at least 1"),
        ("dfs:100", "`dfs:100`: no such search `dfs`"),
    ] {
        let run = muster(&["play", "mur", "--vs", player]);
        assert!(!run.success, "{player} accepted");
        assert!(run.stderr.contains(message), "{}", run.stderr);
    }
}

#[test]
fn the_search_bench_reports_both_searches_for_two_seat_games() {
    let run = muster(&["bench", "murus-gallicus", "--search", "--json"]);
    assert!(run.success, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(report["positions"], 4);
    assert!(
        report["mcts_iterations"]["per_second"]
            .as_f64()
            .expect("a rate")
            > 0.0
    );
    assert!(report["alpha_beta_nodes"]["nodes"].as_u64().expect("nodes") > 0);
}
