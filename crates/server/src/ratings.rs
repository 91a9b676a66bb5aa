//! Player ratings (docs/server-design.md §2.5 "End"): one rating per user and pool, updated when a
//! rated game ends, with the `skillratings` crate.
//!
//! * A **pool** is a game, a seat count and a speed: `murus-gallicus:2:live`, `mu:3:corr`
//!   ([`pool`]). Untimed games share the `corr` pool: neither is played against a running
//!   clock, and a pool of its own would split the few rated untimed games from their kin.
//! * **Two seats: Glicko-2** (as hivegame and Lichess), the result read from the ranks: the
//!   better rank wins (1), equal ranks draw (½).
//! * **Three or more seats: Weng-Lin** (the Bayesian approximation of Weng and Lin, a
//!   free-for-all of one-seat teams), ties allowed by rank, put on the same number scale as
//!   Glicko-2 by the linear map `rating = 1500 + (μ − 25)·k`, `rd = σ·k` with
//!   `k = 350 / (25/3) = 42`, so that Weng-Lin's start (μ 25, σ 25/3) is Glicko-2's (1500, 350).
//!   The volatility is Glicko-2's alone and passes through Weng-Lin unchanged. A pool holds
//!   games of one seat count, so its ratings always come from one of the two systems.
//! * A rating is **provisional** while its deviation is above 110 (as on Lichess).
//! * Retired seats need nothing special: they come last by rank.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};
use thiserror::Error;

use muster_store::ClockKind;

/// The deviation above which a rating is provisional.
pub const PROVISIONAL_RD: f64 = 110.0;
/// The starting rating.
pub const INITIAL_RATING: f64 = 1500.0;
/// The starting deviation (and the largest).
pub const INITIAL_RD: f64 = 350.0;
/// The starting volatility.
pub const INITIAL_VOL: f64 = 0.06;
/// The smallest deviation a rating keeps, so that a seasoned player still moves.
pub const MIN_RD: f64 = 45.0;
/// Rating points per Weng-Lin skill unit (see the module documentation).
pub const WENG_LIN_SCALE: f64 = INITIAL_RD / (25.0 / 3.0);

/// The rating pool of a game of `game` (the rules' id) with `seats` seats under `clock`:
/// `game:seats:speed`, the speed `live` or `corr` (untimed games rate in `corr`).
pub fn pool(game: &str, seats: usize, clock: ClockKind) -> String {
    let speed = match clock {
        ClockKind::Live => "live",
        ClockKind::Corr | ClockKind::None => "corr",
    };
    format!("{game}:{seats}:{speed}")
}

/// One player's rating in one pool.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (how unsure it is).
    pub rd: f64,
    /// Its volatility (Glicko-2).
    pub vol: f64,
    /// Rated games played in the pool.
    pub games: u32,
}

impl Rating {
    /// The rating of a player new to a pool: 1500, deviation 350, volatility 0.06, no games.
    pub fn initial() -> Rating {
        Rating {
            rating: INITIAL_RATING,
            rd: INITIAL_RD,
            vol: INITIAL_VOL,
            games: 0,
        }
    }

    /// Whether the rating is still provisional (deviation above [`PROVISIONAL_RD`]).
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }

    fn glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.rd,
            volatility: self.vol,
        }
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating {
            rating: 25.0 + (self.rating - INITIAL_RATING) / WENG_LIN_SCALE,
            uncertainty: self.rd / WENG_LIN_SCALE,
        }
    }

    /// This rating after one more game, with the new values (the deviation kept in
    /// [`MIN_RD`]`..=`[`INITIAL_RD`]; values that are not finite keep the old ones).
    fn after(self, rating: f64, rd: f64, vol: f64) -> Rating {
        let finite = rating.is_finite() && rd.is_finite() && vol.is_finite();
        let (rating, rd, vol) = if finite {
            (rating, rd, vol)
        } else {
            (self.rating, self.rd, self.vol)
        };
        Rating {
            rating,
            rd: rd.clamp(MIN_RD, INITIAL_RD),
            vol,
            games: self.games.saturating_add(1),
        }
    }
}

impl Default for Rating {
    fn default() -> Self {
        Rating::initial()
    }
}

/// Why ratings cannot be computed.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum RatingError {
    /// A rated game needs at least two seats.
    #[error("a rated game needs at least two seats, not {0}")]
    TooFewSeats(usize),
    /// The ranks do not match the ratings.
    #[error("{ratings} ratings but {ranks} ranks")]
    Mismatch {
        /// The ratings given.
        ratings: usize,
        /// The ranks given.
        ranks: usize,
    },
}

/// The seats' ratings after a game, from their ratings before it (by seat) and their final ranks
/// (by seat, 0 best, equal ranks tied — [`muster_rules::Outcome::ranks`]). Two seats rate by
/// Glicko-2, more by Weng-Lin (see the module documentation). Every seat's game count rises by
/// one.
pub fn rate(before: &[Rating], ranks: &[u8]) -> Result<Vec<Rating>, RatingError> {
    if before.len() != ranks.len() {
        return Err(RatingError::Mismatch {
            ratings: before.len(),
            ranks: ranks.len(),
        });
    }
    match before.len() {
        0 | 1 => Err(RatingError::TooFewSeats(before.len())),
        2 => Ok(rate_two(before[0], before[1], ranks[0], ranks[1])),
        _ => Ok(rate_many(before, ranks)),
    }
}

fn rate_two(one: Rating, two: Rating, rank_one: u8, rank_two: u8) -> Vec<Rating> {
    let outcome = match rank_one.cmp(&rank_two) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
    };
    let (a, b) = glicko2(
        &one.glicko2(),
        &two.glicko2(),
        &outcome,
        &Glicko2Config::new(),
    );
    vec![
        one.after(a.rating, a.deviation, a.volatility),
        two.after(b.rating, b.deviation, b.volatility),
    ]
}

fn rate_many(before: &[Rating], ranks: &[u8]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> = before.iter().map(|r| [r.weng_lin()]).collect();
    let teams_and_ranks: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(ranks)
        .map(|(team, &rank)| (&team[..], MultiTeamOutcome::new(usize::from(rank) + 1)))
        .collect();
    let after = weng_lin_multi_team(&teams_and_ranks, &WengLinConfig::new());
    before
        .iter()
        .zip(&after)
        .map(|(old, new)| match new.first() {
            Some(new) => old.after(
                INITIAL_RATING + (new.rating - 25.0) * WENG_LIN_SCALE,
                new.uncertainty * WENG_LIN_SCALE,
                old.vol,
            ),
            None => old.after(old.rating, old.rd, old.vol),
        })
        .collect()
}
