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
//! * The rules' own eliminations are not known here: in a game of three or more seats where the
//!   rules have already put seats out (competitive MuTou), an `Ending` forfeit still lets those
//!   seats share first place with the others; a server ends such a game by retirements, or only
//!   once two seats remain.
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
        self.outcome_naming(rules, seats, |seat| seat.to_string())
    }

    /// [`Endings::outcome`], with a forfeit's reason naming the seat that left by `name`
    /// (`Light (ann) resigned` where a server knows the players) rather than `seat 1`.
    pub fn outcome_naming(
        &self,
        rules: Option<Outcome>,
        seats: usize,
        name: impl Fn(Seat) -> String,
    ) -> Option<Outcome> {
        let base = match self.ending {
            None => rules?,
            Some(Ending::Aborted) => return None,
            Some(Ending::Forfeit { seat, how }) => {
                let reason = format!("{} {}", name(seat), how.prose());
                let mut o = Outcome::forfeit(seats, seat, reason);
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
mod tests;
