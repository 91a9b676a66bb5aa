//! `go`: the limits turned into a search plan, and the `info` lines of a search.

use std::time::Duration;

use muster_rules::{Actor, AnyGame};
use muster_search::{Budget, Progress, Thought};

use super::command::GoParams;

/// How one `go` searches, worked out from its limits (docs/engine-protocol.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// The level's own budget ([`Engine::think`] without a budget).
    Level,
    /// A budget replacing the level's (`nodes`, `depth`, `infinite`).
    Replace(Budget),
    /// The level's budget under a wall-clock cap (`movetime`, `clock`).
    Capped(Duration),
}

/// The wall-clock cap of a `go` for `mover` in a game of `seats` seats: `movetime`, and a
/// thirtieth of the mover's clock plus the increment but never more than half of it; the
/// smaller. A little is kept back of a `movetime` (a twentieth, at most 20 ms) for answering in
/// time. `None` without either. A `clock` must give one time per seat.
pub(crate) fn cap(
    params: &GoParams,
    mover: usize,
    seats: usize,
) -> Result<Option<Duration>, String> {
    let from_movetime = params.movetime.map(|ms| {
        let keep = (ms / 20).min(20);
        Duration::from_millis(ms - keep)
    });
    let from_clock = match &params.clock {
        None => None,
        Some((times, inc)) => {
            let left = match times.get(mover) {
                Some(&left) if times.len() == seats => left,
                _ => {
                    let written: Vec<String> = times.iter().map(u64::to_string).collect();
                    return Err(format!(
                        "go: `clock {}` gives {} times for a game of {seats} seats (one per seat, \
                         in seat order)",
                        super::command::shorten(&written.join(" ")),
                        times.len()
                    ));
                }
            };
            let spend = (left / 30 + inc).min(left / 2);
            Some(Duration::from_millis(spend.max(1)))
        }
    };
    Ok(match (from_movetime, from_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    })
}

/// The plan of a `go` whose cap is `cap`.
pub(crate) fn plan(params: &GoParams, cap: Option<Duration>) -> Plan {
    if params.infinite {
        return Plan::Replace(Budget::nodes(u64::MAX));
    }
    if params.nodes.is_some() || params.depth.is_some() {
        return Plan::Replace(Budget {
            nodes: params.nodes,
            depth: params.depth,
            time: cap,
        });
    }
    match cap {
        Some(cap) => Plan::Capped(cap),
        None => Plan::Level,
    }
}

/// Every seat's expected utility from a progress report.
pub(crate) fn progress_values(progress: &Progress, seats: usize, mover: usize) -> Vec<f64> {
    if progress.values.len() == seats {
        return progress.values.clone();
    }
    spread(progress.value, seats, mover)
}

/// Every seat's expected utility from the final thought.
pub(crate) fn thought_values(thought: &Thought, seats: usize, mover: usize) -> Vec<f64> {
    if thought.values.len() == seats {
        return thought.values.clone();
    }
    spread(thought.value, seats, mover)
}

/// The mover's value, the rest shared evenly by the others (when the search gave no more).
fn spread(value: f64, seats: usize, mover: usize) -> Vec<f64> {
    let others = seats.saturating_sub(1).max(1) as f64;
    (0..seats)
        .map(|s| {
            if s == mover {
                value
            } else {
                (1.0 - value) / others
            }
        })
        .collect()
}

/// `info depth … nodes … nps … time … score … [cp …] pv …`.
pub(crate) fn info_line(
    depth: u32,
    nodes: u64,
    elapsed: Duration,
    values: &[f64],
    cp: Option<i32>,
    pv: &[String],
) -> String {
    let ms = elapsed.as_millis();
    let nps = if elapsed.is_zero() {
        0
    } else {
        (nodes as f64 / elapsed.as_secs_f64()) as u64
    };
    let mut line = format!("info depth {depth} nodes {nodes} nps {nps} time {ms} score");
    for v in values {
        line.push_str(&format!(" {:.3}", v.clamp(0.0, 1.0)));
    }
    if let Some(cp) = cp {
        line.push_str(&format!(" cp {cp}"));
    }
    line.push_str(" pv");
    for action in pv {
        line.push(' ');
        line.push_str(action);
    }
    line
}

/// The last `info` line of a finished search.
pub(crate) fn final_info(thought: &Thought, game: &AnyGame) -> String {
    let mover = match game.actor() {
        Actor::Seat(seat) => seat.index(),
        _ => 0,
    };
    let values = thought_values(thought, game.seats(), mover);
    let pv = if thought.line.is_empty() {
        vec![thought.action.clone()]
    } else {
        thought.line.clone()
    };
    info_line(
        thought.depth,
        thought.nodes,
        thought.elapsed,
        &values,
        thought.score,
        &pv,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_gives_a_thirtieth_plus_the_increment_at_most_half() {
        let params = GoParams {
            clock: Some((vec![30_000, 60_000], 500)),
            ..GoParams::default()
        };
        assert_eq!(
            cap(&params, 0, 2).unwrap(),
            Some(Duration::from_millis(1_500))
        );
        assert_eq!(
            cap(&params, 1, 2).unwrap(),
            Some(Duration::from_millis(2_500))
        );
        let short = GoParams {
            clock: Some((vec![100], 1_000)),
            ..GoParams::default()
        };
        assert_eq!(cap(&short, 0, 1).unwrap(), Some(Duration::from_millis(50)));
    }

    #[test]
    fn a_clock_gives_one_time_per_seat_no_more_no_fewer() {
        let params = GoParams {
            clock: Some((vec![1_000, 1_000, 1_000], 0)),
            ..GoParams::default()
        };
        let refused = cap(&params, 0, 2).unwrap_err();
        assert!(refused.contains("`clock 1000 1000 1000`"), "{refused}");
        assert!(
            refused.contains("3 times for a game of 2 seats"),
            "{refused}"
        );
        assert!(cap(&params, 0, 4).is_err());
        assert!(cap(&params, 2, 3).is_ok());
    }

    #[test]
    fn movetime_keeps_a_little_back_and_the_smaller_cap_wins() {
        let params = GoParams {
            movetime: Some(1_000),
            clock: Some((vec![600_000], 0)),
            ..GoParams::default()
        };
        assert_eq!(
            cap(&params, 0, 1).unwrap(),
            Some(Duration::from_millis(980))
        );
        let params = GoParams {
            movetime: Some(100),
            ..GoParams::default()
        };
        assert_eq!(cap(&params, 0, 1).unwrap(), Some(Duration::from_millis(95)));
    }

    #[test]
    fn nodes_and_depth_replace_the_budget_and_movetime_joins_them() {
        let params = GoParams {
            nodes: Some(50),
            movetime: Some(200),
            ..GoParams::default()
        };
        let cap = cap(&params, 0, 1).unwrap();
        assert_eq!(
            plan(&params, cap),
            Plan::Replace(Budget {
                nodes: Some(50),
                depth: None,
                time: Some(Duration::from_millis(190))
            })
        );
        assert_eq!(plan(&GoParams::default(), None), Plan::Level);
    }
}
