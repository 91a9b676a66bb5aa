//! Read-only marks for drawing a Mur board: trapped ships, eyes and a surrounded kraken
//! (mur §1.7). Each calls the set operations the rules themselves use.

use super::board::{enclosed_by, Colour, Point, Points};
use super::position::Mur;

impl Mur {
    /// The ships of `colour` trapped now: alphas whose every neighbour holds a ship of the other
    /// colour (mur §1.7). The side to move must withdraw its own before anything else.
    pub fn trapped_ships(&self, colour: Colour) -> Points {
        Points(self.board.trapped(colour))
    }

    /// The eyes of `colour` now: empty points whose every neighbour holds a ship of `colour`
    /// (mur §1.7).
    pub fn eyes(&self, colour: Colour) -> Points {
        Points(enclosed_by(self.board.ships[colour.index()]) & !self.board.occupied())
    }

    /// The kraken's point.
    pub fn kraken_point(&self) -> Point {
        Point(self.board.kraken)
    }

    /// Whether the kraken is surrounded as this variant counts a kraken trap (every neighbour a
    /// ship, or with `kraken_trap=single-colour` every neighbour a ship of one colour).
    pub fn kraken_surrounded(&self) -> bool {
        self.board
            .kraken_trapped(self.variant.single_colour_kraken())
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, NoEvents};
    use crate::mur::{Colour, Mur, MurVariant, Point};
    use crate::variant::Variant;

    fn point(name: &str) -> Point {
        name.parse().expect("a point name")
    }

    #[test]
    fn a_white_alpha_surrounded_by_black_is_trapped_and_a_black_eye_is_an_empty_enclosed_point() {
        let variant = MurVariant::parse_text("game").expect("preset");
        // White on a3; Black on h3 and b3. Black places on a2 and closes a3's three neighbours.
        let mut game =
            Mur::from_position(&variant, "K/......../......../WB.....B B 0-0").expect("position");
        assert!(game.trapped_ships(Colour::White).is_empty());
        game.play(game.parse_action("*a2").expect("action"), &mut NoEvents);
        let trapped: Vec<Point> = game.trapped_ships(Colour::White).iter().collect();
        assert_eq!(trapped, vec![point("a3")]);
        assert!(game.trapped_ships(Colour::Black).is_empty());
        // No empty point is enclosed by Black alone: a3 is occupied.
        assert!(game.eyes(Colour::Black).is_empty());
    }

    #[test]
    fn an_empty_ring_three_point_between_three_black_ships_is_a_black_eye() {
        let variant = MurVariant::parse_text("game").expect("preset");
        // Black on h3, b3 and a2: a3 is empty and every neighbour is Black.
        let game =
            Mur::from_position(&variant, "K/......../B......./.B.....B W 0-0").expect("position");
        let eyes: Vec<Point> = game.eyes(Colour::Black).iter().collect();
        assert_eq!(eyes, vec![point("a3")]);
        assert!(game.eyes(Colour::White).is_empty());
        assert_eq!(game.kraken_point(), Point::CENTRE);
        assert!(!game.kraken_surrounded());
    }
}
