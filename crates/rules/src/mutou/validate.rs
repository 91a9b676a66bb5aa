//! What makes a MuTou position valid: the invariants of every position reachable in play.
//!
//! [`MuTou::validate`] is the game's `check_invariants` (the conformance battery calls it after
//! every action) and the last step of reading a position text, so a text is accepted only if it
//! describes a position that play could reach as far as the position itself can tell: seats
//! and their holdings, the set-up phases exactly as set-up leaves them, the turn's counters and
//! records, and every pending decision pointing at what it needs.
//!
//! Each fault names the field of the position text it concerns and quotes the field's value as
//! the text writes it, so a refused text points at its bad token.

use thiserror::Error;

use super::pieces::{Shakken, MAX_SEATS, MAX_SHAKKEN};
use super::state::{MuTou, Phase, Turn};
use super::surface::TesselId;
use super::text::{moved_text, pending_text, phase_text, piece_text, t};
use super::variant::TierRule;

/// A broken invariant: the position text's `field`, the `token` written there, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{field}: {reason} (`{token}`)")]
pub struct Fault {
    /// The key of the position text the fault concerns (`phase`, `pending`, `pieces`, …).
    pub field: &'static str,
    /// The offending value as the position text writes it.
    pub token: String,
    /// What is wrong, in words.
    pub reason: String,
}

/// A fault of `field` at `token`.
pub(super) fn fault(
    field: &'static str,
    token: impl Into<String>,
    reason: impl Into<String>,
) -> Fault {
    Fault {
        field,
        token: token.into(),
        reason: reason.into(),
    }
}

/// `Ok` when `ok`, else the fault.
pub(super) fn ensure(ok: bool, make: impl FnOnce() -> Fault) -> Result<(), Fault> {
    if ok {
        Ok(())
    } else {
        Err(make())
    }
}

impl MuTou {
    /// Checks every invariant of the position (see the module documentation); the first
    /// broken one is returned. Holds for every position reachable from [`MuTou::start`].
    pub fn validate(&self) -> Result<(), Fault> {
        self.check_seat_count()?;
        self.check_tier()?;
        self.check_holdings()?;
        self.check_pieces()?;
        self.check_turn_lists()?;
        match self.phase {
            Phase::ChooseTier => self.check_choose_tier()?,
            Phase::Claim(seat) => self.check_claim(seat)?,
            Phase::SetOut(seat) => self.check_set_out(seat)?,
            Phase::Play => self.check_play()?,
            Phase::Over(end) => self.check_over(end)?,
        }
        if let Some(s) = &self.surface {
            s.validate()
                .map_err(|e| fault("edits", self.edits_token(), format!("surface: {e}")))?;
        }
        Ok(())
    }

    fn edits_token(&self) -> String {
        self.text()
            .rsplit_once("edits=")
            .map_or(String::new(), |(_, e)| e.to_owned())
    }

    pub(super) fn phase_token(&self) -> String {
        phase_text(self.phase)
    }

    pub(super) fn pending_token(&self) -> String {
        pending_text(self.turn.pending)
    }

    /// 2 to 10 seats (S1), and eliminations numbered 1, 2, … in the order they happened.
    fn check_seat_count(&self) -> Result<(), Fault> {
        let n = self.seat.len();
        let wafers = || self.seat.iter().map(|s| s.wafers.to_string()).collect();
        ensure((2..=MAX_SEATS).contains(&n), || {
            let list: Vec<String> = wafers();
            fault(
                "wafers",
                list.join(","),
                format!("MuTou is played by 2 to {MAX_SEATS} seats, not {n}"),
            )
        })?;
        let mut orders: Vec<u8> = self.seat.iter().filter_map(|s| s.out).collect();
        orders.sort_unstable();
        let expected = (1..=orders.len()).map(|k| k as u8);
        ensure(orders.iter().copied().eq(expected), || {
            let list: Vec<String> = self
                .seat
                .iter()
                .map(|s| s.out.map_or("-".into(), |o| o.to_string()))
                .collect();
            fault(
                "out",
                list.join(","),
                "the seats that are out are numbered 1, 2, … in the order they went out",
            )
        })
    }

    /// The tier is settled exactly when the first decision is made, and is the variant's when
    /// the variant fixes it.
    fn check_tier(&self) -> Result<(), Fault> {
        let name = self.tier.map_or("?", |t| t.name());
        let choosing = self.phase == Phase::ChooseTier;
        ensure(self.tier.is_none() == choosing, || {
            fault(
                "tier",
                name,
                format!(
                    "the tier is `?` exactly while it is being chosen, and the phase is `{}`",
                    self.phase_token()
                ),
            )
        })?;
        ensure(self.surface.is_some() == self.tier.is_some(), || {
            fault("tier", name, "a settled tier has a surface")
        })?;
        if let (TierRule::Fixed(fixed), Some(tier)) = (self.variant.tier, self.tier) {
            ensure(tier == fixed, || {
                fault(
                    "tier",
                    name,
                    format!("the variant plays tier {}", fixed.name()),
                )
            })?;
        }
        Ok(())
    }

    /// Wafers are conserved (D4: players × (start wafers + 2)); a seat that is out holds
    /// nothing; zones are distinct zones of the layout; pools hold only the seat's own
    /// shakken, no more than the tier gives.
    fn check_holdings(&self) -> Result<(), Fault> {
        let column = |f: &dyn Fn(&super::state::SeatState) -> String| -> String {
            let v: Vec<String> = self.seat.iter().map(f).collect();
            v.join(",")
        };
        let wafers = || column(&|s| s.wafers.to_string());
        let bank = || column(&|s| s.banked.to_string());
        let zones = || column(&|s| s.zone.map_or("-".into(), |z| (z + 1).to_string()));
        let pools = || column(&|s| s.pool.to_string());
        let held: u32 = self.seat.iter().map(|s| u32::from(s.wafers)).sum();
        let total = match self.tier {
            Some(tier) => self.seat.len() as u32 * (u32::from(tier.wafers()) + 2),
            None => 0,
        };
        ensure(held + u32::from(self.supply) == total, || {
            fault(
                "supply",
                self.supply.to_string(),
                format!(
                    "{held} wafer(s) held and {} in the supply, but the game has {total}",
                    self.supply
                ),
            )
        })?;
        let mut claimed = Vec::new();
        for (i, s) in self.seat.iter().enumerate() {
            let seat = i + 1;
            if s.out.is_some() {
                ensure(s.wafers == 0, || {
                    fault(
                        "wafers",
                        wafers(),
                        format!("seat {seat} is out yet holds wafers"),
                    )
                })?;
                ensure(s.banked == 0, || {
                    fault(
                        "bank",
                        bank(),
                        format!("seat {seat} is out yet has banked entitlements (D18)"),
                    )
                })?;
            }
            if self.tier.is_none() {
                ensure(s.banked == 0, || {
                    fault(
                        "bank",
                        bank(),
                        "nothing is banked before the tier is chosen",
                    )
                })?;
            }
            if let Some(z) = s.zone {
                ensure(usize::from(z) < self.zones.len(), || {
                    fault(
                        "zones",
                        zones(),
                        format!(
                            "zone {} does not exist (the layout has {})",
                            z + 1,
                            self.zones.len()
                        ),
                    )
                })?;
                ensure(!claimed.contains(&z), || {
                    fault("zones", zones(), format!("zone {} is claimed twice", z + 1))
                })?;
                claimed.push(z);
            }
            let supply = self.tier.map_or(Shakken::default(), |t| {
                Shakken::supply(t.shakken(), i as u8)
            });
            ensure(within(&s.pool, &supply), || {
                fault(
                    "pools",
                    pools(),
                    format!("seat {seat}'s pool holds more than its own supply ({supply})"),
                )
            })?;
        }
        Ok(())
    }

    /// Each piece stands on a live tessel, belongs to a seat still in, holds at most ten
    /// shakken, and carries blood only of seats that play.
    fn check_pieces(&self) -> Result<(), Fault> {
        let n = self.seat.len();
        for (i, cell) in self.cells.iter().enumerate() {
            let Some(p) = cell else { continue };
            let bad = |why: String| fault("pieces", piece_text(p), why);
            ensure(usize::from(p.at.0) == i, || {
                bad(format!(
                    "the piece in cell {i} says it stands on {}",
                    t(p.at)
                ))
            })?;
            ensure(
                self.surface.as_ref().is_some_and(|s| s.is_live(p.at)),
                || bad(format!("{} is not a tessel of the surface", t(p.at))),
            )?;
            ensure(usize::from(p.owner) < n, || {
                bad(format!("seat {} does not play", p.owner + 1))
            })?;
            ensure(self.is_active(p.owner), || {
                bad(format!(
                    "seat {} is out, so its pieces have left play",
                    p.owner + 1
                ))
            })?;
            ensure(p.shakken.total() <= MAX_SHAKKEN, || {
                bad(format!("a base holds at most {MAX_SHAKKEN} shakken (S3)"))
            })?;
            ensure(p.shakken.blood[n..].iter().all(|&b| b == 0), || {
                bad("blood of a seat that does not play".into())
            })?;
        }
        Ok(())
    }

    /// The turn's records name each tessel once, and only live tessels.
    fn check_turn_lists(&self) -> Result<(), Fault> {
        let live = |at: TesselId| self.surface.as_ref().is_some_and(|s| s.is_live(at));
        let moved: Vec<TesselId> = self.turn.moved.iter().map(|m| m.at).collect();
        for (field, list) in [("moved", &moved), ("frozen", &self.turn.frozen)] {
            for (k, &at) in list.iter().enumerate() {
                ensure(live(at), || {
                    fault(
                        field,
                        t(at),
                        format!("{} is not a tessel of the surface", t(at)),
                    )
                })?;
                ensure(!list[..k].contains(&at), || {
                    fault(field, t(at), format!("{} is listed twice", t(at)))
                })?;
            }
        }
        Ok(())
    }

    /// Before any decision of a turn: the fresh turn set-up leaves (`turn=1:0`, nothing spent,
    /// nothing pending), and an untouched surface.
    fn check_fresh_turn(&self) -> Result<(), Fault> {
        let fresh = Turn::new(0, 0, 0);
        let turn = &self.turn;
        let why = "set-up is not a turn";
        let checks: [(bool, &'static str, String); 9] = [
            (
                turn.mover == 0 && turn.number == 0,
                "turn",
                format!("{}:{}", turn.mover + 1, turn.number),
            ),
            (turn.budget == 0, "budget", turn.budget.to_string()),
            (turn.spent == 0, "spent", turn.spent.to_string()),
            (turn.category.is_none(), "cat", "-".into()),
            (turn.started == 0, "started", turn.started.to_string()),
            (!turn.refused, "refused", "1".into()),
            (
                turn.moved.is_empty(),
                "moved",
                list(turn.moved.iter().map(moved_text)),
            ),
            (
                turn.frozen.is_empty(),
                "frozen",
                list(turn.frozen.iter().map(|&f| t(f))),
            ),
            (
                turn.pending == fresh.pending,
                "pending",
                self.pending_token(),
            ),
        ];
        for (ok, field, token) in checks {
            ensure(ok, || fault(field, token, why))?;
        }
        ensure(
            self.surface
                .as_ref()
                .is_none_or(|s| s.edit_log().is_empty()),
            || {
                fault(
                    "edits",
                    self.edits_token(),
                    "the surface is altered only in play",
                )
            },
        )
    }

    /// Every seat holds its starting wafers and nothing is out (set-up phases).
    fn check_setup_seats(&self) -> Result<(), Fault> {
        let start = self.tier.map_or(0, |t| t.wafers());
        for (i, s) in self.seat.iter().enumerate() {
            ensure(s.wafers == start, || {
                fault(
                    "wafers",
                    s.wafers.to_string(),
                    format!(
                        "seat {} holds {} wafers during set-up, not {start}",
                        i + 1,
                        s.wafers
                    ),
                )
            })?;
            ensure(s.out.is_none(), || {
                fault("out", (i + 1).to_string(), "nobody is out during set-up")
            })?;
        }
        self.check_fresh_turn()
    }

    fn check_choose_tier(&self) -> Result<(), Fault> {
        self.check_setup_seats()?;
        for (i, s) in self.seat.iter().enumerate() {
            ensure(s.zone.is_none(), || {
                fault(
                    "zones",
                    format!("{}", i + 1),
                    "no zone exists before the tier",
                )
            })?;
            ensure(s.pool.is_empty(), || {
                fault(
                    "pools",
                    s.pool.to_string(),
                    "no shakken are handed out before the tier",
                )
            })?;
        }
        Ok(())
    }

    /// Cutting (S22): seats 2… claim in turn, so seats 2 to `seat` hold a zone and the rest
    /// (seat 1 last) do not; nothing is set out yet.
    fn check_claim(&self, seat: u8) -> Result<(), Fault> {
        let n = self.seat.len();
        ensure(
            self.variant.board == super::variant::BoardKind::Sown,
            || {
                fault(
                    "phase",
                    self.phase_token(),
                    "zones are claimed only on sown boards",
                )
            },
        )?;
        ensure((1..n).contains(&usize::from(seat)), || {
            fault(
                "phase",
                self.phase_token(),
                format!("the claiming seat is one of seats 2 to {n}"),
            )
        })?;
        self.check_setup_seats()?;
        for (i, s) in self.seat.iter().enumerate() {
            let claimed = i >= 1 && i < usize::from(seat);
            ensure(s.zone.is_some() == claimed, || {
                fault(
                    "zones",
                    s.zone.map_or("-".into(), |z| (z + 1).to_string()),
                    format!(
                        "while seat {} claims, seat {} {} a zone",
                        seat + 1,
                        i + 1,
                        if claimed {
                            "has claimed"
                        } else {
                            "has not claimed"
                        }
                    ),
                )
            })?;
            self.check_full_pool(i)?;
        }
        ensure(self.pieces().next().is_none(), || {
            fault(
                "pieces",
                self.pieces().map(piece_text).next().unwrap_or_default(),
                "no piece stands before setting out",
            )
        })
    }

    fn check_full_pool(&self, i: usize) -> Result<(), Fault> {
        let Some(tier) = self.tier else {
            return Ok(());
        };
        let pool = self.seat[i].pool;
        ensure(pool == Shakken::supply(tier.shakken(), i as u8), || {
            fault(
                "pools",
                pool.to_string(),
                format!("seat {} has not set out yet, so its pool is full", i + 1),
            )
        })
    }

    /// Setting out (S23): every seat's bases stand on its stand; the seats before `seat` have
    /// set out everything, the seats after it nothing, and `seat` is part-way. A seat before
    /// `seat` may also show its whole supply in its pool and nothing on its bases: that is how
    /// another seat's view hides what it set out ([`MuTou::masked`]), so that a view's text
    /// can be read back (the engine protocol sends views as position texts).
    fn check_set_out(&self, seat: u8) -> Result<(), Fault> {
        let n = self.seat.len();
        let s = usize::from(seat);
        ensure(s < n, || {
            fault(
                "phase",
                self.phase_token(),
                format!("setting out names seat {}, but only {n} seats play", s + 1),
            )
        })?;
        self.check_setup_seats()?;
        let tier = self
            .tier
            .expect("checked: a settled tier outside ChooseTier");
        let mut bases = vec![None; self.cells.len()];
        for (i, st) in self.seat.iter().enumerate() {
            let Some(zone) = st.zone else {
                return Err(fault(
                    "zones",
                    "-",
                    format!("seat {} has no zone to set out on", i + 1),
                ));
            };
            for &at in &self.stands[usize::from(zone)] {
                if let Some(b) = bases.get_mut(usize::from(at.0)) {
                    *b = Some(i as u8);
                }
            }
        }
        let mut placed = vec![Shakken::default(); n];
        for (k, cell) in self.cells.iter().enumerate() {
            let expected = bases.get(k).copied().flatten();
            let found = cell.map(|p| p.owner);
            ensure(found == expected, || {
                let token = cell.as_ref().map_or_else(|| format!("t{k}"), piece_text);
                fault(
                    "pieces",
                    token,
                    "while setting out, each seat's bases stand exactly on its stand",
                )
            })?;
            if let Some(p) = cell {
                placed[usize::from(p.owner)].add_all(&p.shakken);
            }
        }
        for (i, st) in self.seat.iter().enumerate() {
            let supply = Shakken::supply(tier.shakken(), i as u8);
            let mut all = st.pool;
            all.add_all(&placed[i]);
            let pool = st.pool.to_string();
            ensure(all == supply, || {
                fault(
                    "pools",
                    pool.clone(),
                    format!(
                        "seat {}'s pool and bases together are not its supply ({supply})",
                        i + 1
                    ),
                )
            })?;
            let state = match i.cmp(&s) {
                std::cmp::Ordering::Less => {
                    st.pool.is_empty() || (placed[i].is_empty() && st.pool == supply)
                }
                std::cmp::Ordering::Equal => !st.pool.is_empty(),
                std::cmp::Ordering::Greater => placed[i].is_empty(),
            };
            ensure(state, || {
                fault(
                    "pools",
                    pool.clone(),
                    format!(
                        "while seat {} sets out, seats before it have set out everything, \
                         it has something left, and seats after it have set out nothing",
                        s + 1
                    ),
                )
            })?;
        }
        Ok(())
    }
}

/// Whether every count of `part` is at most that of `whole`.
fn within(part: &Shakken, whole: &Shakken) -> bool {
    part.plain.iter().zip(whole.plain).all(|(&a, b)| a <= b)
        && part.blood.iter().zip(whole.blood).all(|(&a, b)| a <= b)
}

/// Items joined by commas, `-` for none, as the position text writes lists.
pub(super) fn list(items: impl Iterator<Item = String>) -> String {
    let v: Vec<String> = items.collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(",")
    }
}
