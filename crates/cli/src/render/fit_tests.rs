//! Every board fits an 80-column terminal: real positions of every game (starts, the Mu
//! presets and lay-outs, Mur games, sets and matches, positions after random play), drawn for
//! 80 columns, measured by display width with ANSI codes left out.

use muster_rules::{AnyGame, GameId};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::{board_in, visible_width, Fit, Style};

/// A position to draw, with a name for messages and the last action.
struct Sample {
    name: String,
    game: AnyGame,
    last: Option<String>,
}

/// The game `id` under `variant` with `seats`, after `plies` random actions (fewer if it ends).
fn sample(id: GameId, variant: &str, seats: Option<usize>, plies: usize, seed: u64) -> Sample {
    let mut game = AnyGame::new(id, variant, seats).expect("a game");
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut last = None;
    for _ in 0..plies {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        game.apply(&action).expect("a legal action");
        last = Some(action);
    }
    let seats = seats.map_or(String::new(), |n| format!(", {n} seats"));
    Sample {
        name: format!(
            "{} `{variant}`{seats} after {plies} plies (seed {seed})",
            id.id()
        ),
        game,
        last,
    }
}

/// Mur: each length at the start and after random play into the game, the set and the match.
fn mur_samples() -> Vec<Sample> {
    let mut samples = Vec::new();
    for variant in ["game", "set", "match", "g1", "match edition=classic"] {
        for (plies, seed) in [(0, 0), (9, 1), (30, 2), (120, 3), (400, 4)] {
            samples.push(sample(GameId::Mur, variant, None, plies, seed));
        }
    }
    samples
}

/// Mu: every preset and fixed start, lay-outs half done and done, selection, play, many seats.
fn mu_samples() -> Vec<Sample> {
    let mut samples = Vec::new();
    let cases: [(&str, Option<usize>); 12] = [
        ("levis", None),
        ("levis start=t3", None),
        ("levis start=duel", None),
        ("levis start=arena", None),
        ("levis start=random seed=7", None),
        ("velox", None),
        ("arena", None),
        ("multi", Some(2)),
        ("multi", Some(3)),
        ("multi", Some(4)),
        ("multi", Some(6)),
        ("multi", Some(8)),
    ];
    for (variant, seats) in cases {
        for (plies, seed) in [(0, 0), (5, 1), (14, 2), (40, 3), (150, 4), (600, 5)] {
            samples.push(sample(GameId::Mu, variant, seats, plies, seed));
        }
    }
    samples
}

fn square_samples() -> Vec<Sample> {
    let mut samples = Vec::new();
    for variant in ["basic", "advanced", "basic-8x8"] {
        for (plies, seed) in [(0, 0), (20, 1)] {
            samples.push(sample(GameId::MurusGallicus, variant, None, plies, seed));
        }
    }
    for (variant, seats) in [
        ("friendly", 2),
        ("village", 2),
        ("coll", 2),
        ("friendly", 3),
    ] {
        for (plies, seed) in [(0, 0), (60, 1), (300, 2)] {
            samples.push(sample(GameId::MuTou, variant, Some(seats), plies, seed));
        }
    }
    samples
}

fn mutou_samples() -> Vec<Sample> {
    let mut samples = Vec::new();
    for (variant, seats) in [
        ("hex", 2),
        ("hex", 3),
        ("hex", 6),
        ("friendly board=sown", 2),
        ("friendly board=sown seed=3", 3),
        ("village board=sown", 4),
    ] {
        for (plies, seed) in [(0, 0), (60, 1), (300, 2)] {
            samples.push(sample(GameId::MuTou, variant, Some(seats), plies, seed));
        }
    }
    samples
}

/// Lines of `text` wider than `width`, with their widths.
fn too_wide(text: &str, width: usize) -> Vec<(usize, String)> {
    text.lines()
        .map(|l| (visible_width(l), l.to_owned()))
        .filter(|(w, _)| *w > width)
        .collect()
}

/// Draws every sample plain and coloured at 80 columns; every line must fit.
fn assert_fits(samples: &[Sample], fit: Fit) -> Vec<usize> {
    let mut heights = Vec::new();
    for s in samples {
        for colour in [false, true] {
            let text = board_in(&s.game, s.last.as_deref(), Style { colour }, fit);
            let wide = too_wide(&text, fit.width);
            assert!(wide.is_empty(), "{} is too wide: {wide:?}\n{text}", s.name);
            heights.push(text.lines().count());
        }
    }
    heights
}

const EIGHTY: Fit = Fit {
    width: 80,
    height: Some(24),
};

#[test]
fn mur_boards_fit_80_columns_and_24_rows() {
    for height in assert_fits(&mur_samples(), EIGHTY) {
        assert!(
            height + super::terminal::RESERVED_LINES <= 24,
            "{height} lines"
        );
    }
}

#[test]
fn mu_boards_fit_80_columns() {
    assert_fits(&mu_samples(), EIGHTY);
}

#[test]
fn murus_gallicus_and_square_mutou_boards_fit_80_columns() {
    assert_fits(&square_samples(), EIGHTY);
}

#[test]
fn hex_and_sown_mutou_boards_fit_80_columns() {
    assert_fits(&mutou_samples(), EIGHTY);
}

/// Writes every sample at 80×24 to `$MUSTER_SAMPLES/<n>.txt` for reading by eye:
/// `MUSTER_SAMPLES=/tmp/boards cargo test -p muster-cli samples -- --ignored`.
#[test]
#[ignore]
fn samples_to_files() {
    let dir = std::env::var("MUSTER_SAMPLES").expect("MUSTER_SAMPLES names a directory");
    std::fs::create_dir_all(&dir).expect("the directory");
    let all = [
        mur_samples(),
        mu_samples(),
        square_samples(),
        mutou_samples(),
    ];
    for (i, s) in all.iter().flatten().enumerate() {
        let text = board_in(&s.game, s.last.as_deref(), Style { colour: false }, EIGHTY);
        let lines = text.lines().count();
        let widest = text.lines().map(visible_width).max().unwrap_or(0);
        let body = format!("{} — {widest} columns, {lines} lines\n{text}", s.name);
        std::fs::write(format!("{dir}/{i:03}.txt"), body).expect("written");
    }
}

#[test]
fn a_mu_board_wider_than_the_terminal_is_cut_into_bands_that_keep_every_cell() {
    let s = sample(GameId::Mu, "multi", Some(8), 150, 4);
    let mu = s.game.as_mu().expect("a Mu game");
    let text = board_in(&s.game, s.last.as_deref(), Style { colour: false }, EIGHTY);
    assert!(text.contains("(the board goes on east"), "{text}");
    let words: std::collections::HashSet<&str> = text
        .split(|c: char| c.is_whitespace() || c == '[' || c == ']' || c == '|' || c == '+')
        .collect();
    for cell in mu.geometry().all_cells() {
        let name = cell.to_string();
        assert!(words.contains(name.as_str()), "{name} is drawn: {text}");
    }
}

#[test]
fn the_compact_mu_layout_brackets_the_names_of_the_last_action() {
    let mut game = AnyGame::new(GameId::Mu, "levis start=duel", None).expect("a game");
    let step = game
        .legal_actions()
        .into_iter()
        .find(|a| a.ends_with("-1"))
        .expect("a one-step move");
    game.apply(&step).expect("a legal move");
    let narrow = Fit {
        width: 60,
        height: Some(24),
    };
    let text = board_in(&game, Some(&step), Style { colour: false }, narrow);
    let from = step.split('-').next().expect("a start cell");
    assert!(text.contains(&format!("[{from}]")), "{step}: {text}");
    assert_eq!(
        text.matches('[').count(),
        3,
        "start, landing, legend: {text}"
    );
    assert!(text.contains("[A0]  last action"), "{text}");
}
