//! muster-load: a bounded load on a muster server over the loopback.
//!
//! It starts `muster serve` on a temporary SQLite file and a free port (or uses `--server`),
//! then pairs of guest clients play random games (Murus Gallicus unless told) with think
//! times, game after game, for a fixed time, while one more game is watched by many
//! spectators. It prints act→ack and act→spectator latencies, commits per second and the
//! server's memory, and exits non-zero on any error, refusal or lost ack.

mod server;
mod stats;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use muster_client::{
    loopback_address, play_random_with, Applied, Client, Error, GameView, PlayOptions, PlayReport,
    SentLog,
};
use muster_wire::http::{ChallengeRequest, ClockSpec, JoinRequest, SeatSpec};
use muster_wire::{MatchId, ServerMsg};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tokio::sync::{watch, Semaphore};

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "muster-load",
    about = "A bounded loopback load on a muster server"
)]
struct Args {
    /// The `muster` binary to start (default: `muster` beside this program).
    #[arg(long)]
    muster: Option<PathBuf>,
    /// Use the server at this base URL instead of starting one.
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    /// The database of the server started (default: a new SQLite file in a temporary folder).
    #[arg(long, value_name = "URL")]
    db: Option<String>,
    /// Playing clients (two per game).
    #[arg(long, default_value_t = 1000)]
    clients: usize,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Spectators of the one watched game.
    #[arg(long, default_value_t = 500)]
    spectators: usize,
    /// The shortest think time, in milliseconds.
    #[arg(long, default_value_t = 50)]
    think_min: u64,
    /// The longest think time, in milliseconds.
    #[arg(long, default_value_t = 200)]
    think_max: u64,
    /// The game played.
    #[arg(long, default_value = "murus-gallicus")]
    game: String,
    /// Its variant text.
    #[arg(long, default_value = "basic")]
    variant: String,
    /// The seed of the random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Servers will be stopped or killed under the load (a site's nodes behind a proxy):
    /// reconnections are expected rather than problems, spectators reconnect, and a request
    /// cut by a dying server is sent again. Errors, refusals and lost acks still fail the run.
    #[arg(long)]
    nodes_die: bool,
}

/// What one pair of players did.
#[derive(Default)]
struct PairReport {
    reports: Vec<PlayReport>,
    games: usize,
    finished: usize,
}

/// Everything the players share.
struct Setup {
    base: String,
    challenge: ChallengeRequest,
    options: PlayOptions,
    deadline: Instant,
    /// Bounds the HTTP calls made at once.
    http: Semaphore,
    /// The first player's seed.
    seed: u64,
    /// Whether servers die under the load (`--nodes-die`).
    nodes_die: bool,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("muster-load: cannot start a runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args)) {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(e) => {
            eprintln!("muster-load: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs the load; `Ok(false)` when something went wrong under it.
async fn run(args: Args) -> Result<bool, String> {
    let served = match &args.server {
        Some(_) => None,
        None => {
            let muster = match &args.muster {
                Some(path) => path.clone(),
                None => std::env::current_exe()
                    .map_err(|e| format!("where this program is: {e}"))?
                    .with_file_name("muster"),
            };
            Some(server::Served::start(&muster, args.db.as_deref()).await?)
        }
    };
    let base = match (&args.server, &served) {
        (Some(url), _) => url.clone(),
        (None, Some(served)) => served.base.clone(),
        (None, None) => return Err("no server".to_owned()),
    };
    let pairs = args.clients / 2;
    println!(
        "muster-load: {} clients in {pairs} {} games and 1 game with {} spectators for {} s, think {}–{} ms, server {base}",
        pairs * 2,
        args.game,
        args.spectators,
        args.seconds,
        args.think_min,
        args.think_max
    );
    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let setup = Arc::new(Setup {
        base: base.clone(),
        challenge: ChallengeRequest {
            game: args.game.clone(),
            variant: args.variant.clone(),
            seats: vec![SeatSpec::Me, SeatSpec::Open],
            random_order: false,
            clock: ClockSpec::None,
            rated: false,
            takeback: Default::default(),
            visibility: Default::default(),
        },
        options: PlayOptions {
            think: Duration::from_millis(args.think_min)..=Duration::from_millis(args.think_max),
            stop_at: Some(deadline),
            ..PlayOptions::default()
        },
        deadline,
        http: Semaphore::new(32),
        seed: args.seed,
        nodes_die: args.nodes_die,
    });

    let peak = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let sampler = served.as_ref().and_then(|s| s.pid()).map(|pid| {
        let peak = Arc::clone(&peak);
        tokio::spawn(async move {
            loop {
                if let Some((rss, _)) = server::memory_kib(pid) {
                    peak.fetch_max(rss, std::sync::atomic::Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        })
    });

    let sent: SentLog = Arc::default();
    let (announce, watched) = watch::channel(None::<MatchId>);
    let mut players = tokio::task::JoinSet::new();
    for i in 0..pairs {
        players.spawn(pair(Arc::clone(&setup), 2 * i as u32, None, None));
    }
    let mut watchers = tokio::task::JoinSet::new();
    if args.spectators > 0 {
        players.spawn(pair(
            Arc::clone(&setup),
            2 * pairs as u32,
            Some(Arc::clone(&sent)),
            Some(announce),
        ));
        for i in 0..args.spectators {
            watchers.spawn(spectate(
                Arc::clone(&setup),
                2 * pairs as u32 + 2 + i as u32,
                watched.clone(),
                Arc::clone(&sent),
            ));
        }
    }

    let mut errors = Vec::new();
    let (mut acks, mut games, mut finished, mut nacks, mut reconnects) = (Vec::new(), 0, 0, 0, 0);
    while let Some(joined) = players.join_next().await {
        match joined {
            Ok(Ok(report)) => {
                games += report.games;
                finished += report.finished;
                for r in &report.reports {
                    acks.extend(r.acked.iter().map(|a| a.latency));
                    nacks += r.stale + r.storage;
                    reconnects += r.reconnects;
                }
            }
            Ok(Err(e)) => errors.push(format!("player: {e}")),
            Err(e) => errors.push(format!("player task: {e}")),
        }
    }
    let played = started.elapsed();
    let mut seen = Vec::new();
    while let Some(joined) = watchers.join_next().await {
        match joined {
            Ok(Ok(latencies)) => seen.extend(latencies),
            Ok(Err(e)) => errors.push(format!("spectator: {e}")),
            Err(e) => errors.push(format!("spectator task: {e}")),
        }
    }
    if let Some(sampler) = sampler {
        sampler.abort();
    }
    let memory = served
        .as_ref()
        .and_then(|s| s.pid())
        .and_then(server::memory_kib);

    let commits = acks.len();
    println!("games            {games} started, {finished} finished");
    // The rate over the playing time asked for; the last acts in flight at the deadline end
    // a little after it (the whole run took `played`).
    println!(
        "acts acked       {commits}: {:.0} commits/s over {} s (the players ended {:.1} s after the start)",
        commits as f64 / args.seconds.max(1) as f64,
        args.seconds,
        played.as_secs_f64()
    );
    println!("act→ack          {}", stats::summary(&mut acks));
    println!("act→spectator    {}", stats::summary(&mut seen));
    if let Some((rss, hwm)) = memory {
        let sampled = peak.load(std::sync::atomic::Ordering::Relaxed).max(rss);
        println!(
            "server RSS       {:.1} MiB at the end, {:.1} MiB peak (VmHWM {:.1} MiB)",
            rss as f64 / 1024.0,
            sampled as f64 / 1024.0,
            hwm as f64 / 1024.0
        );
    }
    println!(
        "problems         {} errors, {nacks} nacks, {reconnects} reconnections",
        errors.len()
    );
    for e in errors.iter().take(20) {
        eprintln!("muster-load: {e}");
    }
    if let Some(served) = served {
        if let Err(e) = served.stop().await {
            errors.push(e.clone());
            eprintln!("muster-load: {e}");
        }
    }
    Ok(errors.is_empty() && nacks == 0 && (reconnects == 0 || args.nodes_die))
}

/// Whether `e` is a request cut by a dying server: a lost connection, or a proxy's 502–504.
fn cut(e: &Error) -> bool {
    e.is_disconnect()
        || matches!(
            e,
            Error::Status {
                status: 502..=504,
                ..
            }
        )
}

/// `client` joins challenge `id`. With `--nodes-die` a join cut by a dying server is sent
/// again; when the cut one had taken the seat after all (409: the seat is already held), the
/// challenge is read instead.
async fn join(
    setup: &Setup,
    client: &Client,
    id: &muster_wire::ChallengeId,
) -> Result<muster_wire::http::ChallengeInfo, Error> {
    let mut tries = 0;
    loop {
        match client.join(id, JoinRequest::default()).await {
            Err(e) if setup.nodes_die && tries < 20 && cut(&e) => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Err(Error::Status { status: 409, .. }) if tries > 0 => {
                return retried(setup, || client.challenge(id)).await;
            }
            outcome => return outcome,
        }
    }
}

/// `call` once, or with `--nodes-die` up to 20 times, 250 ms apart, while it fails for a lost
/// connection or a proxy's 502–504 (the server answering it died; the proxy sends the next
/// try elsewhere).
async fn retried<T, F, Fut>(setup: &Setup, mut call: F) -> Result<T, Error>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, Error>>,
{
    let mut tries = 0;
    loop {
        match call().await {
            // A proxy answers 502–504 for a server that died under the request.
            Err(e) if setup.nodes_die && tries < 20 && cut(&e) => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            outcome => return outcome,
        }
    }
}

/// Guests `n` and `n + 1` playing game after game until the deadline; with `announce`, each
/// new game is told to the spectators and its acts noted in `sent`.
///
/// Every client connects from a loopback address of its own ([`loopback_address`]), so that
/// the server's limits per client address (sessions opened) do not take the whole load for
/// one abusive client.
async fn pair(
    setup: Arc<Setup>,
    n: u32,
    sent: Option<SentLog>,
    announce: Option<watch::Sender<Option<MatchId>>>,
) -> Result<PairReport, Error> {
    let (a, b) = {
        let _permit = setup.http.acquire().await;
        (
            retried(&setup, || {
                Client::guest_from(&setup.base, Some(loopback_address(n)))
            })
            .await?,
            retried(&setup, || {
                Client::guest_from(&setup.base, Some(loopback_address(n + 1)))
            })
            .await?,
        )
    };
    let (mut conn_a, mut conn_b) = (a.connect().await?, b.connect().await?);
    let mut rng_a = SmallRng::seed_from_u64(setup.seed + u64::from(n));
    let mut rng_b = SmallRng::seed_from_u64(setup.seed + u64::from(n) + 1);
    let options = PlayOptions {
        sent,
        ..setup.options.clone()
    };
    let mut report = PairReport::default();
    while Instant::now() < setup.deadline {
        let g = {
            let _permit = setup.http.acquire().await;
            let challenge = retried(&setup, || a.create_challenge(&setup.challenge)).await?;
            let joined = join(&setup, &b, &challenge.id).await?;
            joined.g.ok_or_else(|| {
                Error::Protocol("a join that took the last seat gave no game".into())
            })?
        };
        if let Some(announce) = &announce {
            let _ = announce.send(Some(g.clone()));
        }
        report.games += 1;
        let (ra, rb) = tokio::join!(
            play_random_with(&mut conn_a, &g, &mut rng_a, &options),
            play_random_with(&mut conn_b, &g, &mut rng_b, &options)
        );
        let (ra, rb) = (ra?, rb?);
        let done = ra.finished && rb.finished;
        report.finished += usize::from(done);
        report.reports.extend([ra, rb]);
        if !done {
            break;
        }
    }
    conn_a.close().await;
    conn_b.close().await;
    Ok(report)
}

/// Guest `n` watching the announced game (and each one after it) until shortly after the
/// deadline; the delay from each act's sending to its `step` here.
async fn spectate(
    setup: Arc<Setup>,
    n: u32,
    mut watched: watch::Receiver<Option<MatchId>>,
    sent: SentLog,
) -> Result<Vec<Duration>, Error> {
    let client = {
        let _permit = setup.http.acquire().await;
        retried(&setup, || {
            Client::guest_from(&setup.base, Some(loopback_address(n)))
        })
        .await?
    };
    let mut conn = client.connect().await?;
    let until = setup.deadline + Duration::from_secs(2);
    let mut latencies = Vec::new();
    let mut view: Option<GameView> = None;
    while Instant::now() < until {
        if watched.has_changed().unwrap_or(false) {
            let g = watched.borrow_and_update().clone();
            if let Some(g) = g {
                let fresh = GameView::new(g);
                conn.send(&fresh.resubscribe()).await?;
                view = Some(fresh);
            }
        }
        let message = match conn.recv_within(Duration::from_millis(250)).await {
            Ok(message) => message,
            Err(Error::Timeout { .. }) => continue,
            Err(e) if setup.nodes_die && e.is_disconnect() => {
                // Its server died: another one takes the socket, and the game is followed
                // again from the last entry seen.
                conn.reconnect(Duration::from_millis(100), Duration::from_secs(30))
                    .await?;
                if let Some(view) = &view {
                    conn.send(&view.resubscribe()).await?;
                }
                continue;
            }
            Err(e) => return Err(e),
        };
        let Some(view) = view.as_mut() else {
            continue;
        };
        match view.apply(&message) {
            Applied::Applied => {
                if let ServerMsg::Step(step) = &message {
                    let made_on = muster_wire::Ply(step.ply.0.saturating_sub(1));
                    let key = (step.g.clone(), made_on);
                    if let Some(at) = sent.lock().ok().and_then(|s| s.get(&key).copied()) {
                        latencies.push(at.elapsed());
                    }
                }
            }
            Applied::Gap { .. } => conn.send(&view.resubscribe()).await?,
            Applied::Repeat | Applied::Other => {}
        }
    }
    conn.close().await;
    Ok(latencies)
}
