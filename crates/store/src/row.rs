//! Checked reading of columns: every failure names the table and column, and every enum, flag
//! and id is parsed, so a corrupted row is an error, never a panic.

use sqlx::any::AnyRow;
use sqlx::Row;

use crate::error::{Error, Result};
use crate::ids::{ChallengeId, GameId, UserId};

/// A row of a named table, read column by column.
pub(crate) struct Cols<'r> {
    pub(crate) row: &'r AnyRow,
    pub(crate) table: &'static str,
}

impl<'r> Cols<'r> {
    pub(crate) fn new(row: &'r AnyRow, table: &'static str) -> Self {
        Cols { row, table }
    }

    fn bad(&self, column: &'static str, value: impl Into<String>) -> Error {
        Error::BadValue {
            table: self.table,
            column,
            value: value.into(),
        }
    }

    fn get<T>(&self, column: &'static str) -> Result<T>
    where
        T: for<'a> sqlx::Decode<'a, sqlx::Any> + sqlx::Type<sqlx::Any>,
    {
        self.row
            .try_get::<T, _>(column)
            .map_err(|e| self.bad(column, format!("<unreadable: {e}>")))
    }

    pub(crate) fn i64(&self, column: &'static str) -> Result<i64> {
        self.get(column)
    }

    pub(crate) fn opt_i64(&self, column: &'static str) -> Result<Option<i64>> {
        self.get(column)
    }

    pub(crate) fn f64(&self, column: &'static str) -> Result<f64> {
        self.get(column)
    }

    pub(crate) fn opt_f64(&self, column: &'static str) -> Result<Option<f64>> {
        self.get(column)
    }

    pub(crate) fn text(&self, column: &'static str) -> Result<String> {
        self.get(column)
    }

    pub(crate) fn opt_text(&self, column: &'static str) -> Result<Option<String>> {
        self.get(column)
    }

    /// A 0/1 flag; anything else is a bad value.
    pub(crate) fn flag(&self, column: &'static str) -> Result<bool> {
        match self.i64(column)? {
            0 => Ok(false),
            1 => Ok(true),
            other => Err(self.bad(column, other.to_string())),
        }
    }

    /// A stored word parsed by `parse`.
    pub(crate) fn word<T>(&self, column: &'static str, parse: fn(&str) -> Option<T>) -> Result<T> {
        let text = self.text(column)?;
        parse(&text).ok_or_else(|| self.bad(column, text))
    }

    pub(crate) fn user_id(&self, column: &'static str) -> Result<UserId> {
        self.word(column, UserId::parse)
    }

    pub(crate) fn opt_user_id(&self, column: &'static str) -> Result<Option<UserId>> {
        self.opt_word(column, UserId::parse)
    }

    pub(crate) fn game_id(&self, column: &'static str) -> Result<GameId> {
        self.word(column, GameId::parse)
    }

    pub(crate) fn challenge_id(&self, column: &'static str) -> Result<ChallengeId> {
        self.word(column, ChallengeId::parse)
    }

    /// An optional text column parsed by `parse`.
    pub(crate) fn opt_word<T>(
        &self,
        column: &'static str,
        parse: fn(&str) -> Option<T>,
    ) -> Result<Option<T>> {
        match self.opt_text(column)? {
            None => Ok(None),
            Some(text) => parse(&text).map(Some).ok_or_else(|| self.bad(column, text)),
        }
    }

    pub(crate) fn opt_game_id(&self, column: &'static str) -> Result<Option<GameId>> {
        self.opt_word(column, GameId::parse)
    }

    pub(crate) fn opt_challenge_id(&self, column: &'static str) -> Result<Option<ChallengeId>> {
        self.opt_word(column, ChallengeId::parse)
    }
}

/// A flag as stored.
pub(crate) fn flag(value: bool) -> i64 {
    i64::from(value)
}
