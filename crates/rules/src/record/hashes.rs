//! Stored position hashes: a record's `Hashes` header, which lets a later build tell whether it
//! still replays a game to the same positions ([`replay_lenient`](super::replay_lenient)).
//!
//! ```text
//! [Hashes "every 1: 5be07c1d2a9f3e44 9f3ac2e4b1d07a55 …"]
//! Hashes = ["every" " " N ":"] (" " HASH)*
//! HASH   = 16 hexadecimal digits
//! ```
//!
//! The `k`-th hash (from 0) is [`Game::position_hash`] of the position after `k·N` actions: the
//! first is the start's. `every N:` may be left out for `N = 1`. The hashes are only as stable as
//! the games' hash functions: every game hashes its own fields with fixed algorithms (Zobrist
//! keys from constants, [`FixedHasher`](crate::hash::FixedHasher)), and a change to what a game
//! hashes is a change of its rules version.

use std::fmt::Write as _;

use thiserror::Error;

use super::Record;
use crate::game::Game;

/// The header holding the stored hashes.
pub const HASHES: &str = "Hashes";

/// Position hashes stored along a game: the start's, then one every `every` actions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionHashes {
    /// Actions between two stored hashes (at least 1).
    pub every: usize,
    /// The hashes after 0, `every`, `2·every`, … actions.
    pub hashes: Vec<u64>,
}

/// Why a `Hashes` header cannot be read; the message quotes the bad text.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("`{text}` is not {expected}")]
pub struct HashesError {
    /// The bad part.
    pub text: String,
    /// What was expected there.
    pub expected: &'static str,
}

impl PositionHashes {
    /// The hashes of the game from `start` through `actions` (trusted to be legal), one every
    /// `every` actions (0 counts as 1).
    pub fn of<G: Game>(start: &G, actions: &[G::Action], every: usize) -> PositionHashes {
        let every = every.max(1);
        let mut game = start.clone();
        let mut hashes = vec![game.position_hash()];
        for (index, &action) in actions.iter().enumerate() {
            game.apply_unchecked(action);
            if (index + 1) % every == 0 {
                hashes.push(game.position_hash());
            }
        }
        PositionHashes { every, hashes }
    }

    /// The stored hash of the position after `actions` actions, if one was stored.
    pub fn after(&self, actions: usize) -> Option<u64> {
        if actions % self.every != 0 {
            return None;
        }
        self.hashes.get(actions / self.every).copied()
    }

    /// The header value (see the module documentation).
    pub fn text(&self) -> String {
        let mut text = format!("every {}:", self.every);
        for hash in &self.hashes {
            let _ = write!(text, " {hash:016x}");
        }
        text
    }

    /// Reads a header value (see the module documentation).
    pub fn parse(text: &str) -> Result<PositionHashes, HashesError> {
        let (every, list) = match text.trim().strip_prefix("every") {
            Some(rest) => {
                let (number, list) = rest.split_once(':').ok_or_else(|| HashesError {
                    text: text.to_owned(),
                    expected: "`every N:` followed by hashes",
                })?;
                let number = number.trim();
                let every = number
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0 && number.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| HashesError {
                        text: number.to_owned(),
                        expected: "a positive number of actions",
                    })?;
                (every, list)
            }
            None => (1, text),
        };
        let hashes = list
            .split_whitespace()
            .map(|word| {
                if word.len() == 16 && word.bytes().all(|b| b.is_ascii_hexdigit()) {
                    u64::from_str_radix(word, 16).map_err(|_| HashesError {
                        text: word.to_owned(),
                        expected: "a hash of 16 hexadecimal digits",
                    })
                } else {
                    Err(HashesError {
                        text: word.to_owned(),
                        expected: "a hash of 16 hexadecimal digits",
                    })
                }
            })
            .collect::<Result<Vec<u64>, HashesError>>()?;
        Ok(PositionHashes { every, hashes })
    }

    /// Writes the `Hashes` header.
    pub fn write(&self, record: &mut Record) {
        record.set_header(HASHES, self.text());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_read_back_from_their_text() {
        let hashes = PositionHashes {
            every: 3,
            hashes: vec![0, u64::MAX, 0x5be0_7c1d_2a9f_3e44],
        };
        assert_eq!(
            hashes.text(),
            "every 3: 0000000000000000 ffffffffffffffff 5be07c1d2a9f3e44"
        );
        assert_eq!(PositionHashes::parse(&hashes.text()), Ok(hashes.clone()));
        assert_eq!(hashes.after(6), Some(0x5be0_7c1d_2a9f_3e44));
        assert_eq!(hashes.after(5), None, "not a stored point");
        assert_eq!(hashes.after(9), None, "past the stored hashes");
        let plain = PositionHashes::parse("0000000000000001").expect("every 1 by default");
        assert_eq!((plain.every, plain.hashes.as_slice()), (1, &[1][..]));
    }

    #[test]
    fn a_bad_hash_is_refused_quoting_it() {
        let e = PositionHashes::parse("every 1: 00000000000000zz").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`00000000000000zz` is not a hash of 16 hexadecimal digits"
        );
        let e = PositionHashes::parse("every 0: 0000000000000000").unwrap_err();
        assert_eq!(e.to_string(), "`0` is not a positive number of actions");
        let e = PositionHashes::parse("every 2 0000000000000000").unwrap_err();
        assert!(
            e.to_string().contains("`every N:` followed by hashes"),
            "{e}"
        );
    }
}
