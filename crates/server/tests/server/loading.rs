//! Loading a game while its commits land (docs/server-design.md §2.2): a game's row, seats and log
//! are read in one snapshot, so a healthy game is never refused as damaged because a commit raced
//! its loading — not when several connections load it at once while its first decisions are stored,
//! and not when a second server on the same database loads it while the first plays.

use futures_util::future::join_all;
use muster_wire::server::Nack;
use muster_wire::{MatchId, ServerMsg};

use crate::kit::{quick, Client, Harness, RandomSeat};

/// Rounds of games, one after the other.
const ROUNDS: usize = 4;
/// Games played at once in each round.
const GAMES: usize = 6;
/// The players stop deciding at this ply.
const PLIES: u32 = 24;
/// Spectators subscribing as the players start.
const WATCHERS: usize = 2;

/// Subscribes to `g` and reads the answer: the version of the `full`, or the refusal.
async fn subscribe(client: &mut Client, g: &MatchId) -> Result<u32, Nack> {
    client.sub(g, None).await;
    client
        .until(|m| match m {
            ServerMsg::Full(full) if full.g == *g => Some(Ok(full.v.0)),
            ServerMsg::Nack(nack) => Some(Err(nack.clone())),
            _ => None,
        })
        .await
}

/// Connects `WATCHERS` spectators to `h`.
async fn watchers(h: &Harness) -> Vec<Client> {
    let mut clients = Vec::with_capacity(WATCHERS);
    for _ in 0..WATCHERS {
        clients.push(h.client(None).await);
    }
    clients
}

/// Plays one seat until ply [`PLIES`] (or the end), from its `full` on.
async fn play(seat: RandomSeat) -> RandomSeat {
    let mut seat = seat;
    seat.stop_at = PLIES;
    seat.play_until(|p| p.ply >= PLIES).await;
    seat
}

/// Starts a game on `a` between two new users playing random moves until [`PLIES`], with
/// spectators subscribing at the same moment; the game, the players' task and the spectators'
/// answers.
async fn start_game(
    a: &Harness,
    name: &str,
    seed: u64,
) -> (
    MatchId,
    tokio::task::JoinHandle<(RandomSeat, RandomSeat)>,
    Vec<Result<u32, Nack>>,
) {
    let (ann, bob) = (format!("{name}a"), format!("{name}b"));
    let (plans, tokens) = a.humans(&[ann.as_str(), bob.as_str()]).await;
    let g = a.game("mur", "game", plans).await;
    let mut spectators = watchers(a).await;
    let ann = a.client(Some(&tokens[0])).await;
    let bob = a.client(Some(&tokens[1])).await;
    // The players' and the spectators' subscriptions race to load the game; the first load
    // registered lets the players decide while the others still load.
    let (ann, bob) = (
        RandomSeat::join(ann, &g, seed).await,
        RandomSeat::join(bob, &g, seed + 1).await,
    );
    let players = tokio::spawn(async move { tokio::join!(play(ann), play(bob)) });
    let answers = join_all(spectators.iter_mut().map(|c| subscribe(c, &g))).await;
    (g, players, answers)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_loaded_while_its_commits_land_is_never_damaged() {
    let a = Harness::start(quick()).await;
    // A second server on the same database, as a second node would be; it boots with no game.
    let b = Harness::on(&a.url, quick()).await;
    for round in 0..ROUNDS {
        let mut games = Vec::new();
        for i in 0..GAMES {
            let seed = (round * GAMES + i) as u64 * 2;
            games.push(start_game(&a, &format!("p{round}x{i}"), seed).await);
        }
        // The second server loads each game while its players are deciding on the first.
        let mut watcher = b.client(None).await;
        for (g, _, _) in &games {
            let answer = subscribe(&mut watcher, g).await;
            answer
                .unwrap_or_else(|nack| panic!("round {round}: the second server refused {nack:?}"));
        }
        for (g, players, answers) in games {
            let (ann, bob) = players.await.expect("the players play on");
            let stored = a.version(&g).await;
            for answer in answers {
                let v = answer.unwrap_or_else(|nack| panic!("round {round}: refused {nack:?}"));
                assert!(i64::from(v) <= stored);
            }
            assert!(i64::from(ann.picture.v.max(bob.picture.v)) <= stored);
        }
    }
    // A server that loads a game once its players stopped finds every entry stored.
    let g = start_game(&a, "last", 99).await;
    let (g, players, _) = g;
    players.await.expect("the players play on");
    let stored = a.version(&g).await;
    b.stop().await;
    let fresh = Harness::on(&a.url, quick()).await;
    let mut last = fresh.client(None).await;
    let v = subscribe(&mut last, &g).await.expect("loaded");
    assert_eq!(i64::from(v), stored);
    fresh.stop().await;
    a.stop().await;
}
