//! One game played by the bot: one WebSocket, one engine process. The bot subscribes, keeps
//! its [`Picture`], and whenever its seat is to decide asks the engine (in `spawn_blocking`),
//! sends `act` with the ply and the view's hash, and waits for the `ack`. After a lost
//! connection (a close that [`muster_wire::close::after_close`] reads as `Reconnect`: a lost
//! network, a restart, an overload) it reconnects, subscribes from the version it holds and
//! resends an `act` that was not acknowledged (the server acknowledges a resend without playing
//! it twice; a nacked one is never resent). Any other close ends the game's task with the
//! close's code and reason: a 4001 (`SignedOut`) stops the whole bot, anything else abandons
//! this game. An engine that fails (late, illegal, crashed) resigns the game, and the log says
//! why.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use muster_client::{Client, Connection, Error as ClientError};
use muster_protocol::controller::{
    EngineCommand, EngineConfig, ExternalEngine, GoLimits, DEFAULT_ANSWER_TIMEOUT,
};
use muster_wire::{AckId, Act, ClientMsg, Control, Ctl, MatchId, Ply, ServerMsg, Sub, Version};

use super::picture::{Picture, Taken};
use super::say;

/// How the bot plays.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The engine's command line.
    pub engine: EngineCommand,
    /// Where to keep each game's engine log (`<g>.log`).
    pub log: Option<PathBuf>,
    /// A fixed time per decision; without it the game's clock (or one second when untimed).
    pub move_time: Option<Duration>,
}

/// The time per decision of an untimed game when `--move-time` is not given.
const UNTIMED_MOVE: Duration = Duration::from_secs(1);
/// How long a reconnection is tried.
const RECONNECT_WITHIN: Duration = Duration::from_secs(60);

/// An `act` sent and not yet answered.
struct Pending {
    id: AckId,
    act: ClientMsg,
}

/// Plays game `g` to its end; the answer is the end in words.
pub async fn play(client: Client, g: MatchId, plan: Plan) -> Result<String> {
    let mut conn = client
        .connect()
        .await
        .with_context(|| format!("game {g}: cannot open the WebSocket"))?;
    conn.set_timeout(Duration::from_secs(3600));
    subscribe(&mut conn, &g, None).await?;
    let mut picture = Picture::new();
    let mut engine: Option<ExternalEngine> = None;
    let mut pending: Option<Pending> = None;
    let mut next_id = 0u32;
    let mut resigned = false;
    loop {
        let msg = match conn.recv().await {
            Ok(msg) => msg,
            Err(e) if e.is_disconnect() => {
                say(&format!("game {g}: connection lost ({e}); reconnecting"));
                conn.reconnect(Duration::from_millis(500), RECONNECT_WITHIN)
                    .await
                    .with_context(|| format!("game {g}: cannot reconnect"))?;
                subscribe(&mut conn, &g, picture.v).await?;
                if let Some(p) = &pending {
                    conn.send(&p.act).await?;
                }
                continue;
            }
            Err(e) => return Err(anyhow!(e).context(format!("game {g}"))),
        };
        match &msg {
            ServerMsg::Ack(ack) if pending.as_ref().is_some_and(|p| p.id == ack.id) => {
                pending = None;
            }
            ServerMsg::Nack(nack) if pending.as_ref().is_some_and(|p| Some(p.id) == nack.id) => {
                pending = None;
                say(&format!(
                    "game {g}: the server refused the move ({:?}: {})",
                    nack.code, nack.reason
                ));
                if nack.code != muster_wire::NackCode::Stale {
                    // The engine's move, legal in the bot's view, is not legal on the server:
                    // the picture is wrong; start again from a fresh one.
                    subscribe(&mut conn, &g, None).await?;
                }
            }
            ServerMsg::Nack(nack) => {
                say(&format!("game {g}: nack {:?}: {}", nack.code, nack.reason));
            }
            _ => {}
        }
        if msg.entry_game() != Some(&g) {
            continue;
        }
        match picture.take(&msg) {
            Taken::Fine => {}
            Taken::Unreadable(why) => {
                if !resigned {
                    resigned = true;
                    say(&format!(
                        "game {g}: cannot follow the game ({why}); resigning"
                    ));
                    next_id += 1;
                    resign(&mut conn, &g, &picture, AckId(next_id)).await?;
                }
                continue;
            }
            Taken::Resubscribe(v) => {
                subscribe(&mut conn, &g, v).await?;
                continue;
            }
            Taken::Ended => {
                let words = match &msg {
                    ServerMsg::End(end) => format!(
                        "over ({:?}): scores {:?}, ranks {:?}, {}",
                        end.termination, end.outcome.scores, end.outcome.ranks, end.outcome.reason
                    ),
                    _ => "over".to_owned(),
                };
                say(&format!("game {g}: {words}"));
                if let Some(engine) = engine.take() {
                    let _ = tokio::task::spawn_blocking(move || engine.quit()).await;
                }
                let _ = conn.close().await;
                return Ok(words);
            }
        }
        if resigned || pending.is_some() || !picture.my_turn() {
            continue;
        }
        let Some((start, moves, view)) = picture.for_engine() else {
            continue;
        };
        let limits = limits(&picture, plan.move_time);
        let ply = picture.ply;
        let hash = picture.hash.clone();
        let first = engine.is_none();
        let config = EngineConfig {
            log: plan.log.as_ref().map(|dir| dir.join(format!("{g}.log"))),
            answer_timeout: DEFAULT_ANSWER_TIMEOUT,
            options: Vec::new(),
        };
        let command = plan.engine.clone();
        let held = engine.take();
        let asked = tokio::task::spawn_blocking(move || {
            let mut engine = match held {
                Some(engine) => engine,
                None => {
                    let mut engine = ExternalEngine::start(&command, &config)?;
                    engine.new_game(&start)?;
                    engine
                }
            };
            let decision = engine.decide(&start, &moves, &view, &limits);
            Ok::<_, muster_protocol::controller::EngineFailure>((engine, decision))
        })
        .await
        .context("the engine's thread")?;
        if first {
            say(&format!("game {g}: engine started"));
        }
        let failure = match asked {
            Ok((held, Ok(decision))) => {
                engine = Some(held);
                next_id += 1;
                let id = AckId(next_id);
                let act = ClientMsg::Act(Act {
                    g: g.clone(),
                    ply: Ply(ply),
                    a: decision.action.clone(),
                    id,
                    h: hash,
                });
                say(&format!(
                    "game {g}: ply {ply}: plays {} ({} ms)",
                    decision.action,
                    decision.took.as_millis()
                ));
                conn.send(&act).await?;
                pending = Some(Pending { id, act });
                continue;
            }
            Ok((held, Err(failure))) => {
                engine = Some(held);
                failure
            }
            Err(failure) => failure,
        };
        say(&format!(
            "game {g}: the engine failed: {failure}; resigning"
        ));
        resigned = true;
        if let Some(engine) = engine.take() {
            let _ = tokio::task::spawn_blocking(move || engine.quit()).await;
        }
        next_id += 1;
        resign(&mut conn, &g, &picture, AckId(next_id)).await?;
    }
}

async fn resign(conn: &mut Connection, g: &MatchId, picture: &Picture, id: AckId) -> Result<()> {
    conn.send(&ClientMsg::Ctl(Ctl {
        g: g.clone(),
        k: Control::Resign,
        ply: Ply(picture.ply),
        id,
        h: picture.hash.clone(),
    }))
    .await
    .map_err(|e| anyhow!(e).context(format!("game {g}: cannot resign")))
}

async fn subscribe(conn: &mut Connection, g: &MatchId, v: Option<Version>) -> Result<()> {
    conn.send(&ClientMsg::Sub(Sub { g: g.clone(), v }))
        .await
        .map_err(|e: ClientError| anyhow!(e).context(format!("game {g}: cannot subscribe")))
}

/// The limits of one decision: `--move-time`, else the game's clock, else one second.
fn limits(picture: &Picture, move_time: Option<Duration>) -> GoLimits {
    if let Some(movetime) = move_time {
        return GoLimits {
            movetime: Some(movetime),
            ..GoLimits::default()
        };
    }
    match &picture.clock {
        Some(clock) => GoLimits {
            clock: Some((
                clock
                    .remaining_ms
                    .iter()
                    .map(|ms| Duration::from_millis(ms.0))
                    .collect(),
                Duration::ZERO,
            )),
            ..GoLimits::default()
        },
        None => GoLimits {
            movetime: Some(UNTIMED_MOVE),
            ..GoLimits::default()
        },
    }
}
