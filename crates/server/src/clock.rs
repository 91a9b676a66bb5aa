//! Game clocks (docs/server-design.md §2.5), as pure arithmetic: time comes in as `now_ms`
//! arguments, nothing here reads a clock or writes anywhere, so the game actor calls it inside its
//! commit path and stores [`Clocks::to_json`] as the game's `clock_json`.
//!
//! The rules of the clock:
//!
//! * **No clock runs until every human seat has made its first decision** (the caller says so
//!   with [`DecisionFacts::all_humans_started`]); until then nothing is charged.
//! * **The actor's clock runs**: the seat that must decide now, which may differ from the turn's
//!   mover (a MuTou call, a Rand aim). Chance and decisions the server plays for a seat take no
//!   time, and no clock runs while chance is to act.
//! * **Live (Fischer)**: each seat has a bank; the **increment is added once per completed own
//!   turn** — when the turn's mover changes away from a seat — not per decision (a Mu turn is up
//!   to 8 decisions, a MuTou turn hundreds). A decision asked of a seat outside its own turn
//!   gets a courtesy of [`COURTESY_MS`] before its clock runs.
//! * **Correspondence**: the full `per_move_ms` at the start of each own turn, no bank; a
//!   decision asked outside one's own turn gets a fresh `per_move_ms` of its own. The deadline is
//!   the start plus what is left.
//! * A decision that arrives after the deadline plus a grace **flags** instead of counting.
//! * Time between a [`Clocks::pause`] and the [`Clocks::resume`] (a server restart) is never
//!   charged.
//! * A **takeback keeps the remaining times** as they are (no stored state is restored, as on
//!   Lichess): the time spent up to the takeback stays spent, and the clock of the seat to act
//!   after it runs from then.

use muster_rules::Seat;
use muster_store::ClockKind;
use muster_wire::{ClockState, Millis};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The delay before the clock of a seat asked to decide outside its own turn starts (live).
pub const COURTESY_MS: i64 = 5_000;

/// The grace before a flag: 500 ms plus half the measured round trip, at most 1 s
/// (docs/server-design.md §2.5); 500 ms when no round trip has been measured.
pub fn flag_grace_ms(rtt_ms: Option<i64>) -> i64 {
    (500 + rtt_ms.unwrap_or(0).max(0) / 2).min(1_000)
}

/// How a game is timed, from the store's `clock_kind` and its `base_ms`/`inc_ms`/`corr_ms`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClockRule {
    /// Untimed.
    None,
    /// Fischer: a bank of `base_ms` per seat, `inc_ms` added after each completed own turn.
    Live {
        /// The starting bank.
        base_ms: i64,
        /// Added once per completed own turn.
        inc_ms: i64,
    },
    /// Correspondence: `per_move_ms` for each own turn, no bank.
    Corr {
        /// The time for one turn.
        per_move_ms: i64,
    },
}

impl ClockRule {
    /// A real-time clock (base and increment).
    pub fn is_live(self) -> bool {
        matches!(self, ClockRule::Live { .. })
    }

    /// The rule of a stored clock kind and its columns (the columns another kind does not use
    /// are ignored; negative times count as 0).
    pub fn of(kind: ClockKind, base_ms: i64, inc_ms: i64, corr_ms: i64) -> ClockRule {
        match kind {
            ClockKind::None => ClockRule::None,
            ClockKind::Live => ClockRule::Live {
                base_ms: base_ms.max(0),
                inc_ms: inc_ms.max(0),
            },
            ClockKind::Corr => ClockRule::Corr {
                per_move_ms: corr_ms.max(0),
            },
        }
    }

    /// The rule of a stored game.
    pub fn of_game(game: &muster_store::Game) -> ClockRule {
        ClockRule::of(game.clock_kind, game.base_ms, game.inc_ms, game.corr_ms)
    }

    /// Each seat's time before the first decision.
    fn initial_ms(self) -> i64 {
        match self {
            ClockRule::None => 0,
            ClockRule::Live { base_ms, .. } => base_ms,
            ClockRule::Corr { per_move_ms } => per_move_ms,
        }
    }
}

/// A seat that ran out of time.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
#[error("{seat} ran out of time")]
pub struct Flag {
    /// The seat.
    pub seat: Seat,
}

/// A stored clock state that cannot be read back.
#[derive(Debug, Error)]
pub enum ClockError {
    /// Not the JSON of a clock state.
    #[error("unreadable clock state `{text}`: {error}")]
    Json {
        /// The text, cut to 80 characters.
        text: String,
        /// What serde said.
        error: serde_json::Error,
    },
    /// Read, but inconsistent.
    #[error("inconsistent clock state `{text}`: {why}")]
    Inconsistent {
        /// The text, cut to 80 characters.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
}

/// What the caller knows about one decision it has just applied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DecisionFacts {
    /// The seat that decided; `None` for chance and for a decision the server played for a seat
    /// (a forced decision): those take no time.
    pub decided_by: Option<Seat>,
    /// The turn's mover before the decision ([`muster_rules::TurnInfo::mover`]).
    pub mover_before: Option<Seat>,
    /// The turn's mover after it; `None` once the game is over.
    pub mover_after: Option<Seat>,
    /// The seat that must decide next; `None` when chance acts or the game is over.
    pub actor_after: Option<Seat>,
    /// Whether every human seat has now made at least one decision (this one included).
    pub all_humans_started: bool,
}

/// The running clock: whose, and from when it is charged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Running {
    /// The seat whose clock runs.
    pub seat: Seat,
    /// From when its time is charged (later than the decision that started it by the courtesy,
    /// moved later by the length of each pause).
    pub since_ms: i64,
}

/// The clocks of one game (serde: the game's `clock_json`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Clocks {
    /// Time left per seat, by seat, as of the last charge.
    remaining_ms: Vec<i64>,
    /// Whether the clocks have started (every human seat has decided once).
    started: bool,
    /// The clock that runs, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    running: Option<Running>,
    /// When the clocks were paused, while they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    paused_ms: Option<i64>,
    /// Whether the game is over and the clocks stopped for good.
    #[serde(default)]
    stopped: bool,
}

impl Clocks {
    /// The clocks of a new game of `seats` seats: each seat's starting time, nothing running.
    pub fn new(rule: ClockRule, seats: usize) -> Clocks {
        Clocks {
            remaining_ms: vec![rule.initial_ms(); seats],
            started: false,
            running: None,
            paused_ms: None,
            stopped: false,
        }
    }

    /// The state as JSON, for `games.clock_json`.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }

    /// Reads a state written by [`Clocks::to_json`]; refuses text that is not one, or whose
    /// running seat has no clock.
    pub fn from_json(text: &str) -> Result<Clocks, ClockError> {
        let quoted = || text.chars().take(80).collect::<String>();
        let clocks: Clocks = serde_json::from_str(text).map_err(|error| ClockError::Json {
            text: quoted(),
            error,
        })?;
        let inconsistent = |why| ClockError::Inconsistent {
            text: quoted(),
            why,
        };
        if let Some(running) = clocks.running {
            if running.seat.index() >= clocks.remaining_ms.len() {
                return Err(inconsistent("the running seat has no clock"));
            }
        }
        if clocks.remaining_ms.iter().any(|&ms| ms < 0) {
            return Err(inconsistent("a negative remaining time"));
        }
        Ok(clocks)
    }

    /// The number of seats with a clock (the caller checks it against the game's seats when
    /// it reads a stored state).
    pub fn seats(&self) -> usize {
        self.remaining_ms.len()
    }

    /// Time left for `seat` as of the last charge (the running seat's current time is
    /// [`Clocks::remaining_at`]); 0 for a seat the game does not have.
    pub fn remaining_ms(&self, seat: Seat) -> i64 {
        self.remaining_ms.get(seat.index()).copied().unwrap_or(0)
    }

    /// Time left for `seat` at `now_ms`, the running clock's time charged so far subtracted.
    pub fn remaining_at(&self, seat: Seat, now_ms: i64) -> i64 {
        let charged = match self.running {
            Some(r) if r.seat == seat => self.elapsed(r, now_ms),
            _ => 0,
        };
        (self.remaining_ms(seat) - charged).max(0)
    }

    /// The running clock, if any (also while paused).
    pub fn running(&self) -> Option<Running> {
        self.running
    }

    /// Whether the clocks have started.
    pub fn started(&self) -> bool {
        self.started
    }

    /// Whether the clocks are paused.
    pub fn paused(&self) -> bool {
        self.paused_ms.is_some()
    }

    /// The time charged to a running clock at `now_ms`: from its start, never before it, and
    /// not past a pause.
    fn elapsed(&self, running: Running, now_ms: i64) -> i64 {
        let until = self.paused_ms.map_or(now_ms, |p| p.min(now_ms));
        (until - running.since_ms).max(0)
    }

    /// Counts a decision the caller has applied at `now_ms`.
    ///
    /// The deciding seat is charged the time its clock ran; if that is more than it had plus
    /// `grace_ms`, the decision comes too late: nothing changes and the seat's [`Flag`] is
    /// returned (the caller refuses the decision and ends the game). Otherwise the increment is
    /// added for a completed own turn (live), the clocks start once every human seat has
    /// decided, a correspondence seat whose turn begins gets its full time, and the clock of
    /// the seat to act next runs — after [`COURTESY_MS`] when that seat decides outside its own
    /// turn (live). Untimed games and stopped clocks change nothing.
    pub fn on_decision(
        &mut self,
        rule: ClockRule,
        facts: DecisionFacts,
        now_ms: i64,
        grace_ms: i64,
    ) -> Result<(), Flag> {
        if rule == ClockRule::None || self.stopped {
            return Ok(());
        }
        if let (Some(running), Some(seat)) = (self.running, facts.decided_by) {
            if running.seat == seat {
                let spent = self.elapsed(running, now_ms);
                if spent > self.remaining_ms(seat) + grace_ms.max(0) {
                    return Err(Flag { seat });
                }
                self.charge(seat, spent);
            }
        }
        let was_started = self.started;
        self.started |= facts.all_humans_started;
        if let (true, ClockRule::Live { inc_ms, .. }, Some(mover)) =
            (was_started, rule, facts.mover_before)
        {
            if facts.mover_after != Some(mover) {
                self.add(mover, inc_ms);
            }
        }
        if let ClockRule::Corr { per_move_ms } = rule {
            if let Some(mover) = facts.mover_after {
                if facts.mover_before != Some(mover) || !was_started {
                    self.set(mover, per_move_ms);
                }
            }
            if let Some(actor) = facts.actor_after.filter(|&a| Some(a) != facts.mover_after) {
                self.set(actor, per_move_ms);
            }
        }
        self.run(rule, facts.actor_after, facts.mover_after, now_ms);
        Ok(())
    }

    /// Starts the clock of `actor` at `now_ms` (after the courtesy when it is not the mover, in
    /// live games), or none when nobody is to decide or the clocks have not started.
    fn run(&mut self, rule: ClockRule, actor: Option<Seat>, mover: Option<Seat>, now_ms: i64) {
        self.running = match actor {
            Some(seat) if self.started && seat.index() < self.remaining_ms.len() => {
                let courtesy = match rule {
                    ClockRule::Live { .. } if mover != Some(seat) => COURTESY_MS,
                    _ => 0,
                };
                // While paused, the clock starts counting from the resume.
                let from = self.paused_ms.unwrap_or(now_ms).min(now_ms);
                Some(Running {
                    seat,
                    since_ms: from + courtesy,
                })
            }
            _ => None,
        };
    }

    fn charge(&mut self, seat: Seat, ms: i64) {
        if let Some(left) = self.remaining_ms.get_mut(seat.index()) {
            *left = (*left - ms).max(0);
        }
    }

    fn add(&mut self, seat: Seat, ms: i64) {
        if let Some(left) = self.remaining_ms.get_mut(seat.index()) {
            *left = left.saturating_add(ms);
        }
    }

    fn set(&mut self, seat: Seat, ms: i64) {
        if let Some(left) = self.remaining_ms.get_mut(seat.index()) {
            *left = ms;
        }
    }

    /// When the running seat flags (before any grace), or `None` when no clock runs, the game
    /// is untimed, or the clocks are paused.
    pub fn deadline_ms(&self, rule: ClockRule) -> Option<i64> {
        if rule == ClockRule::None || self.paused() || self.stopped {
            return None;
        }
        self.running
            .map(|r| r.since_ms.saturating_add(self.remaining_ms(r.seat)))
    }

    /// The seat whose time ran out by `now_ms` with `grace_ms` allowed, if one did.
    pub fn flagged(&self, rule: ClockRule, now_ms: i64, grace_ms: i64) -> Option<Seat> {
        let deadline = self.deadline_ms(rule)?;
        let running = self.running?;
        (now_ms > deadline.saturating_add(grace_ms.max(0))).then_some(running.seat)
    }

    /// Stops the clocks at `now_ms` (the server is going down): the running clock keeps what it
    /// had then. A second pause changes nothing.
    pub fn pause(&mut self, now_ms: i64) {
        if self.paused_ms.is_none() && !self.stopped {
            self.paused_ms = Some(now_ms);
        }
    }

    /// Lets the clocks run again at `now_ms`: the time since the pause is never charged (the
    /// running clock's start moves later by it; a courtesy under way keeps what was left of
    /// it). Without a pause it changes nothing.
    pub fn resume(&mut self, now_ms: i64) {
        if let Some(paused) = self.paused_ms.take() {
            let down = (now_ms - paused).max(0);
            if let Some(running) = self.running.as_mut() {
                running.since_ms = running.since_ms.saturating_add(down);
            }
        }
    }

    /// Stops the clocks for good (the game is over at `now_ms`): the running seat is charged
    /// the time it used, at most what it had.
    pub fn stop(&mut self, now_ms: i64) {
        if let Some(running) = self.running.take() {
            let spent = self.elapsed(running, now_ms);
            self.charge(running.seat, spent);
        }
        self.paused_ms = None;
        self.stopped = true;
    }

    /// Counts a takeback made at `now_ms`: the remaining times are **kept** (the running seat is
    /// charged the time it used up to now, at most what it had; nothing is given back), and the
    /// clock of `actor_after`, the seat to decide after the takeback, runs from now — with the
    /// courtesy when it is not `mover_after` (live), with a fresh turn's time (correspondence).
    pub fn takeback(
        &mut self,
        rule: ClockRule,
        actor_after: Option<Seat>,
        mover_after: Option<Seat>,
        now_ms: i64,
    ) {
        if rule == ClockRule::None || self.stopped {
            return;
        }
        if let Some(running) = self.running.take() {
            let spent = self.elapsed(running, now_ms);
            self.charge(running.seat, spent);
        }
        if let (ClockRule::Corr { per_move_ms }, Some(actor)) = (rule, actor_after) {
            self.set(actor, per_move_ms);
        }
        self.run(rule, actor_after, mover_after, now_ms);
    }

    /// The clocks as clients draw them at `now_ms`: every seat's time left then, the running
    /// seat and its deadline (none while paused). Untimed games have no clock state.
    pub fn to_wire(&self, rule: ClockRule, now_ms: i64) -> Option<ClockState> {
        if rule == ClockRule::None {
            return None;
        }
        let millis = |ms: i64| Millis(u64::try_from(ms).unwrap_or(0));
        let remaining_ms = (0..self.remaining_ms.len())
            .map(|s| millis(self.remaining_at(Seat(s as u8), now_ms)))
            .collect();
        let live = !self.paused() && !self.stopped;
        Some(ClockState {
            remaining_ms,
            running: self.running.filter(|_| live).map(|r| r.seat),
            deadline_ms: self.deadline_ms(rule).map(millis),
            server_ms: millis(now_ms),
        })
    }
}
