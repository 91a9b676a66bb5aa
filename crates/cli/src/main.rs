//! The `muster` command line: play, check and measure the four Mu games from a terminal.
//!
//! `main` only reads the arguments, hands them to one subcommand module and turns an error into
//! a one-line message on stderr with exit code 1. Usage errors are clap's, with exit code 2.

mod args;
mod commands;
mod render;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};

/// mimalloc rather than the system allocator: MuTou's rules build and drop many small
/// vectors per area alteration, and random MuTou play runs about 6 % faster with it (the
/// other games allocate little and run the same; README "Speed").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games(args) => commands::games::run(&args),
        Command::Rules(args) => commands::rules::run(&args),
        Command::New(args) => commands::new::run(&args),
        Command::Moves(args) => commands::moves::run(&args),
        Command::Apply(args) => commands::apply::run(&args),
        Command::Perft(args) => commands::perft::run(&args),
        Command::Bench(args) => commands::bench::run(&args),
        Command::Play(args) => commands::play::run(&args),
        Command::Arena(args) => commands::arena::run(&args),
        Command::Replay(args) => commands::replay::run(&args),
        Command::View(args) => commands::view::run(&args),
        Command::Serve(args) => commands::serve::run(&args),
        Command::Engine(args) => commands::engine::run(&args),
        Command::Bot(args) => commands::bot::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`muster moves mg | head -1`) is not an error.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` joins the context chain on one line: "action 2 `d7-d5`: illegal action …".
            // It may quote outside input (a record, an argument): control characters in it are
            // shown escaped. Nothing more can be done if even stderr is gone.
            let message = render::safe(&format!("{error:#}"));
            let _ = writeln!(io::stderr(), "muster: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Whether the error comes from writing to a pipe whose reader has gone.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
