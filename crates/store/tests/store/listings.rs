//! Lists of games: a player's, by status, due deadlines, the running ones; and many writers at
//! once.

use std::collections::BTreeSet;
use std::sync::Arc;

use muster_store::{Backend, DueGame, Error, Game, GameId, GameStatus, NewGame, Store};
use tokio::sync::Barrier;

use crate::common::{commit_of, new_game, new_user, Db};

/// Creates `new` and, unless `status` is where it starts, commits one entry that moves it to
/// `status` at `now_ms` with `deadline_ms`.
async fn game_at(
    store: &dyn Store,
    new: &NewGame,
    status: GameStatus,
    now_ms: i64,
    deadline_ms: Option<i64>,
) -> Game {
    store.create_game(new).await.expect("create");
    if status != new.status {
        let mut commit = commit_of(0, &["a"]);
        commit.status = status;
        commit.now_ms = now_ms;
        commit.deadline_ms = deadline_ms;
        store.commit(&new.id, 0, &commit).await.expect("commit");
    }
    store.load_game(&new.id).await.expect("load").expect("some")
}

async fn games_are_listed_by_player_and_status(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let t = 1_700_000_000_000;
    let mut filling = new_game(Some(&ann.id));
    filling.status = GameStatus::Filling;
    let filling = game_at(store, &filling, GameStatus::Filling, t, None).await;
    let mut running = new_game(Some(&ann.id));
    running.status = GameStatus::Filling;
    let running = game_at(store, &running, GameStatus::Running, t + 30, None).await;
    let mut aborted = new_game(Some(&ann.id));
    aborted.status = GameStatus::Filling;
    let aborted = game_at(store, &aborted, GameStatus::Aborted, t + 20, None).await;
    let mut bobs = new_game(Some(&bob.id));
    bobs.status = GameStatus::Filling;
    let bobs = game_at(store, &bobs, GameStatus::Running, t + 40, None).await;

    let ann = &ann.id;
    let of_ann = |statuses: &'static [GameStatus], limit| async move {
        store
            .games_of_user(ann, statuses, limit)
            .await
            .expect("games")
    };
    assert_eq!(
        of_ann(&[], 10).await,
        [running.clone(), aborted.clone(), filling.clone()]
    );
    assert_eq!(
        of_ann(&[GameStatus::Running], 10).await,
        std::slice::from_ref(&running)
    );
    assert_eq!(
        of_ann(&[GameStatus::Running, GameStatus::Filling], 10).await,
        [running.clone(), filling.clone()]
    );
    assert_eq!(of_ann(&[], 2).await, [running.clone(), aborted.clone()]);
    assert_eq!(of_ann(&[GameStatus::Over], 10).await, []);
    assert_eq!(
        store
            .games_by_status(&[GameStatus::Running], 10)
            .await
            .expect("games"),
        [bobs.clone(), running.clone()]
    );
    assert_eq!(
        store.games_by_status(&[], 10).await.expect("games").len(),
        4
    );
}

async fn due_deadlines_and_running_games_are_found(db: Db) {
    let store = &db.store;
    let mut ids = Vec::new();
    for (status, deadline) in [
        (GameStatus::Running, Some(100)),
        (GameStatus::Running, Some(50)),
        (GameStatus::Running, None),
        (GameStatus::Over, Some(10)),
    ] {
        let mut new = new_game(None);
        new.status = GameStatus::Filling;
        game_at(store, &new, status, 1, deadline).await;
        ids.push(new.id);
    }
    let due = |id: &GameId, deadline_ms| DueGame {
        id: id.clone(),
        deadline_ms,
    };
    assert_eq!(
        store.games_due(100, 10).await.expect("due"),
        [due(&ids[1], 50), due(&ids[0], 100)]
    );
    assert_eq!(
        store.games_due(99, 10).await.expect("due"),
        [due(&ids[1], 50)]
    );
    assert_eq!(
        store.games_due(1_000, 1).await.expect("due"),
        [due(&ids[1], 50)]
    );
    assert_eq!(store.games_due(49, 10).await.expect("due"), []);
    let mut running = ids[..3].to_vec();
    running.sort();
    assert_eq!(store.running_games().await.expect("running"), running);

    if db.store.backend() == Backend::Sqlite {
        let plan: Vec<String> = sqlx::query_scalar(
            "EXPLAIN QUERY PLAN SELECT id, deadline_ms FROM games WHERE status = 'running' \
             AND deadline_ms <= 5 ORDER BY deadline_ms, id LIMIT 3",
        )
        .fetch_all(db.store.pool())
        .await
        .unwrap_or_default();
        let plan = plan.join(" | ");
        assert!(plan.is_empty() || plan.contains("games_deadline"), "{plan}");
    }
}

/// How many tasks commit at once, and to how many games.
const TASKS: usize = 50;
const GAMES: usize = 10;

async fn fifty_concurrent_commits_to_ten_games_each_land_once(db: Db) {
    let store = Arc::new(db.store.clone());
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let new = new_game(None);
        store.create_game(&new).await.expect("create");
        games.push(new.id);
    }
    let barrier = Arc::new(Barrier::new(TASKS));
    let tasks: Vec<_> = (0..TASKS)
        .map(|task| {
            let store = Arc::clone(&store);
            let barrier = Arc::clone(&barrier);
            let id = games[task % GAMES].clone();
            tokio::spawn(async move {
                let action = format!("t{task}");
                barrier.wait().await;
                // Read the version, commit at it; a writer that lost the race reads again.
                loop {
                    let game = store.load_game(&id).await.expect("load").expect("some");
                    let commit = commit_of(game.version, &[action.as_str()]);
                    match store.commit(&id, game.version, &commit).await {
                        Ok(_) => return,
                        Err(Error::Stale { .. }) => continue,
                        Err(other) => panic!("task {task}: {other:?}"),
                    }
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("task");
    }
    for (index, id) in games.iter().enumerate() {
        let per_game = (TASKS / GAMES) as i64;
        let game = store.load_game(id).await.expect("load").expect("some");
        assert_eq!((game.version, game.ply), (per_game, per_game));
        let log = store.log_after(id, 0).await.expect("log");
        let versions: Vec<i64> = log.iter().map(|e| e.v).collect();
        assert_eq!(versions, (1..=per_game).collect::<Vec<_>>());
        let actions: BTreeSet<String> = log.iter().filter_map(|e| e.entry.action.clone()).collect();
        let expected: BTreeSet<String> = (index..TASKS)
            .step_by(GAMES)
            .map(|task| format!("t{task}"))
            .collect();
        assert_eq!(log.len(), actions.len(), "an action landed twice");
        assert_eq!(actions, expected);
    }
}

crate::both_backends!(
    games_are_listed_by_player_and_status,
    due_deadlines_and_running_games_are_found,
    fifty_concurrent_commits_to_ten_games_each_land_once,
);
