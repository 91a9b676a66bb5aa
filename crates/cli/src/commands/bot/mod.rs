//! `muster bot --server URL --token T --engine "<command>" [--log DIR] [--max-games N]
//! [--move-time MS]`: connects any engine that speaks the engine protocol
//! (docs/engine-protocol.md) to a muster server as a bot account.
//!
//! It reads the bot's event stream (`GET /api/stream`): it joins every challenge that names the
//! bot in a game its engine named in the handshake and declines the others, and plays every
//! game of the bot on a WebSocket of its own with an engine process of its own ([`game`]). One
//! line per event goes to standard error. It ends after `--max-games` games have ended, or on
//! Ctrl-C; a stream the server ends (it stops) is opened again.
//!
//! When the server ends the bot's token (its owner revoked it), the stream's last line is
//! `signed-out` and the game sockets are closed with 4001: the bot stops at once with an error
//! (exit code 1) saying so; it never reconnects with the dead token. A game's socket is opened
//! again only when the close invites it ([`muster_wire::close::after_close`]): a close for the
//! bot's own behaviour (1002, 1008, 1009, …) abandons that game.

mod game;
mod picture;

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use muster_client::{Client, Error as ClientError};
use muster_protocol::controller::{EngineCommand, EngineConfig, ExternalEngine};
use muster_wire::http::JoinRequest;
use muster_wire::{MatchId, StreamEvent};
use tokio::task::JoinSet;

/// `muster bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The server, `http://HOST:PORT`.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// The bot's API token (`POST /api/bots` gives it to the bot's owner).
    #[arg(long, value_name = "TOKEN")]
    pub token: String,
    /// The engine's command line, with shell-like quoting: `"python3 bot.py"`.
    #[arg(long, value_name = "COMMAND")]
    pub engine: String,
    /// A folder for each game's engine session and standard error (`<game id>.log`).
    #[arg(long, value_name = "DIR")]
    pub log: Option<PathBuf>,
    /// Stop after this many games have ended (the bot joins no more once it has this many).
    #[arg(long, value_name = "N")]
    pub max_games: Option<u32>,
    /// A fixed time per decision in milliseconds; without it the game's clock decides (one
    /// second per decision in untimed games).
    #[arg(long, value_name = "MS")]
    pub move_time: Option<u64>,
}

/// Writes one line of the bot's log on standard error.
pub(crate) fn say(line: &str) {
    eprintln!("muster bot: {line}");
}

/// Runs the bot until `--max-games` games have ended or Ctrl-C.
pub fn run(args: &BotArgs) -> Result<()> {
    let engine = EngineCommand::parse(&args.engine)
        .map_err(|e| anyhow!("--engine `{}`: {e}", args.engine))?;
    if args.max_games == Some(0) {
        bail!("--max-games 0: nothing to play; give at least 1");
    }
    if let Some(dir) = &args.log {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("--log: cannot create the folder {}", dir.display()))?;
    }
    let client = Client::with_token(&args.server, args.token.trim())
        .map_err(|e| anyhow!("--server: {e}"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the bot's runtime")?;
    let plan = game::Plan {
        engine,
        log: args.log.clone(),
        move_time: args.move_time.map(Duration::from_millis),
    };
    runtime.block_on(serve(client, plan, args.max_games))
}

/// The games the engine plays, from a handshake with one process started and ended here.
fn engine_games(command: &EngineCommand) -> Result<Vec<String>> {
    let engine = ExternalEngine::start(command, &EngineConfig::default())
        .with_context(|| format!("the engine `{}` did not start", command.display()))?;
    let identity = engine.identity().clone();
    engine.quit();
    say(&format!(
        "engine {} {} by {} plays {}",
        identity.name,
        identity.version,
        identity.author,
        identity.games.join(", ")
    ));
    Ok(identity.games)
}

/// The bot's last words when the server ended its token: a 4001 close of a game's socket, the
/// stream's `signed-out` line, or the stream refused with 401.
fn signed_out(error: &ClientError) -> anyhow::Error {
    let why = match error {
        ClientError::SignedOut { reason } => reason.clone(),
        other => other.to_string(),
    };
    anyhow!(
        "signed out by the server: {why}; the bot's token no longer works: make a new one with \
         POST /api/bots"
    )
}

/// The client error that ended a game, when it says the token was ended.
fn signed_out_in(error: &anyhow::Error) -> Option<&ClientError> {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<ClientError>())
        .find(|e| e.is_signed_out())
}

/// The bot's state while it serves: the games it plays and the ones it has.
struct Bot {
    client: Client,
    plan: game::Plan,
    /// The games the engine plays.
    games: Vec<String>,
    started: HashSet<MatchId>,
    playing: JoinSet<(MatchId, Result<String>)>,
    limit: u32,
}

async fn serve(client: Client, plan: game::Plan, max_games: Option<u32>) -> Result<()> {
    let command = plan.engine.clone();
    let games = tokio::task::spawn_blocking(move || engine_games(&command))
        .await
        .context("the engine's thread")??;
    let mut events = client
        .events()
        .await
        .map_err(|e| anyhow!("cannot open the event stream: {e}"))?;
    say("connected; waiting for challenges");
    let mut bot = Bot {
        client,
        plan,
        games,
        started: HashSet::new(),
        playing: JoinSet::new(),
        limit: max_games.unwrap_or(u32::MAX),
    };
    let mut ended = 0u32;
    let interrupt = tokio::signal::ctrl_c();
    tokio::pin!(interrupt);
    let outcome = loop {
        tokio::select! {
            event = events.next() => match event {
                Ok(Some(event)) => {
                    if let Err(e) = bot.on_event(event).await {
                        break Err(e);
                    }
                }
                Err(e) if e.is_signed_out() => break Err(signed_out(&e)),
                Err(e @ ClientError::Unreadable { .. }) => {
                    say(&format!("a line of the event stream was skipped: {e}"));
                }
                // The server ended the stream (it stops) or the network failed: open it again.
                Ok(None) => events = reopen(&bot.client, "the event stream ended").await?,
                Err(e) if e.is_disconnect() => {
                    events = reopen(&bot.client, &format!("the event stream failed ({e})")).await?;
                }
                Err(e) => break Err(anyhow!(e).context("the event stream")),
            },
            Some(done) = bot.playing.join_next() => {
                match done {
                    Ok((g, Ok(_))) => say(&format!("game {g}: done")),
                    Ok((g, Err(e))) => match signed_out_in(&e) {
                        Some(cause) => break Err(signed_out(cause)),
                        None => say(&format!("game {g}: abandoned: {e:#}")),
                    },
                    Err(e) => say(&format!("a game's task failed: {e}")),
                }
                ended += 1;
                if ended >= bot.limit {
                    say(&format!("{ended} game(s) played; stopping"));
                    break Ok(());
                }
            }
            _ = &mut interrupt => {
                say("interrupted; stopping");
                break Ok(());
            }
        }
    };
    bot.playing.abort_all();
    outcome
}

impl Bot {
    /// Answers one event of the stream: joins or declines a challenge, starts playing a game.
    async fn on_event(&mut self, event: StreamEvent) -> Result<()> {
        let room = (self.started.len() as u32) < self.limit;
        match event {
            StreamEvent::Challenge { challenge } => {
                let id = challenge.id.clone();
                let game = &challenge.spec.game;
                let from = &challenge.creator.name;
                if !self.games.iter().any(|g| g == game) {
                    say(&format!(
                        "challenge {id} from {from}: declined (the engine does not play {game})"
                    ));
                    if let Err(e) = self.client.decline(&id).await {
                        say(&format!("challenge {id}: the decline failed: {e}"));
                    }
                } else if !room {
                    say(&format!("challenge {id}: left alone (--max-games reached)"));
                } else {
                    say(&format!("challenge {id} from {from}: joining ({game})"));
                    if let Err(e) = self.client.join(&id, JoinRequest { seat: None }).await {
                        say(&format!("challenge {id}: the join failed: {e}"));
                    }
                }
            }
            StreamEvent::GameStart { g, game, seats, .. } => {
                if self.started.contains(&g) {
                    return Ok(());
                }
                if !room {
                    say(&format!("game {g}: not played (--max-games reached)"));
                    return Ok(());
                }
                let seats: Vec<String> = seats.iter().map(|s| s.0.to_string()).collect();
                say(&format!(
                    "game {g}: started ({game}, seat {})",
                    seats.join(", ")
                ));
                self.started.insert(g.clone());
                let (client, plan) = (self.client.clone(), self.plan.clone());
                self.playing.spawn(async move {
                    let result = game::play(client, g.clone(), plan).await;
                    (g, result)
                });
            }
            StreamEvent::ChallengeGone { id, status, .. } => {
                say(&format!("challenge {id}: {status:?}"));
            }
            StreamEvent::GameEnd {
                g,
                result,
                termination,
            } => {
                say(&format!(
                    "game {g}: ended ({termination:?}, {})",
                    result.as_deref().unwrap_or("no result")
                ));
            }
            StreamEvent::Synced => {}
            // `Events::next` reads this line as `Error::SignedOut`; the arm is for completeness.
            StreamEvent::SignedOut { reason } => {
                return Err(signed_out(&ClientError::SignedOut { reason }));
            }
        }
        Ok(())
    }
}

/// Opens the event stream again after `why`, trying every second for a minute (the server
/// restarts). A stream refused with 401 (the token was ended while it was down) stops the bot.
async fn reopen(client: &Client, why: &str) -> Result<muster_client::Events> {
    say(&format!("{why}; opening it again"));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        match client.events().await {
            Ok(events) => return Ok(events),
            Err(e) if e.is_signed_out() => return Err(signed_out(&e)),
            Err(e) if tokio::time::Instant::now() >= deadline => {
                return Err(anyhow!("cannot open the event stream again: {e}"))
            }
            Err(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sign_out_deep_in_a_games_error_is_found_and_said_plainly() {
        let closed = ClientError::SignedOut {
            reason: "the bot's token was revoked".to_owned(),
        };
        let error = anyhow!(closed).context("game 01J: cannot subscribe");
        let cause = signed_out_in(&error).expect("found through the context");
        assert_eq!(
            signed_out(cause).to_string(),
            "signed out by the server: the bot's token was revoked; the bot's token no longer \
             works: make a new one with POST /api/bots"
        );
        let refused = ClientError::Status {
            what: "GET /ws".to_owned(),
            status: 401,
            code: None,
            reason: "the session is not known".to_owned(),
        };
        assert!(signed_out_in(&anyhow!(refused).context("game 01J")).is_some());
        let stopped = ClientError::Closed {
            code: Some(1008),
            reason: "too slow".to_owned(),
        };
        assert!(
            signed_out_in(&anyhow!(stopped).context("game 01J")).is_none(),
            "any other close abandons only its game"
        );
    }
}
