//! `muster arena`: matches between players, with ratings, tables, a ladder plot and progress.

// Nothing calls these parts until the driver lands beside them.
#![allow(dead_code)]

pub mod elo;
pub mod plot;
pub mod progress;
pub mod report;
