//! kill -9 durability (docs/server-design.md §5, layer 5): the real `muster serve` on a database
//! file, twenty games played at once by pairs of guest clients with random legal moves, the server
//! killed with SIGKILL while acts are in flight and started again on the same file. Every act the
//! server acknowledged must be in its game exactly once, at its ply, in order, and every client
//! must resume (subscribing from its last version, resending its unacked act) and finish its game.
//!
//! One round runs in the normal suite; 25 rounds run as an ignored test (scripts/deep.sh); the
//! same on PostgreSQL when `MUSTER_PG_URL` names a server (scripts/pg.sh starts one), in a
//! fresh database.
//!
//! On PostgreSQL, two servers on one database are one site (docs/server-design.md §2.10): games
//! made through the first node are played by one player through each node and watched through
//! the second, first with both nodes up, then with the first node killed -9 mid-traffic and
//! started again (a new node) while the second adopts its games.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use muster_client::{loopback_address, play_random_with, Client, PlayOptions, PlayReport, SentLog};
use muster_rules::Seat;
use muster_wire::http::{ChallengeRequest, ClockSpec, JoinRequest, SeatSpec};
use muster_wire::server::{Full, GameStatus};
use muster_wire::{By, ClientMsg, MatchId, ServerMsg, Sub};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Games played at once in a round.
const GAMES: usize = 20;

/// The tests of this file run one at a time: each starts real servers and plays many clients
/// against them, and what one does must not change what another's kill lands on.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds the machine for one test (a test that failed before it let go leaves it usable).
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner())
}

/// Waits until the players have sent `acts` decisions between them (at most a minute), so a
/// kill that follows lands in the middle of their games, however fast the machine plays.
async fn played(sent: &SentLog, acts: usize) {
    let until = tokio::time::Instant::now() + Duration::from_secs(60);
    while sent.lock().map_or(0, |s| s.len()) < acts {
        assert!(
            tokio::time::Instant::now() < until,
            "the players did not make {acts} decisions within a minute"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// A `muster serve` child.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    /// Starts `muster serve --db <db> --addr <addr>` and reads the address it names.
    fn start(db: &str, addr: &str) -> Server {
        Server::start_with(db, addr, &[])
    }

    /// [`Server::start`] with more arguments.
    fn start_with(db: &str, addr: &str, more: &[&str]) -> Server {
        // The port of a killed server is free again at once for a listener, but give the
        // system a few tries.
        for _ in 0..50 {
            let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
                .args(["serve", "--db", db, "--addr", addr])
                .args(more)
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("muster serve starts");
            let mut first = String::new();
            let stdout = child.stdout.take().expect("stdout");
            let mut reader = BufReader::new(stdout);
            reader.read_line(&mut first).expect("the address line");
            if let Some(addr) = first
                .split("http://")
                .nth(1)
                .and_then(|rest| rest.split_whitespace().next())
            {
                // Keep reading so the server never blocks on a full pipe.
                std::thread::spawn(move || for _ in reader.lines() {});
                return Server {
                    child,
                    addr: addr.to_owned(),
                };
            }
            let _ = child.wait();
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("muster serve could not start on {addr}");
    }

    fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// SIGKILL: no clean stop, no closing of the database.
    fn kill9(mut self) -> String {
        let killed = Command::new("kill")
            .args(["-9", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let status = self.child.wait().expect("the server ends");
        assert!(!status.success(), "killed, not stopped: {status:?}");
        std::mem::take(&mut self.addr)
    }

    /// SIGTERM, and the clean stop it promises.
    fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let status = self.child.wait().expect("the server ends");
        assert!(status.success(), "a clean stop: {status:?}");
    }
}

impl Drop for Server {
    /// A server a failed test left running is killed, so it holds no port or pipe after it.
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The game of pair `i`: Murus Gallicus and single games of Mur, in turn.
fn challenge(i: usize) -> ChallengeRequest {
    let (game, variant) = match i % 2 {
        0 => ("murus-gallicus", "basic"),
        _ => ("mur", "game"),
    };
    ChallengeRequest {
        game: game.into(),
        variant: variant.into(),
        seats: vec![SeatSpec::Me, SeatSpec::Open],
        random_order: false,
        clock: ClockSpec::None,
        rated: false,
        takeback: Default::default(),
        visibility: Default::default(),
    }
}

/// The `GAMES` games of a round, each made by one guest's challenge and another guest's join
/// over HTTP, with its two players.
async fn open_games(base: &str) -> Vec<(MatchId, Client, Client)> {
    open_n_games(base, GAMES).await
}

/// `n` games as [`open_games`] makes them.
async fn open_n_games(base: &str, n: usize) -> Vec<(MatchId, Client, Client)> {
    let mut games = Vec::new();
    for i in 0..n {
        // Each client from a loopback address of its own: the server limits the sessions one
        // address opens.
        let guest = |k: usize| Client::guest_from(base, Some(loopback_address((2 * i + k) as u32)));
        let a = guest(0).await.expect("a guest session");
        let b = guest(1).await.expect("a guest session");
        let created = a
            .create_challenge(&challenge(i))
            .await
            .expect("a challenge");
        let joined = b
            .join(&created.id, JoinRequest::default())
            .await
            .expect("joining");
        let g = joined.g.expect("the last open seat taken starts the game");
        games.push((g, a, b));
    }
    games
}

/// A fresh subscription's `full` of game `g`, as watcher `n` sees it.
async fn full_of(client: &Client, g: &MatchId) -> Full {
    let watcher = client;
    let mut conn = watcher.connect().await.expect("a watcher's socket");
    conn.send(&ClientMsg::Sub(Sub {
        g: g.clone(),
        v: None,
    }))
    .await
    .expect("sub");
    loop {
        match conn.recv().await.expect("a frame") {
            ServerMsg::Full(full) if full.g == *g => return full,
            _ => continue,
        }
    }
}

/// Every act `report` says was acked is in `full` exactly once, at its ply and by its seat;
/// the stored decisions run one per ply, in order; the player's own picture agrees.
fn check_game(g: &MatchId, full: &Full, report: &PlayReport) {
    let plies: Vec<u32> = full.moves.iter().map(|m| m.ply.0).collect();
    let expected: Vec<u32> = (0..full.moves.len() as u32).collect();
    assert_eq!(
        plies, expected,
        "{g}: one stored decision per ply, in order"
    );
    let seat: Seat = report.view.me().expect("the player holds a seat");
    for act in &report.acked {
        let stored = full
            .moves
            .iter()
            .filter(|m| m.ply == act.ply)
            .collect::<Vec<_>>();
        assert_eq!(
            stored.len(),
            1,
            "{g}: the act at ply {} is stored once",
            act.ply
        );
        assert_eq!(
            stored[0].by,
            By::Seat(seat),
            "{g}: ply {} by its seat",
            act.ply
        );
        assert_eq!(
            stored[0].a.as_deref(),
            Some(act.a.as_str()),
            "{g}: the act acked at ply {} is the one stored",
            act.ply
        );
    }
    let mine: Vec<(u32, Option<&str>)> = report
        .view
        .moves()
        .iter()
        .map(|m| (m.ply.0, m.a.as_deref()))
        .collect();
    let stored: Vec<(u32, Option<&str>)> = full
        .moves
        .iter()
        .map(|m| (m.ply.0, m.a.as_deref()))
        .collect();
    assert_eq!(mine, stored, "{g}: the player's picture is the stored game");
}

/// One round on database `db`: start, play `GAMES` games, kill -9 mid-traffic, start again on
/// the same file and port, let every game finish, check every acked act.
async fn round(db: &str, seed: u64) {
    let server = Server::start(db, "127.0.0.1:0");
    let base = server.base();
    let mut rng = SmallRng::seed_from_u64(seed);
    let sent: SentLog = Default::default();
    let options = PlayOptions {
        think: Duration::ZERO..=Duration::from_millis(20),
        reconnect_every: Duration::from_millis(100),
        reconnect_within: Duration::from_secs(60),
        sent: Some(sent.clone()),
        ..PlayOptions::default()
    };
    let mut players = Vec::new();
    let opened = open_games(&base).await;
    let first = opened.first().map(|(_, a, _)| a.clone());
    for (i, (g, a, b)) in opened.into_iter().enumerate() {
        for (k, client) in [a, b].into_iter().enumerate() {
            let (g, options) = (g.clone(), options.clone());
            let player_seed = seed * 1000 + 2 * i as u64 + k as u64;
            players.push(tokio::spawn(async move {
                let mut conn = client.connect().await.expect("a socket");
                let mut rng = SmallRng::seed_from_u64(player_seed);
                let report = play_random_with(&mut conn, &g, &mut rng, &options).await;
                (g, report)
            }));
        }
    }
    // Four decisions a game on average, then the kill within the next 100 ms.
    played(&sent, 4 * GAMES).await;
    tokio::time::sleep(Duration::from_millis(rng.random_range(0..=100))).await;
    let addr = tokio::task::spawn_blocking(move || server.kill9())
        .await
        .expect("the kill");
    tokio::time::sleep(Duration::from_millis(rng.random_range(0..=300))).await;
    let (db_owned, addr_owned) = (db.to_owned(), addr.clone());
    let server = tokio::task::spawn_blocking(move || Server::start(&db_owned, &addr_owned))
        .await
        .expect("the restart");
    assert_eq!(server.addr, addr, "restarted on the same address");

    // The stored games are read by a player of the first game (a watcher of the others).
    let reader = first.expect("a game was played");
    let (mut reconnects, mut acked, mut resent) = (0, 0, 0);
    let mut fulls = std::collections::HashMap::new();
    for player in players {
        let (g, report) = player.await.expect("the player task");
        let report = report.unwrap_or_else(|e| panic!("{g}: the player failed: {e}"));
        assert!(report.finished, "{g}: the player finished the game");
        reconnects += report.reconnects;
        acked += report.acked.len();
        resent += report.acked.iter().filter(|a| a.resent).count();
        if !fulls.contains_key(&g) {
            fulls.insert(g.clone(), full_of(&reader, &g).await);
        }
        let full = &fulls[&g];
        assert!(
            matches!(full.status, GameStatus::Over),
            "{g}: the game is over, {:?}",
            full.status
        );
        check_game(&g, full, &report);
    }
    assert!(reconnects > 0, "the clients met the kill");
    eprintln!(
        "serve_kill round {seed}: {GAMES} games finished, {acked} acts acked ({resent} only after \
         a resend), {reconnects} reconnections"
    );
    for g in fulls.keys() {
        let summary = reader.game_summary(g).await.expect("the game summary");
        let stored = fulls[g].moves.len();
        assert_eq!(summary.ply.0 as usize, stored, "{g}: the summary's ply");
        let record = reader.record(g).await.expect("the record");
        assert!(!record.trim().is_empty(), "{g}: a record");
    }
    tokio::task::spawn_blocking(move || server.stop())
        .await
        .expect("the stop");
}

/// The runtime every test of this file plays in: two workers, as the machine has two cores.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

fn rounds(db: &str, n: u64) {
    let runtime = runtime();
    for i in 0..n {
        runtime.block_on(round(db, i + 1));
    }
}

/// A fresh database on the PostgreSQL server of `MUSTER_PG_URL`, made with `psql`; `None` (with
/// a note) only when `MUSTER_PG_SKIP=1`.
fn postgres() -> Option<String> {
    let Ok(admin) = std::env::var("MUSTER_PG_URL") else {
        if std::env::var("MUSTER_PG_SKIP").as_deref() == Ok("1") {
            eprintln!("MUSTER_PG_SKIP=1: the PostgreSQL kill test is skipped");
            return None;
        }
        panic!(
            "MUSTER_PG_URL is not set: run through scripts/pg.sh (scripts/check.sh does), \
             or set MUSTER_PG_SKIP=1 to skip PostgreSQL on purpose"
        );
    };
    let bin =
        std::env::var("MUSTER_PG_BIN").unwrap_or_else(|_| "/usr/lib/postgresql/15/bin".into());
    let psql = std::path::Path::new(&bin).join("psql");
    let psql = if psql.exists() { psql } else { "psql".into() };
    let name = format!(
        "muster_kill_{}_{}",
        std::process::id(),
        rand::random::<u32>()
    );
    let made = Command::new(psql)
        .args([
            admin.as_str(),
            "-q",
            "-c",
            &format!("CREATE DATABASE {name}"),
        ])
        .status()
        .expect("psql runs");
    assert!(made.success(), "CREATE DATABASE {name}");
    let base = admin.split('?').next().unwrap_or(&admin);
    let (server, _) = base.rsplit_once('/').expect("a database in MUSTER_PG_URL");
    Some(format!("{server}/{name}"))
}

#[test]
fn acked_acts_survive_a_kill_9_on_sqlite() {
    let _machine = one_at_a_time();
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("games.db").display());
    rounds(&db, 1);
}

#[test]
fn acked_acts_survive_a_kill_9_on_postgres() {
    let _machine = one_at_a_time();
    if let Some(db) = postgres() {
        rounds(&db, 1);
    }
}

#[test]
#[ignore = "25 rounds: scripts/deep.sh"]
fn acked_acts_survive_25_kills_on_sqlite() {
    let _machine = one_at_a_time();
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("games.db").display());
    rounds(&db, 25);
}

#[test]
#[ignore = "25 rounds on PostgreSQL: scripts/deep.sh"]
fn acked_acts_survive_25_kills_on_postgres() {
    let _machine = one_at_a_time();
    if let Some(db) = postgres() {
        rounds(&db, 25);
    }
}

/// The site tests' nodes hold a game for 2 s unless they renew it every 0.5 s: a killed node's
/// games move within about 2.5 s.
const SITE_LEASE: &[&str] = &["--lease-ms", "2000,500"];

/// Games played at once in a site round.
const SITE_GAMES: usize = 8;

/// Follows game `g` through `client`'s node until it ends: how many decisions it saw as steps
/// (made through any node), and whether it saw the end.
async fn watch(client: Client, g: MatchId) -> (usize, bool) {
    let mut conn = client.connect().await.expect("a watcher's socket");
    conn.send(&ClientMsg::Sub(Sub {
        g: g.clone(),
        v: None,
    }))
    .await
    .expect("sub");
    let mut steps = 0;
    loop {
        match conn.recv_within(Duration::from_secs(30)).await {
            Ok(ServerMsg::Step(step)) if step.g == g => steps += 1,
            Ok(ServerMsg::End(end)) if end.g == g => return (steps, true),
            Ok(ServerMsg::Full(full)) if full.g == g && matches!(full.status, GameStatus::Over) => {
                return (steps, true)
            }
            Ok(_) => continue,
            Err(_) => return (steps, false),
        }
    }
}

/// One round of a site of two nodes on database `db`; with `kill`, the first node (where the
/// games were made, so it runs them) is killed -9 mid-traffic and started again on its
/// address as a new node.
async fn site_round(db: &str, seed: u64, kill: bool) {
    let one = Server::start_with(db, "127.0.0.1:0", SITE_LEASE);
    let two = Server::start_with(db, "127.0.0.1:0", SITE_LEASE);
    let (base1, base2) = (one.base(), two.base());
    let mut rng = SmallRng::seed_from_u64(seed);
    let sent: SentLog = Default::default();
    let options = PlayOptions {
        // Slower than the single server's players, so the kill lands mid-game.
        think: Duration::from_millis(5)..=Duration::from_millis(40),
        reconnect_every: Duration::from_millis(100),
        reconnect_within: Duration::from_secs(60),
        sent: Some(sent.clone()),
        ..PlayOptions::default()
    };
    let opened = open_n_games(&base1, SITE_GAMES).await;
    let watcher = Client::guest_from(&base2, Some(loopback_address(500)))
        .await
        .expect("a watcher's session");
    if !kill {
        // A game no node has: refused as not found, as on one server.
        let missing = MatchId("0000000000000000000000000Z".to_owned());
        let mut conn = subscribed(&watcher, &missing).await;
        match conn.recv_within(Duration::from_secs(10)).await {
            Ok(ServerMsg::Nack(nack)) => {
                assert_eq!(nack.code, muster_wire::NackCode::NotFound, "{nack:?}")
            }
            other => panic!("a sub to a game nobody has: {other:?}"),
        }
    }
    let watching = tokio::spawn(watch(watcher.clone(), opened[0].0.clone()));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut players = Vec::new();
    for (i, (g, a, b)) in opened.into_iter().enumerate() {
        // The second player plays through the second node with the same session.
        let b = Client::with_token(&base2, b.token()).expect("the session on node two");
        for (k, client) in [a, b].into_iter().enumerate() {
            let (g, options) = (g.clone(), options.clone());
            let player_seed = seed * 1000 + 2 * i as u64 + k as u64;
            players.push(tokio::spawn(async move {
                let mut conn = client.connect().await.expect("a socket");
                let mut rng = SmallRng::seed_from_u64(player_seed);
                let report = play_random_with(&mut conn, &g, &mut rng, &options).await;
                (g, report)
            }));
        }
    }
    let one = if kill {
        played(&sent, 4 * SITE_GAMES).await;
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..=100))).await;
        let addr = tokio::task::spawn_blocking(move || one.kill9())
            .await
            .expect("the kill");
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..=300))).await;
        let (db_owned, addr_owned) = (db.to_owned(), addr.clone());
        tokio::task::spawn_blocking(move || Server::start_with(&db_owned, &addr_owned, SITE_LEASE))
            .await
            .expect("the restart")
    } else {
        one
    };
    let (mut acked, mut reconnects) = (0, 0);
    let mut fulls = std::collections::HashMap::new();
    for player in players {
        let (g, report) = player.await.expect("the player task");
        let report = report.unwrap_or_else(|e| panic!("{g}: the player failed: {e}"));
        assert!(report.finished, "{g}: the player finished the game");
        acked += report.acked.len();
        reconnects += report.reconnects;
        if !fulls.contains_key(&g) {
            fulls.insert(g.clone(), full_of(&watcher, &g).await);
        }
        let full = &fulls[&g];
        assert!(
            matches!(full.status, GameStatus::Over),
            "{g}: the game is over, {:?}",
            full.status
        );
        check_game(&g, full, &report);
    }
    let (steps, ended) = watching.await.expect("the watcher");
    assert!(ended, "the watcher on node two saw the game end");
    assert!(
        steps > 0,
        "the watcher on node two saw decisions as they were made"
    );
    if kill {
        assert!(reconnects > 0, "the first node's players met the kill");
    }
    eprintln!(
        "site round {seed} (kill: {kill}): {SITE_GAMES} games finished through two nodes, {acked} \
         acts acked, {reconnects} reconnections, {steps} steps seen by a watcher on node two"
    );
    tokio::task::spawn_blocking(move || {
        one.stop();
        two.stop();
    })
    .await
    .expect("the stops");
}

/// Reads `conn`'s frames until a `crowd` of game `g` with exactly `online` seats present,
/// within `within`.
async fn crowd_comes(
    conn: &mut muster_client::Connection,
    g: &MatchId,
    online: &[Seat],
    within: Duration,
) {
    let until = tokio::time::Instant::now() + within;
    loop {
        let left = until.saturating_duration_since(tokio::time::Instant::now());
        match conn.recv_within(left).await {
            Ok(ServerMsg::Crowd(crowd)) if crowd.g == *g && crowd.online == online => return,
            Ok(_) => continue,
            Err(e) => panic!("no crowd of {online:?} within {within:?}: {e}"),
        }
    }
}

/// Subscribes `client`'s new socket to game `g` and returns it.
async fn subscribed(client: &Client, g: &MatchId) -> muster_client::Connection {
    let mut conn = client.connect().await.expect("a socket");
    conn.send(&ClientMsg::Sub(Sub {
        g: g.clone(),
        v: None,
    }))
    .await
    .expect("sub");
    conn
}

fn site_rounds(n: u64, kill: bool) {
    let Some(db) = postgres() else {
        return;
    };
    let runtime = runtime();
    for i in 0..n {
        runtime.block_on(site_round(&db, 100 + i, kill));
    }
}

#[test]
fn two_nodes_on_one_database_play_as_one_site() {
    let _machine = one_at_a_time();
    site_rounds(1, false);
}

#[test]
fn a_killed_nodes_players_leave_the_games_they_followed_elsewhere() {
    let _machine = one_at_a_time();
    let Some(db) = postgres() else {
        return;
    };
    let runtime = runtime();
    runtime.block_on(async {
        let one = Server::start_with(&db, "127.0.0.1:0", SITE_LEASE);
        let two = Server::start_with(&db, "127.0.0.1:0", SITE_LEASE);
        let (g, a, b) = open_n_games(&one.base(), 1).await.remove(0);
        let b = Client::with_token(&two.base(), b.token()).expect("the session on node two");
        // The first player through the node that runs the game, the second through the other.
        let mut first = subscribed(&a, &g).await;
        let _second = subscribed(&b, &g).await;
        crowd_comes(&mut first, &g, &[Seat(0), Seat(1)], Duration::from_secs(10)).await;
        tokio::task::spawn_blocking(move || two.kill9())
            .await
            .expect("the kill");
        // Node two is forgotten after three leases (6 s) unheard, and checked every 2 s.
        crowd_comes(&mut first, &g, &[Seat(0)], Duration::from_secs(15)).await;
        tokio::task::spawn_blocking(move || one.stop())
            .await
            .expect("the stop");
    });
}

#[test]
fn the_lobby_and_a_users_notices_reach_every_node() {
    let _machine = one_at_a_time();
    let Some(db) = postgres() else {
        return;
    };
    let runtime = runtime();
    runtime.block_on(async {
        let one = Server::start_with(&db, "127.0.0.1:0", SITE_LEASE);
        let two = Server::start_with(&db, "127.0.0.1:0", SITE_LEASE);
        // A user following the lobby through node two.
        let reader = Client::guest_from(&two.base(), Some(loopback_address(700)))
            .await
            .expect("a guest");
        let name = reader.user().expect("who").name.clone();
        let mut conn = reader.connect().await.expect("a socket");
        conn.send(&ClientMsg::Lobby(muster_wire::LobbyAsk { on: true }))
            .await
            .expect("lobby on");
        let within = Duration::from_secs(10);
        loop {
            if let ServerMsg::Lobby(_) = conn.recv_within(within).await.expect("the lobby") {
                break;
            }
        }
        // Another user makes an open challenge through node one: node two's lobby shows it.
        let maker = Client::guest_from(&one.base(), Some(loopback_address(701)))
            .await
            .expect("a guest");
        let open = maker.create_challenge(&challenge(0)).await.expect("open");
        loop {
            match conn.recv_within(within).await {
                Ok(ServerMsg::Lobby(lobby)) if lobby.challenges.iter().any(|c| c.id == open.id) => {
                    break
                }
                Ok(_) => continue,
                Err(e) => panic!("node two's lobby never showed node one's challenge: {e}"),
            }
        }
        // And a challenge naming the reader, made through node one, is told to it on node two.
        let direct = maker
            .create_challenge(&ChallengeRequest {
                seats: vec![SeatSpec::Me, SeatSpec::User { name }],
                visibility: muster_wire::http::ChallengeVisibility::Direct,
                ..challenge(0)
            })
            .await
            .expect("a direct challenge");
        loop {
            match conn.recv_within(within).await {
                Ok(ServerMsg::Notify(notify)) => {
                    assert!(
                        notify.text.contains(&maker.user().expect("who").name),
                        "{notify:?} names the challenger"
                    );
                    break;
                }
                Ok(_) => continue,
                Err(e) => panic!("challenge {} never told on node two: {e}", direct.id),
            }
        }
        tokio::task::spawn_blocking(move || {
            one.stop();
            two.stop();
        })
        .await
        .expect("the stops");
    });
}

#[test]
fn an_ai_seat_plays_on_when_the_node_running_its_game_is_killed() {
    let _machine = one_at_a_time();
    let Some(db) = postgres() else {
        return;
    };
    let runtime = runtime();
    runtime.block_on(async {
        let one = Server::start_with(&db, "127.0.0.1:0", SITE_LEASE);
        let two = Server::start_with(&db, "127.0.0.1:0", SITE_LEASE);
        let human = Client::guest_from(&one.base(), Some(loopback_address(600)))
            .await
            .expect("a guest");
        let created = human
            .create_challenge(&ChallengeRequest {
                seats: vec![
                    SeatSpec::Me,
                    SeatSpec::Ai {
                        level: muster_wire::AiLevel::new(1).expect("a level"),
                    },
                ],
                ..challenge(0)
            })
            .await
            .expect("a challenge against the AI");
        let g = created.g.expect("a game against the AI starts at once");
        // The game runs on node one, where it was made; its person plays through node two.
        let human = Client::with_token(&two.base(), human.token()).expect("node two");
        let player = {
            let g = g.clone();
            tokio::spawn(async move {
                let mut conn = human.connect().await.expect("a socket");
                let mut rng = SmallRng::seed_from_u64(7);
                let options = PlayOptions {
                    think: Duration::from_millis(5)..=Duration::from_millis(30),
                    ..PlayOptions::default()
                };
                let report = play_random_with(&mut conn, &g, &mut rng, &options).await;
                (human, report)
            })
        };
        tokio::time::sleep(Duration::from_millis(1500)).await;
        tokio::task::spawn_blocking(move || one.kill9())
            .await
            .expect("the kill");
        let (human, report) = player.await.expect("the player");
        let report = report.unwrap_or_else(|e| panic!("{g}: the player failed: {e}"));
        assert!(report.finished, "{g}: the game against the AI ended");
        let full = full_of(&human, &g).await;
        assert!(matches!(full.status, GameStatus::Over), "{:?}", full.status);
        // One stored decision per ply, the person's acked ones among them: the AI's seat
        // played on node two once node one was gone, and never twice.
        check_game(&g, &full, &report);
        let ai_moves = full
            .moves
            .iter()
            .filter(|m| m.by == By::Seat(Seat(1)))
            .count();
        assert!(ai_moves > 0, "the AI moved");
        tokio::task::spawn_blocking(move || two.stop())
            .await
            .expect("the stop");
    });
}

#[test]
fn a_site_loses_nothing_acked_when_a_node_is_killed() {
    let _machine = one_at_a_time();
    site_rounds(1, true);
}

#[test]
#[ignore = "10 kills of a node of a site: scripts/deep.sh"]
fn a_site_loses_nothing_acked_over_10_kills() {
    let _machine = one_at_a_time();
    site_rounds(10, true);
}
