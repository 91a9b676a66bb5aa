//! Board pieces (anjia): a base, up to ten shakken, and a noejj showing allegiance (mutou S3,
//! S12, D13).

use std::fmt::{self, Display};

use super::surface::TesselId;

/// Most shakken one base holds (S3).
pub const MAX_SHAKKEN: u8 = 10;

/// Most seats a game can have (S1).
pub const MAX_SEATS: usize = 10;

/// A move power (S8–S12). Blood moves as a Walker or an Angler.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Power {
    /// Cross a shared edge (S8).
    Walker,
    /// Step to a tessel sharing a vertex but no edge (S9).
    Angler,
    /// Trace edges between two other tessels (S10, D9).
    Jagger,
    /// Go where the dice send the piece (S11, D10).
    Rand,
    /// A Walker or Angler step that spends a blood shak's use (S12).
    Blood,
}

impl Power {
    /// Every power, in letter order.
    pub const ALL: [Power; 5] = [
        Power::Walker,
        Power::Angler,
        Power::Jagger,
        Power::Rand,
        Power::Blood,
    ];

    /// The power's letter: W, A, J, R, B.
    pub fn letter(self) -> char {
        ['W', 'A', 'J', 'R', 'B'][self.index()]
    }

    /// The index of the power in [`Power::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The power of a letter.
    pub fn from_letter(c: char) -> Option<Power> {
        Power::ALL
            .into_iter()
            .find(|p| p.letter() == c.to_ascii_uppercase())
    }
}

/// One shak. A blood shak remembers its original owner (D13).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Shak {
    /// A Walker shak.
    Walker,
    /// An Angler shak.
    Angler,
    /// A Jagger shak.
    Jagger,
    /// A Rand shak.
    Rand,
    /// A blood shak of the seat with this index.
    Blood(u8),
}

impl Shak {
    /// The shakken that are not blood, in letter order.
    pub const PLAIN: [Shak; 4] = [Shak::Walker, Shak::Angler, Shak::Jagger, Shak::Rand];

    /// Reads `W`, `A`, `J`, `R` or `B<seat>` (seats counted from 1), the whole text.
    pub fn parse(text: &str) -> Option<Shak> {
        let mut chars = text.chars();
        let first = chars.next()?;
        let rest = chars.as_str();
        match (Power::from_letter(first)?, rest) {
            (Power::Walker, "") => Some(Shak::Walker),
            (Power::Angler, "") => Some(Shak::Angler),
            (Power::Jagger, "") => Some(Shak::Jagger),
            (Power::Rand, "") => Some(Shak::Rand),
            (Power::Blood, digits) => {
                let seat: usize = digits.parse().ok()?;
                (1..=MAX_SEATS)
                    .contains(&seat)
                    .then(|| Shak::Blood((seat - 1) as u8))
            }
            _ => None,
        }
    }
}

impl Display for Shak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shak::Walker => f.write_str("W"),
            Shak::Angler => f.write_str("A"),
            Shak::Jagger => f.write_str("J"),
            Shak::Rand => f.write_str("R"),
            Shak::Blood(s) => write!(f, "B{}", s + 1),
        }
    }
}

/// A multiset of shakken: the stack on one base, a player's supply to set out, or a heap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Shakken {
    /// Walker, Angler, Jagger and Rand counts.
    pub plain: [u8; 4],
    /// Blood counts by original owner.
    pub blood: [u8; MAX_SEATS],
}

impl Shakken {
    /// How many shakken in all, stopping at 255 (a valid stack holds at most ten, a player's
    /// supply at most 29; only a refused text could hold more).
    pub fn total(&self) -> u8 {
        self.plain
            .iter()
            .chain(self.blood.iter())
            .fold(0u8, |sum, &n| sum.saturating_add(n))
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// How many of one kind.
    pub fn count(&self, shak: Shak) -> u8 {
        match shak {
            Shak::Blood(s) => self.blood[usize::from(s)],
            plain => self.plain[plain_index(plain)],
        }
    }

    /// All blood shakken, whoever's (stopping at 255, as [`Shakken::total`]).
    pub fn blood_total(&self) -> u8 {
        self.blood.iter().fold(0u8, |sum, &n| sum.saturating_add(n))
    }

    /// How many uses of a power the stack gives in one batch (S13): blood gives Blood uses.
    pub fn uses(&self, power: Power) -> u8 {
        match power {
            Power::Blood => self.blood_total(),
            other => self.plain[other.index()],
        }
    }

    /// Adds one shak.
    pub fn add(&mut self, shak: Shak) {
        match shak {
            Shak::Blood(s) => self.blood[usize::from(s)] += 1,
            plain => self.plain[plain_index(plain)] += 1,
        }
    }

    /// Takes one shak away; false (and nothing changes) if there is none of that kind.
    pub fn remove(&mut self, shak: Shak) -> bool {
        let slot = match shak {
            Shak::Blood(s) => &mut self.blood[usize::from(s)],
            plain => &mut self.plain[plain_index(plain)],
        };
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    /// Adds every shak of `other`.
    pub fn add_all(&mut self, other: &Shakken) {
        for (a, b) in self.plain.iter_mut().zip(other.plain) {
            *a += b;
        }
        for (a, b) in self.blood.iter_mut().zip(other.blood) {
            *a += b;
        }
    }

    /// The distinct kinds present, in a fixed order (W, A, J, R, then blood by seat).
    pub fn kinds(&self) -> impl Iterator<Item = Shak> + '_ {
        let plain = Shak::PLAIN.into_iter().filter(|&s| self.count(s) > 0);
        let blood = (0..MAX_SEATS as u8)
            .map(Shak::Blood)
            .filter(|&s| self.count(s) > 0);
        plain.chain(blood)
    }

    /// A player's supply at a tier: counts of W, A, J, R, B, the blood being `seat`'s.
    pub fn supply(counts: [u8; 5], seat: u8) -> Shakken {
        let mut s = Shakken::default();
        s.plain.copy_from_slice(&counts[..4]);
        s.blood[usize::from(seat)] = counts[4];
        s
    }

    /// Reads the text written by `Display`: `-` for none, else shak letters (`WWAJB1`), each
    /// letter followed by the digits that belong to it. Works on characters, so any text is
    /// safe to give; `None` for anything that is not such a text, or that would count more
    /// than 255 of one kind.
    pub fn parse(text: &str) -> Option<Shakken> {
        let mut s = Shakken::default();
        if text == "-" {
            return Some(s);
        }
        let mut rest = text;
        while let Some(first) = rest.chars().next() {
            let after = &rest[first.len_utf8()..];
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let (one, tail) = rest.split_at(first.len_utf8() + digits);
            let shak = Shak::parse(one)?;
            if s.count(shak) == u8::MAX {
                return None;
            }
            s.add(shak);
            rest = tail;
        }
        (!text.is_empty()).then_some(s)
    }
}

impl Display for Shakken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for shak in self.kinds() {
            for _ in 0..self.count(shak) {
                write!(f, "{shak}")?;
            }
        }
        Ok(())
    }
}

fn plain_index(shak: Shak) -> usize {
    match shak {
        Shak::Walker => 0,
        Shak::Angler => 1,
        Shak::Jagger => 2,
        Shak::Rand => 3,
        Shak::Blood(_) => unreachable!("blood has its own table"),
    }
}

/// A board piece on a tessel.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The seat whose noejj tops it (its allegiance).
    pub owner: u8,
    /// Where it stands.
    pub at: TesselId,
    /// Its stack.
    pub shakken: Shakken,
}

impl Piece {
    /// Whether the piece keeps its owner in the game: it carries the owner's own blood (D13).
    pub fn gives_survival(&self) -> bool {
        self.shakken.blood[usize::from(self.owner)] > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stack_reads_back_from_its_text() {
        let mut s = Shakken::supply([2, 1, 0, 1, 1], 2);
        s.add(Shak::Blood(9));
        assert_eq!(s.to_string(), "WWARB3B10");
        assert_eq!(Shakken::parse("WWARB3B10"), Some(s));
        assert_eq!(Shakken::parse("-"), Some(Shakken::default()));
        assert_eq!(Shakken::parse("B0"), None);
        assert_eq!(Shakken::parse("X"), None);
        assert_eq!(Shakken::parse(""), None);
    }

    #[test]
    fn blood_gives_survival_only_on_its_owners_piece() {
        let mut shakken = Shakken::default();
        shakken.add(Shak::Blood(0));
        let mine = Piece {
            owner: 0,
            at: TesselId(0),
            shakken,
        };
        assert!(mine.gives_survival());
        let converted = Piece { owner: 1, ..mine };
        assert!(!converted.gives_survival());
        assert_eq!(converted.shakken.uses(Power::Blood), 1);
    }
}
