//! Game leases: a free lease is taken, a held one renewed by its node and refused to others
//! until it lapses, then taken over with one more epoch; renewal keeps only what a node still
//! holds; a lapsed lease of a running game is listed for the nodes to adopt; of nodes racing for
//! one free lease exactly one wins.

use std::sync::Arc;

use muster_store::{GameId, Lease, LeaseTaken, Store};
use tokio::sync::Barrier;

use crate::common::{new_game, Db};

const NOW: i64 = 1_700_000_000_000;
const TTL: i64 = 10_000;

fn held(taken: LeaseTaken) -> Lease {
    match taken {
        LeaseTaken::Held(lease) | LeaseTaken::TakenOver(lease) => lease,
        LeaseTaken::Other(lease) => panic!("expected to hold the lease, {} does", lease.node),
    }
}

async fn a_lease_is_held_by_one_node_until_it_lapses(db: Db) {
    let store = &db.store;
    let game = new_game(None);
    store.create_game(&game).await.expect("game");
    let id = &game.id;
    assert_eq!(
        store.lease(id).await.expect("read"),
        None,
        "nobody took it yet"
    );
    let first = held(store.take_lease(id, "a", NOW, TTL).await.expect("take"));
    assert_eq!(
        first,
        Lease {
            node: "a".into(),
            until_ms: NOW + TTL,
            epoch: 1
        }
    );
    // Another node is refused while the lease runs, even at its last millisecond.
    let refused = store
        .take_lease(id, "b", NOW + TTL, TTL)
        .await
        .expect("ask");
    assert_eq!(refused, LeaseTaken::Other(first.clone()));
    // Its holder renews it, same epoch.
    let renewed = held(
        store
            .take_lease(id, "a", NOW + 5_000, TTL)
            .await
            .expect("renew"),
    );
    assert_eq!((renewed.until_ms, renewed.epoch), (NOW + 5_000 + TTL, 1));
    // Lapsed: another node takes it over, one more epoch.
    let later = NOW + 5_000 + TTL + 1;
    let LeaseTaken::TakenOver(taken) = store
        .take_lease(id, "b", later, TTL)
        .await
        .expect("take over")
    else {
        panic!("a lapsed lease of another node is taken over");
    };
    assert_eq!((taken.node.as_str(), taken.epoch), ("b", 2));
    assert_eq!(store.lease(id).await.expect("read"), Some(taken.clone()));
    // Its new holder renewing it is no take-over.
    let renewed = store
        .take_lease(id, "b", later + 1, TTL)
        .await
        .expect("renew");
    assert!(matches!(renewed, LeaseTaken::Held(l) if l.epoch == 2));
}

async fn no_lease_is_taken_of_a_game_that_does_not_exist(db: Db) {
    let missing = GameId::generate();
    let refused = db.store.take_lease(&missing, "a", NOW, TTL).await;
    assert!(
        matches!(&refused, Err(muster_store::Error::NoGame(id)) if *id == missing),
        "{refused:?}"
    );
    assert_eq!(db.store.lease(&missing).await.expect("read"), None);
}

async fn lapsed_leases_list_the_running_games_their_nodes_left(db: Db) {
    let store = &db.store;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let game = new_game(None);
        store.create_game(&game).await.expect("game");
        ids.push(game.id);
    }
    held(
        store
            .take_lease(&ids[0], "a", NOW, TTL)
            .await
            .expect("take"),
    );
    held(
        store
            .take_lease(&ids[1], "a", NOW + 100, TTL)
            .await
            .expect("take"),
    );
    held(
        store
            .take_lease(&ids[2], "b", NOW + 5 * TTL, TTL)
            .await
            .expect("take"),
    );
    assert_eq!(
        store.lapsed_leases(NOW + TTL, 10).await.expect("list"),
        Vec::<GameId>::new(),
        "a lease at its last millisecond has not lapsed"
    );
    assert_eq!(
        store
            .lapsed_leases(NOW + TTL + 101, 10)
            .await
            .expect("list"),
        vec![ids[0].clone(), ids[1].clone()],
        "the longest lapsed first; b's is current"
    );
    assert_eq!(
        store.lapsed_leases(NOW + TTL + 101, 1).await.expect("list"),
        vec![ids[0].clone()]
    );
}

async fn renewal_keeps_only_the_leases_a_node_still_holds(db: Db) {
    let store = &db.store;
    let (one, two) = (new_game(None), new_game(None));
    for g in [&one, &two] {
        store.create_game(g).await.expect("game");
        held(store.take_lease(&g.id, "a", NOW, TTL).await.expect("take"));
    }
    // Node b takes the second one over after it lapsed.
    held(
        store
            .take_lease(&two.id, "b", NOW + TTL + 1, TTL)
            .await
            .expect("take over"),
    );
    let ids = [one.id.clone(), two.id.clone()];
    let kept = store
        .renew_leases("a", &ids, NOW + 3 * TTL)
        .await
        .expect("renew");
    assert_eq!(kept, vec![one.id.clone()]);
    let lease = store.lease(&one.id).await.expect("read").expect("a lease");
    assert_eq!(lease.until_ms, NOW + 3 * TTL);
    assert_eq!(
        store.lease(&two.id).await.expect("read").map(|l| l.node),
        Some("b".into())
    );
    assert!(store
        .renew_leases("a", &[], NOW)
        .await
        .expect("nothing")
        .is_empty());
}

async fn a_released_lease_is_free_for_any_node(db: Db) {
    let store = &db.store;
    let game = new_game(None);
    store.create_game(&game).await.expect("game");
    held(
        store
            .take_lease(&game.id, "a", NOW, TTL)
            .await
            .expect("take"),
    );
    assert!(!store.release_lease(&game.id, "b").await.expect("not b's"));
    assert!(store.release_lease(&game.id, "a").await.expect("a's"));
    assert_eq!(store.lease(&game.id).await.expect("read"), None);
    let lease = held(
        store
            .take_lease(&game.id, "b", NOW + 1, TTL)
            .await
            .expect("take"),
    );
    assert_eq!(lease.epoch, 1, "a released lease starts afresh");
}

async fn of_nodes_racing_for_a_free_lease_exactly_one_wins(db: Db) {
    let store = Arc::new(db.store.clone());
    for round in 0..8 {
        let game = new_game(None);
        store.create_game(&game).await.expect("game");
        let nodes = 4;
        let barrier = Arc::new(Barrier::new(nodes));
        let mut tasks = Vec::new();
        for n in 0..nodes {
            let (store, barrier, id) = (store.clone(), barrier.clone(), game.id.clone());
            tasks.push(tokio::spawn(async move {
                barrier.wait().await;
                store
                    .take_lease(&id, &format!("node{n}"), NOW, TTL)
                    .await
                    .expect("ask")
            }));
        }
        let mut winners = Vec::new();
        for task in tasks {
            if let LeaseTaken::Held(lease) | LeaseTaken::TakenOver(lease) =
                task.await.expect("a task")
            {
                winners.push(lease.node);
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: {winners:?}");
        let lease = store.lease(&game.id).await.expect("read").expect("a lease");
        assert_eq!(lease.node, winners[0]);
    }
}

crate::both_backends!(
    a_lease_is_held_by_one_node_until_it_lapses,
    renewal_keeps_only_the_leases_a_node_still_holds,
    a_released_lease_is_free_for_any_node,
    lapsed_leases_list_the_running_games_their_nodes_left,
    no_lease_is_taken_of_a_game_that_does_not_exist,
    of_nodes_racing_for_a_free_lease_exactly_one_wins,
);
