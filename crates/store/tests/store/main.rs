//! The store suite: every case runs on a SQLite file and on PostgreSQL (see `common`).

mod bots;
mod bus;
mod challenges;
mod common;
mod durability;
mod games;
mod keys;
mod leases;
mod listings;
mod play;
mod snapshot;
mod social;
mod users;
