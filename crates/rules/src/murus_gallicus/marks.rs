//! Read-only facts for drawing a Murus Gallicus board: the stones that stand on the opponent's
//! home row (a breakthrough, murus-gallicus §2.2–2.3). It reads the position through the rules'
//! own helpers and decides nothing.

use super::board::{Cell, Colour};
use super::position::MurusGallicus;

impl MurusGallicus {
    /// The cells of the opponent's home row that hold a stack of `colour`, by file: stones that
    /// broke through (in Advanced, each must survive a turn before it wins).
    pub fn invaders(&self, colour: Colour) -> Vec<Cell> {
        let rank = self.home_rank(colour.opponent());
        (0..8)
            .filter_map(|file| Cell::new(file, rank))
            .filter(|&cell| matches!(self.stack(cell), Some((c, _)) if c == colour))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, NoEvents};
    use crate::murus_gallicus::{Cell, Colour, MurusGallicus, MurusVariant};
    use crate::variant::Variant;

    #[test]
    fn a_light_stone_on_the_top_rank_is_an_invader_of_darks_home_row() {
        // T4: Light tower c5 and h1, Dark towers d7 and h7; Light plays c5-c7 (Advanced).
        let variant = MurusVariant::parse_text("advanced").expect("preset");
        let mut game =
            MurusGallicus::from_position(&variant, "3t3t/8/2T5/8/8/8/7T L 0").expect("position");
        assert!(game.invaders(Colour::Light).is_empty());
        game.play(game.parse_action("c5-c7").expect("action"), &mut NoEvents);
        assert_eq!(
            game.invaders(Colour::Light),
            vec![Cell::new(2, 6).expect("c7")]
        );
        assert!(game.invaders(Colour::Dark).is_empty());
    }
}
