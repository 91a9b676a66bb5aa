//! Ratings from finished games: a Bradley–Terry fit on the Elo scale with 95 % intervals, and
//! head-to-head tallies for every pair of players that met.
//!
//! Every game is reduced to pairwise results first: each pair of seats held by different players
//! is one result, the seat with the higher utility winning and equal utilities drawing. Two-seat
//! games give one result; a game of `k` seats gives up to `k(k−1)/2`.

use serde::{Deserialize, Serialize};

/// The two-sided 95 % quantile of the normal distribution.
const Z95: f64 = 1.96;
/// Elo points per natural-log unit of odds (400 / ln 10).
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;
/// The fit stops once no rating moves by more than this, in natural-log units of odds.
const TOLERANCE: f64 = 1e-10;
/// The most Newton steps taken; a well-posed fit needs a handful.
const MAX_STEPS: usize = 200;

/// One finished game: the player (index into the player list) at each seat, and each seat's
/// utility (muster_rules::Outcome::utility: 1 won, 0 lost, ½ draw for two seats).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The player at each seat, in seat order; a player may hold several seats.
    pub players: Vec<usize>,
    /// Each seat's utility, in seat order; only their order between seats matters here.
    pub utilities: Vec<f64>,
}

impl GameResult {
    /// Every pairwise result of this game as `(a, b, a's points)` with `a < b` and points 1, ½
    /// or 0; pairs of seats held by the same player are left out.
    fn duels(&self) -> Vec<(usize, usize, f64)> {
        let seats = self.players.len().min(self.utilities.len());
        let mut duels = Vec::new();
        for s in 0..seats {
            for t in s + 1..seats {
                let (p, q) = (self.players[s], self.players[t]);
                if p == q {
                    continue;
                }
                let points = match self.utilities[s].partial_cmp(&self.utilities[t]) {
                    Some(std::cmp::Ordering::Greater) => 1.0,
                    Some(std::cmp::Ordering::Less) => 0.0,
                    _ => 0.5,
                };
                duels.push(if p < q {
                    (p, q, points)
                } else {
                    (q, p, 1.0 - points)
                });
            }
        }
        duels
    }
}

/// A player's rating: Elo and the half-width of its 95 % interval (0 for the anchor).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating on the Elo scale.
    pub elo: f64,
    /// Half the width of the 95 % interval around `elo`; `f64::INFINITY` when the data say
    /// nothing about the player relative to the anchor.
    pub margin: f64,
}

/// The head-to-head record of two players, from `a`'s side (`a < b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The player with the lower index.
    pub a: usize,
    /// The player with the higher index.
    pub b: usize,
    /// Pairwise results between them.
    pub games: u32,
    /// Results `a` won.
    pub a_wins: u32,
    /// Results drawn.
    pub draws: u32,
    /// Results `b` won.
    pub b_wins: u32,
}

impl Pairing {
    /// `a`'s share of the points, a draw counting half: from 0 to 1, and ½ when no game was
    /// played.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (f64::from(self.a_wins) + f64::from(self.draws) / 2.0) / f64::from(self.games)
    }

    /// The Elo difference `a − b` implied by the score, and the half-width of its 95 % interval.
    ///
    /// With `n` games the score `p` is clamped to `[0.5/n, 1 − 0.5/n]`, so perfect scores give a
    /// finite difference `−400·log10(1/p − 1)`. The interval ends are the differences at
    /// `p ± 1.96·sqrt(p(1−p)/n)`, clamped the same way; the larger distance from the estimate
    /// is returned. With no games the difference is 0 and the half-width infinite.
    pub fn elo_difference(&self) -> (f64, f64) {
        if self.games == 0 {
            return (0.0, f64::INFINITY);
        }
        let n = f64::from(self.games);
        let clamp = |p: f64| p.clamp(0.5 / n, 1.0 - 0.5 / n);
        let p = clamp(self.score());
        let spread = Z95 * (p * (1.0 - p) / n).sqrt();
        let estimate = elo_from_score(p);
        let low = elo_from_score(clamp(p - spread));
        let high = elo_from_score(clamp(p + spread));
        (estimate, (high - estimate).max(estimate - low))
    }
}

/// The Elo difference at which the expected score is `p` (strictly between 0 and 1).
fn elo_from_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The head-to-head record of every pair of players that met, ordered by `a` then `b`.
///
/// # Panics
/// If a game names a player index of `players` or more.
pub fn pairings(players: usize, results: &[GameResult]) -> Vec<Pairing> {
    let mut table = vec![[0u32; 3]; players * players];
    for (a, b, points) in results.iter().flat_map(GameResult::duels) {
        let column = if points > 0.5 {
            0
        } else if points < 0.5 {
            2
        } else {
            1
        };
        table[a * players + b][column] += 1;
    }
    let mut out = Vec::new();
    for a in 0..players {
        for b in a + 1..players {
            let [a_wins, draws, b_wins] = table[a * players + b];
            let games = a_wins + draws + b_wins;
            if games > 0 {
                out.push(Pairing {
                    a,
                    b,
                    games,
                    a_wins,
                    draws,
                    b_wins,
                });
            }
        }
    }
    out
}

/// Maximum-likelihood Bradley–Terry ratings on the Elo scale, one per player.
///
/// The model is P(a beats b) = 1/(1 + 10^((Rb − Ra)/400)), a draw counting as half a win for
/// each side. **Prior:** one virtual draw is added between every pair of players that met, so
/// perfect scores still have a finite maximum; with many games its pull is negligible. The
/// likelihood is maximised by Newton steps (halved when one would lower the likelihood) until no
/// rating moves.
///
/// The `anchor` keeps `anchor_elo` with margin 0. The margins of the others are 1.96 standard
/// errors, from the inverse of the observed information matrix with the anchor removed.
/// Players who never played get `anchor_elo` with an infinite margin. Players linked to each
/// other but not, through any chain of games, to the anchor get ratings fitted within their
/// group and shifted so that the group averages `anchor_elo`, with infinite margins.
///
/// # Panics
/// If `anchor` or a player index in a game is `players` or more.
pub fn fit(players: usize, results: &[GameResult], anchor: usize, anchor_elo: f64) -> Vec<Rating> {
    assert!(anchor < players, "anchor {anchor} of {players} players");
    let tally = Tally::with_prior(players, results);
    let group = tally.groups();
    // One player per group is held at zero: the anchor in its group, the first member elsewhere.
    let held: Vec<bool> = (0..players)
        .map(|p| p == anchor || (group[p] != group[anchor] && group[p] == Some(p)))
        .collect();
    let free: Vec<usize> = (0..players)
        .filter(|&p| group[p].is_some() && !held[p])
        .collect();
    let theta = tally.maximise(&free);
    let variance = tally.information(&theta, &free).inverse_diagonal();
    let mut ratings = vec![
        Rating {
            elo: anchor_elo,
            margin: f64::INFINITY,
        };
        players
    ];
    ratings[anchor].margin = 0.0;
    for (i, &p) in free.iter().enumerate() {
        ratings[p].elo = anchor_elo + theta[p] * ELO_PER_NAT;
        if group[p] == group[anchor] {
            ratings[p].margin = Z95 * variance[i].sqrt() * ELO_PER_NAT;
        }
    }
    centre_detached_groups(&mut ratings, &group, group[anchor], anchor_elo);
    ratings
}

/// Shifts every group other than the anchor's so that its mean rating is `anchor_elo`.
fn centre_detached_groups(
    ratings: &mut [Rating],
    group: &[Option<usize>],
    anchor_group: Option<usize>,
    anchor_elo: f64,
) {
    for leader in 0..ratings.len() {
        if group[leader] != Some(leader) || anchor_group == Some(leader) {
            continue;
        }
        let members: Vec<usize> = (0..ratings.len())
            .filter(|&p| group[p] == Some(leader))
            .collect();
        let mean = members.iter().map(|&p| ratings[p].elo).sum::<f64>() / members.len() as f64;
        for p in members {
            ratings[p].elo += anchor_elo - mean;
        }
    }
}

/// Pairwise results in matrix form: games and points between every two players.
struct Tally {
    players: usize,
    /// `games[a * players + b]`: results between `a` and `b`, symmetric.
    games: Vec<f64>,
    /// `points[a * players + b]`: the points `a` scored against `b`.
    points: Vec<f64>,
}

impl Tally {
    /// The results of `results` plus one virtual draw for every pair that met.
    fn with_prior(players: usize, results: &[GameResult]) -> Self {
        let mut tally = Tally {
            players,
            games: vec![0.0; players * players],
            points: vec![0.0; players * players],
        };
        for (a, b, points) in results.iter().flat_map(GameResult::duels) {
            tally.add(a, b, 1.0, points);
        }
        for a in 0..players {
            for b in a + 1..players {
                if tally.n(a, b) > 0.0 {
                    tally.add(a, b, 1.0, 0.5);
                }
            }
        }
        tally
    }

    fn add(&mut self, a: usize, b: usize, games: f64, a_points: f64) {
        let (ab, ba) = (a * self.players + b, b * self.players + a);
        self.games[ab] += games;
        self.games[ba] += games;
        self.points[ab] += a_points;
        self.points[ba] += games - a_points;
    }

    fn n(&self, a: usize, b: usize) -> f64 {
        self.games[a * self.players + b]
    }

    fn w(&self, a: usize, b: usize) -> f64 {
        self.points[a * self.players + b]
    }

    /// For each player, the lowest index in its group of players linked by games, or `None` for
    /// a player who never played.
    fn groups(&self) -> Vec<Option<usize>> {
        let mut group = vec![None; self.players];
        for start in 0..self.players {
            if group[start].is_some() || (0..self.players).all(|q| self.n(start, q) == 0.0) {
                continue;
            }
            let mut stack = vec![start];
            group[start] = Some(start);
            while let Some(p) = stack.pop() {
                let neighbours: Vec<usize> =
                    (0..self.players).filter(|&q| self.n(p, q) > 0.0).collect();
                for q in neighbours {
                    if group[q].is_none() {
                        group[q] = Some(start);
                        stack.push(q);
                    }
                }
            }
        }
        group
    }

    /// The log-likelihood of strengths `theta` (natural-log units of odds).
    fn log_likelihood(&self, theta: &[f64]) -> f64 {
        let mut total = 0.0;
        for a in 0..self.players {
            for b in a + 1..self.players {
                if self.n(a, b) > 0.0 {
                    let d = theta[a] - theta[b];
                    total -= self.w(a, b) * softplus(-d) + self.w(b, a) * softplus(d);
                }
            }
        }
        total
    }

    /// The gradient of the log-likelihood with respect to the `free` strengths.
    fn gradient(&self, theta: &[f64], free: &[usize]) -> Vec<f64> {
        free.iter()
            .map(|&a| {
                (0..self.players)
                    .map(|b| self.w(a, b) - self.n(a, b) * win_chance(theta[a] - theta[b]))
                    .sum()
            })
            .collect()
    }

    /// The observed information (minus the Hessian) over the `free` strengths.
    fn information(&self, theta: &[f64], free: &[usize]) -> Matrix {
        let mut info = Matrix::zero(free.len());
        for (i, &a) in free.iter().enumerate() {
            for b in 0..self.players {
                let p = win_chance(theta[a] - theta[b]);
                info.add(i, i, self.n(a, b) * p * (1.0 - p));
            }
            for (j, &b) in free.iter().enumerate() {
                if i != j {
                    let p = win_chance(theta[a] - theta[b]);
                    info.add(i, j, -self.n(a, b) * p * (1.0 - p));
                }
            }
        }
        info
    }

    /// The maximum-likelihood strengths, the players outside `free` held at zero.
    fn maximise(&self, free: &[usize]) -> Vec<f64> {
        let mut theta = vec![0.0; self.players];
        for _ in 0..MAX_STEPS {
            let step = self
                .information(&theta, free)
                .solve(&self.gradient(&theta, free));
            let before = self.log_likelihood(&theta);
            let mut scale = 1.0;
            let moved = loop {
                let mut next = theta.clone();
                for (i, &p) in free.iter().enumerate() {
                    next[p] += scale * step[i];
                }
                if self.log_likelihood(&next) >= before || scale < 1e-6 {
                    break next;
                }
                scale /= 2.0;
            };
            theta = moved;
            if step.iter().all(|s| (scale * s).abs() < TOLERANCE) {
                break;
            }
        }
        theta
    }
}

/// The chance of winning with a strength lead of `d` natural-log units of odds.
fn win_chance(d: f64) -> f64 {
    1.0 / (1.0 + (-d).exp())
}

/// ln(1 + e^x), without overflow for large `x`.
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// A small dense symmetric positive-definite matrix.
struct Matrix {
    size: usize,
    cells: Vec<f64>,
}

impl Matrix {
    fn zero(size: usize) -> Self {
        Matrix {
            size,
            cells: vec![0.0; size * size],
        }
    }

    fn add(&mut self, row: usize, column: usize, value: f64) {
        self.cells[row * self.size + column] += value;
    }

    /// The lower-triangular `L` with `L·Lᵀ` equal to this matrix. A pivot that is not positive
    /// (which connected data with the prior never produce) is replaced by a tiny one.
    fn cholesky(&self) -> Matrix {
        let n = self.size;
        let mut l = Matrix::zero(n);
        for i in 0..n {
            for j in 0..=i {
                let dot: f64 = (0..j)
                    .map(|k| l.cells[i * n + k] * l.cells[j * n + k])
                    .sum();
                let value = self.cells[i * n + j] - dot;
                l.cells[i * n + j] = if i == j {
                    value.max(1e-300).sqrt()
                } else {
                    value / l.cells[j * n + j]
                };
            }
        }
        l
    }

    /// The `x` with `self · x = rhs`, through a given Cholesky factor.
    fn solve_with(l: &Matrix, rhs: &[f64]) -> Vec<f64> {
        let n = l.size;
        let mut y = rhs.to_vec();
        for i in 0..n {
            let dot: f64 = (0..i).map(|k| l.cells[i * n + k] * y[k]).sum();
            y[i] = (y[i] - dot) / l.cells[i * n + i];
        }
        for i in (0..n).rev() {
            let dot: f64 = (i + 1..n).map(|k| l.cells[k * n + i] * y[k]).sum();
            y[i] = (y[i] - dot) / l.cells[i * n + i];
        }
        y
    }

    /// The `x` with `self · x = rhs`.
    fn solve(&self, rhs: &[f64]) -> Vec<f64> {
        Matrix::solve_with(&self.cholesky(), rhs)
    }

    /// The diagonal of the inverse.
    fn inverse_diagonal(&self) -> Vec<f64> {
        let l = self.cholesky();
        (0..self.size)
            .map(|i| {
                let mut unit = vec![0.0; self.size];
                unit[i] = 1.0;
                Matrix::solve_with(&l, &unit)[i]
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `wins`, `draws` and `losses` of player `a` against player `b` in two-seat games, with
    /// `a` and `b` taking turns in the first seat.
    fn games(a: usize, b: usize, wins: u32, draws: u32, losses: u32) -> Vec<GameResult> {
        let mut out = Vec::new();
        let outcomes = [(wins, 1.0), (draws, 0.5), (losses, 0.0)];
        for (count, utility) in outcomes {
            for i in 0..count {
                let (players, utilities) = if i % 2 == 0 {
                    (vec![a, b], vec![utility, 1.0 - utility])
                } else {
                    (vec![b, a], vec![1.0 - utility, utility])
                };
                out.push(GameResult { players, utilities });
            }
        }
        out
    }

    fn near(x: f64, y: f64, tolerance: f64) -> bool {
        (x - y).abs() <= tolerance
    }

    #[test]
    fn a_cycle_of_equal_wins_gives_equal_ratings() {
        let results = [
            games(0, 1, 7, 0, 3),
            games(1, 2, 7, 0, 3),
            games(2, 0, 7, 0, 3),
        ]
        .concat();
        let ratings = fit(3, &results, 0, 1000.0);
        for rating in &ratings {
            assert!(near(rating.elo, 1000.0, 1e-6), "{ratings:?}");
        }
        assert!(near(ratings[1].margin, ratings[2].margin, 1e-6));
    }

    #[test]
    fn a_three_quarter_score_is_worth_about_191_elo() {
        let ratings = fit(2, &games(0, 1, 3000, 0, 1000), 1, 0.0);
        assert!(near(ratings[0].elo, 190.85, 1.0), "{ratings:?}");
    }

    #[test]
    fn draws_count_as_half_a_win() {
        let ratings = fit(2, &games(0, 1, 2000, 2000, 0), 1, 0.0);
        assert!(near(ratings[0].elo, 190.85, 1.0), "{ratings:?}");
    }

    #[test]
    fn margins_shrink_as_games_grow() {
        let few = fit(2, &games(0, 1, 6, 2, 4), 0, 0.0);
        let many = fit(2, &games(0, 1, 60, 20, 40), 0, 0.0);
        assert!(few[1].margin.is_finite());
        assert!(many[1].margin < few[1].margin / 2.0, "{few:?} {many:?}");
    }

    #[test]
    fn the_margin_matches_the_standard_error_of_two_players() {
        // For two players the information is n·p(1−p) at the fitted p.
        let ratings = fit(2, &games(0, 1, 300, 0, 100), 1, 0.0);
        let (n, p): (f64, f64) = (401.0, 300.5 / 401.0);
        let expected = 1.96 * ELO_PER_NAT / (n * p * (1.0 - p)).sqrt();
        assert!(near(ratings[0].margin, expected, 1e-6), "{ratings:?}");
    }

    #[test]
    fn the_anchor_keeps_its_value_and_a_zero_margin() {
        let results = [games(0, 1, 9, 0, 1), games(1, 2, 9, 0, 1)].concat();
        let ratings = fit(3, &results, 1, 1500.0);
        assert_eq!(
            ratings[1],
            Rating {
                elo: 1500.0,
                margin: 0.0
            }
        );
        assert!(
            ratings[0].elo > 1500.0 && ratings[2].elo < 1500.0,
            "{ratings:?}"
        );
    }

    #[test]
    fn perfect_scores_stay_finite() {
        let ratings = fit(2, &games(0, 1, 50, 0, 0), 1, 0.0);
        assert!(
            ratings[0].elo.is_finite() && ratings[0].elo > 400.0,
            "{ratings:?}"
        );
        assert!(ratings[0].margin.is_finite());
    }

    #[test]
    fn a_chain_of_perfect_scores_stays_finite_and_ordered() {
        let results = [
            games(0, 1, 20, 0, 0),
            games(1, 2, 20, 0, 0),
            games(2, 3, 20, 0, 0),
        ]
        .concat();
        let ratings = fit(4, &results, 3, 0.0);
        for pair in ratings.windows(2) {
            assert!(pair[0].elo > pair[1].elo + 300.0, "{ratings:?}");
        }
        assert!(ratings
            .iter()
            .all(|r| r.elo.is_finite() && r.margin.is_finite()));
        assert!(
            ratings[0].margin > ratings[2].margin,
            "further from the anchor, less sure"
        );
    }

    #[test]
    fn players_who_never_played_sit_at_the_anchor_with_infinite_margins() {
        let ratings = fit(3, &games(0, 1, 5, 0, 5), 0, 1200.0);
        assert_eq!(ratings[2].elo, 1200.0);
        assert_eq!(ratings[2].margin, f64::INFINITY);
    }

    #[test]
    fn a_group_cut_off_from_the_anchor_is_centred_on_it_with_infinite_margins() {
        let results = [games(0, 1, 5, 0, 5), games(2, 3, 8, 0, 2)].concat();
        let ratings = fit(4, &results, 0, 1000.0);
        assert!(ratings[1].margin.is_finite());
        assert_eq!(
            (ratings[2].margin, ratings[3].margin),
            (f64::INFINITY, f64::INFINITY)
        );
        assert!(
            near(ratings[2].elo + ratings[3].elo, 2000.0, 1e-6),
            "{ratings:?}"
        );
        assert!(ratings[2].elo > ratings[3].elo + 100.0, "{ratings:?}");
    }

    #[test]
    fn three_seat_games_count_once_for_every_pair_of_players() {
        let results = [
            GameResult {
                players: vec![0, 1, 2],
                utilities: vec![1.0, 0.5, 0.0],
            },
            GameResult {
                players: vec![2, 0, 1],
                utilities: vec![0.5, 0.5, 0.0],
            },
        ];
        let expected = [
            Pairing {
                a: 0,
                b: 1,
                games: 2,
                a_wins: 2,
                draws: 0,
                b_wins: 0,
            },
            Pairing {
                a: 0,
                b: 2,
                games: 2,
                a_wins: 1,
                draws: 1,
                b_wins: 0,
            },
            Pairing {
                a: 1,
                b: 2,
                games: 2,
                a_wins: 1,
                draws: 0,
                b_wins: 1,
            },
        ];
        assert_eq!(pairings(3, &results), expected);
    }

    #[test]
    fn seats_held_by_the_same_player_are_not_compared() {
        let results = [GameResult {
            players: vec![0, 0, 1],
            utilities: vec![1.0, 0.0, 0.5],
        }];
        let expected = [Pairing {
            a: 0,
            b: 1,
            games: 2,
            a_wins: 1,
            draws: 0,
            b_wins: 1,
        }];
        assert_eq!(pairings(2, &results), expected);
    }

    #[test]
    fn a_pairing_scores_draws_as_half() {
        let pairing = Pairing {
            a: 0,
            b: 1,
            games: 8,
            a_wins: 4,
            draws: 2,
            b_wins: 2,
        };
        assert_eq!(pairing.score(), 0.625);
    }

    #[test]
    fn a_pairing_at_three_quarters_is_191_elo_apart() {
        let pairing = Pairing {
            a: 0,
            b: 1,
            games: 1000,
            a_wins: 750,
            draws: 0,
            b_wins: 250,
        };
        let (difference, margin) = pairing.elo_difference();
        assert!(near(difference, 190.85, 0.01), "{difference}");
        assert!(margin > 15.0 && margin < 30.0, "{margin}");
    }

    #[test]
    fn a_perfect_pairing_has_a_finite_difference() {
        let pairing = Pairing {
            a: 0,
            b: 1,
            games: 10,
            a_wins: 0,
            draws: 0,
            b_wins: 10,
        };
        let (difference, margin) = pairing.elo_difference();
        assert!(near(difference, elo_from_score(0.05), 1e-9), "{difference}");
        assert!(margin.is_finite() && margin > 0.0);
    }

    #[test]
    fn a_pairing_without_games_has_an_infinite_margin() {
        let pairing = Pairing {
            a: 0,
            b: 1,
            games: 0,
            a_wins: 0,
            draws: 0,
            b_wins: 0,
        };
        assert_eq!(pairing.elo_difference(), (0.0, f64::INFINITY));
    }
}
