//! Reads that must see one moment: a game's row, its seats and its log, loaded while commits
//! land — the first one included. A reader sees each commit wholly or not at all.

use std::sync::Arc;

use muster_store::{Commit, Game, GameAndLog, SeatChange, SqlStore, Store, UserId};
use tokio::sync::Barrier;

use crate::common::{commit_of, new_game, new_user, Db};

/// Games raced for, one after the other.
const ROUNDS: usize = 24;
/// Commits written to each game while it is read.
const COMMITS: i64 = 12;
/// The commit (1-based) that also retires seat 0.
const RETIRING: i64 = 5;
/// Readers racing the writer.
const READERS: usize = 2;

/// Commit `n` (1-based) of a raced game: one decision at ply `n - 1`, and with commit
/// [`RETIRING`] seat 0's retirement.
fn nth_commit(n: i64) -> Commit {
    let mut commit = commit_of(n - 1, &[&format!("m{n}")]);
    if n == RETIRING {
        commit.seat_changes = vec![SeatChange::Retire {
            seat: 0,
            ply: n,
            why: "resignation".to_owned(),
            ai_level: 2,
        }];
    }
    commit
}

/// Checks that a game row and its seats show the same moment: seat 0 is retired exactly from
/// the version of the commit that retired it.
fn check_seats(game: &Game) {
    let retired = game.seats[0].retired_ply.is_some();
    assert_eq!(
        retired,
        game.version >= RETIRING,
        "game {} at version {} with seat 0 retired: {retired}",
        game.id,
        game.version
    );
}

/// Checks one loaded game: its log is versions `1..=version` exactly, its ply is the ply after
/// the last entry, its seats agree with its version. Returns the version.
fn check_loaded(loaded: &GameAndLog) -> i64 {
    let GameAndLog { game, log } = loaded;
    let versions: Vec<i64> = log.iter().map(|e| e.v).collect();
    assert_eq!(
        versions,
        (1..=game.version).collect::<Vec<_>>(),
        "game {}: the row says version {}, the log holds {versions:?}",
        game.id,
        game.version
    );
    assert_eq!(game.ply, log.last().map_or(0, |e| e.entry.ply + 1));
    check_seats(game);
    game.version
}

/// Reads the game (loaded with its log, and listed among its user's games) until it has all
/// its commits, checking every read.
async fn read_until_done(store: Arc<SqlStore>, user: UserId, game: muster_store::GameId) {
    loop {
        let loaded = store
            .load_game_and_log(&game)
            .await
            .expect("load")
            .expect("the game");
        let version = check_loaded(&loaded);
        let listed = store.games_of_user(&user, &[], 10).await.expect("list");
        let listed = listed
            .iter()
            .find(|g| g.id == game)
            .expect("the game is listed");
        check_seats(listed);
        if version == COMMITS && listed.version == COMMITS {
            return;
        }
        tokio::task::yield_now().await;
    }
}

async fn a_game_loaded_while_its_commits_land_is_never_torn(db: Db) {
    let store = Arc::new(db.store.clone());
    for round in 0..ROUNDS {
        let user = store
            .create_user(&new_user(&format!("racer{round}")))
            .await
            .expect("user");
        let new = new_game(Some(&user.id));
        store.create_game(&new).await.expect("game");
        let start = Arc::new(Barrier::new(READERS + 1));
        let mut readers = Vec::new();
        for _ in 0..READERS {
            let (store, start) = (Arc::clone(&store), Arc::clone(&start));
            let (user, game) = (user.id.clone(), new.id.clone());
            readers.push(tokio::spawn(async move {
                start.wait().await;
                read_until_done(store, user, game).await;
            }));
        }
        start.wait().await;
        // The first commit lands while the readers' first loads are under way.
        for n in 1..=COMMITS {
            let version = store
                .commit(&new.id, n - 1, &nth_commit(n))
                .await
                .expect("commit");
            assert_eq!(version, n);
        }
        for reader in readers {
            reader.await.expect("a reader that never saw a torn game");
        }
    }
}

async fn a_game_with_its_log_reads_as_stored(db: Db) {
    let store = &db.store;
    let missing = new_game(None);
    assert_eq!(
        store.load_game_and_log(&missing.id).await.expect("load"),
        None
    );
    let user = store.create_user(&new_user("ivy")).await.expect("user");
    let new = new_game(Some(&user.id));
    store.create_game(&new).await.expect("game");
    let fresh = store
        .load_game_and_log(&new.id)
        .await
        .expect("load")
        .expect("the game");
    assert_eq!(fresh.game.version, 0);
    assert_eq!(fresh.log, []);
    for n in 1..=COMMITS {
        store
            .commit(&new.id, n - 1, &nth_commit(n))
            .await
            .expect("commit");
    }
    let loaded = store
        .load_game_and_log(&new.id)
        .await
        .expect("load")
        .expect("the game");
    assert_eq!(
        Some(&loaded.game),
        store.load_game(&new.id).await.expect("load").as_ref()
    );
    assert_eq!(loaded.log, store.log_after(&new.id, 0).await.expect("log"));
    assert_eq!(check_loaded(&loaded), COMMITS);
}

crate::both_backends!(
    a_game_loaded_while_its_commits_land_is_never_torn,
    a_game_with_its_log_reads_as_stored,
);
