//! The set layouts of mutou D5/D6: boards with zones and stands for 2 to 10 seats.
//!
//! Sectors: with n seats, sector i is centred on the angle −90° + i·360°/n (seat 0 at the
//! bottom, counter-clockwise) and spans 360°/n; a centre on a sector boundary belongs to the
//! sector counter-clockwise of it, and a centre at the origin to no sector.
//! Stands grow greedily: start from the cell of the zone farthest from the centre (ties: nearest
//! the sector's bisector, then lowest id), then repeatedly add the farthest (then
//! nearest-bisector, then lowest id) edge-neighbour inside the zone. If that start cannot reach
//! `bases` cells, the next start in the same order is tried.

use std::f64::consts::{FRAC_PI_2, PI, TAU};

use super::error::SurfaceError;
use super::generate::hexhex_cells;
use super::ids::TesselId;
use super::map::{Origin, Surface, Wrap};
use super::voronoi;

/// Outline area per shak when sowing: the outline's area is about this × seats × shakken
/// (mutou D6; leaves room for the d_min spacing).
pub const SOWN_AREA_PER_SHAK: f64 = 2.5;

/// A sown point landing closer than this to an earlier point is thrown again ("lands atop
/// another shak", mutou S22).
pub const SOWN_D_MIN: f64 = 0.6;

/// Throws allowed per point before a sowing attempt gives up.
pub const SOWN_MAX_THROWS: u32 = 10_000;

/// Whole sowings tried (each with its own streams) before a sown layout fails.
const SOWN_ATTEMPTS: u64 = 8;

/// The most bases per stand on disc, hex and sown boards.
const MAX_BASES: usize = 40;

/// The most shakken per seat on sown boards.
const MAX_SHAKKEN: usize = 200;

/// Corners of the sown outline.
const OUTLINE_CORNERS: usize = 32;

/// Which kind of set layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// Square cells: the 8×8 board for 2 seats (with the given wrap), a disc of squares for
    /// 3 or more (no wrap).
    Square(Wrap),
    /// A hexhex board.
    Hex,
    /// Voronoi cells sown from the seats' shakken inside a regular 32-gon.
    Sown,
}

/// A set layout: the surface with stand marks, and per seat its zone and stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The board.
    pub surface: Surface,
    /// Zone of seat i (ascending tessel ids).
    pub zones: Vec<Vec<TesselId>>,
    /// Stand of seat i: `bases` edge-connected tessels inside the zone, ascending.
    pub stands: Vec<Vec<TesselId>>,
}

/// The SplitMix64 generator: the only randomness, seeded, so a seed gives one board forever.
#[derive(Clone, Debug)]
pub(super) struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// Builds the set layout of `board` for `seats` players with `bases` tessels per stand
/// (mutou D5, D6). `shakken` (points per seat) and `seed` matter only for sown boards. The
/// same arguments always give the same layout, and it validates (V1–V4).
pub fn layout(
    board: Board,
    seats: usize,
    bases: usize,
    shakken: usize,
    seed: u64,
) -> Result<Layout, SurfaceError> {
    if !(2..=10).contains(&seats) {
        return Err(SurfaceError::Layout(format!(
            "{seats} seats (MuTou has 2 to 10, S1)"
        )));
    }
    if bases == 0 {
        return Err(SurfaceError::Layout("a stand of 0 bases".to_string()));
    }
    match board {
        Board::Square(wrap) if seats == 2 => two_seat_square(wrap, bases),
        Board::Square(Wrap::None) => disc(seats, bases, false),
        Board::Square(wrap) => Err(SurfaceError::Layout(format!(
            "{wrap:?} wraps only the 2-seat board, not {seats} seats"
        ))),
        Board::Hex => disc(seats, bases, true),
        Board::Sown => sown(seats, bases, shakken, seed),
    }
}

/// Mutou D5, two seats: 8×8, zones ranks 1–4 and 5–8; stand 0 a centred run on rank 1, then
/// rank 2; stand 1 is stand 0 turned 180°.
fn two_seat_square(wrap: Wrap, bases: usize) -> Result<Layout, SurfaceError> {
    if bases > 16 {
        return Err(SurfaceError::Layout(format!(
            "{bases} bases (at most 16 on the 8x8 board)"
        )));
    }
    let mut surface = Surface::square(8, 8, wrap)?;
    let run = |rank: u16, k: usize| {
        let start = (8 - k as u16) / 2;
        (start..start + k as u16).map(move |x| TesselId(rank * 8 + x))
    };
    let mut stand: Vec<TesselId> = run(0, bases.min(8))
        .chain(run(1, bases.saturating_sub(8)))
        .collect();
    stand.sort_unstable();
    let mut turned: Vec<TesselId> = stand.iter().map(|t| TesselId(63 - t.0)).collect();
    turned.sort_unstable();
    surface.mark_stand(0, &stand)?;
    surface.mark_stand(1, &turned)?;
    let zones = vec![
        (0..32).map(TesselId).collect(),
        (32..64).map(TesselId).collect(),
    ];
    Ok(Layout {
        surface,
        zones,
        stands: vec![stand, turned],
    })
}

/// The sector (0..n) of a direction, or `None` at the origin.
pub(super) fn sector_of(x: f64, y: f64, n: usize) -> Option<usize> {
    if x == 0.0 && y == 0.0 {
        return None;
    }
    let turn = TAU / n as f64;
    let mut u = ((y.atan2(x) + FRAC_PI_2 + turn / 2.0) / turn).rem_euclid(n as f64);
    if (u - u.round()).abs() < 1e-9 {
        u = u.round();
    }
    Some(u.floor() as usize % n)
}

/// The angle between a direction and sector i's bisector, in [0, π].
fn off_bisector(x: f64, y: f64, i: usize, n: usize) -> f64 {
    let bisector = -FRAC_PI_2 + i as f64 * TAU / n as f64;
    let d = (y.atan2(x) - bisector).rem_euclid(TAU);
    d.min(TAU - d)
}

/// The centre of a generated cell: square (x + ½, y + ½), hex (√3·(q + r/2), 1.5·r), or the
/// sown point.
fn centre(origin: Origin) -> (f64, f64) {
    match origin {
        Origin::Square { x, y } => (f64::from(x) + 0.5, f64::from(y) + 0.5),
        Origin::Hex { q, r } => {
            let (q, r) = (f64::from(q), f64::from(r));
            (3f64.sqrt() * (q + r / 2.0), 1.5 * r)
        }
        Origin::Sown { x, y } => (x, y),
        Origin::Scribed => (0.0, 0.0),
    }
}

/// Mutou D5, n ≥ 3 squares (a disc of unit squares) or any n hexes (a hexhex board): the
/// smallest board whose n sectors each hold at least 3 × bases cells.
fn disc(seats: usize, bases: usize, hex: bool) -> Result<Layout, SurfaceError> {
    if bases > MAX_BASES {
        return Err(SurfaceError::Layout(format!(
            "{bases} bases (at most {MAX_BASES})"
        )));
    }
    for size in 1..=140u16 {
        let cells = if hex {
            hexhex_cells(size)?
        } else {
            disc_cells(size)
        };
        let centres: Vec<(f64, f64)> = cells
            .iter()
            .map(|&(a, b)| match hex {
                true => centre(Origin::Hex { q: a, r: b }),
                false => centre(Origin::Square { x: a, y: b }),
            })
            .collect();
        let mut count = vec![0usize; seats];
        for &(x, y) in &centres {
            if let Some(i) = sector_of(x, y, seats) {
                count[i] += 1;
            }
        }
        if count.iter().all(|&c| c >= 3 * bases) {
            let surface = match hex {
                true => Surface::hex_cells(&cells)?,
                false => Surface::square_cells(&cells)?,
            };
            return finish(surface, seats, bases);
        }
    }
    Err(SurfaceError::Layout(format!(
        "{bases} bases for {seats} seats do not fit"
    )))
}

/// Unit squares whose centre lies within k/2 of the origin, row by row from the bottom.
fn disc_cells(k: u16) -> Vec<(i16, i16)> {
    let k = i32::from(k);
    let inside = |x: i32, y: i32| (2 * x + 1).pow(2) + (2 * y + 1).pow(2) <= k * k;
    (-k..=k)
        .flat_map(|y| {
            (-k..=k)
                .filter(move |&x| inside(x, y))
                .map(move |x| (x as i16, y as i16))
        })
        .collect()
}

/// Zones by the sector of each tessel's centre; stands grown greedily; stand marks set.
fn finish(mut surface: Surface, seats: usize, bases: usize) -> Result<Layout, SurfaceError> {
    let mut zones = vec![Vec::new(); seats];
    for &t in surface.tessels() {
        let (x, y) = centre(surface.origin(t));
        if let Some(i) = sector_of(x, y, seats) {
            zones[i].push(t);
        }
    }
    let mut stands = Vec::with_capacity(seats);
    for (i, zone) in zones.iter().enumerate() {
        let stand = grow_stand(&surface, zone, i, seats, bases).ok_or_else(|| {
            SurfaceError::Layout(format!("zone {i} holds no edge-connected stand of {bases}"))
        })?;
        surface.mark_stand(i as u8, &stand)?;
        stands.push(stand);
    }
    Ok(Layout {
        surface,
        zones,
        stands,
    })
}

/// The greedy stand of sector `i` (see the module notes), ascending.
fn grow_stand(
    s: &Surface,
    zone: &[TesselId],
    i: usize,
    seats: usize,
    bases: usize,
) -> Option<Vec<TesselId>> {
    // Keys rounded to 1e-6 so that mirror-image cells tie exactly: (−far, off-bisector, id).
    let key = |t: TesselId| {
        let (x, y) = centre(s.origin(t));
        let far = -((x * x + y * y) * 1e6).round() as i64;
        let off = (off_bisector(x, y, i, seats) * 1e6).round() as i64;
        (far, off, t)
    };
    let mut starts = zone.to_vec();
    starts.sort_by_key(|&t| key(t));
    for &start in &starts {
        let mut stand = vec![start];
        while stand.len() < bases {
            let next = zone
                .iter()
                .copied()
                .filter(|t| !stand.contains(t))
                .filter(|t| s.walker(*t).iter().any(|n| stand.contains(n)))
                .min_by_key(|&t| key(t));
            match next {
                Some(t) => stand.push(t),
                None => break,
            }
        }
        if stand.len() == bases {
            stand.sort_unstable();
            return Some(stand);
        }
    }
    None
}

/// Mutou D6: sow each seat's shakken in its sector of a regular 32-gon, then `Surface::sown`.
fn sown(seats: usize, bases: usize, shakken: usize, seed: u64) -> Result<Layout, SurfaceError> {
    if bases > MAX_BASES || shakken < bases || shakken > MAX_SHAKKEN {
        return Err(SurfaceError::Layout(format!(
            "{bases} bases from {shakken} shakken (bases 1 to {MAX_BASES}, shakken bases to {MAX_SHAKKEN})"
        )));
    }
    let mut last = None;
    for attempt in 0..SOWN_ATTEMPTS {
        match sow_once(seats, bases, shakken, seed, attempt) {
            Ok(layout) => return Ok(layout),
            Err(e) => last = Some(e),
        }
    }
    Err(last.expect("at least one attempt"))
}

/// One sowing: seat by seat, each with its own SplitMix stream.
fn sow_once(
    seats: usize,
    bases: usize,
    shakken: usize,
    seed: u64,
    attempt: u64,
) -> Result<Layout, SurfaceError> {
    let area = SOWN_AREA_PER_SHAK * (seats * shakken) as f64;
    let k = OUTLINE_CORNERS as f64;
    let rho = (2.0 * area / (k * (TAU / k).sin())).sqrt();
    let outline: Vec<(f64, f64)> = (0..OUTLINE_CORNERS)
        .map(|j| {
            let a = TAU * j as f64 / k - PI / 2.0;
            (rho * a.cos(), rho * a.sin())
        })
        .collect();
    let mut points: Vec<(f64, f64)> = Vec::with_capacity(seats * shakken);
    for seat in 0..seats {
        // Streams: the seed mixed with the seat and the attempt by two odd constants.
        let mix = (seat as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F)
            ^ attempt.wrapping_mul(0xE703_7ED1_A0B4_28DB);
        let mut rng = SplitMix64::new(seed ^ mix);
        for shak in 0..shakken {
            let p = throw(&mut rng, &outline, rho, seat, seats, &points).ok_or_else(|| {
                SurfaceError::Layout(format!(
                    "seat {seat} found no place for shak {shak} in {SOWN_MAX_THROWS} throws"
                ))
            })?;
            points.push(p);
        }
    }
    finish(Surface::sown(&outline, &points)?, seats, bases)
}

/// A uniform point of the seat's sector inside the outline, at least d_min from `points`.
fn throw(
    rng: &mut SplitMix64,
    outline: &[(f64, f64)],
    rho: f64,
    seat: usize,
    seats: usize,
    points: &[(f64, f64)],
) -> Option<(f64, f64)> {
    for _ in 0..SOWN_MAX_THROWS {
        let p = (
            (2.0 * rng.unit() - 1.0) * rho,
            (2.0 * rng.unit() - 1.0) * rho,
        );
        let clear = points
            .iter()
            .all(|q| (p.0 - q.0).hypot(p.1 - q.1) >= SOWN_D_MIN);
        if sector_of(p.0, p.1, seats) == Some(seat) && voronoi::inside(outline, p, 1e-6) && clear {
            return Some(p);
        }
    }
    None
}
