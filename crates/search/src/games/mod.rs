//! Per-game knowledge: one file per game.

pub mod mu;
pub mod mur;
pub mod murus_gallicus;
pub mod mutou;
