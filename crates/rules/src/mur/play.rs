//! Applying actions (mur §1.6–1.9): places and moves with their traps, withdrawals, repeats,
//! the end of a game, the clean-up and the next game, sets, the match, and resignation.

use super::actions::{Action, ActionKind};
use super::board::{bits, Board, Colour, Piece, Point, Points};
use super::events::{GameEnd, MurEvent, Withdrawal};
use super::movegen::{Context, Effect};
use super::position::{Ending, History, Mur};
use super::variant::{Length, MurVariant};
use crate::game::{Events, Outcome, Seat};

/// The most any tally can hold: a position text writes tallies in two digits. A text may start a
/// tally anywhere up to it, and play then stops it there rather than write a text that could not
/// be read back (or overflow the counter).
pub(crate) const TALLY_MAX: u8 = 99;

/// Adds `n` to a tally, stopping at [`TALLY_MAX`].
fn add(tally: &mut u8, n: u8) {
    *tally = tally.saturating_add(n).min(TALLY_MAX);
}

impl Mur {
    /// Applies an action known to be legal. An illegal place or move leaves the position
    /// unchanged.
    pub(crate) fn perform(&mut self, action: Action, events: &mut impl Events<MurEvent>) {
        match action.kind() {
            ActionKind::Place(_) | ActionKind::Move(..) => {
                let context = Context::for_action(self, action);
                let effect = match action.kind() {
                    ActionKind::Place(p) => context.place(p),
                    ActionKind::Move(from, dir) => context.step(from, dir),
                    _ => return,
                };
                if let Ok(effect) = effect {
                    if events.wanted() {
                        self.describe(action, &context, &effect, events);
                    }
                    self.score(&effect, events);
                }
            }
            ActionKind::Withdraw(points) => self.withdraw(points, events),
            ActionKind::Resign => self.resign(events),
        }
    }

    /// The events of the place or move itself.
    fn describe(
        &self,
        action: Action,
        context: &Context,
        effect: &Effect,
        events: &mut impl Events<MurEvent>,
    ) {
        let colour = self.side;
        let to = Point(effect.landing);
        match action.kind() {
            ActionKind::Move(from, direction) => {
                let order = context.order[usize::from(from.0)];
                events.emit(MurEvent::Moved {
                    colour,
                    order,
                    from,
                    direction,
                    to,
                });
                if let Some(rest) = effect.knocked_to {
                    let piece = self.board.piece(to).unwrap_or(Piece::Kraken);
                    events.emit(MurEvent::Knocked {
                        piece,
                        from: to,
                        to: Point(rest),
                        second_direction: effect.bounced,
                    });
                }
            }
            _ => events.emit(MurEvent::Placed { colour, point: to }),
        }
    }

    /// Puts the board of a place or move in place and scores it (mur §1.7 rule 6): one ship
    /// trap per trapped opposing ship, and the kraken; then the end of the game or the turn.
    fn score(&mut self, effect: &Effect, events: &mut impl Events<MurEvent>) {
        let me = self.side;
        let before = self.board.key();
        self.board = effect.after;
        let scored = effect.trapped_theirs.count_ones() as u8;
        add(&mut self.traps[me.index()], scored);
        add(&mut self.set_traps[me.index()], scored);
        if events.wanted() {
            report_traps(effect, me, events);
        }
        if self.repeat_due[me.index()] {
            // mur §1.6: the repeat duty lapses when the player has no ship on the board.
            self.repeat_due[me.index()] = false;
            events.emit(MurEvent::RepeatLapsed {
                colour: me,
                by_trap_withdrawal: false,
            });
        }
        let tally = self.traps[me.index()];
        let end = match effect.kraken {
            Some(winner) if winner == me => Some(GameEnd::Kraken { winner }),
            _ if tally >= 3 => Some(GameEnd::ShipTraps { winner: me, tally }),
            Some(winner) => Some(GameEnd::Kraken { winner }),
            None => None,
        };
        self.finish_turn(before, end, events);
    }

    /// A withdrawal: of the trapped ships, for a repeat, or on stagnation. Scores nothing.
    fn withdraw(&mut self, points: Points, events: &mut impl Events<MurEvent>) {
        let me = self.side;
        let mine = self.board.ships[me.index()];
        let why = if self.board.trapped(me) != 0 {
            Withdrawal::Trap
        } else if self.repeat_due[me.index()] && mine != 0 {
            Withdrawal::Repeat
        } else {
            Withdrawal::Stagnation
        };
        // mur §1.6: the duty is owed for the turn right after the repeat ("the opponent's last
        // play created an immediate repeat"); when a trap withdrawal, which comes first, takes
        // that turn, the duty lapses with it.
        if std::mem::take(&mut self.repeat_due[me.index()]) && why == Withdrawal::Trap {
            events.emit(MurEvent::RepeatLapsed {
                colour: me,
                by_trap_withdrawal: true,
            });
        }
        let before = self.board.key();
        self.board.ships[me.index()] = mine & !points.0;
        events.emit(MurEvent::Withdrew {
            colour: me,
            points,
            why,
        });
        self.finish_turn(before, None, events);
    }

    /// Passes the turn: ends the game, or applies the ply cap and the repeat rule (mur §1.8).
    fn finish_turn(
        &mut self,
        before: u64,
        end: Option<GameEnd>,
        events: &mut impl Events<MurEvent>,
    ) {
        let me = self.side;
        self.side = me.opponent();
        if let Some(end) = end {
            return self.end_game(end, events);
        }
        if let Some(cap) = self.variant.ply_cap {
            self.ply += 1;
            if self.ply >= cap {
                return self.end_game(GameEnd::Capped { plies: cap }, events);
            }
        }
        let scope = self.variant.repeat_scope;
        if self.history.repeats(scope, self.board.key()) {
            // R-R1: the opponent of the player who repeated must withdraw a ship.
            self.repeat_due[me.opponent().index()] = true;
            events.emit(MurEvent::Repeated { colour: me });
        }
        self.history.push(scope, before);
    }

    /// A game has ended: count it, then go on to the next game, the next set, or the end.
    fn end_game(&mut self, end: GameEnd, events: &mut impl Events<MurEvent>) {
        events.emit(MurEvent::GameEnded {
            set: self.set,
            game: self.game,
            end,
        });
        let ending = match end {
            GameEnd::Kraken { winner } => Ending::Kraken(winner),
            GameEnd::ShipTraps { winner, .. } => Ending::ShipTraps(winner),
            GameEnd::Capped { .. } => Ending::Capped,
        };
        if let Ending::Kraken(winner) | Ending::ShipTraps(winner) = ending {
            add(&mut self.set_games[winner.index()], 1);
            add(&mut self.match_games[self.seat_of(winner).index()], 1);
        }
        match self.variant.length {
            Length::Game => self.ending = Some(ending),
            _ if self.game < MurVariant::GAMES_PER_SET => self.next_game(events),
            _ => {
                let winner = self.set_winner();
                self.close_set(winner, ending, events);
            }
        }
    }

    /// The seat that won the current set on the board: more games won, then more ship traps in
    /// the set (mur §1.9); `None` when tied on both.
    pub(crate) fn set_winner(&self) -> Option<Seat> {
        let key = |c: Colour| (self.set_games[c.index()], self.set_traps[c.index()]);
        let (black, white) = (key(Colour::Black), key(Colour::White));
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(self.seat_of(Colour::Black)),
            std::cmp::Ordering::Less => Some(self.seat_of(Colour::White)),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Counts a finished set for `winner`, then starts the next set or ends play with `ending`.
    fn close_set(
        &mut self,
        winner: Option<Seat>,
        ending: Ending,
        events: &mut impl Events<MurEvent>,
    ) {
        if let Some(seat) = winner {
            add(&mut self.sets_won[seat.index()], 1);
        }
        events.emit(MurEvent::SetEnded {
            set: self.set,
            winner,
        });
        if self.set >= self.variant.sets() {
            self.ending = Some(ending);
            return;
        }
        // mur §1.9 (default, A12): each set starts from the empty board with Black to play.
        self.set += 1;
        self.game = 1;
        self.board = Board::START;
        self.set_games = [0; 2];
        self.set_traps = [0; 2];
        self.reset_game_state();
        self.side = Colour::Black;
        events.emit(MurEvent::GameStarted {
            set: self.set,
            game: 1,
            first: Colour::Black,
        });
    }

    /// The clean-up between games of a set (mur §1.9): trapped ships off the board, the kraken
    /// back to the centre (a ship there is withdrawn first), tallies reset, the rest carried
    /// over; then the next game, opened by Black in odd games and White in even ones.
    fn next_game(&mut self, events: &mut impl Events<MurEvent>) {
        let trapped = [
            self.board.trapped(Colour::Black),
            self.board.trapped(Colour::White),
        ];
        let kraken_from = Point(self.board.kraken);
        let mut removed = [0; 2];
        for ((ships, trapped), removed) in
            self.board.ships.iter_mut().zip(trapped).zip(&mut removed)
        {
            // The centre is cleared for the kraken after the trapped ships go.
            *removed = trapped | (*ships & 1);
            *ships &= !*removed;
        }
        self.board.kraken = 0;
        events.emit(MurEvent::CleanedUp {
            black: Points(removed[0]),
            white: Points(removed[1]),
            kraken_from,
        });
        self.game += 1;
        self.reset_game_state();
        self.side = Mur::opener(self.game);
        events.emit(MurEvent::GameStarted {
            set: self.set,
            game: self.game,
            first: self.side,
        });
    }

    /// Clears what belongs to one game: tallies, repeat duties, history and the ply count.
    fn reset_game_state(&mut self) {
        self.traps = [0; 2];
        self.repeat_due = [false; 2];
        self.history = History::default();
        self.ply = 0;
    }

    /// The side to move resigns the set (mur §1.9): the set goes to the opponent and its
    /// remaining games are not played.
    fn resign(&mut self, events: &mut impl Events<MurEvent>) {
        let quitter = self.side;
        events.emit(MurEvent::Resigned {
            colour: quitter,
            set: self.set,
        });
        let winner = self.seat_of(quitter.opponent());
        self.close_set(Some(winner), Ending::Resigned(quitter), events);
    }

    /// The result of finished play, from the tallies and how the last game or set ended.
    pub(crate) fn outcome_of(&self, ending: Ending) -> Outcome {
        match self.variant.length {
            Length::Game => self.game_outcome(ending),
            Length::Set => self.set_outcome(ending),
            Length::Match => self.match_outcome(ending),
        }
    }

    fn game_outcome(&self, ending: Ending) -> Outcome {
        match ending {
            Ending::Kraken(c) => {
                Outcome::win(2, self.seat_of(c), format!("{c} trapped the kraken"))
            }
            Ending::ShipTraps(c) => {
                let reason = match self.traps[c.index()] {
                    3 => format!("{c}'s third ship trap"),
                    n => format!("{c}'s ship traps reached {n}"),
                };
                Outcome::win(2, self.seat_of(c), reason)
            }
            Ending::Capped => {
                let cap = self.variant.ply_cap.unwrap_or(self.ply);
                Outcome::draw(
                    2,
                    format!("ply cap of {cap} reached (not an official rule)"),
                )
            }
            // Unreachable through `apply`: a single game cannot be resigned.
            Ending::Resigned(c) => {
                Outcome::win(2, self.seat_of(c.opponent()), format!("{c} resigned"))
            }
        }
    }

    fn set_outcome(&self, ending: Ending) -> Outcome {
        let per_seat = |tally: [u8; 2]| -> Vec<i32> {
            let mut scores = vec![0; 2];
            for c in Colour::BOTH {
                scores[self.seat_of(c).index()] = i32::from(tally[c.index()]);
            }
            scores
        };
        let games = per_seat(self.set_games);
        let traps = per_seat(self.set_traps);
        let (b, w) = (self.set_games[0], self.set_games[1]);
        if let Ending::Resigned(quitter) = ending {
            let winner = self.seat_of(quitter.opponent()).index();
            let ranks = (0..2).map(|s| u8::from(s != winner)).collect();
            let reason = format!("{quitter} resigned the set (games {b}-{w})");
            return Outcome {
                scores: games,
                ranks,
                reason,
            };
        }
        let key: Vec<i32> = (0..2).map(|s| games[s] * 100 + traps[s]).collect();
        let ranked = Outcome::from_scores(key, "");
        let reason = if b != w {
            let c = if b > w { Colour::Black } else { Colour::White };
            format!("{c} won more games ({b}-{w})")
        } else if self.set_traps[0] != self.set_traps[1] {
            let (tb, tw) = (self.set_traps[0], self.set_traps[1]);
            let c = if tb > tw {
                Colour::Black
            } else {
                Colour::White
            };
            format!("games tied {b}-{w}; {c} scored more ship traps ({tb}-{tw})")
        } else {
            format!("tied on games ({b}-{w}) and ship traps")
        };
        Outcome {
            scores: games,
            ranks: ranked.ranks,
            reason,
        }
    }

    fn match_outcome(&self, ending: Ending) -> Outcome {
        let sets: Vec<i32> = self.sets_won.iter().map(|&s| i32::from(s)).collect();
        let games = self.match_games;
        let key: Vec<i32> = (0..2)
            .map(|s| sets[s] * 100 + i32::from(games[s]))
            .collect();
        let ranked = Outcome::from_scores(key, "");
        let (s0, s1) = (self.sets_won[0], self.sets_won[1]);
        let (g0, g1) = (games[0], games[1]);
        let leader = |first: bool| if first { Seat(0) } else { Seat(1) };
        let mut reason = if s0 != s1 {
            format!("{} won more sets ({s0}-{s1})", leader(s0 > s1))
        } else if g0 != g1 {
            format!(
                "sets tied {s0}-{s1}; {} won more games ({g0}-{g1})",
                leader(g0 > g1)
            )
        } else {
            format!("tied on sets ({s0}-{s1}) and games ({g0}-{g1})")
        };
        if let Ending::Resigned(quitter) = ending {
            reason.push_str(&format!("; {quitter} resigned the last set"));
        }
        Outcome {
            scores: sets,
            ranks: ranked.ranks,
            reason,
        }
    }
}

/// The trap events of a place or move.
fn report_traps(effect: &Effect, me: Colour, events: &mut impl Events<MurEvent>) {
    for p in bits(effect.trapped_theirs) {
        events.emit(MurEvent::ShipTrapped {
            point: Point(p),
            colour: me.opponent(),
            scored_by: Some(me),
        });
    }
    for p in bits(effect.trapped_mine) {
        events.emit(MurEvent::ShipTrapped {
            point: Point(p),
            colour: me,
            scored_by: None,
        });
    }
    if let Some(by) = effect.kraken {
        events.emit(MurEvent::KrakenTrapped {
            point: Point(effect.after.kraken),
            scored_by: by,
        });
    }
}
