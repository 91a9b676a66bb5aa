//! Plain-text tables for the arena report: the ratings and the head-to-head pairings.
//!
//! Columns are as wide as their widest cell and separated by two spaces; names are aligned left
//! and numbers right. Lines carry no trailing spaces and every line ends with a newline.

use super::elo::{Pairing, Rating};

/// How a column's cells line up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Align {
    Left,
    Right,
}

/// The ratings, best first (ties keep the input order): rank, player, games, score %, Elo and
/// the ± margin, with a header line and a rule under it. `scores` are shares from 0 to 1.
/// Every slice holds one entry per player; rows stop at the shortest slice. An infinite margin
/// is shown as `∞`.
pub fn ratings_table(
    names: &[String],
    games: &[u32],
    scores: &[f64],
    ratings: &[Rating],
) -> String {
    let players = names
        .len()
        .min(games.len())
        .min(scores.len())
        .min(ratings.len());
    let mut order: Vec<usize> = (0..players).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let rows = order
        .iter()
        .enumerate()
        .map(|(rank, &p)| {
            vec![
                (rank + 1).to_string(),
                names[p].clone(),
                games[p].to_string(),
                percent(scores[p]),
                format!("{:.0}", ratings[p].elo),
                margin(ratings[p].margin),
            ]
        })
        .collect();
    let header = ["#", "player", "games", "score", "Elo", "±"];
    let align = [
        Align::Right,
        Align::Left,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
    ];
    table(&header, &align, rows)
}

/// One line per pairing in the order given: the two players, games, `a` wins–draws–`b` wins,
/// `a`'s score %, and the Elo difference `a − b` with its ± margin, under a header and a rule.
/// A player index without a name is shown as `#index`.
pub fn pairings_table(names: &[String], pairings: &[Pairing]) -> String {
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("#{i}"));
    let rows = pairings
        .iter()
        .map(|p| {
            let (difference, half_width) = p.elo_difference();
            vec![
                name(p.a),
                name(p.b),
                p.games.to_string(),
                format!("{}-{}-{}", p.a_wins, p.draws, p.b_wins),
                percent(p.score()),
                format!("{difference:+.0}"),
                margin(half_width),
            ]
        })
        .collect();
    let header = ["a", "b", "games", "W-D-L", "a score", "Elo a-b", "±"];
    let align = [
        Align::Left,
        Align::Left,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
        Align::Right,
    ];
    table(&header, &align, rows)
}

/// A share from 0 to 1 as a percentage with one decimal: `62.5%`.
fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// A margin rounded to whole Elo, or `∞`.
fn margin(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.0}")
    } else {
        "∞".to_owned()
    }
}

/// The header, a rule of dashes as wide as the table, and the rows, every column padded to its
/// widest cell.
fn table(header: &[&str], align: &[Align], rows: Vec<Vec<String>>) -> String {
    let mut lines = vec![header.iter().map(|h| (*h).to_owned()).collect::<Vec<_>>()];
    lines.extend(rows);
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            lines
                .iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (i, row) in lines.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .zip(align)
            .map(|((cell, &width), &side)| pad(cell, width, side))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
        if i == 0 {
            let total = widths.iter().sum::<usize>() + 2 * widths.len().saturating_sub(1);
            out.push_str(&"-".repeat(total));
            out.push('\n');
        }
    }
    out
}

fn pad(cell: &str, width: usize, side: Align) -> String {
    let fill = " ".repeat(width.saturating_sub(cell.chars().count()));
    match side {
        Align::Left => format!("{cell}{fill}"),
        Align::Right => format!("{fill}{cell}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn ratings_are_listed_best_first_with_aligned_columns() {
        let ratings = [
            Rating {
                elo: 0.0,
                margin: 0.0,
            },
            Rating {
                elo: 212.4,
                margin: 61.2,
            },
            Rating {
                elo: -35.0,
                margin: f64::INFINITY,
            },
        ];
        let table = ratings_table(
            &names(&["random", "mcts-3", "ab-1"]),
            &[40, 40, 8],
            &[0.2, 0.8, 0.4375],
            &ratings,
        );
        let expected = "\
#  player  games  score  Elo   ±
--------------------------------
1  mcts-3     40  80.0%  212  61
2  random     40  20.0%    0   0
3  ab-1        8  43.8%  -35   ∞
";
        assert_eq!(table, expected);
    }

    #[test]
    fn pairings_show_the_record_and_the_difference_from_a_s_side() {
        let pairings = [
            Pairing {
                a: 0,
                b: 1,
                games: 1000,
                a_wins: 250,
                draws: 0,
                b_wins: 750,
            },
            Pairing {
                a: 1,
                b: 2,
                games: 4,
                a_wins: 2,
                draws: 2,
                b_wins: 0,
            },
        ];
        let table = pairings_table(&names(&["random", "mcts-3"]), &pairings);
        let expected = "\
a       b       games      W-D-L  a score  Elo a-b    ±
-------------------------------------------------------
random  mcts-3   1000  250-0-750    25.0%     -191   26
mcts-3  #2          4      2-2-0    75.0%     +191  317
";
        assert_eq!(table, expected);
    }

    #[test]
    fn an_empty_list_still_has_a_header() {
        let table = pairings_table(&[], &[]);
        assert_eq!(table.lines().count(), 2);
        assert!(table.starts_with("a  b  games"));
    }
}
