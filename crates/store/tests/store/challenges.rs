//! Challenges: the lobby, guarded joins, one game per challenge.

use std::sync::Arc;

use muster_store::{
    Challenge, ChallengeId, ChallengeStatus, Error, FaultyStore, SqlStore, Store, Visibility,
};
use tokio::sync::Barrier;

use crate::common::{new_challenge, new_game, new_user, Db};

const OPEN_SPEC: &str = r#"[{"kind":"me"},{"kind":"open"}]"#;

async fn the_lobby_lists_open_public_challenges_newest_first(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let first = new_challenge(&ann.id, 1_000, OPEN_SPEC);
    let second = new_challenge(&ann.id, 2_000, OPEN_SPEC);
    let mut by_link = new_challenge(&ann.id, 3_000, OPEN_SPEC);
    by_link.visibility = Visibility::Link;
    let mut short = new_challenge(&ann.id, 4_000, OPEN_SPEC);
    short.expires_ms = 5_000;
    let mut stored = Vec::new();
    for new in [&first, &second, &by_link, &short] {
        let challenge = store.create_challenge(new).await.expect("create");
        assert_eq!(challenge, Challenge::from_new(new));
        assert_eq!(challenge.status, ChallengeStatus::Open);
        stored.push(challenge);
    }
    assert_eq!(
        store.load_challenge(&by_link.id).await.expect("load"),
        Some(stored[2].clone())
    );
    assert_eq!(
        store
            .load_challenge(&ChallengeId::generate())
            .await
            .expect("load"),
        None
    );

    let ids = |list: Vec<Challenge>| list.into_iter().map(|c| c.id).collect::<Vec<_>>();
    // Before the short one expires it is the newest; a link-only challenge is never listed.
    let lobby = store.open_challenges(4_500, 10).await.expect("lobby");
    assert_eq!(
        ids(lobby),
        [short.id.clone(), second.id.clone(), first.id.clone()]
    );
    let lobby = store.open_challenges(4_500, 2).await.expect("lobby");
    assert_eq!(ids(lobby), [short.id.clone(), second.id.clone()]);
    // At its expiry it leaves the lobby even before the sweeper marks it.
    let lobby = store.open_challenges(5_000, 10).await.expect("lobby");
    assert_eq!(ids(lobby), [second.id.clone(), first.id.clone()]);
    assert_eq!(store.expire_challenges(5_000).await.expect("expire"), 1);
    assert_eq!(store.expire_challenges(5_000).await.expect("expire"), 0);
    let expired = store.load_challenge(&short.id).await.expect("load");
    assert_eq!(expired.map(|c| c.status), Some(ChallengeStatus::Expired));

    // Withdrawing is a guarded move from open; it happens once.
    let withdraw = |id| async move {
        store
            .set_challenge_status(id, ChallengeStatus::Open, ChallengeStatus::Withdrawn)
            .await
            .expect("withdraw")
    };
    assert!(withdraw(&second.id).await);
    assert!(!withdraw(&second.id).await);
    assert!(!withdraw(&ChallengeId::generate()).await);
    let lobby = store.open_challenges(5_000, 10).await.expect("lobby");
    assert_eq!(ids(lobby), [first.id]);
    // A withdrawn challenge takes no seat.
    assert!(!store
        .update_challenge_seats(&second.id, OPEN_SPEC, "[]")
        .await
        .expect("join"));
}

async fn of_two_joiners_of_one_seat_exactly_one_wins(db: Db) {
    let store = Arc::new(db.store.clone());
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    for round in 0..10 {
        let new = new_challenge(&ann.id, 1_000 + round, OPEN_SPEC);
        store.create_challenge(&new).await.expect("create");
        let barrier = Arc::new(Barrier::new(2));
        let tasks: Vec<_> = ["bob", "cy"]
            .into_iter()
            .map(|joiner| {
                let store = Arc::clone(&store);
                let barrier = Arc::clone(&barrier);
                let id = new.id.clone();
                tokio::spawn(async move {
                    let spec = format!(r#"[{{"kind":"me"}},{{"kind":"user","name":"{joiner}"}}]"#);
                    barrier.wait().await;
                    let won = store
                        .update_challenge_seats(&id, OPEN_SPEC, &spec)
                        .await
                        .expect("join");
                    (won, spec)
                })
            })
            .collect();
        let mut winners = Vec::new();
        for task in tasks {
            let (won, spec) = task.await.expect("task");
            if won {
                winners.push(spec);
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: {winners:?}");
        let stored = store.load_challenge(&new.id).await.expect("load");
        assert_eq!(stored.map(|c| c.seat_spec_json), Some(winners[0].clone()));
    }
}

async fn a_challenge_starts_exactly_one_game(db: Db) {
    let store = Arc::new(db.store.clone());
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let new = new_challenge(&ann.id, 1_000, OPEN_SPEC);
    store.create_challenge(&new).await.expect("create");
    let full = r#"[{"kind":"me"},{"kind":"ai","level":3}]"#;

    // A starter that read another spec starts nothing.
    let stray = new_game(Some(&ann.id));
    assert!(!store
        .start_challenge(&new.id, full, full, &stray)
        .await
        .expect("start"));
    assert_eq!(store.load_game(&stray.id).await.expect("load"), None);

    // Seats out of order: refused, the challenge stays open.
    let mut shuffled = new_game(Some(&ann.id));
    shuffled.seats.swap(0, 1);
    assert!(matches!(
        store
            .start_challenge(&new.id, OPEN_SPEC, full, &shuffled)
            .await,
        Err(Error::BadWrite { .. })
    ));
    let open = store.load_challenge(&new.id).await.expect("load");
    assert_eq!(open.map(|c| c.status), Some(ChallengeStatus::Open));

    // Two starters at once: one game.
    let games = [new_game(Some(&ann.id)), new_game(Some(&ann.id))];
    let barrier = Arc::new(Barrier::new(2));
    let tasks: Vec<_> = games
        .iter()
        .cloned()
        .map(|game| {
            let store = Arc::clone(&store);
            let barrier = Arc::clone(&barrier);
            let id = new.id.clone();
            tokio::spawn(async move {
                barrier.wait().await;
                let started = store
                    .start_challenge(&id, OPEN_SPEC, full, &game)
                    .await
                    .expect("start");
                (started, game.id)
            })
        })
        .collect();
    let mut started = Vec::new();
    for task in tasks {
        let (won, game) = task.await.expect("task");
        if won {
            started.push(game);
        } else {
            assert_eq!(store.load_game(&game).await.expect("load"), None);
        }
    }
    assert_eq!(started.len(), 1, "{started:?}");
    let challenge = store
        .load_challenge(&new.id)
        .await
        .expect("load")
        .expect("some");
    assert_eq!(challenge.status, ChallengeStatus::Started);
    assert_eq!(challenge.seat_spec_json, full);
    assert_eq!(challenge.game_id.as_ref(), Some(&started[0]));
    let game = store
        .load_game(&started[0])
        .await
        .expect("load")
        .expect("some");
    assert_eq!(game.challenge_id, Some(new.id.clone()));
    assert_eq!(game.seats.len(), 2);
    assert!(store
        .open_challenges(0, 10)
        .await
        .expect("lobby")
        .is_empty());
}

async fn a_refused_start_writes_neither_game_nor_challenge(db: Db) {
    let faulty = FaultyStore::new(db.store.clone());
    let store: Arc<dyn Store> = Arc::new(faulty.clone());
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let new = new_challenge(&ann.id, 1_000, OPEN_SPEC);
    store.create_challenge(&new).await.expect("create");
    let game = new_game(Some(&ann.id));
    faulty.fail_nth_commit(1);
    assert!(matches!(
        store.start_challenge(&new.id, OPEN_SPEC, "[]", &game).await,
        Err(Error::Injected(_))
    ));
    let other = SqlStore::open(&db.url).await.expect("second pool");
    assert_eq!(other.load_game(&game.id).await.expect("load"), None);
    let challenge = other.load_challenge(&new.id).await.expect("load");
    assert_eq!(
        challenge.map(|c| (c.status, c.seat_spec_json, c.game_id)),
        Some((ChallengeStatus::Open, OPEN_SPEC.to_owned(), None))
    );
    assert!(store
        .start_challenge(&new.id, OPEN_SPEC, "[]", &game)
        .await
        .expect("resend"));
    assert!(other.load_game(&game.id).await.expect("load").is_some());
    other.close().await;
}

async fn the_open_challenges_naming_a_user_are_found_whatever_their_visibility(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let naming_bob = format!(
        r#"[{{"kind":"me"}},{{"kind":"user","user_id":"{}","taken":false}}]"#,
        bob.id.as_str()
    );
    let mut direct = new_challenge(&ann.id, 1_000, &naming_bob);
    direct.visibility = Visibility::Direct;
    let public = new_challenge(&ann.id, 2_000, &naming_bob);
    let other = new_challenge(&ann.id, 3_000, OPEN_SPEC);
    for new in [&direct, &public, &other] {
        store.create_challenge(new).await.expect("create");
    }
    let ids = |list: Vec<Challenge>| list.into_iter().map(|c| c.id).collect::<Vec<_>>();
    let found = store
        .open_challenges_naming(&bob.id, 1_500, 10)
        .await
        .expect("list");
    assert_eq!(ids(found), [public.id.clone(), direct.id.clone()]);
    assert!(store
        .open_challenges_naming(&ann.id, 1_500, 10)
        .await
        .expect("list")
        .is_empty());
    // Declined, it is no longer open; the status reads back.
    assert!(store
        .set_challenge_status(&public.id, ChallengeStatus::Open, ChallengeStatus::Declined)
        .await
        .expect("decline"));
    let declined = store.load_challenge(&public.id).await.expect("load");
    assert_eq!(declined.map(|c| c.status), Some(ChallengeStatus::Declined));
    let found = store
        .open_challenges_naming(&bob.id, 1_500, 10)
        .await
        .expect("list");
    assert_eq!(ids(found), [direct.id.clone()]);
}

crate::both_backends!(
    the_open_challenges_naming_a_user_are_found_whatever_their_visibility,
    the_lobby_lists_open_public_challenges_newest_first,
    of_two_joiners_of_one_seat_exactly_one_wins,
    a_challenge_starts_exactly_one_game,
    a_refused_start_writes_neither_game_nor_challenge,
);
