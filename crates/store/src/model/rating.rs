//! Ratings: one per user and pool, moved by the commit that ends a rated game.

use crate::ids::UserId;

/// How the end of a game moves one seat's user in one pool. Written by
/// [`crate::Store::commit`] with the end: the `ratings` row (inserted or replaced), a
/// `rating_history` row, and the seat's `rating_before/after` and `rd_before/after`.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    /// Whose rating.
    pub user_id: UserId,
    /// The pool (game, seat class and speed, e.g. `mu:2:live`).
    pub pool: String,
    /// The seat the user played; it must be that user's seat in the game.
    pub seat: i64,
    /// The rating before the game.
    pub rating_before: f64,
    /// The rating deviation before the game.
    pub rd_before: f64,
    /// The rating after it.
    pub rating_after: f64,
    /// The rating deviation after it.
    pub rd_after: f64,
    /// The volatility after it.
    pub vol: f64,
    /// The number of rated games in the pool, this one included.
    pub games: i64,
}

/// A user's rating in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The pool.
    pub pool: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub rd: f64,
    /// Its volatility.
    pub vol: f64,
    /// Rated games played in the pool.
    pub games: i64,
    /// When it last moved.
    pub updated_ms: i64,
}
