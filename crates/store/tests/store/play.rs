//! What a commit carries besides its entries: seats changing hands, and at a rated game's end
//! the ratings, all or nothing.

use std::sync::Arc;

use muster_store::{
    Commit, Error, FaultyStore, GameEnd, GameId, GameStatus, LogKind, RatingUpdate, SeatChange,
    SeatKind, SeatResult, SqlStore, Store, Termination, UserId,
};

use crate::common::{commit_of, new_game, new_game_of, new_user, Db};

const POOL: &str = "murus-gallicus:2:live";

/// The commit that ends a game at `ply`: seat 0 wins.
fn end_at(ply: i64, ended_ms: i64) -> Commit {
    let mut commit = commit_of(ply, &["resign"]);
    commit.entries[0].kind = LogKind::End;
    commit.status = GameStatus::Over;
    commit.end = Some(GameEnd {
        result: "1-0".to_owned(),
        termination: Termination::Resignation,
        ended_ms,
        seats: vec![
            SeatResult {
                seat: 0,
                score: 1.0,
                rank: 0,
            },
            SeatResult {
                seat: 1,
                score: 0.0,
                rank: 1,
            },
        ],
    });
    commit
}

/// A rating move of `user` at `seat` from `before` to `after`.
fn rated(user: &UserId, seat: i64, before: f64, after: f64, games: i64) -> RatingUpdate {
    RatingUpdate {
        user_id: user.clone(),
        pool: POOL.to_owned(),
        seat,
        rating_before: before,
        rd_before: 350.0,
        rating_after: after,
        rd_after: 300.0,
        vol: 0.06,
        games,
    }
}

/// How many `rating_history` rows a game has.
async fn history_rows(store: &SqlStore, game: &GameId) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM rating_history WHERE game_id = $1")
        .bind(game.as_str())
        .fetch_one(store.pool())
        .await
        .expect("count")
}

/// The game is still running at version 1, and nobody has a rating.
async fn assert_unrated(store: &dyn Store, id: &GameId, users: &[&UserId]) {
    let game = store.load_game(id).await.expect("load").expect("some");
    assert_eq!((game.version, game.status), (1, GameStatus::Running));
    assert!(game.seats.iter().all(|s| s.rating_after.is_none()));
    for user in users {
        assert_eq!(store.rating(user, POOL).await.expect("rating"), None);
    }
}

async fn a_rated_end_moves_ratings_with_the_game(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    assert_eq!(store.rating(&ann.id, POOL).await.expect("rating"), None);
    assert!(store.ratings_of(&ann.id).await.expect("ratings").is_empty());

    let first = new_game_of(&ann.id, &bob.id);
    store.create_game(&first).await.expect("game");
    let mut end = end_at(0, 5_000);
    end.ratings = vec![
        rated(&ann.id, 0, 1500.0, 1662.3, 1),
        rated(&bob.id, 1, 1500.0, 1337.7, 1),
    ];
    assert_eq!(store.commit(&first.id, 0, &end).await.expect("end"), 1);
    let game = store
        .load_game(&first.id)
        .await
        .expect("load")
        .expect("some");
    let columns: Vec<_> = game
        .seats
        .iter()
        .map(|s| (s.rating_before, s.rating_after, s.rd_before, s.rd_after))
        .collect();
    assert_eq!(
        columns,
        [
            (Some(1500.0), Some(1662.3), Some(350.0), Some(300.0)),
            (Some(1500.0), Some(1337.7), Some(350.0), Some(300.0)),
        ]
    );
    let rating = store
        .rating(&ann.id, POOL)
        .await
        .expect("rating")
        .expect("some");
    assert_eq!(
        (
            rating.rating,
            rating.rd,
            rating.vol,
            rating.games,
            rating.updated_ms
        ),
        (1662.3, 300.0, 0.06, 1, 5_000)
    );
    assert_eq!(history_rows(store, &first.id).await, 2);

    // A second game replaces the rating and adds history.
    let second = new_game_of(&bob.id, &ann.id);
    store.create_game(&second).await.expect("game");
    let mut end = end_at(0, 9_000);
    end.ratings = vec![
        rated(&bob.id, 0, 1337.7, 1400.0, 2),
        rated(&ann.id, 1, 1662.3, 1600.0, 2),
    ];
    store.commit(&second.id, 0, &end).await.expect("end");
    let ratings = store.ratings_of(&ann.id).await.expect("ratings");
    assert_eq!(ratings.len(), 1);
    assert_eq!(
        (
            ratings[0].pool.as_str(),
            ratings[0].rating,
            ratings[0].games
        ),
        (POOL, 1600.0, 2)
    );
    assert_eq!(history_rows(store, &second.id).await, 2);
}

async fn ratings_are_written_only_when_the_commit_is(db: Db) {
    let faulty = FaultyStore::new(db.store.clone());
    let store: Arc<dyn Store> = Arc::new(faulty.clone());
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let new = new_game_of(&ann.id, &bob.id);
    store.create_game(&new).await.expect("game");
    store
        .commit(&new.id, 0, &commit_of(0, &["d2-d4"]))
        .await
        .expect("move");
    let mut end = end_at(1, 5_000);
    end.ratings = vec![
        rated(&ann.id, 0, 1500.0, 1600.0, 1),
        rated(&bob.id, 1, 1500.0, 1400.0, 1),
    ];

    // A stale writer's ratings are not written.
    assert!(matches!(
        store.commit(&new.id, 0, &end).await,
        Err(Error::Stale { .. })
    ));
    assert_unrated(&*store, &new.id, &[&ann.id, &bob.id]).await;
    // Ratings without an end are refused.
    let mut no_end = commit_of(1, &["d7-d5"]);
    no_end.ratings = end.ratings.clone();
    assert!(matches!(
        store.commit(&new.id, 1, &no_end).await,
        Err(Error::BadWrite { .. })
    ));
    // A rating naming a seat its user does not hold fails the whole commit, after the first
    // rating was written.
    let mut crossed = end.clone();
    crossed.ratings[1].seat = 0;
    match store.commit(&new.id, 1, &crossed).await {
        Err(e @ Error::BadWrite { .. }) => assert!(e.to_string().contains("to rate"), "{e}"),
        other => panic!("expected BadWrite, got {other:?}"),
    }
    assert_unrated(&*store, &new.id, &[&ann.id, &bob.id]).await;
    assert_eq!(history_rows(&db.store, &new.id).await, 0);
    // A commit refused at its commit point writes no rating.
    faulty.fail_nth_commit(1);
    assert!(matches!(
        store.commit(&new.id, 1, &end).await,
        Err(Error::Injected(_))
    ));
    assert_unrated(&*store, &new.id, &[&ann.id, &bob.id]).await;
    assert_eq!(history_rows(&db.store, &new.id).await, 0);
    // Its resend writes them once.
    assert_eq!(store.commit(&new.id, 1, &end).await.expect("resend"), 2);
    let rating = store.rating(&bob.id, POOL).await.expect("rating");
    assert_eq!(rating.map(|r| r.rating), Some(1400.0));
    assert_eq!(history_rows(&db.store, &new.id).await, 2);
}

async fn a_rating_that_moved_since_it_was_read_refuses_the_whole_commit(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let cid = store.create_user(&new_user("cid")).await.expect("user");
    let first = new_game_of(&ann.id, &bob.id);
    let second = new_game_of(&ann.id, &cid.id);
    for game in [&first, &second] {
        store.create_game(game).await.expect("game");
    }
    // Both games end at once, each rated from Ann's rating as it was: none yet.
    let mut one = end_at(0, 5_000);
    one.ratings = vec![
        rated(&ann.id, 0, 1500.0, 1660.0, 1),
        rated(&bob.id, 1, 1500.0, 1340.0, 1),
    ];
    let mut other = end_at(0, 5_001);
    other.ratings = vec![
        rated(&ann.id, 0, 1500.0, 1661.0, 1),
        rated(&cid.id, 1, 1500.0, 1339.0, 1),
    ];
    store
        .commit(&first.id, 0, &one)
        .await
        .expect("the first end");
    match store.commit(&second.id, 0, &other).await {
        Err(Error::RatingMoved { user, games, .. }) => {
            assert_eq!((user, games), (ann.id.clone(), 1))
        }
        got => panic!("expected RatingMoved, got {got:?}"),
    }
    // Nothing of the second end was written: the game runs on, Cid has no rating, Ann keeps
    // the first game's.
    let game = store
        .load_game(&second.id)
        .await
        .expect("load")
        .expect("some");
    assert_eq!((game.version, game.status), (0, GameStatus::Running));
    assert_eq!(store.rating(&cid.id, POOL).await.expect("rating"), None);
    assert_eq!(history_rows(store, &second.id).await, 0);
    let ann_now = store
        .rating(&ann.id, POOL)
        .await
        .expect("rating")
        .expect("some");
    assert_eq!((ann_now.rating, ann_now.games), (1660.0, 1));
    // Rated again from the rating now stored, it is written; so is a later game from it.
    other.ratings[0] = rated(&ann.id, 0, 1660.0, 1700.0, 2);
    store
        .commit(&second.id, 0, &other)
        .await
        .expect("rated again");
    let ann_now = store
        .rating(&ann.id, POOL)
        .await
        .expect("rating")
        .expect("some");
    assert_eq!((ann_now.rating, ann_now.games), (1700.0, 2));
}

async fn seats_change_hands_with_the_commit(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let new = new_game(Some(&ann.id));
    store.create_game(&new).await.expect("game");

    // Ann retires at ply 1: the engine at level 3 plays her seat on; the seat stays hers.
    let mut retire = commit_of(0, &["d2-d4"]);
    retire.entries[0].kind = LogKind::Retire;
    retire.seat_changes = vec![SeatChange::Retire {
        seat: 0,
        ply: 1,
        why: "resignation".to_owned(),
        ai_level: 3,
    }];
    // Refused at its commit point, the retirement leaves the seat as it was.
    let faulty = FaultyStore::new(db.store.clone());
    faulty.fail_nth_commit(1);
    assert!(matches!(
        faulty.commit(&new.id, 0, &retire).await,
        Err(Error::Injected(_))
    ));
    let before = store.load_game(&new.id).await.expect("load").expect("some");
    assert_eq!((before.version, &before.seats), (0, &new.seats));
    assert_eq!(faulty.commit(&new.id, 0, &retire).await.expect("retire"), 1);
    let game = store.load_game(&new.id).await.expect("load").expect("some");
    let seat = &game.seats[0];
    assert_eq!(
        (
            seat.kind,
            seat.ai_level,
            seat.retired_ply,
            seat.retired_why.as_deref()
        ),
        (SeatKind::Ai, Some(3), Some(1), Some("resignation"))
    );
    assert_eq!(seat.user_id.as_ref(), Some(&ann.id));

    // Retiring twice, or a seat the game lacks: the whole commit is refused.
    let mut again = commit_of(1, &["e7-e5"]);
    again.seat_changes = retire.seat_changes.clone();
    assert!(matches!(
        store.commit(&new.id, 1, &again).await,
        Err(Error::BadWrite { .. })
    ));
    again.seat_changes = vec![SeatChange::Sit {
        seat: 7,
        kind: SeatKind::Ai,
        user_id: None,
        ai_level: Some(1),
        joined_ms: None,
    }];
    match store.commit(&new.id, 1, &again).await {
        Err(e @ Error::BadWrite { .. }) => assert!(e.to_string().contains("seat 7"), "{e}"),
        other => panic!("expected BadWrite, got {other:?}"),
    }
    // A human seat without a user is refused before anything is sent.
    again.seat_changes = vec![SeatChange::Sit {
        seat: 1,
        kind: SeatKind::Human,
        user_id: None,
        ai_level: None,
        joined_ms: None,
    }];
    assert!(matches!(
        store.commit(&new.id, 1, &again).await,
        Err(Error::BadWrite { .. })
    ));
    assert_eq!(
        store.load_game(&new.id).await.expect("load"),
        Some(game.clone())
    );

    // Bob takes the engine's seat.
    again.seat_changes = vec![SeatChange::Sit {
        seat: 1,
        kind: SeatKind::Human,
        user_id: Some(bob.id.clone()),
        ai_level: None,
        joined_ms: Some(42),
    }];
    assert_eq!(store.commit(&new.id, 1, &again).await.expect("sit"), 2);
    let game = store.load_game(&new.id).await.expect("load").expect("some");
    let seat = &game.seats[1];
    assert_eq!(
        (
            seat.kind,
            seat.user_id.as_ref(),
            seat.ai_level,
            seat.joined_ms
        ),
        (SeatKind::Human, Some(&bob.id), None, Some(42))
    );
    let bobs = store.games_of_user(&bob.id, &[], 10).await.expect("games");
    assert_eq!(bobs.len(), 1);
}

crate::both_backends!(
    a_rating_that_moved_since_it_was_read_refuses_the_whole_commit,
    a_rated_end_moves_ratings_with_the_game,
    ratings_are_written_only_when_the_commit_is,
    seats_change_hands_with_the_commit,
);
