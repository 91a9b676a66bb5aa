//! Boards fit the terminal `muster play` runs in (`COLUMNS` and `LINES` stand for its size):
//! Mur and Mu switch to a compact layout when the full one does not fit, and every game stays
//! within 80 columns, in real positions from the start and after random play.

mod common;

use common::muster_in;
use muster_rules::{AnyGame, GameId};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use unicode_width::UnicodeWidthStr;

/// `text` without ANSI escape sequences.
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' && chars.peek() == Some(&'[') {
            for d in chars.by_ref() {
                if ('@'..='~').contains(&d) && d != '[' {
                    break;
                }
            }
            continue;
        }
        out.push(c);
    }
    out
}

/// The columns a line takes on a terminal.
fn width(line: &str) -> usize {
    UnicodeWidthStr::width(strip_ansi(line).as_str())
}

/// The position text of `game` under `variant` after `plies` random actions.
fn position(id: GameId, variant: &str, seats: Option<usize>, plies: usize, seed: u64) -> String {
    let mut game = AnyGame::new(id, variant, seats).expect("a game");
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..plies {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        game.apply(&action).expect("a legal action");
    }
    game.position_text()
}

/// What `muster play` shows in a terminal of `columns` × `lines` (hotseat, no input), starting
/// from `position` when given.
fn play_screen(
    columns: usize,
    lines: usize,
    game: &str,
    variant: &str,
    seats: Option<usize>,
    position: Option<&str>,
) -> String {
    let seats_text = seats.map(|n| n.to_string());
    let mut args = vec!["play", game, "--variant", variant, "--vs", "human"];
    if let Some(n) = &seats_text {
        args.extend(["--seats", n]);
    }
    let position_arg = position.map(|p| format!("--position={p}"));
    if let Some(p) = &position_arg {
        args.push(p);
    }
    let run = muster_in(columns, Some(lines), &args, "");
    assert!(run.success, "muster {args:?} failed: {}", run.stderr);
    run.stdout
}

/// Every line from the first board on within `columns` (the greeting before it names the
/// players and is play's own).
fn assert_narrow(out: &str, columns: usize, what: &str) {
    let boards = out.lines().skip_while(|l| !l.is_empty());
    for line in boards {
        assert!(
            width(line) <= columns,
            "{what}: a line of {} columns:\n{line}\n{out}",
            width(line)
        );
    }
}

/// The screen at the first prompt: from the blank line before the board to the prompt.
fn screen_height(out: &str) -> usize {
    let lines: Vec<&str> = out.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.is_empty())
        .expect("a blank line");
    let prompt = lines
        .iter()
        .position(|l| l.ends_with("> "))
        .expect("a prompt");
    prompt - start + 1
}

#[test]
fn mur_plays_in_80_by_24_from_the_start_through_a_match() {
    for variant in ["game", "set", "match"] {
        for (plies, seed) in [(0, 0), (25, 1), (150, 2), (500, 3)] {
            let p = position(GameId::Mur, variant, None, plies, seed);
            let out = play_screen(80, 24, "mur", variant, None, Some(&p));
            let what = format!("mur {variant} after {plies} plies");
            assert_narrow(&out, 80, &what);
            assert!(screen_height(&out) <= 24, "{what}: too tall\n{out}");
        }
    }
}

#[test]
fn mur_keeps_the_full_layout_in_a_wide_tall_terminal_and_compacts_it_in_80_columns() {
    let wide = play_screen(120, 40, "mur", "match", None, None);
    assert!(
        wide.contains("Black: 0 on the board, 7 off, 0 ship traps, to move"),
        "{wide}"
    );
    assert!(wide.contains("h3----------------a3"), "{wide}");
    let narrow = play_screen(80, 24, "mur", "match", None, None);
    assert!(
        narrow.contains("g g3--g2--g1---K--c1--c2--c3  c"),
        "{narrow}"
    );
    // The panel is wrapped beside the board, nothing left out.
    for fact in [
        "Game 1 of 6, set 1 of 2",
        "Black: 0 on the board, 7 off, 0 ship",
        "Games won in this set: Black 0, White 0",
        "Sets won: Black 0, White 0",
    ] {
        assert!(narrow.contains(fact), "{fact}: {narrow}");
    }
    // A tall terminal of 100 columns fits the full layout; 24 lines do not.
    let tall = play_screen(100, 40, "mur", "match", None, None);
    assert!(tall.contains("h3----------------a3"), "{tall}");
    let short = play_screen(100, 24, "mur", "match", None, None);
    assert!(short.contains("h3----------a3"), "{short}");
}

#[test]
fn mu_plays_in_80_columns_in_every_preset_and_in_24_rows_on_the_small_boards() {
    let cases: [(&str, Option<usize>, usize, bool); 10] = [
        ("levis", None, 0, true),
        ("levis", None, 3, false),
        ("levis", None, 40, false),
        ("levis start=t3", None, 0, true),
        ("levis start=t3", None, 30, true),
        ("velox", None, 60, false),
        ("arena", None, 20, false),
        ("multi", Some(3), 60, false),
        ("multi", Some(6), 200, false),
        ("levis start=duel", None, 10, false),
    ];
    for (variant, seats, plies, fits_24) in cases {
        let p = position(GameId::Mu, variant, seats, plies, 7);
        let out = play_screen(80, 24, "mu", variant, seats, Some(&p));
        let what = format!("mu {variant} {seats:?} after {plies} plies");
        assert_narrow(&out, 80, &what);
        if fits_24 {
            assert!(screen_height(&out) <= 24, "{what}: too tall\n{out}");
        }
    }
}

#[test]
fn a_compact_mu_board_keeps_every_cell_name_and_the_whole_panel() {
    let p = position(GameId::Mu, "levis", None, 40, 7);
    let out = play_screen(80, 24, "mu", "levis", None, Some(&p));
    for segment in ["A", "B", "C", "D", "E", "F", "G"] {
        for i in 0..7 {
            let name = format!("{segment}{i}");
            assert!(out.contains(&name), "{name}: {out}");
        }
    }
    for fact in [
        "Play, turn",
        "men  territory",
        "Sections:",
        "Passes in a row",
    ] {
        assert!(out.contains(fact), "{fact}: {out}");
    }
    // Neighbours in a row are four columns apart.
    let row = out
        .lines()
        .find(|l| l.contains("A4") && l.contains("A0"))
        .expect("A4 and A0 on one row");
    assert_eq!(
        row.find("A0").unwrap() - row.find("A4").unwrap(),
        4,
        "{out}"
    );
}

#[test]
fn murus_gallicus_and_mutou_boards_fit_80_columns() {
    let mg = play_screen(80, 24, "murus-gallicus", "advanced", None, None);
    assert_narrow(&mg, 80, "murus gallicus");
    for (variant, seats) in [
        ("friendly", 2),
        ("coll", 3),
        ("hex", 4),
        ("village board=sown", 3),
    ] {
        for plies in [0, 80] {
            let p = position(GameId::MuTou, variant, Some(seats), plies, 3);
            let out = play_screen(80, 24, "mutou", variant, Some(seats), Some(&p));
            assert_narrow(&out, 80, &format!("mutou {variant} after {plies} plies"));
        }
    }
}
