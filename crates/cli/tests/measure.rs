//! `muster perft` and `muster bench`.

mod common;

use common::{fails, json, muster, muster_with_input, ok};

#[test]
fn perft_counts_the_known_leaves() {
    assert_eq!(
        ok(&["perft", "murus-gallicus", "--depth", "1"]),
        "perft 1 = 20\n"
    );
    assert_eq!(
        ok(&["perft", "murus-gallicus", "--depth", "3"]),
        "perft 3 = 6960\n"
    );
    assert_eq!(
        ok(&["perft", "murus-gallicus", "--depth", "0"]),
        "perft 0 = 1\n"
    );
}

#[test]
fn divide_lists_each_first_action_then_the_total() {
    let out = ok(&["perft", "murus-gallicus", "--depth", "2", "--divide"]);
    let (parts, total) = out
        .split_once("\n\n")
        .expect("a blank line before the total");
    assert_eq!(parts.lines().count(), 20, "{out}");
    let sum: u64 = parts
        .lines()
        .map(|l| {
            l.rsplit_once(": ")
                .expect("ACTION: COUNT")
                .1
                .parse::<u64>()
                .expect("a count")
        })
        .sum();
    assert_eq!(total, format!("perft 2 = {sum}\n"));
    assert!(parts.starts_with("a1-a3: "), "{out}");
}

#[test]
fn perft_json_has_depth_nodes_seconds_and_divide() {
    let value = json(&["perft", "murus-gallicus", "--depth", "3", "--json"]);
    assert_eq!(value["depth"], 3);
    assert_eq!(value["nodes"], 6960);
    assert!(value["seconds"].as_f64().is_some());
    assert!(value.get("divide").is_none());
    let value = json(&[
        "perft",
        "murus-gallicus",
        "--depth",
        "2",
        "--divide",
        "--json",
    ]);
    let divide = value["divide"].as_array().expect("divide");
    assert_eq!(divide.len(), 20);
    let sum: u64 = divide.iter().filter_map(|d| d["nodes"].as_u64()).sum();
    assert_eq!(value["nodes"].as_u64(), Some(sum));
    assert!(divide.iter().all(|d| d["action"].is_string()));
}

#[test]
fn perft_refuses_depths_beyond_twelve() {
    fails(&["perft", "murus-gallicus", "--depth", "13"], &["13", "12"]);
}

#[test]
fn bench_reports_games_plies_and_wins() {
    let out = ok(&["bench", "murus-gallicus", "--seconds", "0.2", "--seed", "3"]);
    for key in [
        "games",
        "plies",
        "plies/s",
        "games/s",
        "unfinished",
        "Light wins",
        "Dark wins",
        "draws",
        "basic",
    ] {
        assert!(out.contains(key), "{key} missing:\n{out}");
    }
}

#[test]
fn bench_json_adds_up() {
    let value = json(&[
        "bench",
        "murus-gallicus",
        "--seconds",
        "0.2",
        "--threads",
        "2",
        "--variant",
        "advanced",
        "--json",
    ]);
    assert_eq!(value["game"], "murus-gallicus");
    assert_eq!(value["variant"], "advanced");
    // Two threads, unless this machine has a single core (see the next test).
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert_eq!(value["threads"], 2.min(cores));
    let games = value["games"].as_u64().expect("games");
    assert!(games > 0, "{value}");
    let wins: u64 = ["Light", "Dark"]
        .iter()
        .filter_map(|s| value["wins"][s].as_u64())
        .sum();
    let draws = value["draws"].as_u64().expect("draws");
    let unfinished = value["unfinished"].as_u64().expect("unfinished");
    assert_eq!(wins + draws + unfinished, games, "{value}");
    for key in [
        "seconds",
        "plies",
        "plies_per_second",
        "games_per_second",
        "average_plies",
    ] {
        assert!(value[key].as_f64().is_some(), "{key} missing: {value}");
    }
}

#[test]
fn threads_beyond_the_machine_s_cores_are_capped_with_a_note() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let run = muster(&[
        "bench",
        "murus-gallicus",
        "--seconds",
        "0.1",
        "--threads",
        "200",
        "--json",
    ]);
    assert!(run.success, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(value["threads"], cores, "{value}");
    let note = format!("note: --threads 200 is more than this machine's {cores} core");
    assert!(run.stderr.contains(&note), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("using {cores}")),
        "{}",
        run.stderr
    );

    let run = muster_with_input(
        &["play", "murus-gallicus", "--vs", "2", "--threads", "200"],
        "d1-d3\nsave /dev/null\nquit\n",
    );
    assert!(run.success, "{}", run.stderr);
    assert!(run.stderr.contains(&note), "{}", run.stderr);
    assert!(
        run.stdout.contains("Dark (level 2, novice) plays"),
        "{}",
        run.stdout
    );

    let within = muster(&[
        "bench",
        "murus-gallicus",
        "--seconds",
        "0.1",
        "--threads",
        "1",
    ]);
    assert!(
        within.success && within.stderr.is_empty(),
        "{}",
        within.stderr
    );
}

#[test]
fn bench_refuses_nonsense_limits() {
    fails(
        &["bench", "murus-gallicus", "--seconds", "1e9"],
        &["--seconds"],
    );
    fails(
        &["bench", "murus-gallicus", "--seconds", "nan"],
        &["--seconds NaN"],
    );
    fails(
        &["bench", "murus-gallicus", "--threads", "0"],
        &["--threads 0"],
    );
    fails(
        &["bench", "murus-gallicus", "--max-plies", "0"],
        &["--max-plies 0"],
    );
}
