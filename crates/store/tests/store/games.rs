//! Games, the guarded log, game ends and snapshots.

use muster_store::{
    Error, GameEnd, GameId, GameStatus, LogKind, SeatKind, SeatResult, Snapshot, Store, Termination,
};

use crate::common::{commit_of, new_game, new_user, Db};

async fn games_load_with_their_seats(db: Db) {
    let store = &db.store;
    let user = store.create_user(&new_user("dora")).await.expect("user");
    let new = new_game(Some(&user.id));
    store.create_game(&new).await.expect("create");
    let game = store.load_game(&new.id).await.expect("load").expect("some");
    assert_eq!(game.id, new.id);
    assert_eq!((game.ply, game.version), (0, 0));
    assert_eq!(game.status, GameStatus::Running);
    assert_eq!(game.chance_seed, -42);
    assert_eq!(game.clock_json, new.clock_json);
    assert_eq!(game.deadline_ms, new.deadline_ms);
    assert_eq!(game.takeback, new.takeback);
    assert_eq!(game.seats, new.seats);
    assert_eq!(game.seats[0].user_id.as_ref(), Some(&user.id));
    assert_eq!(game.seats[1].kind, SeatKind::Ai);
    assert_eq!(
        store.load_game(&GameId::generate()).await.expect("load"),
        None
    );

    // A seat of a user who does not exist breaks a foreign key: nothing is created.
    let mut ghost = new_game(Some(&muster_store::UserId::generate()));
    ghost.seats[0].user_id = Some(muster_store::UserId::generate());
    assert!(store.create_game(&ghost).await.is_err());
    assert_eq!(store.load_game(&ghost.id).await.expect("load"), None);

    // Seats must be numbered 0..n in order.
    let mut shuffled = new_game(None);
    shuffled.seats.swap(0, 1);
    match store.create_game(&shuffled).await {
        Err(e @ Error::BadWrite { .. }) => assert!(e.to_string().contains("seat number 1"), "{e}"),
        other => panic!("expected BadWrite, got {other:?}"),
    }
    assert_eq!(store.load_game(&shuffled.id).await.expect("load"), None);
}

async fn a_stale_version_is_refused_and_writes_nothing(db: Db) {
    let store = &db.store;
    let new = new_game(None);
    store.create_game(&new).await.expect("create");
    let v = store
        .commit(&new.id, 0, &commit_of(0, &["d2-d4", "e7-e5"]))
        .await
        .expect("first commit");
    assert_eq!(v, 2);
    let before = store.load_game(&new.id).await.expect("load").expect("some");

    match store.commit(&new.id, 0, &commit_of(0, &["a1-a3"])).await {
        Err(e @ Error::Stale { .. }) => {
            let Error::Stale {
                expected, actual, ..
            } = &e
            else {
                unreachable!()
            };
            assert_eq!((*expected, *actual), (0, 2));
            assert!(e.to_string().contains(new.id.as_str()), "{e}");
        }
        other => panic!("expected Stale, got {other:?}"),
    }
    assert_eq!(store.load_game(&new.id).await.expect("load"), Some(before));
    let log = store.log_after(&new.id, 0).await.expect("log");
    let actions: Vec<_> = log.iter().map(|e| e.entry.action.as_deref()).collect();
    assert_eq!(actions, [Some("d2-d4"), Some("e7-e5")]);
    assert_eq!(log.iter().map(|e| e.v).collect::<Vec<_>>(), [1, 2]);

    // The tail from a version, and the next writer at the right version.
    let v = store
        .commit(&new.id, 2, &commit_of(2, &["d4-d6"]))
        .await
        .expect("next");
    assert_eq!(v, 3);
    let tail = store.log_after(&new.id, 2).await.expect("tail");
    assert_eq!(tail.len(), 1);
    assert_eq!(
        (tail[0].v, tail[0].entry.clone()),
        (3, commit_of(2, &["d4-d6"]).entries[0].clone())
    );
    assert!(store.log_after(&new.id, 3).await.expect("tail").is_empty());

    let missing = GameId::generate();
    assert!(matches!(
        store.commit(&missing, 0, &commit_of(0, &["x"])).await,
        Err(Error::NoGame(id)) if id == missing
    ));
    assert!(matches!(
        store.commit(&new.id, 3, &commit_of(3, &[])).await,
        Err(Error::BadWrite { .. })
    ));
}

async fn a_failing_row_in_the_middle_leaves_no_trace(db: Db) {
    let store = &db.store;
    let new = new_game(None);
    store.create_game(&new).await.expect("create");
    // A stray row at version 2 (written behind the store's back): the second of three entries
    // collides with it after the guard and the first entry have been written.
    sqlx::query(
        "INSERT INTO game_log (game_id, v, kind, ply, seat, action, hidden, hash, clock_ms, \
         think_ms, data_json, created_ms) VALUES ($1, 2, 'act', 9, 0, 'stray', 0, 0, NULL, 0, \
         '{}', 0)",
    )
    .bind(new.id.as_str())
    .execute(store.pool())
    .await
    .expect("stray row");
    let err = store
        .commit(&new.id, 0, &commit_of(0, &["a", "b", "c"]))
        .await
        .expect_err("the collision must fail the commit");
    assert!(matches!(err, Error::Db(_)), "{err:?}");
    let game = store.load_game(&new.id).await.expect("load").expect("some");
    assert_eq!((game.version, game.ply, game.started_ms), (0, 0, None));
    let log = store.log_after(&new.id, 0).await.expect("log");
    assert_eq!(log.len(), 1, "only the stray row: {log:?}");
    assert_eq!(log[0].entry.action.as_deref(), Some("stray"));
}

async fn the_end_writes_scores_and_ranks_with_the_last_entry(db: Db) {
    let store = &db.store;
    let new = new_game(None);
    store.create_game(&new).await.expect("create");
    store
        .commit(&new.id, 0, &commit_of(0, &["d2-d4"]))
        .await
        .expect("move");

    // An end naming a seat the game lacks: nothing of the commit stays.
    let mut bad = commit_of(1, &["resign"]);
    bad.entries[0].kind = LogKind::End;
    bad.status = GameStatus::Over;
    bad.end = Some(GameEnd {
        result: "1-0".to_owned(),
        termination: Termination::Resignation,
        ended_ms: 99,
        seats: vec![
            SeatResult {
                seat: 0,
                score: 1.0,
                rank: 0,
            },
            SeatResult {
                seat: 5,
                score: 0.0,
                rank: 1,
            },
        ],
    });
    match store.commit(&new.id, 1, &bad).await {
        Err(e @ Error::BadWrite { .. }) => assert!(e.to_string().contains("seat 5"), "{e}"),
        other => panic!("expected BadWrite, got {other:?}"),
    }
    let game = store.load_game(&new.id).await.expect("load").expect("some");
    assert_eq!(
        (game.version, game.status, game.result.as_deref()),
        (1, GameStatus::Running, None)
    );
    assert_eq!(game.seats[0].score, None);
    assert_eq!(store.log_after(&new.id, 1).await.expect("log"), []);

    // An end with a running status is refused before anything is sent.
    let mut running = bad.clone();
    running.status = GameStatus::Running;
    assert!(matches!(
        store.commit(&new.id, 1, &running).await,
        Err(Error::BadWrite { .. })
    ));

    let mut good = bad.clone();
    if let Some(end) = &mut good.end {
        end.seats[1].seat = 1;
    }
    assert_eq!(store.commit(&new.id, 1, &good).await.expect("end"), 2);
    let game = store.load_game(&new.id).await.expect("load").expect("some");
    assert_eq!(game.status, GameStatus::Over);
    assert_eq!(game.result.as_deref(), Some("1-0"));
    assert_eq!(game.termination, Some(Termination::Resignation));
    assert_eq!(game.ended_ms, Some(99));
    let results: Vec<_> = game.seats.iter().map(|s| (s.score, s.rank)).collect();
    assert_eq!(results, [(Some(1.0), Some(0)), (Some(0.0), Some(1))]);
    let log = store.log_after(&new.id, 1).await.expect("log");
    assert_eq!(log[0].entry.kind, LogKind::End);
}

async fn snapshots_keep_the_first_and_find_the_latest(db: Db) {
    let store = &db.store;
    let new = new_game(None);
    store.create_game(&new).await.expect("create");
    assert_eq!(
        store.latest_snapshot(&new.id, 1_000).await.expect("get"),
        None
    );
    let snap = |ply: i64, text: &str| Snapshot {
        ply,
        position_text: text.to_owned(),
        hash: -ply,
    };
    for ply in [0, 256, 512] {
        store
            .put_snapshot(&new.id, &snap(ply, &format!("pos{ply}")))
            .await
            .expect("put");
    }
    store
        .put_snapshot(&new.id, &snap(256, "other"))
        .await
        .expect("put again");
    assert_eq!(
        store.latest_snapshot(&new.id, 300).await.expect("get"),
        Some(snap(256, "pos256"))
    );
    assert_eq!(
        store.latest_snapshot(&new.id, 512).await.expect("get"),
        Some(snap(512, "pos512"))
    );
    assert_eq!(
        store.latest_snapshot(&new.id, 255).await.expect("get"),
        Some(snap(0, "pos0"))
    );
}

crate::both_backends!(
    games_load_with_their_seats,
    a_stale_version_is_refused_and_writes_nothing,
    a_failing_row_in_the_middle_leaves_no_trace,
    the_end_writes_scores_and_ranks_with_the_last_entry,
    snapshots_keep_the_first_and_find_the_latest,
);
