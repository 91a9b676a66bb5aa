//! The engine protocol decides exactly as muster's own arena does: one `muster engine` session
//! per seat, seeded like the arena's players (`setoption seed`, `newgame`), told every position
//! by `position startpos moves …` and asked with a `movetime` too long to matter, answers the
//! same actions as `Engine::new(game, recipe, seed, 1)` thinking with the level's own budget
//! and observing every action played.

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use muster_protocol::engine;
use muster_rules::{Actor, AnyGame, GameId};
use muster_search::{levels, Engine, StopFlag};

/// The reading end of an in-memory pipe: the bytes sent, then the end when the sender goes.
struct PipeReader {
    chunks: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.chunk = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.chunk.len() - self.at);
        out[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The writing end the engine answers into: whole lines go to the test.
struct LineWriter {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for LineWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8(std::mem::take(&mut self.partial))
                    .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
                let _ = self.lines.send(line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One engine session run in this process.
struct Session {
    commands: Sender<Vec<u8>>,
    answers: Receiver<String>,
}

impl Session {
    fn start(args: engine::Settings) -> Session {
        let (commands, chunks) = mpsc::channel();
        let (lines, answers) = mpsc::channel();
        let input = BufReader::new(PipeReader {
            chunks,
            chunk: Vec::new(),
            at: 0,
        });
        let output = LineWriter {
            lines,
            partial: Vec::new(),
        };
        std::thread::spawn(move || engine::run_with(args, input, output));
        Session { commands, answers }
    }

    /// Sends a command and returns the answer's lines up to the final one.
    fn ask(&mut self, command: &str) -> Vec<String> {
        self.commands
            .send(format!("{command}\n").into_bytes())
            .expect("the session reads");
        let mut lines = Vec::new();
        loop {
            let line = self
                .answers
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("`{command}`: no final line after {lines:?}"));
            let last = line == "ok" || line.starts_with("bestmove ") || line.starts_with("error ");
            lines.push(line);
            if last {
                return lines;
            }
        }
    }

    fn ok(&mut self, command: &str) {
        let lines = self.ask(command);
        assert_eq!(
            lines.last().map(String::as_str),
            Some("ok"),
            "{command}: {lines:?}"
        );
    }
}

/// Plays `plies` of `game` at `level` both ways and checks every decision is the same.
fn same_decisions(game: GameId, level: u8, seed: u64, plies: usize) {
    let start = AnyGame::new(game, "", None).expect("the default game");
    let recipe = levels::level(game, level).expect("a level").recipe;
    let mut reference: Vec<Engine> = (0..start.seats())
        .map(|s| Engine::new(game, recipe, seed.wrapping_add(s as u64), 1))
        .collect();
    let mut sessions: Vec<Session> = (0..start.seats())
        .map(|s| {
            let mut session = Session::start(engine::Settings::default());
            session.ok(&format!("setoption level {level}"));
            session.ok(&format!("setoption seed {}", seed.wrapping_add(s as u64)));
            session.ok(&format!("newgame {}", game.id()));
            session
        })
        .collect();
    let stop = StopFlag::default();
    let mut position = start;
    let mut moves: Vec<String> = Vec::new();
    while moves.len() < plies {
        let Actor::Seat(seat) = position.actor() else {
            break;
        };
        let expected = reference[seat.index()]
            .think(&position, None, &stop, &mut ())
            .expect("the level decides")
            .action;
        let session = &mut sessions[seat.index()];
        session.ok(&format!("position startpos moves {}", moves.join(" ")));
        let answer = session.ask("go movetime 100000000");
        let last = answer.last().expect("a final line");
        assert_eq!(
            last,
            &format!("bestmove {expected}"),
            "ply {}: the protocol decided otherwise",
            moves.len()
        );
        let before = position.clone();
        position.apply(&expected).expect("legal");
        for engine in &mut reference {
            engine.observe(&before, &expected);
        }
        moves.push(expected);
    }
    assert!(moves.len() >= plies.min(20), "{moves:?}");
}

#[test]
fn the_protocol_decides_as_the_arena_at_an_mcts_level() {
    same_decisions(GameId::MurusGallicus, 4, 11, 30);
}

/// A whole game at level 4 (about half a minute in a debug build).
#[test]
#[ignore]
fn the_protocol_decides_as_the_arena_for_a_whole_game() {
    same_decisions(GameId::MurusGallicus, 4, 21, 1_000);
}

#[test]
fn the_protocol_decides_as_the_arena_at_an_alpha_beta_level() {
    same_decisions(GameId::MurusGallicus, 5, 12, 24);
}

#[test]
fn the_protocol_decides_as_the_arena_in_mu() {
    same_decisions(GameId::Mu, 2, 13, 40);
}
