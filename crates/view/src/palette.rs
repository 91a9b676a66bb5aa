//! Seat colours that stay apart for colour-blind people, and the surfaces' paints.
//!
//! The eight seat colours follow the Okabe–Ito palette, matched to the names Mu gives its seats
//! (Red, Purple, Green, Yellow, Blue, Orange, Silver, Teal); pieces also carry the seat's letter,
//! so no reading depends on hue alone. Each colour comes with the ink (black or white) that reads
//! best on it.

/// A fill colour and the ink for text on it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Paint {
    /// The fill, `#rrggbb`.
    pub fill: &'static str,
    /// The text colour on that fill, `#rrggbb`.
    pub ink: &'static str,
}

const BLACK_INK: &str = "#000000";
const WHITE_INK: &str = "#ffffff";

/// The colours of up to eight seats, in seat order.
pub const SEATS: [Paint; 8] = [
    // Red: vermilion.
    Paint {
        fill: "#d55e00",
        ink: WHITE_INK,
    },
    // Purple: reddish purple.
    Paint {
        fill: "#cc79a7",
        ink: BLACK_INK,
    },
    // Green: bluish green.
    Paint {
        fill: "#009e73",
        ink: WHITE_INK,
    },
    // Yellow.
    Paint {
        fill: "#f0e442",
        ink: BLACK_INK,
    },
    // Blue.
    Paint {
        fill: "#0072b2",
        ink: WHITE_INK,
    },
    // Orange.
    Paint {
        fill: "#e69f00",
        ink: BLACK_INK,
    },
    // Silver: a light grey.
    Paint {
        fill: "#c0c0c0",
        ink: BLACK_INK,
    },
    // Teal: sky blue.
    Paint {
        fill: "#56b4e9",
        ink: BLACK_INK,
    },
];

/// The paint of seat `index` among many (wraps after eight).
pub fn seat(index: usize) -> Paint {
    SEATS[index % SEATS.len()]
}

/// Light stones, ships or men.
pub const LIGHT: Paint = Paint {
    fill: "#f4ecd8",
    ink: BLACK_INK,
};

/// Dark stones, ships or men.
pub const DARK: Paint = Paint {
    fill: "#2b2b2b",
    ink: WHITE_INK,
};

/// Mur's neutral kraken, red as the rules describe it (drawn as a diamond, never a disc).
pub const KRAKEN: Paint = Paint {
    fill: "#b3202a",
    ink: WHITE_INK,
};

/// The paint and letter of MuTou seat `index`, matched to the noejj colour the rules name it
/// (Red, Blue, Green, Yellow, Purple, Orange, Silver, Teal, Black, White); Black is lettered
/// `K` so that it differs from Blue. Wraps after ten.
pub fn mutou_seat(index: usize) -> (Paint, char) {
    const TEN: [(Paint, char); 10] = [
        (SEATS[0], 'R'),
        (SEATS[4], 'B'),
        (SEATS[2], 'G'),
        (SEATS[3], 'Y'),
        (SEATS[1], 'P'),
        (SEATS[5], 'O'),
        (SEATS[6], 'S'),
        (SEATS[7], 'T'),
        (DARK, 'K'),
        (LIGHT, 'W'),
    ];
    TEN[index % TEN.len()]
}
