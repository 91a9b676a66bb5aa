//! `play_random` against a small stand-in for the server that keeps the protocol's promises
//! (ack after the write, re-ack of a resent act, entries after `sub{v}`) and breaks the
//! connection the way a crash does: after a commit, before the ack.
//!
//! Two seats play Murus Gallicus to the end; the stand-in's log must hold every acked act
//! exactly once, at its ply.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use muster_client::{loopback_address, play_random_with, Client, PlayOptions, PlayReport};
use muster_rules::{AnyGame, GameId, Seat};
use muster_wire::server::{Ack, Full, GameStatus, Nack, Step};
use muster_wire::{
    Act, Actor, By, ClientMsg, LegalMoves, MatchId, NackCode, Ply, ServerMsg, Version, ViewHash,
};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::handshake::server::{Request, Response};
use tokio_tungstenite::tungstenite::Message;

fn g() -> MatchId {
    MatchId("01JDFAKE000000000000000000".into())
}

/// How the stand-in misbehaves.
#[derive(Clone, Copy, Default)]
struct Faults {
    /// Every n-th commit is stored, then every connection is dropped before the ack.
    crash_every: Option<usize>,
    /// Every n-th step is not sent to seat 1 (it sees a gap at the next one).
    lose_every: Option<usize>,
}

struct Game {
    game: AnyGame,
    /// `(ply, seat, action)` per decision, in order.
    log: Vec<(u32, u8, String)>,
    /// The step of each version as each seat sees it (version `i + 1` at index `i`).
    steps: Vec<[Step; 2]>,
    /// Senders to every open connection, with its seat.
    subscribers: Vec<(u8, mpsc::UnboundedSender<ServerMsg>)>,
    faults: Faults,
    commits: usize,
}

type Shared = Arc<Mutex<Game>>;

fn hash(game: &AnyGame) -> ViewHash {
    ViewHash::from_u64(game.position_hash())
}

fn legal_for(game: &AnyGame, seat: u8) -> Option<LegalMoves> {
    (game.actor() == muster_rules::Actor::Seat(Seat(seat)))
        .then(|| LegalMoves::all(&game.legal_moves()))
}

fn full(state: &Game, seat: u8) -> ServerMsg {
    let game = &state.game;
    ServerMsg::Full(Full {
        g: g(),
        v: Version(state.steps.len() as u32),
        ply: Ply(state.log.len() as u32),
        game: "murus-gallicus".into(),
        variant: "basic".into(),
        rules_version: 1,
        seats: Vec::new(),
        me: Some(Seat(seat)),
        status: GameStatus::Running,
        actor: game.actor().into(),
        clock: None,
        position: game.position_text(),
        board: muster_view::BoardKey::of(
            &muster_view::scene(game, Some(Seat(seat))).expect("scene"),
        ),
        scene: muster_view::scene(game, Some(Seat(seat))).expect("scene"),
        moves: state
            .log
            .iter()
            .map(|(ply, by, a)| muster_wire::MoveEntry {
                ply: Ply(*ply),
                by: By::Seat(Seat(*by)),
                a: Some(a.clone()),
                turn: *ply,
            })
            .collect(),
        legal: legal_for(game, seat),
        offers: Vec::new(),
        draw_offers: false,
        set_resignation: false,
        outcome: None,
        hash: hash(game),
    })
}

/// What the stand-in answers to one frame from `seat`.
fn answer(shared: &Shared, seat: u8, message: ClientMsg, out: &mut Vec<ServerMsg>) {
    let mut state = shared.lock().expect("lock");
    match message {
        ClientMsg::Sub(sub) => match sub.v {
            Some(v) if (v.0 as usize) <= state.steps.len() => {
                for step in &state.steps[v.0 as usize..] {
                    out.push(ServerMsg::Step(step[seat as usize].clone()));
                }
            }
            _ => {
                out.push(full(&state, seat));
            }
        },
        ClientMsg::Act(act) => act_on(&mut state, seat, act, out),
        other => panic!("the player sent {other:?}"),
    }
}

fn act_on(state: &mut Game, seat: u8, act: Act, out: &mut Vec<ServerMsg>) {
    let nack = |code, reason: &str| {
        ServerMsg::Nack(Nack {
            id: Some(act.id),
            g: None,
            code,
            reason: reason.into(),
            rule: None,
        })
    };
    let live = state.log.len() as u32;
    if act.ply.0 < live {
        let same = state.log[act.ply.0 as usize] == (act.ply.0, seat, act.a.clone());
        let reply = if same {
            ServerMsg::Ack(Ack {
                id: act.id,
                v: Some(Version(act.ply.0 + 1)),
            })
        } else {
            nack(NackCode::Stale, "an older ply")
        };
        out.push(reply);
        return;
    }
    if act.ply.0 > live || act.h != hash(&state.game) {
        out.push(nack(NackCode::Stale, "not the live view"));
        return;
    }
    if state.game.actor() != muster_rules::Actor::Seat(Seat(seat)) {
        out.push(nack(NackCode::Turn, "not your turn"));
        return;
    }
    if state.game.apply(&act.a).is_err() {
        out.push(nack(NackCode::Illegal, "illegal"));
        return;
    }
    // Stored.
    state.log.push((act.ply.0, seat, act.a.clone()));
    let v = Version(state.steps.len() as u32 + 1);
    let game = &state.game;
    let step = |viewer: u8| Step {
        g: g(),
        v,
        ply: Ply(live + 1),
        by: By::Seat(Seat(seat)),
        a: Some(act.a.clone()),
        events: Vec::new(),
        anim: Vec::new(),
        actor: Actor::from(game.actor()),
        clock: None,
        // This test server keeps no scene per client: every step sends the whole board.
        scene: muster_view::SceneDelta::whole(
            &muster_view::scene(game, Some(Seat(viewer))).expect("scene"),
        ),
        legal: legal_for(game, viewer),
        hash: hash(game),
        revealed: Vec::new(),
    };
    let steps = [step(0), step(1)];
    state.steps.push(steps.clone());
    state.commits += 1;
    if state
        .faults
        .crash_every
        .is_some_and(|n| state.commits % n == 0)
    {
        // A crash between the commit and the ack: every connection goes.
        state.subscribers.clear();
        return;
    }
    out.push(ServerMsg::Ack(Ack {
        id: act.id,
        v: Some(v),
    }));
    let lose = state
        .faults
        .lose_every
        .is_some_and(|n| state.commits % n == 0);
    for (viewer, to) in &state.subscribers {
        if lose && *viewer == 1 {
            continue;
        }
        let _ = to.send(ServerMsg::Step(steps[*viewer as usize].clone()));
    }
}

// The callback's error type is tungstenite's, however large.
#[allow(clippy::result_large_err)]
async fn connection(shared: Shared, stream: TcpStream) {
    let mut seat = None;
    let callback = |request: &Request, response: Response| {
        seat = request
            .headers()
            .get("authorization")
            .and_then(|h| h.to_str().ok())
            .and_then(|h| h.strip_prefix("Bearer seat"))
            .and_then(|n| n.parse::<u8>().ok());
        Ok(response)
    };
    let Ok(mut socket) = tokio_tungstenite::accept_hdr_async(stream, callback).await else {
        return;
    };
    let seat = seat.expect("a bearer token `seat0` or `seat1`");
    // Only the stand-in's list holds the sender, so a crash (clearing the list) ends the
    // connection at once.
    let (to, mut rx) = mpsc::unbounded_channel();
    shared.lock().expect("lock").subscribers.push((seat, to));
    loop {
        tokio::select! {
            frame = socket.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    let message = ClientMsg::decode(text.as_str()).expect("a valid frame");
                    let mut replies = Vec::new();
                    answer(&shared, seat, message, &mut replies);
                    for reply in replies {
                        if socket.send(Message::text(reply.to_json())).await.is_err() {
                            return;
                        }
                    }
                }
                Some(Ok(_)) => {}
                _ => return,
            },
            reply = rx.recv() => match reply {
                Some(reply) => {
                    if socket.send(Message::text(reply.to_json())).await.is_err() {
                        return;
                    }
                }
                // Dropped by a crash: the socket goes without a close frame.
                None => return,
            },
        }
    }
}

async fn stand_in(faults: Faults) -> (String, Shared) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let shared = Arc::new(Mutex::new(Game {
        game: AnyGame::new(GameId::MurusGallicus, "basic", None).expect("game"),
        log: Vec::new(),
        steps: Vec::new(),
        subscribers: Vec::new(),
        faults,
        commits: 0,
    }));
    let accepting = Arc::clone(&shared);
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(connection(Arc::clone(&accepting), stream));
        }
    });
    (format!("http://{addr}"), shared)
}

/// Plays both seats at once and returns their reports.
async fn play_both(base: &str, seed: u64) -> [PlayReport; 2] {
    let options = PlayOptions {
        think: Duration::ZERO..=Duration::from_millis(2),
        reconnect_every: Duration::from_millis(20),
        reconnect_within: Duration::from_secs(5),
        resubscribe_after: Duration::from_millis(200),
        ..PlayOptions::default()
    };
    let players = (0..2u8).map(|seat| {
        // Seat 1 connects from another loopback address, as the load tool's clients do.
        let client = Client::with_token(base, format!("seat{seat}")).expect("client");
        let client = match seat {
            1 => client.from_address(loopback_address(7)),
            _ => client,
        };
        let options = options.clone();
        tokio::spawn(async move {
            let mut conn = client.connect().await.expect("connect");
            let mut rng = SmallRng::seed_from_u64(seed + seat as u64);
            play_random_with(&mut conn, &g(), &mut rng, &options).await
        })
    });
    let mut reports = Vec::new();
    for player in players.collect::<Vec<_>>() {
        reports.push(player.await.expect("the player task").expect("the player"));
    }
    let b = reports.pop().expect("seat 1's report");
    let a = reports.pop().expect("seat 0's report");
    [a, b]
}

/// Every acked act of `reports` is in `log` at its ply, exactly once; every logged act was
/// acked (a crash lost acks, but the resends were acked again).
fn check_acks(reports: &[PlayReport; 2], log: &[(u32, u8, String)]) {
    let mut acked: Vec<(u32, u8, String)> = Vec::new();
    for (seat, report) in reports.iter().enumerate() {
        assert!(report.finished, "seat {seat} played to the end");
        for act in &report.acked {
            acked.push((act.ply.0, seat as u8, act.a.clone()));
        }
    }
    acked.sort();
    assert_eq!(acked.as_slice(), log, "acked acts and the stored log agree");
    for (i, (ply, _, _)) in log.iter().enumerate() {
        assert_eq!(
            *ply as usize, i,
            "the log holds one decision per ply, in order"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_random_players_finish_a_game_and_every_act_is_acked_once() {
    let (base, shared) = stand_in(Faults::default()).await;
    let reports = play_both(&base, 1).await;
    let state = shared.lock().expect("lock");
    assert!(state.game.outcome().is_some(), "the game is over");
    check_acks(&reports, &state.log);
    assert_eq!(reports[0].reconnects + reports[1].reconnects, 0);
    assert_eq!(reports[0].view.moves().len(), state.log.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_crash_before_the_ack_the_resent_act_is_acked_not_played_twice() {
    let (base, shared) = stand_in(Faults {
        crash_every: Some(7),
        lose_every: None,
    })
    .await;
    let reports = play_both(&base, 2).await;
    let state = shared.lock().expect("lock");
    assert!(state.game.outcome().is_some(), "the game is over");
    check_acks(&reports, &state.log);
    assert!(reports[0].reconnects + reports[1].reconnects > 0);
    assert!(
        reports.iter().flat_map(|r| &r.acked).any(|a| a.resent),
        "some act was acked only after its resend"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_step_is_a_gap_mended_by_subscribing_from_the_last_version() {
    let (base, shared) = stand_in(Faults {
        crash_every: None,
        lose_every: Some(5),
    })
    .await;
    let reports = play_both(&base, 3).await;
    let state = shared.lock().expect("lock");
    check_acks(&reports, &state.log);
    let seat1 = &reports[1].view;
    assert!(seat1.gaps() > 0 || state.log.len() < 5, "seat 1 met gaps");
    let plies: Vec<u32> = seat1.moves().iter().map(|m| m.ply.0).collect();
    let expected: Vec<u32> = (0..state.log.len() as u32).collect();
    assert_eq!(
        plies, expected,
        "seat 1's picture holds every decision once"
    );
}
