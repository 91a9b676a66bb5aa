//! Endings outside the rules: a game the players or the clock ended, and seats that retired
//! from a game of three or more seats while the others played on.
//!
//! The rules of the four games know nothing of resigning (Mur's set resignation apart, which is
//! an action), clocks or agreements; a server does. What it decided is data, written in two
//! record headers and read back by [`replay`](super::replay):
//!
//! ```text
//! [Ending "resigned 2"]                  seat 2 (counted from 1) resigned: it loses
//! [Ending "timeout 2"]                   seat 2 ran out of time: it loses
//! [Ending "abandoned 2"]                 seat 2 left the game: it loses
//! [Ending "agreed"]                      the seats still playing agreed a draw
//! [Ending "aborted"]                     called off: no result, `[Result "*"]`
//! [Retired "3@57 resigned, 2@80 timeout"]
//! ```
//!
//! * `Ending` ends the game after the record's last action, which the rules had not ended. A
//!   seat that resigned, timed out or abandoned loses: it ranks below every other seat still
//!   playing, which share first place (scores 1, and 0 for it).
//! * `Retired` lists seats that left a game of three or more seats while the others played on,
//!   each as `SEAT@ACTIONS HOW`: the seat (from 1), the number of actions played when it left,
//!   and `resigned`, `timeout` or `abandoned`, in the order they left. Its later decisions are
//!   still actions of the record (whoever stood in for it: the rules need a decision); at the
//!   end, every retired seat ranks below every seat still playing, a later retirement above an
//!   earlier one, retirements after the same number of actions tied. Scores are kept as the
//!   rules give them; under an `Ending` the retired seats score 0.
//! * The stated `Result` must be the score text of the rules' outcome with these overrides
//!   ([`Endings::outcome`]). `Termination` is prose for people and is never read.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Record;
use crate::game::{Outcome, Seat};

/// The header naming how the game ended outside the rules.
pub const ENDING: &str = "Ending";
/// The header listing the seats that retired.
pub const RETIRED: &str = "Retired";

/// How a seat left a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Departure {
    /// The player gave up.
    Resigned,
    /// The player's clock ran out.
    Timeout,
    /// The player left and did not come back.
    Abandoned,
}

impl Departure {
    const WORDS: [(&'static str, Departure); 3] = [
        ("resigned", Departure::Resigned),
        ("timeout", Departure::Timeout),
        ("abandoned", Departure::Abandoned),
    ];

    /// The word in a header: `resigned`, `timeout`, `abandoned`.
    pub fn word(self) -> &'static str {
        match self {
            Departure::Resigned => "resigned",
            Departure::Timeout => "timeout",
            Departure::Abandoned => "abandoned",
        }
    }

    fn parse(word: &str) -> Option<Departure> {
        Departure::WORDS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|&(_, d)| d)
    }

    fn prose(self) -> &'static str {
        match self {
            Departure::Resigned => "resigned",
            Departure::Timeout => "ran out of time",
            Departure::Abandoned => "abandoned the game",
        }
    }
}

/// How a game ended outside its rules (the `Ending` header).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    /// A seat left and so lost: every other seat still playing shares first place.
    Forfeit {
        /// The seat that lost.
        seat: Seat,
        /// How it left.
        how: Departure,
    },
    /// The seats still playing agreed a draw.
    Agreed,
    /// The game was called off and has no result.
    Aborted,
}

impl fmt::Display for Ending {
    /// The header value: `resigned 2`, `agreed`, `aborted`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Forfeit { seat, how } => write!(f, "{} {}", how.word(), seat.0 + 1),
            Ending::Agreed => f.write_str("agreed"),
            Ending::Aborted => f.write_str("aborted"),
        }
    }
}

/// A seat that left a game of three or more seats while the others played on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Retirement {
    /// The seat.
    pub seat: Seat,
    /// The number of actions played when it left.
    pub after: usize,
    /// How it left.
    pub how: Departure,
}

impl fmt::Display for Retirement {
    /// One entry of the header: `3@57 resigned`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{} {}", self.seat.0 + 1, self.after, self.how.word())
    }
}

/// Why an `Ending` or `Retired` header cannot be used. Each message quotes the bad text.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum EndingError {
    /// The text is not of the header's grammar.
    #[error("`{text}` is not {expected}")]
    Syntax {
        /// The bad part.
        text: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// A seat number outside the game's seats.
    #[error("`{text}` is not a seat of this game (1 to {seats})")]
    NoSuchSeat {
        /// The bad seat number as written.
        text: String,
        /// The game's seat count.
        seats: usize,
    },
    /// A seat retires from a game of two seats, where leaving ends the game.
    #[error("a seat can retire only from a game of three or more seats; this one has {seats} (write an Ending instead)")]
    TooFewSeats {
        /// The game's seat count.
        seats: usize,
    },
    /// A seat retires twice, or an ending names a seat that had retired.
    #[error("{seat} has already retired")]
    AlreadyRetired {
        /// The seat.
        seat: Seat,
    },
    /// Retirements out of order.
    #[error("`{text}` retires after fewer actions than the entry before it")]
    OutOfOrder {
        /// The entry as written.
        text: String,
    },
    /// Nobody would be left playing.
    #[error("every seat would have retired")]
    NobodyLeft,
    /// A retirement after more actions than the record has.
    #[error("`{text}` retires after {after} actions, but the record has {actions}")]
    PastTheEnd {
        /// The entry as written.
        text: String,
        /// Its action count.
        after: usize,
        /// The record's actions.
        actions: usize,
    },
    /// The rules had already ended the game.
    #[error("the rules ended the game ({reason}); it cannot also end by `{text}`")]
    RulesEnded {
        /// The ending or retirement as written.
        text: String,
        /// The rules' reason.
        reason: String,
    },
}

/// An error with the header it is about ([`ENDING`] or [`RETIRED`]).
pub type HeaderError = (&'static str, EndingError);

/// Everything outside the rules that decided a game's result: an [`Ending`] and the seats that
/// retired, in the order they left.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Endings {
    /// How the game ended, when not by its rules.
    pub ending: Option<Ending>,
    /// The seats that retired, by the number of actions played when they left.
    pub retired: Vec<Retirement>,
}

impl Endings {
    /// No ending outside the rules.
    pub fn none() -> Endings {
        Endings::default()
    }

    /// Whether nothing outside the rules happened.
    pub fn is_empty(&self) -> bool {
        self.ending.is_none() && self.retired.is_empty()
    }

    /// Reads the `Ending` and `Retired` headers of a record of a game of `seats` seats. The
    /// error names the header, quotes its value, and says what is wrong.
    pub fn from_record(record: &Record, seats: usize) -> Result<Endings, HeaderError> {
        let ending = record
            .header(ENDING)
            .map(|text| parse_ending(text, seats))
            .transpose()
            .map_err(|e| (ENDING, e))?;
        let retired = record
            .header(RETIRED)
            .map(|text| parse_retired(text, seats))
            .transpose()
            .map_err(|e| (RETIRED, e))?
            .unwrap_or_default();
        let endings = Endings { ending, retired };
        endings.check(seats)?;
        Ok(endings)
    }

    /// Writes the `Ending` and `Retired` headers (only those that apply).
    pub fn write(&self, record: &mut Record) {
        if let Some(ending) = self.ending {
            record.set_header(ENDING, ending.to_string());
        }
        if !self.retired.is_empty() {
            let entries: Vec<String> = self.retired.iter().map(ToString::to_string).collect();
            record.set_header(RETIRED, entries.join(", "));
        }
    }

    /// Checks what does not depend on the game's course: seats in range, retirements only with
    /// three or more seats, in order, each seat once, somebody left playing, and an ending that
    /// does not name a retired seat.
    pub fn check(&self, seats: usize) -> Result<(), HeaderError> {
        self.check_retired(seats).map_err(|e| (RETIRED, e))?;
        self.check_ending(seats).map_err(|e| (ENDING, e))
    }

    fn check_retired(&self, seats: usize) -> Result<(), EndingError> {
        if !self.retired.is_empty() && seats < 3 {
            return Err(EndingError::TooFewSeats { seats });
        }
        let mut last = 0;
        for (i, r) in self.retired.iter().enumerate() {
            if r.seat.index() >= seats {
                return Err(EndingError::NoSuchSeat {
                    text: (r.seat.index() + 1).to_string(),
                    seats,
                });
            }
            if self.retired[..i].iter().any(|e| e.seat == r.seat) {
                return Err(EndingError::AlreadyRetired { seat: r.seat });
            }
            if r.after < last {
                return Err(EndingError::OutOfOrder {
                    text: r.to_string(),
                });
            }
            last = r.after;
        }
        if !self.retired.is_empty() && self.retired.len() >= seats {
            return Err(EndingError::NobodyLeft);
        }
        Ok(())
    }

    fn check_ending(&self, seats: usize) -> Result<(), EndingError> {
        if let Some(Ending::Forfeit { seat, .. }) = self.ending {
            if seat.index() >= seats {
                return Err(EndingError::NoSuchSeat {
                    text: (seat.index() + 1).to_string(),
                    seats,
                });
            }
            if self.is_retired(seat) {
                return Err(EndingError::AlreadyRetired { seat });
            }
        }
        Ok(())
    }

    /// Checks the endings against the game as replayed: no retirement after the last action,
    /// and nothing outside the rules once the rules have ended the game (`rules` is the
    /// replayed game's own outcome, `actions` the number of actions replayed). A retirement
    /// strictly before the last action of a game the rules ended is fine: it left while the
    /// game was still on.
    pub fn check_against(
        &self,
        rules: Option<&Outcome>,
        actions: usize,
    ) -> Result<(), HeaderError> {
        for r in &self.retired {
            if r.after > actions {
                return Err((
                    RETIRED,
                    EndingError::PastTheEnd {
                        text: r.to_string(),
                        after: r.after,
                        actions,
                    },
                ));
            }
            if let Some(outcome) = rules.filter(|_| r.after == actions) {
                return Err((
                    RETIRED,
                    EndingError::RulesEnded {
                        text: r.to_string(),
                        reason: outcome.reason.clone(),
                    },
                ));
            }
        }
        match (self.ending, rules) {
            (Some(ending), Some(outcome)) => Err((
                ENDING,
                EndingError::RulesEnded {
                    text: ending.to_string(),
                    reason: outcome.reason.clone(),
                },
            )),
            _ => Ok(()),
        }
    }

    /// Whether `seat` has retired.
    pub fn is_retired(&self, seat: Seat) -> bool {
        self.retired.iter().any(|r| r.seat == seat)
    }

    /// The result with these endings, from the rules' own outcome (`None` while the rules have
    /// not ended the game), for a game of `seats` seats:
    ///
    /// * no `Ending`: the rules' outcome, with the retired seats ranked last
    ///   ([`Outcome::with_retired`]); `None` while the rules have not ended it;
    /// * a forfeit: [`Outcome::forfeit`] among the seats still playing, the retired below;
    /// * `agreed`: a draw among the seats still playing, the retired below;
    /// * `aborted`: no result.
    pub fn outcome(&self, rules: Option<Outcome>, seats: usize) -> Option<Outcome> {
        let base = match self.ending {
            None => rules?,
            Some(Ending::Aborted) => return None,
            Some(Ending::Forfeit { seat, how }) => {
                let mut o = Outcome::forfeit(seats, seat, format!("{seat} {}", how.prose()));
                self.zero_retired(&mut o);
                o
            }
            Some(Ending::Agreed) => Outcome::draw(seats, "drawn by agreement"),
        };
        let retired: Vec<(Seat, usize)> = self.retired.iter().map(|r| (r.seat, r.after)).collect();
        Some(base.with_retired(&retired))
    }

    fn zero_retired(&self, outcome: &mut Outcome) {
        for r in &self.retired {
            if let Some(score) = outcome.scores.get_mut(r.seat.index()) {
                *score = 0;
            }
        }
    }
}

fn parse_seat(text: &str, seats: usize) -> Result<Seat, EndingError> {
    let number: usize = text
        .parse()
        .ok()
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| EndingError::Syntax {
            text: text.to_owned(),
            expected: "a seat number",
        })?;
    match number.checked_sub(1) {
        Some(index) if index < seats => Ok(Seat(index as u8)),
        _ => Err(EndingError::NoSuchSeat {
            text: text.to_owned(),
            seats,
        }),
    }
}

fn parse_departure(word: &str) -> Result<Departure, EndingError> {
    Departure::parse(word).ok_or_else(|| EndingError::Syntax {
        text: word.to_owned(),
        expected: "`resigned`, `timeout` or `abandoned`",
    })
}

/// Reads an `Ending` value: `resigned 2`, `timeout 2`, `abandoned 2`, `agreed`, `aborted`.
pub fn parse_ending(text: &str, seats: usize) -> Result<Ending, EndingError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["agreed"] => Ok(Ending::Agreed),
        ["aborted"] => Ok(Ending::Aborted),
        [word, seat] if Departure::parse(word).is_some() => Ok(Ending::Forfeit {
            seat: parse_seat(seat, seats)?,
            how: parse_departure(word)?,
        }),
        _ => Err(EndingError::Syntax {
            text: text.to_owned(),
            expected: "`resigned N`, `timeout N`, `abandoned N`, `agreed` or `aborted`",
        }),
    }
}

/// Reads a `Retired` value: entries `SEAT@ACTIONS HOW` separated by commas.
pub fn parse_retired(text: &str, seats: usize) -> Result<Vec<Retirement>, EndingError> {
    text.split(',')
        .map(|entry| {
            let entry = entry.trim();
            let syntax = || EndingError::Syntax {
                text: entry.to_owned(),
                expected: "a retirement `SEAT@ACTIONS resigned|timeout|abandoned`",
            };
            let (place, how) = entry.split_once(' ').ok_or_else(syntax)?;
            let (seat, after) = place.split_once('@').ok_or_else(syntax)?;
            let after = after
                .parse::<usize>()
                .ok()
                .filter(|_| after.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| EndingError::Syntax {
                    text: after.to_owned(),
                    expected: "a number of actions",
                })?;
            Ok(Retirement {
                seat: parse_seat(seat, seats)?,
                after,
                how: parse_departure(how.trim())?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(key: &str, value: &str) -> Record {
        let mut record = Record::default();
        record.set_header(key, value);
        record
    }

    #[test]
    fn every_ending_reads_back_from_its_text() {
        for ending in [
            Ending::Forfeit {
                seat: Seat(1),
                how: Departure::Resigned,
            },
            Ending::Forfeit {
                seat: Seat(0),
                how: Departure::Timeout,
            },
            Ending::Forfeit {
                seat: Seat(3),
                how: Departure::Abandoned,
            },
            Ending::Agreed,
            Ending::Aborted,
        ] {
            assert_eq!(parse_ending(&ending.to_string(), 4), Ok(ending));
        }
        assert_eq!(
            Ending::Forfeit {
                seat: Seat(1),
                how: Departure::Resigned
            }
            .to_string(),
            "resigned 2"
        );
    }

    #[test]
    fn a_bad_ending_is_refused_quoting_the_bad_text() {
        let e = parse_ending("resigned two", 2).unwrap_err();
        assert_eq!(e.to_string(), "`two` is not a seat number");
        let e = parse_ending("resigned 3", 2).unwrap_err();
        assert_eq!(e.to_string(), "`3` is not a seat of this game (1 to 2)");
        let e = parse_ending("resigned 0", 2).unwrap_err();
        assert!(e.to_string().starts_with("`0` is not a seat"), "{e}");
        let e = parse_ending("Light resigned", 2).unwrap_err();
        assert!(e.to_string().starts_with("`Light resigned` is not"), "{e}");
    }

    #[test]
    fn retirements_read_in_order_and_refuse_what_cannot_be() {
        let record = header(RETIRED, "3@57 resigned, 2@80 timeout");
        let endings = Endings::from_record(&record, 4).expect("two retirements");
        assert_eq!(
            endings.retired,
            [
                Retirement {
                    seat: Seat(2),
                    after: 57,
                    how: Departure::Resigned
                },
                Retirement {
                    seat: Seat(1),
                    after: 80,
                    how: Departure::Timeout
                },
            ]
        );
        let mut again = Record::default();
        endings.write(&mut again);
        assert_eq!(again.header(RETIRED), Some("3@57 resigned, 2@80 timeout"));

        let refused = |value: &str, seats: usize| {
            Endings::from_record(&header(RETIRED, value), seats)
                .unwrap_err()
                .1
                .to_string()
        };
        assert_eq!(
            refused("2@10 resigned", 2),
            "a seat can retire only from a game of three or more seats; this one has 2 (write an Ending instead)"
        );
        assert_eq!(
            refused("2@10 resigned, 2@12 timeout", 3),
            "seat 2 has already retired"
        );
        assert_eq!(
            refused("2@10 resigned, 3@5 timeout", 4),
            "`3@5 timeout` retires after fewer actions than the entry before it"
        );
        assert_eq!(
            refused("1@1 resigned, 2@2 resigned, 3@3 resigned", 3),
            "every seat would have retired"
        );
        assert_eq!(refused("2@x resigned", 3), "`x` is not a number of actions");
        assert_eq!(
            refused("2@4 quit", 3),
            "`quit` is not `resigned`, `timeout` or `abandoned`"
        );
        assert!(refused("2 resigned", 3).starts_with("`2 resigned` is not a retirement"));
    }

    #[test]
    fn an_ending_cannot_name_a_seat_that_retired() {
        let mut record = header(RETIRED, "2@10 resigned");
        record.set_header(ENDING, "timeout 2");
        let e = Endings::from_record(&record, 3).unwrap_err();
        assert_eq!(e, (ENDING, EndingError::AlreadyRetired { seat: Seat(1) }));
    }

    #[test]
    fn a_resignation_in_a_duel_is_a_win_for_the_other_seat() {
        let endings = Endings {
            ending: Some(Ending::Forfeit {
                seat: Seat(0),
                how: Departure::Resigned,
            }),
            retired: Vec::new(),
        };
        let o = endings.outcome(None, 2).expect("a result");
        assert_eq!(
            (o.scores.as_slice(), o.ranks.as_slice()),
            (&[0, 1][..], &[1, 0][..])
        );
        assert_eq!(o.reason, "seat 1 resigned");
    }

    #[test]
    fn retired_seats_rank_below_every_seat_still_playing_the_later_above_the_earlier() {
        // Four seats; the rules' territory count would put seat 1 (index 0) first, but it
        // retired first, then seat 3.
        let rules = Outcome::from_scores(vec![40, 12, 30, 5], "territory");
        let endings = Endings {
            ending: None,
            retired: vec![
                Retirement {
                    seat: Seat(0),
                    after: 20,
                    how: Departure::Resigned,
                },
                Retirement {
                    seat: Seat(2),
                    after: 60,
                    how: Departure::Abandoned,
                },
            ],
        };
        let o = endings.outcome(Some(rules), 4).expect("a result");
        assert_eq!(o.scores, [40, 12, 30, 5], "the rules' scores stand");
        assert_eq!(o.ranks, [3, 0, 2, 1]);
        assert_eq!(o.winners(), [Seat(1)]);
    }

    #[test]
    fn an_agreed_draw_ties_the_seats_still_playing_above_the_retired() {
        let endings = Endings {
            ending: Some(Ending::Agreed),
            retired: vec![Retirement {
                seat: Seat(1),
                after: 9,
                how: Departure::Timeout,
            }],
        };
        let o = endings.outcome(None, 3).expect("a result");
        assert_eq!(o.ranks, [0, 2, 0]);
        assert_eq!(o.score_text(), "0-0-0");
        let aborted = Endings {
            ending: Some(Ending::Aborted),
            retired: Vec::new(),
        };
        assert_eq!(aborted.outcome(None, 2), None);
    }

    #[test]
    fn nothing_outside_the_rules_after_the_rules_ended_the_game() {
        let rules = Outcome::win(2, Seat(0), "breakthrough at c7");
        let endings = Endings {
            ending: Some(Ending::Agreed),
            retired: Vec::new(),
        };
        let (key, e) = endings.check_against(Some(&rules), 9).unwrap_err();
        assert_eq!(key, ENDING);
        assert_eq!(
            e.to_string(),
            "the rules ended the game (breakthrough at c7); it cannot also end by `agreed`"
        );
        let late = Endings {
            ending: None,
            retired: vec![Retirement {
                seat: Seat(2),
                after: 12,
                how: Departure::Resigned,
            }],
        };
        let (key, e) = late.check_against(None, 10).unwrap_err();
        assert_eq!(key, RETIRED);
        assert_eq!(
            e.to_string(),
            "`3@12 resigned` retires after 12 actions, but the record has 10"
        );
    }
}
