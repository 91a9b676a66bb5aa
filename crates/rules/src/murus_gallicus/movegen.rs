//! Move generation and bulk counting on bitboards.
//!
//! Every rule is a set operation over whole boards: the towers that may move north are the towers
//! whose two northern neighbours are both landing cells, and so on for the 8 directions. Counting
//! is the sum of the population counts of these sets, so [`count`] never builds a move list, and
//! nothing here allocates; [`generate`] pushes into the caller's vector.

use super::actions::Action;
use super::board::{cells_of, shift, Cell, Colour, Dir, Stones, DIRS};

/// What the generator needs to know about the variant and the side to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mover {
    /// The side to move.
    pub me: Colour,
    /// Catapults exist (stacking limit 3).
    pub advanced: bool,
    /// The cells of the board.
    pub board: u64,
}

/// The opposite direction.
#[inline(always)]
const fn back(d: Dir) -> Dir {
    Dir {
        dx: -d.dx,
        dy: -d.dy,
    }
}

/// The cell `k` steps from `from` in direction `d`; the caller knows it is on the board.
#[inline(always)]
fn step(from: Cell, d: Dir, k: i8) -> Cell {
    Cell((from.0 as i8 + (d.dy * 8 + d.dx) * k) as u8)
}

/// The 5 directions a catapult of `me` fires in: forward, the two forward diagonals and the two
/// sideways directions (murus-gallicus §2.3: never backward).
#[inline(always)]
fn fire_dirs(me: Colour) -> [Dir; 5] {
    let f = me.forward();
    [
        Dir { dx: 0, dy: f },
        Dir { dx: 1, dy: f },
        Dir { dx: -1, dy: f },
        Dir { dx: 1, dy: 0 },
        Dir { dx: -1, dy: 0 },
    ]
}

impl Mover {
    /// Cells where one of `me`'s towers may drop a stone: empty, a friendly wall, and in Advanced
    /// a friendly tower; never an enemy stack, never a friendly catapult (§2.2, §2.3).
    #[inline(always)]
    fn landing(&self, st: &Stones) -> u64 {
        let enemy = st.occ[self.me.opponent().index()];
        let full = if self.advanced { st.cat } else { st.tall };
        self.board & !(enemy | full)
    }

    /// Cells where one of `me`'s catapults may throw a stone: anything on the board not holding
    /// its own pieces.
    #[inline(always)]
    fn fire_targets(&self, st: &Stones) -> u64 {
        self.board & !st.occ[self.me.index()]
    }

    /// The towers of `me` that may move in direction `d`.
    #[inline(always)]
    fn movers(towers: u64, landing: u64, d: Dir) -> u64 {
        let pair = landing & shift(landing, back(d), 1);
        towers & shift(pair, back(d), 1)
    }

    /// The number of legal actions outside the opening phase, by population counts.
    #[inline]
    pub fn count(&self, st: &Stones) -> u32 {
        let opp = self.me.opponent();
        let towers = st.towers(self.me);
        let landing = self.landing(st);
        let enemy_walls = st.walls(opp);
        let mut n = 0;
        for d in DIRS {
            n += Self::movers(towers, landing, d).count_ones();
            n += (towers & shift(enemy_walls, back(d), 1)).count_ones();
        }
        if self.advanced {
            n += self.count_advanced(st, towers);
        }
        n
    }

    /// Sacrifices against catapults (two per adjacent pair) and catapult shots.
    #[inline]
    fn count_advanced(&self, st: &Stones, towers: u64) -> u32 {
        let enemy_cats = st.catapults(self.me.opponent());
        let cats = st.catapults(self.me);
        let mut n = 0;
        if enemy_cats != 0 {
            for d in DIRS {
                n += 2 * (towers & shift(enemy_cats, back(d), 1)).count_ones();
            }
        }
        if cats != 0 {
            let targets = self.fire_targets(st);
            for d in fire_dirs(self.me) {
                n += (cats & shift(targets, back(d), 2)).count_ones();
                n += (cats & shift(targets, back(d), 3)).count_ones();
            }
        }
        n
    }

    /// Whether any action is legal outside the opening phase.
    #[inline]
    pub fn any(&self, st: &Stones) -> bool {
        let opp = self.me.opponent();
        let towers = st.towers(self.me);
        let landing = self.landing(st);
        let sacrifice_targets = if self.advanced {
            st.walls(opp) | st.catapults(opp)
        } else {
            st.walls(opp)
        };
        let mut found = 0;
        for d in DIRS {
            found |= Self::movers(towers, landing, d);
            found |= towers & shift(sacrifice_targets, back(d), 1);
        }
        if found != 0 {
            return true;
        }
        let cats = st.catapults(self.me);
        if self.advanced && cats != 0 {
            let targets = self.fire_targets(st);
            for d in fire_dirs(self.me) {
                found |= cats & (shift(targets, back(d), 2) | shift(targets, back(d), 3));
            }
        }
        found != 0
    }

    /// Appends every legal action outside the opening phase to `out`: tower moves and
    /// sacrifices direction by direction, then catapult shots.
    pub fn generate(&self, st: &Stones, out: &mut Vec<Action>) {
        let opp = self.me.opponent();
        let sets = TowerSets {
            towers: st.towers(self.me),
            landing: self.landing(st),
            enemy_walls: st.walls(opp),
            enemy_cats: if self.advanced { st.catapults(opp) } else { 0 },
        };
        // Spelt out so that each direction's shifts are constants.
        sets.generate(DIRS[0], out);
        sets.generate(DIRS[1], out);
        sets.generate(DIRS[2], out);
        sets.generate(DIRS[3], out);
        sets.generate(DIRS[4], out);
        sets.generate(DIRS[5], out);
        sets.generate(DIRS[6], out);
        sets.generate(DIRS[7], out);
        let cats = st.catapults(self.me);
        if self.advanced && cats != 0 {
            self.generate_fire(st, cats, out);
        }
    }

    /// Appends every catapult shot: onto empty cells as `from-to`, onto enemies as `fromxto`.
    fn generate_fire(&self, st: &Stones, cats: u64, out: &mut Vec<Action>) {
        let empty = self.board & !st.occupied();
        let enemy = st.occ[self.me.opponent().index()];
        let [ahead, right_ahead, left_ahead, right, left] = fire_dirs(self.me);
        for d in [ahead, right_ahead, left_ahead, right, left] {
            shots(cats, empty, enemy, d, 2, out);
            shots(cats, empty, enemy, d, 3, out);
        }
    }
}

/// Appends the shots of `cats` at distance `k` in direction `d`.
#[inline(always)]
fn shots(cats: u64, empty: u64, enemy: u64, d: Dir, k: i8, out: &mut Vec<Action>) {
    for from in cells_of(cats & shift(empty, back(d), k as u32)) {
        out.push(Action::dash(from, step(from, d, k)));
    }
    for from in cells_of(cats & shift(enemy, back(d), k as u32)) {
        out.push(Action::cross(from, step(from, d, k)));
    }
}

/// The sets a tower's actions depend on.
#[derive(Clone, Copy)]
struct TowerSets {
    towers: u64,
    landing: u64,
    enemy_walls: u64,
    enemy_cats: u64,
}

impl TowerSets {
    /// Appends the tower moves and sacrifices in direction `d`.
    #[inline(always)]
    fn generate(&self, d: Dir, out: &mut Vec<Action>) {
        for from in cells_of(Mover::movers(self.towers, self.landing, d)) {
            out.push(Action::dash(from, step(from, d, 2)));
        }
        for from in cells_of(self.towers & shift(self.enemy_walls, back(d), 1)) {
            out.push(Action::cross(from, step(from, d, 1)));
        }
        for from in cells_of(self.towers & shift(self.enemy_cats, back(d), 1)) {
            out.push(Action::cross(from, step(from, d, 1)));
            out.push(Action::star(from, step(from, d, 1)));
        }
    }
}

/// The opening redistribution (AbstractPlay house rule): the sources are `me`'s towers on his
/// home row, the cells are the empty cells of his second row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opening {
    /// Home-row towers of the side to move.
    pub sources: u64,
    /// Empty cells of his second row.
    pub free: u64,
}

impl Opening {
    /// The number of redistributions: each source with each unordered pair of free cells.
    #[inline]
    pub fn count(&self) -> u32 {
        let free = self.free.count_ones();
        self.sources.count_ones() * (free * free.saturating_sub(1) / 2)
    }

    /// Appends every redistribution, each unordered pair once with the smaller cell first.
    pub fn generate(&self, out: &mut Vec<Action>) {
        for from in cells_of(self.sources) {
            for a in cells_of(self.free) {
                let above = self.free & !(a.bit() << 1).wrapping_sub(1);
                for b in cells_of(above) {
                    out.push(Action::split(from, a, b));
                }
            }
        }
    }
}
