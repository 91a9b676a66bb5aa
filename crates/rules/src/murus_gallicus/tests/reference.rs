//! An independent, deliberately plain model of the rules for cross-checking the bitboard code:
//! a grid of `(owner, height)` pairs, loops over cells and directions, actions as strings. It
//! shares nothing with the fast code but the rules text (murus-gallicus §2.2–§2.4).

/// Whose stones stand on a cell, and how many.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Square {
    pub owner: usize,
    pub height: u8,
}

/// Rules switches, spelt out separately from `MurusVariant`.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub rows: i32,
    pub advanced: bool,
    pub redistribution: bool,
    pub immediate: bool,
    pub escape: bool,
    pub cap: Option<u32>,
}

/// A position of the reference model. Player 0 is Light (home row 0), player 1 Dark.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub rules: Rules,
    pub grid: [[Option<Square>; 8]; 8],
    pub side: usize,
    pub ply: u32,
}

/// The result the reference model sees.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RefResult {
    Win(usize),
    Draw,
}

/// A reference action: the acting cell, the cells it names and its separator.
#[derive(Clone, Debug)]
struct RefMove {
    text: String,
    kind: Kind,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Tower {
        from: (i32, i32),
        near: (i32, i32),
        far: (i32, i32),
    },
    Hit {
        from: (i32, i32),
        target: (i32, i32),
        stones: u8,
        from_loses: u8,
    },
    Throw {
        from: (i32, i32),
        target: (i32, i32),
    },
    Split {
        from: (i32, i32),
        a: (i32, i32),
        b: (i32, i32),
    },
}

pub(super) const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

fn name((file, rank): (i32, i32)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl RefGame {
    /// The start: towers on both home rows, Light to move.
    pub fn start(rules: Rules) -> RefGame {
        let mut grid = [[None; 8]; 8];
        grid[0] = [Some(Square {
            owner: 0,
            height: 2,
        }); 8];
        grid[rules.rows as usize - 1] = [Some(Square {
            owner: 1,
            height: 2,
        }); 8];
        RefGame {
            rules,
            grid,
            side: 0,
            ply: 0,
        }
    }

    /// Reads a position text (rows from the top, `W/T/C` Light, `w/t/c` Dark, digits for gaps,
    /// side `L`/`D`, ply count). Only well-formed texts are expected here.
    pub fn from_text(rules: Rules, text: &str) -> RefGame {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut grid = [[None; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let rank = rules.rows as usize - 1 - i;
            let mut file = 0;
            for ch in row.chars() {
                if let Some(gap) = ch.to_digit(10) {
                    file += gap as usize;
                    continue;
                }
                let owner = usize::from(ch.is_ascii_lowercase());
                let height = "wtc".find(ch.to_ascii_lowercase()).unwrap() as u8 + 1;
                grid[rank][file] = Some(Square { owner, height });
                file += 1;
            }
        }
        let side = usize::from(fields[1] == "D");
        RefGame {
            rules,
            grid,
            side,
            ply: fields[2].parse().unwrap(),
        }
    }

    fn inside(&self, (file, rank): (i32, i32)) -> bool {
        (0..8).contains(&file) && (0..self.rules.rows).contains(&rank)
    }

    fn at(&self, (file, rank): (i32, i32)) -> Option<Square> {
        self.grid[rank as usize][file as usize]
    }

    fn home(&self, player: usize) -> i32 {
        if player == 0 {
            0
        } else {
            self.rules.rows - 1
        }
    }

    /// Whether `player` has a stone on `row`.
    fn holds_row(&self, player: usize, row: i32) -> bool {
        (0..8).any(|f| self.at((f, row)).is_some_and(|s| s.owner == player))
    }

    fn moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        if self.rules.redistribution && self.ply < 2 {
            self.splits(&mut out);
            return out;
        }
        for rank in 0..self.rules.rows {
            for file in 0..8 {
                let here = (file, rank);
                match self.at(here) {
                    Some(Square { owner, height: 2 }) if owner == self.side => {
                        self.tower(here, &mut out)
                    }
                    Some(Square { owner, height: 3 }) if owner == self.side => {
                        self.catapult(here, &mut out)
                    }
                    _ => {}
                }
            }
        }
        out
    }

    fn splits(&self, out: &mut Vec<RefMove>) {
        let home = self.home(self.side);
        let second = if self.side == 0 {
            1
        } else {
            self.rules.rows - 2
        };
        for f in 0..8 {
            let from = (f, home);
            if self.at(from)
                != Some(Square {
                    owner: self.side,
                    height: 2,
                })
            {
                continue;
            }
            for a in 0..8 {
                for b in a + 1..8 {
                    let (ca, cb) = ((a, second), (b, second));
                    if self.at(ca).is_none() && self.at(cb).is_none() {
                        let text = format!("{}-{},{}", name(from), name(ca), name(cb));
                        out.push(RefMove {
                            text,
                            kind: Kind::Split { from, a: ca, b: cb },
                        });
                    }
                }
            }
        }
    }

    fn tower(&self, from: (i32, i32), out: &mut Vec<RefMove>) {
        let limit = if self.rules.advanced { 3 } else { 2 };
        for (dx, dy) in KING {
            let near = (from.0 + dx, from.1 + dy);
            let far = (from.0 + 2 * dx, from.1 + 2 * dy);
            if !self.inside(near) {
                continue;
            }
            let fits = |c| {
                self.inside(c)
                    && self
                        .at(c)
                        .is_none_or(|s: Square| s.owner == self.side && s.height < limit)
            };
            if fits(near) && fits(far) {
                let text = format!("{}-{}", name(from), name(far));
                out.push(RefMove {
                    text,
                    kind: Kind::Tower { from, near, far },
                });
            }
            match self.at(near) {
                Some(s) if s.owner != self.side && (s.height == 1 || s.height == 3) => {
                    let text = format!("{}x{}", name(from), name(near));
                    out.push(RefMove {
                        text,
                        kind: Kind::Hit {
                            from,
                            target: near,
                            stones: 1,
                            from_loses: 1,
                        },
                    });
                    if s.height == 3 {
                        let text = format!("{}*{}", name(from), name(near));
                        out.push(RefMove {
                            text,
                            kind: Kind::Hit {
                                from,
                                target: near,
                                stones: 2,
                                from_loses: 2,
                            },
                        });
                    }
                }
                _ => {}
            }
        }
    }

    fn catapult(&self, from: (i32, i32), out: &mut Vec<RefMove>) {
        let fwd = if self.side == 0 { 1 } else { -1 };
        for (dx, dy) in [(0, fwd), (1, fwd), (-1, fwd), (1, 0), (-1, 0)] {
            for k in [2, 3] {
                let target = (from.0 + k * dx, from.1 + k * dy);
                if !self.inside(target) {
                    continue;
                }
                match self.at(target) {
                    None => {
                        let text = format!("{}-{}", name(from), name(target));
                        out.push(RefMove {
                            text,
                            kind: Kind::Throw { from, target },
                        });
                    }
                    Some(s) if s.owner != self.side => {
                        let text = format!("{}x{}", name(from), name(target));
                        out.push(RefMove {
                            text,
                            kind: Kind::Hit {
                                from,
                                target,
                                stones: 1,
                                from_loses: 1,
                            },
                        });
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// The legal actions, as sorted strings; empty once the game is over.
    pub fn legal(&self) -> Vec<String> {
        if self.result().is_some() {
            return Vec::new();
        }
        let mut texts: Vec<String> = self.moves().into_iter().map(|m| m.text).collect();
        texts.sort();
        texts
    }

    /// The result, checked in the spec's order: breakthrough, stalemate, then the ply cap.
    pub fn result(&self) -> Option<RefResult> {
        let me = self.side;
        let other = 1 - me;
        if !self.rules.escape {
            let immediate = !self.rules.advanced || self.rules.immediate;
            if immediate && self.holds_row(other, self.home(me)) {
                return Some(RefResult::Win(other));
            }
            if self.holds_row(me, self.home(other)) {
                return Some(RefResult::Win(me));
            }
        }
        if self.moves().is_empty() {
            return Some(RefResult::Win(other));
        }
        match self.rules.cap {
            Some(cap) if self.ply >= cap => Some(RefResult::Draw),
            _ => None,
        }
    }

    fn add(&mut self, c: (i32, i32), owner: usize, n: u8) {
        let cell = &mut self.grid[c.1 as usize][c.0 as usize];
        let height = cell.map_or(0, |s| s.height) + n;
        *cell = Some(Square { owner, height });
    }

    fn remove(&mut self, c: (i32, i32), n: u8) {
        let cell = &mut self.grid[c.1 as usize][c.0 as usize];
        let square = cell.expect("a stone to remove");
        *cell = (square.height > n).then_some(Square {
            owner: square.owner,
            height: square.height - n,
        });
    }

    /// Plays the legal action written `text`; panics when there is none.
    pub fn play(&mut self, text: &str) {
        let chosen = self
            .moves()
            .into_iter()
            .find(|m| m.text == text)
            .expect("a legal reference move");
        let me = self.side;
        match chosen.kind {
            Kind::Tower { from, near, far } => {
                self.remove(from, 2);
                self.add(near, me, 1);
                self.add(far, me, 1);
            }
            Kind::Hit {
                from,
                target,
                stones,
                from_loses,
            } => {
                self.remove(from, from_loses);
                self.remove(target, stones);
            }
            Kind::Throw { from, target } => {
                self.remove(from, 1);
                self.add(target, me, 1);
            }
            Kind::Split { from, a, b } => {
                self.remove(from, 2);
                self.add(a, me, 1);
                self.add(b, me, 1);
            }
        }
        self.side = 1 - me;
        self.ply += 1;
    }

    /// The position text, written independently of the fast code.
    pub fn text(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.rules.rows).rev() {
            let mut row = String::new();
            let mut gap = 0;
            for file in 0..8 {
                match self.at((file, rank)) {
                    None => gap += 1,
                    Some(s) => {
                        if gap > 0 {
                            row += &gap.to_string();
                        }
                        gap = 0;
                        let letter = ['W', 'T', 'C'][usize::from(s.height) - 1];
                        row.push(if s.owner == 0 {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            if gap > 0 {
                row += &gap.to_string();
            }
            rows.push(row);
        }
        format!("{} {} {}", rows.join("/"), ["L", "D"][self.side], self.ply)
    }

    /// Leaf count of all action sequences of length `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal
            .iter()
            .map(|text| {
                let mut next = self.clone();
                next.play(text);
                next.perft(depth - 1)
            })
            .sum()
    }
}
