//! Per-game knowledge: one file per game.
