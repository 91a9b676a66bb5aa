//! Board graph, pieces and walks along rings and diameters (spec §1.2, §1.3, §1.5).
//!
//! Point indices follow the spec's suggestion (§1.2): `C` = 0 and spoke `s` (a=0 .. h=7) on
//! ring `r` (1..=3) is `1 + 8 * (r - 1) + s`. This is also the order of `RefMur::board()`.

/// Number of points on the board (§1.2: centre plus 3 rings of 8).
pub(super) const NPOINTS: usize = 25;

/// The centre point `C`.
pub(super) const CENTRE: usize = 0;

/// Contents of one point (§1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Cell {
    Empty,
    Black,
    White,
    Kraken,
}

/// A board: the contents of the 25 points.
pub(super) type Board = [Cell; NPOINTS];

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Colour {
    Black,
    White,
}

impl Colour {
    pub(super) fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The cell holding a ship of this colour.
    pub(super) fn ship(self) -> Cell {
        match self {
            Colour::Black => Cell::Black,
            Colour::White => Cell::White,
        }
    }

    /// 0 for Black, 1 for White (for the per-player counters).
    pub(super) fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

/// The colour of the ship on a cell, if it holds a ship.
pub(super) fn ship_colour(cell: Cell) -> Option<Colour> {
    match cell {
        Cell::Black => Some(Colour::Black),
        Cell::White => Some(Colour::White),
        Cell::Empty | Cell::Kraken => None,
    }
}

const SPOKE_LETTERS: [char; 8] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/// The ring point on spoke `spoke` (0..8) and ring `ring` (1..=3).
pub(super) fn point(spoke: usize, ring: usize) -> usize {
    assert!(spoke < 8 && (1..=3).contains(&ring));
    1 + 8 * (ring - 1) + spoke
}

/// Spoke (0..8) of a ring point.
pub(super) fn spoke_of(p: usize) -> usize {
    assert!(p != CENTRE && p < NPOINTS);
    (p - 1) % 8
}

/// Ring (1..=3) of a ring point.
pub(super) fn ring_of(p: usize) -> usize {
    assert!(p != CENTRE && p < NPOINTS);
    (p - 1) / 8 + 1
}

/// The letter of a spoke (§1.2: a = north, clockwise).
pub(super) fn spoke_letter(spoke: usize) -> char {
    SPOKE_LETTERS[spoke]
}

/// The name of a point: `C` or spoke letter + ring number (§1.2, §1.12).
pub(super) fn point_name(p: usize) -> String {
    if p == CENTRE {
        "C".to_string()
    } else {
        format!("{}{}", spoke_letter(spoke_of(p)), ring_of(p))
    }
}

/// Neighbours of a point (§1.2): `C`–`s1`; ring edges `s r`–`(s±1) r`; spoke edges `s1`–`s2`,
/// `s2`–`s3`.
pub(super) fn neighbours(p: usize) -> Vec<usize> {
    let mut result = Vec::new();
    if p == CENTRE {
        for spoke in 0..8 {
            result.push(point(spoke, 1));
        }
        return result;
    }
    let spoke = spoke_of(p);
    let ring = ring_of(p);
    // Ring edges: the two neighbours on the same 8-cycle.
    result.push(point((spoke + 1) % 8, ring));
    result.push(point((spoke + 7) % 8, ring));
    // Spoke edges: inward (to the centre from ring 1) and outward (not from ring 3).
    if ring == 1 {
        result.push(CENTRE);
    } else {
        result.push(point(spoke, ring - 1));
    }
    if ring < 3 {
        result.push(point(spoke, ring + 1));
    }
    result
}

/// Parse a board string of 25 characters (`.`, `B`, `W`, `K`) in point order.
pub(super) fn parse_board(text: &str) -> Board {
    let chars: Vec<char> = text.chars().collect();
    assert_eq!(
        chars.len(),
        NPOINTS,
        "a Mur board string has 25 characters: {text:?}"
    );
    let mut board = [Cell::Empty; NPOINTS];
    for (p, c) in chars.iter().enumerate() {
        board[p] = match c {
            '.' => Cell::Empty,
            'B' => Cell::Black,
            'W' => Cell::White,
            'K' => Cell::Kraken,
            other => panic!("bad board character {other:?} in {text:?}"),
        };
    }
    board
}

/// Render a board as 25 characters in point order.
pub(super) fn board_text(board: &Board) -> String {
    board
        .iter()
        .map(|cell| match cell {
            Cell::Empty => '.',
            Cell::Black => 'B',
            Cell::White => 'W',
            Cell::Kraken => 'K',
        })
        .collect()
}

/// The point of index `idx` (0..=6) on the 7-point line of spoke `spoke` (§1.5):
/// `L = [(s+4)3, (s+4)2, (s+4)1, C, s1, s2, s3]`.
pub(super) fn line_point(spoke: usize, idx: usize) -> usize {
    let opposite = (spoke + 4) % 8;
    match idx {
        0 => point(opposite, 3),
        1 => point(opposite, 2),
        2 => point(opposite, 1),
        3 => CENTRE,
        4 => point(spoke, 1),
        5 => point(spoke, 2),
        6 => point(spoke, 3),
        _ => panic!("line index out of range: {idx}"),
    }
}

/// The path a piece walks along (§1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Track {
    /// Ring `ring`; the walker's position is the spoke (0..8) and wraps round the 8-cycle.
    Ring { ring: usize },
    /// The line of spoke `spoke`; the walker's position is the index 0..=6 in `line_point`.
    Line { spoke: usize },
}

/// A piece walking along a track: position on the track and direction (+1 or -1).
///
/// On a ring, +1 is clockwise (a→b→…→h→a) and the sense never changes (§1.5). On a line,
/// +1 is toward index 6 (outward along `spoke`), and the walk reflects at both ends
/// (ring 3): "before each step, if the next index would leave L, flip the direction; then step"
/// (§1.5 bounce).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Walker {
    pub(super) track: Track,
    pub(super) pos: usize,
    pub(super) dir: isize,
}

impl Walker {
    /// The board point the walker is on.
    pub(super) fn point(&self) -> usize {
        match self.track {
            Track::Ring { ring } => point(self.pos, ring),
            Track::Line { spoke } => line_point(spoke, self.pos),
        }
    }

    /// Take one step.
    pub(super) fn step(&mut self) {
        match self.track {
            Track::Ring { .. } => {
                // Wrap round the 8-cycle; the sense never changes.
                self.pos = (self.pos as isize + self.dir).rem_euclid(8) as usize;
            }
            Track::Line { .. } => {
                // Reflecting walk: flip first if the next index would leave the line.
                let next = self.pos as isize + self.dir;
                if !(0..=6).contains(&next) {
                    self.dir = -self.dir;
                }
                self.pos = (self.pos as isize + self.dir) as usize;
            }
        }
    }
}

/// The move directions from point `p`, with their notation suffix (§1.5, §1.12):
/// from `C` one per spoke letter (heading outward along that spoke); from a ring point `+`
/// (clockwise), `-` (counter-clockwise), `i` (inward, through the centre) and `o` (outward,
/// not on ring 3).
pub(super) fn directions(p: usize) -> Vec<(String, Walker)> {
    let mut result = Vec::new();
    if p == CENTRE {
        for spoke in 0..8 {
            let walker = Walker {
                track: Track::Line { spoke },
                pos: 3,
                dir: 1,
            };
            result.push((spoke_letter(spoke).to_string(), walker));
        }
        return result;
    }
    let spoke = spoke_of(p);
    let ring = ring_of(p);
    result.push((
        "+".to_string(),
        Walker {
            track: Track::Ring { ring },
            pos: spoke,
            dir: 1,
        },
    ));
    result.push((
        "-".to_string(),
        Walker {
            track: Track::Ring { ring },
            pos: spoke,
            dir: -1,
        },
    ));
    // On the line of its own spoke, `s r` has index 3 + r.
    let line = Track::Line { spoke };
    result.push((
        "i".to_string(),
        Walker {
            track: line,
            pos: 3 + ring,
            dir: -1,
        },
    ));
    if ring < 3 {
        result.push((
            "o".to_string(),
            Walker {
                track: line,
                pos: 3 + ring,
                dir: 1,
            },
        ));
    }
    result
}

/// The points visited by a walker taking `steps` steps (the last one is the landing point).
pub(super) fn trace(mut walker: Walker, steps: usize) -> Vec<usize> {
    let mut visited = Vec::new();
    for _ in 0..steps {
        walker.step();
        visited.push(walker.point());
    }
    visited
}

/// Size of the group of every ship (§1.4: connected component of same-colour ships);
/// 0 for empty points and the kraken.
pub(super) fn group_sizes(board: &Board) -> [usize; NPOINTS] {
    let mut sizes = [0usize; NPOINTS];
    for start in 0..NPOINTS {
        if ship_colour(board[start]).is_none() || sizes[start] != 0 {
            continue;
        }
        // Flood fill the component of `start`.
        let mut component = vec![start];
        let mut seen = [false; NPOINTS];
        seen[start] = true;
        let mut next = 0;
        while next < component.len() {
            let p = component[next];
            next += 1;
            for q in neighbours(p) {
                if !seen[q] && board[q] == board[start] {
                    seen[q] = true;
                    component.push(q);
                }
            }
        }
        for &p in &component {
            sizes[p] = component.len();
        }
    }
    sizes
}

/// The order of the piece on `p` (§1.4): group size for a ship, 4 for the kraken.
pub(super) fn order_of(board: &Board, sizes: &[usize; NPOINTS], p: usize) -> usize {
    match board[p] {
        Cell::Kraken => 4,
        Cell::Black | Cell::White => sizes[p],
        Cell::Empty => panic!("no piece on {}", point_name(p)),
    }
}

/// Is the ship on `p` trapped (§1.7)? It must be an alpha and every neighbour must hold a ship
/// of the other colour. (If every neighbour holds an opposing ship the ship has no same-colour
/// neighbour, so it is an alpha; the check below says so explicitly anyway.) A ship on `C` would
/// need 8 opposing ships: never trapped (safe spot).
pub(super) fn ship_trapped(board: &Board, p: usize) -> bool {
    let Some(colour) = ship_colour(board[p]) else {
        return false;
    };
    let opposing = colour.other().ship();
    let mut alpha = true;
    let mut surrounded = true;
    for q in neighbours(p) {
        if board[q] == colour.ship() {
            alpha = false;
        }
        if board[q] != opposing {
            surrounded = false;
        }
    }
    alpha && surrounded
}

/// The trapped ships of one colour, in point order.
pub(super) fn trapped_ships(board: &Board, colour: Colour) -> Vec<usize> {
    (0..NPOINTS)
        .filter(|&p| board[p] == colour.ship() && ship_trapped(board, p))
        .collect()
}

/// The point holding the kraken, if any.
pub(super) fn kraken_point(board: &Board) -> Option<usize> {
    (0..NPOINTS).find(|&p| board[p] == Cell::Kraken)
}

/// Is the kraken trapped (§1.7)? R-K1 (default): every neighbour holds a ship of either colour.
/// With `single_colour`: every neighbour holds a ship of one and the same colour.
pub(super) fn kraken_trapped(board: &Board, single_colour: bool) -> bool {
    let Some(k) = kraken_point(board) else {
        return false;
    };
    let around: Vec<Option<Colour>> = neighbours(k)
        .iter()
        .map(|&q| ship_colour(board[q]))
        .collect();
    if around.iter().any(|c| c.is_none()) {
        return false;
    }
    if single_colour {
        around.iter().all(|&c| c == around[0])
    } else {
        true
    }
}

/// The colour of the ships round the kraken if they are all of one colour.
pub(super) fn kraken_surround_colour(board: &Board) -> Option<Colour> {
    let k = kraken_point(board)?;
    let first = ship_colour(board[neighbours(k)[0]])?;
    if neighbours(k)
        .iter()
        .all(|&q| ship_colour(board[q]) == Some(first))
    {
        Some(first)
    } else {
        None
    }
}

/// The colour whose eye `p` is (§1.7): `p` is empty and all its neighbours are ships of that
/// colour. A kraken or empty neighbour spoils the eye.
pub(super) fn eye_colour(board: &Board, p: usize) -> Option<Colour> {
    if board[p] != Cell::Empty {
        return None;
    }
    [Colour::Black, Colour::White]
        .into_iter()
        .find(|&colour| neighbours(p).iter().all(|&q| board[q] == colour.ship()))
}

/// Count the ships of one colour on the board.
pub(super) fn count_ships(board: &Board, colour: Colour) -> usize {
    board.iter().filter(|&&c| c == colour.ship()).count()
}

/// The starting board of a set (§1.9, A12): empty, kraken on `C`.
pub(super) fn empty_board() -> Board {
    let mut board = [Cell::Empty; NPOINTS];
    board[CENTRE] = Cell::Kraken;
    board
}
