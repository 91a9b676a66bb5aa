//! The store's values in the wire's words and back. Every conversion between a `muster-store`
//! type and a `muster-wire` type lives here, one function per direction, each a total match,
//! so a new variant on either side fails to compile here rather than somewhere downstream.

use muster_rules::record::{Departure, Ending};
use muster_store::{
    ChallengeStatus, ClockKind, GameStatus, SeatKind, TakebackPolicy, Termination, Visibility,
};
use muster_wire::http::{
    ChallengeStatus as WireChallengeStatus, ChallengeVisibility, ClockKind as WireClock, ClockSpec,
    TakebackPolicy as WireTakeback,
};
use muster_wire::server::{
    GameStatus as WireGameStatus, SeatKind as WireSeatKind, Termination as WireTermination,
};
use muster_wire::Millis;

/// The store's clock columns of a clock: kind, base, increment, time per move.
pub(crate) fn clock_columns(clock: ClockSpec) -> (ClockKind, i64, i64, i64) {
    let ms = |m: Millis| i64::try_from(m.0).unwrap_or(i64::MAX);
    match clock {
        ClockSpec::None => (ClockKind::None, 0, 0, 0),
        ClockSpec::Live { base_ms, inc_ms } => (ClockKind::Live, ms(base_ms), ms(inc_ms), 0),
        ClockSpec::Corr { per_move_ms } => (ClockKind::Corr, 0, 0, ms(per_move_ms)),
    }
}

/// The clock of stored clock columns.
pub(crate) fn clock_of(kind: ClockKind, base_ms: i64, inc_ms: i64, corr_ms: i64) -> ClockSpec {
    let ms = |v: i64| Millis(u64::try_from(v).unwrap_or(0));
    match kind {
        ClockKind::None => ClockSpec::None,
        ClockKind::Live => ClockSpec::Live {
            base_ms: ms(base_ms),
            inc_ms: ms(inc_ms),
        },
        ClockKind::Corr => ClockSpec::Corr {
            per_move_ms: ms(corr_ms),
        },
    }
}

/// A stored clock kind in the wire's words.
pub(crate) fn wire_clock_kind(kind: ClockKind) -> WireClock {
    match kind {
        ClockKind::None => WireClock::None,
        ClockKind::Live => WireClock::Live,
        ClockKind::Corr => WireClock::Corr,
    }
}

/// A takeback policy as the store keeps it.
pub(crate) fn store_takeback(policy: WireTakeback) -> TakebackPolicy {
    match policy {
        WireTakeback::Always => TakebackPolicy::Always,
        WireTakeback::Never => TakebackPolicy::Never,
        WireTakeback::Casual => TakebackPolicy::Casual,
    }
}

/// A stored takeback policy in the wire's words.
pub(crate) fn wire_takeback(policy: TakebackPolicy) -> WireTakeback {
    match policy {
        TakebackPolicy::Always => WireTakeback::Always,
        TakebackPolicy::Never => WireTakeback::Never,
        TakebackPolicy::Casual => WireTakeback::Casual,
    }
}

/// A challenge's visibility as the store keeps it.
pub(crate) fn store_visibility(v: ChallengeVisibility) -> Visibility {
    match v {
        ChallengeVisibility::Public => Visibility::Public,
        ChallengeVisibility::Link => Visibility::Link,
        ChallengeVisibility::Direct => Visibility::Direct,
    }
}

/// A stored challenge visibility in the wire's words.
pub(crate) fn wire_visibility(v: Visibility) -> ChallengeVisibility {
    match v {
        Visibility::Public => ChallengeVisibility::Public,
        Visibility::Link => ChallengeVisibility::Link,
        Visibility::Direct => ChallengeVisibility::Direct,
    }
}

/// A stored challenge status in the wire's words.
pub(crate) fn wire_challenge_status(status: ChallengeStatus) -> WireChallengeStatus {
    match status {
        ChallengeStatus::Open => WireChallengeStatus::Open,
        ChallengeStatus::Started => WireChallengeStatus::Started,
        ChallengeStatus::Withdrawn => WireChallengeStatus::Withdrawn,
        ChallengeStatus::Expired => WireChallengeStatus::Expired,
        ChallengeStatus::Declined => WireChallengeStatus::Declined,
    }
}

/// A stored game status in the wire's words.
pub(crate) fn wire_game_status(status: GameStatus) -> WireGameStatus {
    match status {
        GameStatus::Filling => WireGameStatus::Filling,
        GameStatus::Running => WireGameStatus::Running,
        GameStatus::Over => WireGameStatus::Over,
        GameStatus::Aborted => WireGameStatus::Aborted,
        GameStatus::Legacy => WireGameStatus::Legacy,
    }
}

/// A stored seat kind in the wire's words.
pub(crate) fn wire_seat_kind(kind: SeatKind) -> WireSeatKind {
    match kind {
        SeatKind::Human => WireSeatKind::Human,
        SeatKind::Ai => WireSeatKind::Ai,
        SeatKind::Open => WireSeatKind::Open,
    }
}

/// How a game ended, as the store keeps it.
pub(crate) fn store_termination(t: WireTermination) -> Termination {
    match t {
        WireTermination::Normal => Termination::Rules,
        WireTermination::Resignation => Termination::Resignation,
        WireTermination::TimeForfeit => Termination::TimeForfeit,
        WireTermination::Abandoned => Termination::Abandoned,
        WireTermination::Agreement => Termination::Agreement,
        WireTermination::Aborted => Termination::Aborted,
    }
}

/// How a recorded game ended, as the store keeps it: by the rules when the record names no
/// other ending.
pub(crate) fn termination_of_record(ending: Option<Ending>) -> Termination {
    match ending {
        None => Termination::Rules,
        Some(Ending::Forfeit { how, .. }) => match how {
            Departure::Resigned => Termination::Resignation,
            Departure::Timeout => Termination::TimeForfeit,
            Departure::Abandoned => Termination::Abandoned,
        },
        Some(Ending::Agreed) => Termination::Agreement,
        Some(Ending::Aborted) => Termination::Aborted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wire_termination_is_stored_as_its_own_word() {
        let all = [
            WireTermination::Normal,
            WireTermination::Resignation,
            WireTermination::TimeForfeit,
            WireTermination::Abandoned,
            WireTermination::Agreement,
            WireTermination::Aborted,
        ];
        let stored: Vec<Termination> = all.iter().map(|&t| store_termination(t)).collect();
        assert_eq!(stored, Termination::ALL, "one stored word each, in order");
    }

    #[test]
    fn clock_columns_read_back_as_the_clock() {
        let clocks = [
            ClockSpec::None,
            ClockSpec::Live {
                base_ms: Millis(300_000),
                inc_ms: Millis(2_000),
            },
            ClockSpec::Corr {
                per_move_ms: Millis(86_400_000),
            },
        ];
        for clock in clocks {
            let (kind, base, inc, corr) = clock_columns(clock);
            assert_eq!(clock_of(kind, base, inc, corr), clock);
        }
    }
}
