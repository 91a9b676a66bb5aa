//! A `muster engine` child process driven line by line, and games played through it, for
//! tests/engine_protocol.rs.

#![allow(dead_code)] // Not every test uses every helper.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use muster_rules::{Actor, AnyGame, GameId, Visibility};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How long any answer may take before the test gives up (debug builds on a busy machine).
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running `muster engine`: its standard input, and its standard output read line by line on
/// a thread so that reads can time out.
pub struct EngineProcess {
    child: Child,
    /// The engine's standard input; `None` closes it.
    pub stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl EngineProcess {
    pub fn start(args: &[&str]) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("muster engine starts");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        EngineProcess {
            child,
            stdin,
            lines,
        }
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("the engine reads");
        stdin.flush().expect("the engine reads");
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// The next line, or `None` after `wait`.
    pub fn next_within(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Every line up to and including the final one (`ok`, `bestmove`, `readyok`, `error`).
    pub fn answer(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .next_within(PATIENCE)
                .unwrap_or_else(|| panic!("no final line after {lines:?}"));
            let last = line == "ok"
                || line == "readyok"
                || line.starts_with("bestmove ")
                || line.starts_with("error ");
            lines.push(line);
            if last {
                return lines;
            }
        }
    }

    /// Sends `command` and returns its data lines; the answer must end with `ok`.
    pub fn ok(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        let mut lines = self.answer();
        assert_eq!(
            lines.last().map(String::as_str),
            Some("ok"),
            "{command}: {lines:?}"
        );
        lines.pop();
        lines
    }

    /// Sends `command`, which must be refused with exactly one `error` line; returns it.
    pub fn error(&mut self, command: &str) -> String {
        self.send(command);
        self.refused(&shorten(command))
    }

    /// The answer to something sent, which must be exactly one `error` line.
    pub fn refused(&mut self, what: &str) -> String {
        let mut lines = self.answer();
        lines.retain(|l| !l.starts_with("info "));
        assert_eq!(lines.len(), 1, "{what}: one line, got {lines:?}");
        assert!(lines[0].starts_with("error "), "{what}: {lines:?}");
        self.assert_ready();
        lines[0].clone()
    }

    /// `isready` is answered by `readyok` and nothing else.
    pub fn assert_ready(&mut self) {
        self.send("isready");
        let mut lines = self.answer();
        lines.retain(|l| !l.starts_with("info "));
        assert_eq!(lines, vec!["readyok".to_owned()]);
    }

    /// Sends `go …` and returns the `bestmove` action and the `info` lines.
    pub fn go(&mut self, command: &str) -> (String, Vec<String>) {
        self.send(command);
        let mut lines = self.answer();
        let last = lines.pop().expect("a final line");
        let action = last
            .strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("{command}: {last} after {lines:?}"))
            .to_owned();
        assert!(
            lines.iter().all(|l| l.starts_with("info ")),
            "{command}: {lines:?}"
        );
        (action, lines)
    }

    /// `legal` as a list (and the weights when chance acts).
    pub fn legal(&mut self) -> (Vec<String>, Vec<u32>) {
        let lines = self.ok("legal");
        let actions = lines[0]
            .strip_prefix("legal")
            .expect("a legal line")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        let weights = lines
            .get(1)
            .and_then(|l| l.strip_prefix("weights"))
            .map(|w| {
                w.split_whitespace()
                    .map(|n| n.parse().expect("a weight"))
                    .collect()
            })
            .unwrap_or_default();
        (actions, weights)
    }

    /// Waits for the process to end (at most `wait`).
    pub fn exit_within(&mut self, wait: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        while start.elapsed() < wait {
            if let Some(status) = self.child.try_wait().expect("the child can be waited for") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn shorten(text: &str) -> String {
    text.chars().take(60).collect()
}

/// The handshake, then `newgame`.
pub fn engine_for(game: &str, args: &[&str]) -> EngineProcess {
    let mut engine = EngineProcess::start(args);
    engine.ok("muster");
    engine.ok(&format!("newgame {game}"));
    engine
}

/// What a game played through the protocol met.
#[derive(Default)]
pub struct Played {
    pub game: Option<AnyGame>,
    pub moves: Vec<String>,
    pub decisions: usize,
    pub chance: usize,
    /// Decisions with a choice between several explosions, and the engine's answers there.
    pub explosion_choices: Vec<String>,
    /// Positions sent as a seat's view (hidden information).
    pub view_positions: usize,
}

/// Plays a game of `game` from its start through the engine, at most `max_plies` actions: each
/// decision as `position …` then `go <go>`, the answer checked against `legal` and the rules;
/// chance outcomes drawn by the test from `legal` and `weights`. A seat is told the actions
/// while none of them is hidden from it, else its view as a position text.
pub fn play_through(
    engine: &mut EngineProcess,
    start: AnyGame,
    go: &str,
    max_plies: usize,
    seed: u64,
) -> Played {
    play_from(engine, "startpos", start, go, max_plies, seed)
}

/// As [`play_through`], from `from` (`startpos` or `text <position text>`) whose game is `start`.
pub fn play_from(
    engine: &mut EngineProcess,
    from: &str,
    start: AnyGame,
    go: &str,
    max_plies: usize,
    seed: u64,
) -> Played {
    let mut dice = SmallRng::seed_from_u64(seed);
    let mut game = start;
    let mut moves: Vec<String> = Vec::new();
    let mut hidden = false;
    let mut played = Played::default();
    while moves.len() < max_plies {
        let action = match game.actor() {
            Actor::Over => break,
            Actor::Chance => {
                if hidden && game.secrets_pending() {
                    let view = game.view(None).position_text();
                    engine.ok(&format!("position text {view}"));
                } else {
                    engine.ok(&format!("position {from} moves {}", moves.join(" ")));
                }
                let (outcomes, weights) = engine.legal();
                assert_eq!(outcomes.len(), weights.len(), "{outcomes:?} {weights:?}");
                let truth = game.chance_outcomes();
                assert_eq!(
                    outcomes,
                    truth.iter().map(|(a, _)| a.clone()).collect::<Vec<_>>()
                );
                let total: u32 = weights.iter().sum();
                let mut roll = dice.random_range(0..total);
                let mut pick = 0;
                while roll >= weights[pick] {
                    roll -= weights[pick];
                    pick += 1;
                }
                let refused = engine.error("go nodes 10");
                assert!(refused.contains("chance"), "{refused}");
                played.chance += 1;
                outcomes[pick].clone()
            }
            Actor::Seat(seat) => {
                if hidden && game.secrets_pending() {
                    let view = game.view(Some(seat.index())).position_text();
                    engine.ok(&format!("position text {view}"));
                    played.view_positions += 1;
                } else {
                    engine.ok(&format!("position {from} moves {}", moves.join(" ")));
                }
                let (legal, _) = engine.legal();
                let (action, infos) = engine.go(go);
                assert!(
                    legal.contains(&action),
                    "ply {}: `{action}` is not among {legal:?}",
                    moves.len()
                );
                assert!(!infos.is_empty(), "an info line before bestmove");
                let last = infos.last().expect("checked");
                let scores = score_of(last);
                assert_eq!(scores.len(), game.seats(), "{last}");
                assert!(scores.iter().all(|s| (0.0..=1.0).contains(s)), "{last}");
                let explosions = legal.iter().filter(|a| a.starts_with("explode:")).count();
                if explosions > 1 {
                    played.explosion_choices.push(action.clone());
                }
                played.decisions += 1;
                action
            }
        };
        if game.action_visibility(&action).expect("readable") != Visibility::Public {
            hidden = true;
        }
        game.apply(&action)
            .unwrap_or_else(|e| panic!("`{action}` refused by the rules: {e}"));
        moves.push(action);
    }
    played.game = Some(game);
    played.moves = moves;
    played
}

impl std::fmt::Debug for Played {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let position = self.game.as_ref().map(AnyGame::position_text);
        f.debug_struct("Played")
            .field("position", &position)
            .field("decisions", &self.decisions)
            .field("chance", &self.chance)
            .field("explosion_choices", &self.explosion_choices)
            .field("view_positions", &self.view_positions)
            .finish()
    }
}

/// The `score` numbers of an info line.
pub fn score_of(info: &str) -> Vec<f64> {
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score").expect("a score") + 1;
    words[at..]
        .iter()
        .map_while(|w| w.parse::<f64>().ok())
        .collect()
}

pub fn new_game(id: GameId, variant: &str, seats: Option<usize>) -> AnyGame {
    AnyGame::new(id, variant, seats).expect("the game sets up")
}
