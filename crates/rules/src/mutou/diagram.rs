//! A plain-text picture of a MuTou position: a grid for square set layouts, a listing of
//! tessels and neighbours otherwise, then the seats and the pieces.

use std::fmt::Write;

use super::events::COLOURS;
use super::state::{MuTou, Pending, Phase};
use super::surface::{Origin, Surface, TesselId};

impl MuTou {
    /// The diagram (see the module documentation).
    pub(super) fn draw(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.headline());
        if let Some(surface) = self.surface_opt() {
            match grid_bounds(surface) {
                Some(bounds) => self.draw_grid(surface, bounds, &mut out),
                None => self.draw_listing(surface, &mut out),
            }
        }
        self.draw_seats(&mut out);
        out
    }

    fn headline(&self) -> String {
        let tier = self
            .tier
            .map_or("to be chosen".to_string(), |t| t.name().to_string());
        let who = |s: u8| COLOURS[usize::from(s)];
        let state = match self.phase {
            Phase::ChooseTier => format!("{} chooses the tier", who(0)),
            Phase::Claim(s) => format!("{} claims a zone", who(s)),
            Phase::SetOut(s) => format!("{} sets out shakken in secret", who(s)),
            Phase::Over(end) => format!("game over: {}", self.end_reason(end)),
            Phase::Play => {
                let t = &self.turn;
                let waiting = match t.pending {
                    Pending::Free => String::new(),
                    other => format!("; waiting: {}", super::text::pending_text(other)),
                };
                format!(
                    "turn {}: {} to play, {} of {} units left{waiting}",
                    t.number,
                    who(t.mover),
                    self.units_left(),
                    t.budget
                )
            }
        };
        format!("MuTou, tier {tier}: {state}")
    }

    fn cell_mark(&self, t: TesselId) -> String {
        match self.piece(t) {
            Some(p) => format!(
                "{}{}",
                &COLOURS[usize::from(p.owner)][..1],
                p.shakken.total()
            ),
            None => ".".into(),
        }
    }

    fn draw_grid(&self, surface: &Surface, bounds: Bounds, out: &mut String) {
        let Bounds { x0, y0, w, h } = bounds;
        let mut at = vec![None; (w * h) as usize];
        for &t in surface.tessels() {
            if let Origin::Square { x, y } = surface.origin(t) {
                at[((y - y0) * w + (x - x0)) as usize] = Some(t);
            }
        }
        for y in (0..h).rev() {
            let _ = write!(out, "{:>3} ", y + 1);
            for x in 0..w {
                let mark = at[(y * w + x) as usize].map_or(" ".to_string(), |t| self.cell_mark(t));
                let edited = at[(y * w + x) as usize].is_some_and(|t| surface.edited(t));
                let _ = write!(out, "{:>3}{}", mark, if edited { "*" } else { " " });
            }
            out.push('\n');
        }
        out.push_str("    ");
        for x in 0..w {
            let _ = write!(out, "{:>3} ", (b'a' + x as u8) as char);
        }
        out.push('\n');
        let others: Vec<TesselId> = surface
            .tessels()
            .iter()
            .copied()
            .filter(|&t| !matches!(surface.origin(t), Origin::Square { .. }))
            .collect();
        if !others.is_empty() {
            out.push_str("tessels made by alterations:\n");
            for t in others {
                self.draw_tessel(surface, t, out);
            }
        }
    }

    fn draw_listing(&self, surface: &Surface, out: &mut String) {
        for &t in surface.tessels() {
            self.draw_tessel(surface, t, out);
        }
    }

    fn draw_tessel(&self, surface: &Surface, t: TesselId, out: &mut String) {
        let names = |ts: &[TesselId]| {
            let v: Vec<String> = ts.iter().map(|&u| surface.name(u)).collect();
            v.join(" ")
        };
        let _ = writeln!(
            out,
            "  {:>6} {:>3} | {} edges | walker: {} | angler: {}",
            surface.name(t),
            self.cell_mark(t),
            surface.vertices(t).len(),
            names(surface.walker(t)),
            names(surface.angler(t)),
        );
    }

    fn draw_seats(&self, out: &mut String) {
        for (i, s) in self.seat.iter().enumerate() {
            let status = match s.out {
                Some(order) => format!("out (#{order})"),
                None => format!("{} wafer(s), {} banked", s.wafers, s.banked),
            };
            let _ = writeln!(out, "{}: {status}", COLOURS[i]);
        }
        let _ = writeln!(out, "supply: {}", self.supply);
        for p in self.pieces() {
            let _ = writeln!(
                out,
                "  {} {}: {}",
                self.name(p.at),
                COLOURS[usize::from(p.owner)],
                p.shakken
            );
        }
    }
}

/// The box of squares a grid diagram draws: its lowest column and row, and its size.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    x0: i16,
    y0: i16,
    w: i16,
    h: i16,
}

/// The box around the squares when every original tessel is a unit square. The squares need not
/// start at 0: the discs of squares for three or more seats are centred on the origin, so their
/// columns and rows are drawn counted from the box's corner.
fn grid_bounds(surface: &Surface) -> Option<Bounds> {
    let mut low = (i16::MAX, i16::MAX);
    let mut high = (i16::MIN, i16::MIN);
    for &t in surface.tessels() {
        match surface.origin(t) {
            Origin::Square { x, y } => {
                low = (low.0.min(x), low.1.min(y));
                high = (high.0.max(x), high.1.max(y));
            }
            Origin::Scribed => {}
            _ => return None,
        }
    }
    (low.0 <= high.0).then(|| Bounds {
        x0: low.0,
        y0: low.1,
        w: high.0 - low.0 + 1,
        h: high.1 - low.1 + 1,
    })
}

#[cfg(test)]
mod tests {
    use crate::mutou::{MuTou, MuTouVariant};
    use crate::Game;

    #[test]
    fn a_disc_of_squares_for_three_or_more_seats_is_drawn_as_a_grid() {
        for seats in 3..=10 {
            let game = MuTou::new(&MuTouVariant::friendly(), seats).expect("a friendly start");
            let picture = game.diagram();
            let grid_rows = picture
                .lines()
                .filter(|l| l.get(..4).is_some_and(|n| n.trim().parse::<u32>().is_ok()))
                .count();
            assert!(grid_rows >= 8, "{seats} seats: no grid drawn\n{picture}");
        }
    }
}
