//! The store suite: every case runs on a SQLite file and on PostgreSQL (see `common`).

mod common;
mod durability;
mod games;
mod users;
