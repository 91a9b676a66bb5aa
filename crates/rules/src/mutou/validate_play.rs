//! The invariants of turns and of the end (see `validate.rs`): seats in play, the turn's
//! counters and records, and the pending decision with everything it points at.

use super::pieces::{Shak, Shakken, MAX_SEATS, MAX_SHAKKEN};
use super::state::{End, Gate, MuTou, Pending, RandCause, RandStage, Unit};
use super::surface::TesselId;
use super::text::{moved_text, piece_text, t, unit_text};
use super::validate::{ensure, fault, list, Fault};
use super::variant::Form;

impl MuTou {
    /// Turns: at least two seats in, each with its blood in play; pools empty; the turn's
    /// counters and records consistent; the pending decision pointing at what it needs.
    pub(super) fn check_play(&self) -> Result<(), Fault> {
        let turn = &self.turn;
        ensure(self.active_count() >= 2, || {
            fault(
                "out",
                list(
                    self.seat
                        .iter()
                        .map(|s| s.out.map_or("-".into(), |o| o.to_string())),
                ),
                "play goes on only while two seats are in (S24)",
            )
        })?;
        for (i, s) in self.seat.iter().enumerate() {
            ensure(s.pool.is_empty(), || {
                fault(
                    "pools",
                    s.pool.to_string(),
                    format!("seat {} has set out everything", i + 1),
                )
            })?;
            ensure(s.zone.is_some(), || {
                fault(
                    "zones",
                    "-",
                    format!("seat {} claimed a zone before play", i + 1),
                )
            })?;
        }
        // While a heap is handed out (S17), the mover's blood may be in the heap.
        let heaped = match turn.pending {
            Pending::Heap { heap, .. } => heap,
            _ => Shakken::default(),
        };
        for seat in (0..self.seat_count()).filter(|&s| self.is_active(s)) {
            ensure(
                self.survival(seat) > 0 || heaped.count(Shak::Blood(seat)) > 0,
                || {
                    fault(
                        "pieces",
                        list(self.pieces().map(piece_text)),
                        format!(
                            "seat {} is in without a piece carrying its blood (D13)",
                            seat + 1
                        ),
                    )
                },
            )?;
        }
        self.check_turn_counters()?;
        self.check_turn_records()?;
        self.check_pending()
    }

    fn check_turn_counters(&self) -> Result<(), Fault> {
        let turn = &self.turn;
        let token = format!("{}:{}", turn.mover + 1, turn.number);
        ensure(self.is_active(turn.mover), || {
            fault(
                "turn",
                token.clone(),
                format!("the mover, seat {}, is out", turn.mover + 1),
            )
        })?;
        ensure(turn.number >= 1, || {
            fault("turn", token.clone(), "turns count from 1")
        })?;
        if let Some(cap) = self.variant.turn_cap {
            ensure(turn.number <= cap, || {
                fault(
                    "turn",
                    token.clone(),
                    format!("the game stops after turn {cap}"),
                )
            })?;
        }
        let tier = self.tier.expect("checked: a settled tier in play");
        let total = self.seat.len() * (usize::from(tier.wafers()) + 2);
        ensure(usize::from(turn.budget) <= total, || {
            fault(
                "budget",
                turn.budget.to_string(),
                format!("U is the mover's wafers, and the game has only {total}"),
            )
        })?;
        ensure(turn.spent <= turn.budget, || {
            fault(
                "spent",
                turn.spent.to_string(),
                format!("more units spent than the budget of {}", turn.budget),
            )
        })?;
        ensure(turn.category.is_some() == (turn.spent > 0), || {
            fault(
                "cat",
                super::text::category_text(turn.category),
                format!(
                    "every unit costs at least one, so a category is set exactly when units \
                     are spent ({} spent)",
                    turn.spent
                ),
            )
        })?;
        ensure(u16::from(turn.started) <= turn.spent, || {
            fault(
                "started",
                turn.started.to_string(),
                "each piece started costs at least a unit",
            )
        })?;
        ensure(turn.moved.len() <= usize::from(turn.started), || {
            fault(
                "moved",
                list(turn.moved.iter().map(moved_text)),
                format!("more pieces recorded than the {} started", turn.started),
            )
        })?;
        ensure(
            !turn.refused || self.variant.form == Form::Cooperative,
            || {
                fault(
                    "refused",
                    "1",
                    "proposals to stop belong to the cooperative form",
                )
            },
        )
    }

    /// Moved and frozen pieces are the mover's, and a frozen piece never moves (D16).
    fn check_turn_records(&self) -> Result<(), Fault> {
        let turn = &self.turn;
        let movers = |at: TesselId| self.piece(at).is_some_and(|p| p.owner == turn.mover);
        for m in &turn.moved {
            let token = moved_text(m);
            ensure(movers(m.at), || {
                fault(
                    "moved",
                    token.clone(),
                    format!("no piece of the mover stands on {}", t(m.at)),
                )
            })?;
            ensure(m.left.iter().all(|&n| n <= MAX_SHAKKEN), || {
                fault(
                    "moved",
                    token.clone(),
                    "a base gives at most ten uses of a power",
                )
            })?;
            ensure(!turn.frozen.contains(&m.at), || {
                fault(
                    "moved",
                    token.clone(),
                    "a piece that changed sides does not move (D16)",
                )
            })?;
        }
        for &at in &turn.frozen {
            ensure(movers(at), || {
                fault(
                    "frozen",
                    t(at),
                    format!("no piece of the mover stands on {}", t(at)),
                )
            })?;
        }
        ensure(turn.frozen.is_empty() || turn.spent > 0, || {
            fault(
                "frozen",
                t(turn.frozen[0]),
                "a change of allegiance costs a unit",
            )
        })
    }

    /// The pending decision names seats that may make it and tessels holding what it needs.
    fn check_pending(&self) -> Result<(), Fault> {
        let turn = &self.turn;
        let bad = |why: String| fault("pending", self.pending_token(), why);
        let mover = turn.mover;
        let other_seat = |seat: u8, who: &str| {
            ensure(seat != mover && self.is_active(seat), || {
                bad(format!(
                    "the {who}, seat {}, is a seat still in other than the mover",
                    seat + 1
                ))
            })
        };
        let movers = |at: TesselId| self.piece(at).is_some_and(|p| p.owner == mover);
        let dice = self.variant.dice;
        if turn.pending != Pending::Free && !matches!(turn.pending, Pending::Proposal { .. }) {
            ensure(turn.spent > 0, || {
                bad("it follows a unit, and none is spent".into())
            })?;
        }
        if matches!(
            turn.pending,
            Pending::Window { .. }
                | Pending::Roll { .. }
                | Pending::Heap { .. }
                | Pending::Insert { .. }
        ) {
            ensure(self.variant.choices, || {
                bad("the variant has no choices (S17)".into())
            })?;
        }
        match turn.pending {
            Pending::Free => Ok(()),
            Pending::Transfer { to, from, unit } => {
                ensure(movers(to), || {
                    bad(format!("no piece of the mover stands on {}", t(to)))
                })?;
                ensure(from.blood_total() == 0, || {
                    bad("blood is never transferred (D13)".into())
                })?;
                ensure(from.total() <= MAX_SHAKKEN, || {
                    bad(format!(
                        "a removed piece held at most {MAX_SHAKKEN} shakken"
                    ))
                })?;
                ensure(unit.is_none() || unit == Some(Unit::Piece(to)), || {
                    bad(format!("the window follows the piece on {}", t(to)))
                })?;
                ensure(self.can_take_any(), || {
                    bad("a transfer waits only while a shak can be taken (S20)".into())
                })
            }
            Pending::Window { unit, seat } => {
                other_seat(seat, "seat asked")?;
                ensure(self.seat[usize::from(seat)].wafers > 0, || {
                    bad(format!(
                        "seat {} has no wafer to pay for a call (D8)",
                        seat + 1
                    ))
                })?;
                self.check_unit(unit)
            }
            Pending::Roll { caller, unit, .. } => {
                other_seat(caller, "caller")?;
                self.check_unit(unit)
            }
            Pending::Rand {
                piece,
                cause,
                stage,
            } => {
                ensure(movers(piece), || {
                    bad(format!("no piece of the mover stands on {}", t(piece)))
                })?;
                if let RandCause::Choice(k) = cause {
                    ensure(self.variant.choices && k < dice, || {
                        bad(format!(
                            "a choice moves a piece at most {dice} times by Rand"
                        ))
                    })?;
                }
                self.check_rand_stage(piece, stage)
            }
            Pending::Heap {
                pieces: [a, b],
                heap,
                caller,
                left,
            } => {
                other_seat(caller, "caller")?;
                ensure(a != b && movers(a) && movers(b), || {
                    bad("a heap is handed out to two pieces of the mover".into())
                })?;
                ensure(!heap.is_empty(), || {
                    bad("an empty heap is not handed out".into())
                })?;
                let others: u8 = (0..MAX_SEATS as u8)
                    .filter(|&s| s != mover)
                    .map(|s| heap.count(Shak::Blood(s)))
                    .sum();
                ensure(others == 0, || {
                    bad("only the mover's blood is heaped (D13)".into())
                })?;
                ensure(left.is_none_or(|n| (1..=dice).contains(&n)), || {
                    bad(format!("the caller hands out 1 to {dice} shakken"))
                })?;
                let room = |at: TesselId| {
                    self.piece(at)
                        .map_or(0, |p| MAX_SHAKKEN.saturating_sub(p.shakken.total()))
                };
                ensure(room(a) + room(b) >= heap.total(), || {
                    bad("the two pieces have no room for the heap".into())
                })
            }
            Pending::Insert { caller, left } => {
                other_seat(caller, "caller")?;
                ensure((1..=dice).contains(&left), || {
                    bad(format!("the caller inserts 1 to {dice} alterations"))
                })
            }
            Pending::Proposal { seat } => {
                other_seat(seat, "seat asked")?;
                ensure(self.variant.form == Form::Cooperative, || {
                    bad("proposals to stop belong to the cooperative form".into())
                })?;
                ensure(turn.category.is_none() && !turn.refused, || {
                    bad("a proposal is made at the start of a turn, once".into())
                })
            }
        }
    }

    /// A choice's unit: the mover's piece that moved, or the two pieces of an alteration.
    fn check_unit(&self, unit: Unit) -> Result<(), Fault> {
        let movers = |at: TesselId| self.piece(at).is_some_and(|p| p.owner == self.turn.mover);
        let ok = match unit {
            Unit::Piece(at) => movers(at),
            Unit::Alter(a, b) => a != b && movers(a) && movers(b),
            Unit::Area => true,
        };
        ensure(ok, || {
            fault(
                "pending",
                self.pending_token(),
                format!(
                    "the unit `{}` names tessels without the mover's pieces",
                    unit_text(Some(unit))
                ),
            )
        })
    }

    /// D10: the count starts on a corner of the piece's tessel, the gate is one of its edges
    /// or corners with something beyond it, and a tie has at least two destinations.
    fn check_rand_stage(&self, piece: TesselId, stage: RandStage) -> Result<(), Fault> {
        let s = self.surface();
        let bad = |why: String| fault("pending", self.pending_token(), why);
        let gate_ok = |gate: Gate| match gate {
            Gate::Edge(i) => usize::from(i) < s.edges(piece).len(),
            Gate::Vertex(i) => usize::from(i) < s.vertices(piece).len(),
        };
        match stage {
            RandStage::Gate => Ok(()),
            RandStage::Count(v, _) => ensure(s.vertices(piece).contains(&v), || {
                bad(format!("v{} is not a corner of {}", v.0, t(piece)))
            }),
            RandStage::Steps(gate) => {
                ensure(gate_ok(gate), || {
                    bad(format!("{} has no such gate", t(piece)))
                })?;
                ensure(!self.first_crossing(piece, gate).is_empty(), || {
                    bad("nothing lies beyond the gate, so the piece stays (D10)".into())
                })
            }
            RandStage::Tie(gate, n) => {
                ensure(gate_ok(gate), || {
                    bad(format!("{} has no such gate", t(piece)))
                })?;
                ensure((1..=self.variant.dice).contains(&n), || {
                    bad(format!("a roll of {n} on a d{}", self.variant.dice))
                })?;
                ensure(self.rand_farthest(piece, gate, n).len() >= 2, || {
                    bad("the mover picks only among two or more farthest tessels".into())
                })
            }
        }
    }

    /// The end (S24, D19): nothing pending, and the reason fits the position.
    pub(super) fn check_over(&self, end: End) -> Result<(), Fault> {
        ensure(self.turn.pending == Pending::Free, || {
            fault(
                "pending",
                self.pending_token(),
                "nothing is pending once the game is over",
            )
        })?;
        for (i, s) in self.seat.iter().enumerate() {
            ensure(s.pool.is_empty() && s.zone.is_some(), || {
                fault(
                    "pools",
                    s.pool.to_string(),
                    format!("seat {} had set out before the end", i + 1),
                )
            })?;
        }
        let ok = match end {
            End::Survivor => self.active_count() <= 1,
            End::Agreed => self.variant.form == Form::Cooperative,
            End::TurnCap => self
                .variant
                .turn_cap
                .is_some_and(|cap| self.turn.number > cap),
        };
        ensure(ok, || {
            fault(
                "phase",
                self.phase_token(),
                "the game ends with one seat left, by agreement in the cooperative form, or past \
                 the turn cap",
            )
        })
    }
}
