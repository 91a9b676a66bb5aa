//! Who meets whom, in which seats, with which seeds; and the running tally.

use anyhow::{bail, Result};

use super::elo::GameResult;
use super::match_play::{Finished, Job};
use crate::commands::play::players::Player;

/// The pairings (indices into the player list, `a < b` not required) of a schedule, then the
/// extra `--pair A-B` ones. Duplicate players and unknown schedules are refused.
pub fn pairings(players: &[Player], kind: &str, extra: &[String]) -> Result<Vec<(usize, usize)>> {
    // Tables name players by their short names (an outside engine's program without its
    // folder), so those must differ too.
    for (i, p) in players.iter().enumerate() {
        if players[..i].iter().any(|q| q.short() == p.short()) {
            bail!("--players: `{}` is listed twice", p.short());
        }
    }
    if players.len() < 2 {
        bail!("--players: give at least two players");
    }
    let n = players.len();
    let mut pairs: Vec<(usize, usize)> = match kind.trim().to_ascii_lowercase().as_str() {
        "ladder" => (1..n).map(|i| (i, i - 1)).collect(),
        "all" => (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (b, a)))
            .collect(),
        "gauntlet" => (1..n).map(|i| (0, i)).collect(),
        _ => bail!("--schedule `{kind}`: expected ladder, all or gauntlet"),
    };
    for text in extra {
        let pair = parse_pair(players, text)?;
        if !pairs.contains(&pair) && !pairs.contains(&(pair.1, pair.0)) {
            pairs.push(pair);
        }
    }
    Ok(pairs)
}

fn parse_pair(players: &[Player], text: &str) -> Result<(usize, usize)> {
    // `-` first: a search player has a `:` of its own (`ab:20000-random`).
    let Some((a, b)) = text.split_once('-').or_else(|| text.split_once(':')) else {
        bail!("--pair `{text}`: expected two players joined by `-`, e.g. 8-random");
    };
    let find = |side: &str| -> Result<usize> {
        let wanted = Player::parse(side).map_err(|e| anyhow::anyhow!("--pair {e}"))?;
        match players.iter().position(|p| *p == wanted) {
            Some(i) => Ok(i),
            None => bail!("--pair `{text}`: `{side}` is not among --players"),
        }
    };
    let pair = (find(a)?, find(b)?);
    if pair.0 == pair.1 {
        bail!("--pair `{text}`: a player cannot meet itself");
    }
    Ok(pair)
}

/// Every game to play: `games` per pairing, numbered in order. Games `2k` and `2k + 1` of a
/// pairing share their opening seed and swap seats.
pub fn jobs(pairs: &[(usize, usize)], games: u32, seed: u64) -> Vec<Job> {
    let mut out = Vec::new();
    for (index, &(a, b)) in pairs.iter().enumerate() {
        for game in 0..games {
            let number = out.len();
            out.push(Job {
                number,
                pair: (a, b),
                swapped: game % 2 == 1,
                opening_seed: mix(seed, index as u64, u64::from(game / 2)),
                engine_seed: mix(seed ^ 0xA5A5_A5A5, index as u64, u64::from(game)),
            });
        }
    }
    out
}

/// A seed from three numbers (SplitMix64 steps), so nearby inputs give unrelated seeds.
fn mix(seed: u64, a: u64, b: u64) -> u64 {
    let mut x = seed;
    for v in [a, b] {
        x = x.wrapping_add(v).wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
    }
    x
}

/// Games and the share of points each player took: the mean utility over the seats it held.
pub fn totals(players: usize, results: &[GameResult]) -> (Vec<u32>, Vec<f64>) {
    let mut games = vec![0u32; players];
    let mut seats = vec![0u32; players];
    let mut points = vec![0.0; players];
    for result in results {
        let mut seen = vec![false; players];
        for (&p, &u) in result.players.iter().zip(&result.utilities) {
            seats[p] += 1;
            points[p] += u;
            if !seen[p] {
                seen[p] = true;
                games[p] += 1;
            }
        }
    }
    let scores = points
        .iter()
        .zip(&seats)
        .map(|(&p, &n)| if n == 0 { 0.0 } else { p / f64::from(n) })
        .collect();
    (games, scores)
}

/// The live score of the pairing whose game ended last.
#[derive(Debug)]
pub struct Tally {
    /// Per pairing: (a, b, a's points, b's points, games).
    rows: Vec<(usize, usize, f64, f64, u32)>,
    last: usize,
    names: Vec<String>,
}

impl Tally {
    /// An empty tally for these players.
    pub fn new(players: &[Player]) -> Tally {
        Tally {
            rows: Vec::new(),
            last: 0,
            names: players.iter().map(|p| p.short()).collect(),
        }
    }

    /// Counts one finished game (both players of its pairing took part).
    pub fn add(&mut self, game: &Finished) {
        let (a, b) = game.job.pair;
        let i = match self.rows.iter().position(|r| (r.0, r.1) == (a, b)) {
            Some(i) => i,
            None => {
                self.rows.push((a, b, 0.0, 0.0, 0));
                self.rows.len() - 1
            }
        };
        let (_, scores) = totals(self.names.len(), std::slice::from_ref(&game.result));
        let row = &mut self.rows[i];
        row.2 += scores[a];
        row.3 += scores[b];
        row.4 += 1;
        self.last = i;
    }

    /// `L2-L1 7.5-4.5 of 12`.
    pub fn status(&self) -> String {
        let Some(&(a, b, pa, pb, n)) = self.rows.get(self.last) else {
            return String::new();
        };
        format!("{}-{} {pa}-{pb} of {n}", self.names[a], self.names[b])
    }
}
