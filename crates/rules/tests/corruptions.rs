//! "A position that parses is valid": random corruptions of real position texts, for every game.
//!
//! Each test takes positions reached by random play under several presets, corrupts one of their
//! texts (a character replaced, dropped or doubled, a number pushed to an extreme, two tokens
//! swapped, a token dropped or repeated), and reads it back. The reader may refuse the text, with
//! an error naming a token; if it accepts it, the position must pass the conformance battery's
//! checks for a stretch of random play from there (see `conformance::walk_from`), so that no
//! later action can panic or break the contract.

use std::sync::OnceLock;

use muster_rules::{AnyError, AnyGame, GameId};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// A real position to corrupt: the game, its variant text and its position text.
#[derive(Clone, Debug)]
struct Sample {
    id: GameId,
    variant: &'static str,
    text: String,
}

/// Positions of `id` under each variant: the start, and after random play of a few lengths.
fn samples(id: GameId, variants: &[&'static str], lengths: &[usize]) -> Vec<Sample> {
    let mut out = Vec::new();
    for (v, &variant) in variants.iter().enumerate() {
        let start = AnyGame::new(id, variant, None).expect("the variant starts");
        for (l, &length) in lengths.iter().enumerate() {
            let mut rng = SmallRng::seed_from_u64((v * 100 + l) as u64);
            let mut game = start.clone();
            for _ in 0..length {
                let Some(action) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply(&action).expect("a random legal action applies");
            }
            out.push(Sample {
                id,
                variant,
                text: game.position_text(),
            });
        }
    }
    out
}

fn samples_of(id: GameId) -> &'static [Sample] {
    static MG: OnceLock<Vec<Sample>> = OnceLock::new();
    static MUR: OnceLock<Vec<Sample>> = OnceLock::new();
    static MU: OnceLock<Vec<Sample>> = OnceLock::new();
    static MUTOU: OnceLock<Vec<Sample>> = OnceLock::new();
    match id {
        GameId::MurusGallicus => MG.get_or_init(|| {
            samples(
                id,
                &["basic", "advanced", "basic board=8x8 escape=on ply_cap=300"],
                &[0, 3, 12, 40],
            )
        }),
        GameId::Mur => MUR.get_or_init(|| samples(id, &["game", "set", "match"], &[0, 5, 30, 90])),
        GameId::Mu => MU.get_or_init(|| {
            samples(
                id,
                &["levis", "velox", "multi", "levis start=duel ply_cap=400"],
                &[0, 6, 40, 200],
            )
        }),
        GameId::MuTou => {
            MUTOU.get_or_init(|| samples(id, &["friendly", "village", "hex"], &[0, 3, 9, 40, 120]))
        }
    }
}

/// One way to spoil a position text.
#[derive(Clone, Debug)]
enum Corruption {
    /// The character at this place (modulo the length) becomes this one.
    Replace(usize, char),
    /// The character at this place is dropped.
    Drop(usize),
    /// The character at this place is written twice.
    Double(usize),
    /// The number that starts at or after this place becomes this text.
    Number(usize, &'static str),
    /// Two space-separated tokens change places.
    SwapTokens(usize, usize),
    /// A space-separated token is dropped.
    DropToken(usize),
    /// A space-separated token is written twice.
    DoubleToken(usize),
    /// Two fields inside the tokens, split at `:` `,` `/` `=` `-`, change places.
    SwapFields(usize, usize),
}

/// Numbers at the edges of what counters, seat numbers and cell indices can hold.
const EXTREMES: &[&str] = &[
    "0",
    "1",
    "2",
    "7",
    "9",
    "10",
    "11",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "-1",
];

fn corruption() -> impl Strategy<Value = Corruption> {
    let chars = prop::sample::select(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:,/=-.*+_ é"
            .chars()
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        (any::<usize>(), chars).prop_map(|(i, c)| Corruption::Replace(i, c)),
        any::<usize>().prop_map(Corruption::Drop),
        any::<usize>().prop_map(Corruption::Double),
        (any::<usize>(), prop::sample::select(EXTREMES))
            .prop_map(|(i, n)| Corruption::Number(i, n)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Corruption::SwapTokens(a, b)),
        any::<usize>().prop_map(Corruption::DropToken),
        any::<usize>().prop_map(Corruption::DoubleToken),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Corruption::SwapFields(a, b)),
    ]
}

/// The text with the corruption applied (works on characters, never inside one).
fn corrupt(text: &str, how: &Corruption) -> String {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len().max(1);
    let tokens: Vec<&str> = text.split(' ').collect();
    let t = tokens.len().max(1);
    match *how {
        Corruption::Replace(i, c) => {
            let mut out = chars.clone();
            if !out.is_empty() {
                out[i % n] = c;
            }
            out.into_iter().collect()
        }
        Corruption::Drop(i) => {
            let mut out = chars.clone();
            if !out.is_empty() {
                out.remove(i % n);
            }
            out.into_iter().collect()
        }
        Corruption::Double(i) => {
            let mut out = chars.clone();
            if !out.is_empty() {
                out.insert(i % n, out[i % n]);
            }
            out.into_iter().collect()
        }
        Corruption::Number(i, number) => {
            let from = i % n;
            let Some(start) = (from..chars.len()).find(|&k| chars[k].is_ascii_digit()) else {
                return text.to_owned();
            };
            let end = (start..chars.len())
                .find(|&k| !chars[k].is_ascii_digit())
                .unwrap_or(chars.len());
            let mut out: String = chars[..start].iter().collect();
            out.push_str(number);
            out.extend(&chars[end..]);
            out
        }
        Corruption::SwapTokens(a, b) => {
            let mut out = tokens.clone();
            out.swap(a % t, b % t);
            out.join(" ")
        }
        Corruption::DropToken(i) => {
            let mut out = tokens.clone();
            out.remove(i % t);
            out.join(" ")
        }
        Corruption::DoubleToken(i) => {
            let mut out = tokens.clone();
            out.insert(i % t, tokens[i % t]);
            out.join(" ")
        }
        Corruption::SwapFields(a, b) => {
            // Split into fields and separators, keeping the separators in place.
            let mut fields: Vec<String> = vec![String::new()];
            let mut separators: Vec<char> = Vec::new();
            for c in text.chars() {
                if matches!(c, ' ' | ':' | ',' | '/' | '=' | '-') {
                    separators.push(c);
                    fields.push(String::new());
                } else if let Some(last) = fields.last_mut() {
                    last.push(c);
                }
            }
            let f = fields.len();
            fields.swap(a % f, b % f);
            let mut out = String::new();
            for (k, field) in fields.iter().enumerate() {
                out.push_str(field);
                if let Some(&sep) = separators.get(k) {
                    out.push(sep);
                }
            }
            out
        }
    }
}

/// Reads the corrupted text; an accepted position must pass a checked walk of `actions` actions.
fn read_corrupted(sample: &Sample, how: &Corruption, seed: u64, actions: usize) {
    let text = corrupt(&sample.text, how);
    match AnyGame::from_position(sample.id, sample.variant, &text) {
        Ok(game) => {
            if let Err(failure) = game.conformance_walk(seed, actions) {
                panic!(
                    "{} [{}] accepted the corrupted text `{text}` ({how:?} of `{}`), which is not \
                     a valid position: {failure}",
                    sample.id, sample.variant, sample.text
                );
            }
        }
        Err(AnyError::Position(e)) => {
            assert!(!e.reason.is_empty(), "an empty reason for `{text}`");
        }
        Err(other) => panic!("`{text}` is refused with a non-position error: {other}"),
    }
}

/// `PROPTEST_CASES` when set (for long runs), else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn index_and_corruption(id: GameId) -> impl Strategy<Value = (usize, Corruption, u64)> {
    (0..samples_of(id).len(), corruption(), any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(300)))]

    #[test]
    fn corrupted_murus_gallicus_positions_are_refused_or_valid(
        (i, how, seed) in index_and_corruption(GameId::MurusGallicus)
    ) {
        read_corrupted(&samples_of(GameId::MurusGallicus)[i], &how, seed, 60);
    }

    #[test]
    fn corrupted_mur_positions_are_refused_or_valid(
        (i, how, seed) in index_and_corruption(GameId::Mur)
    ) {
        read_corrupted(&samples_of(GameId::Mur)[i], &how, seed, 60);
    }

    #[test]
    fn corrupted_mu_positions_are_refused_or_valid(
        (i, how, seed) in index_and_corruption(GameId::Mu)
    ) {
        read_corrupted(&samples_of(GameId::Mu)[i], &how, seed, 40);
    }
}

/// The MuTou cases: fewer, since each checked step costs more. A setting-out position whose
/// earlier seat shows its whole supply in its pool is accepted (that is how another seat's view
/// hides what it set out, `MuTou::check_set_out`), and a walk from it past the reveal stays
/// valid: the reveal sets out the hidden pool by a guess (`MuTou::set_out_hidden_pools`).
fn mutou_config() -> ProptestConfig {
    ProptestConfig::with_cases(cases(120))
}

proptest! {
    // MuTou positions are long and each checked step costs more: fewer cases, shorter walks.
    #![proptest_config(mutou_config())]

    #[test]
    fn corrupted_mutou_positions_are_refused_or_valid(
        (i, how, seed) in index_and_corruption(GameId::MuTou)
    ) {
        read_corrupted(&samples_of(GameId::MuTou)[i], &how, seed, 12);
    }
}

#[test]
fn corruptions_work_on_characters_not_bytes() {
    let text = "aé b:c";
    assert_eq!(corrupt(text, &Corruption::Drop(1)), "a b:c");
    assert_eq!(corrupt(text, &Corruption::Double(1)), "aéé b:c");
    assert_eq!(corrupt(text, &Corruption::SwapTokens(0, 1)), "b:c aé");
    assert_eq!(corrupt(text, &Corruption::SwapFields(1, 2)), "aé c:b");
    assert_eq!(
        corrupt("x 12 y", &Corruption::Number(0, "4294967296")),
        "x 4294967296 y"
    );
}
