//! Previews and chat over real sockets.

mod common;

use std::time::Duration;

use common::{quick, Harness, Player};
use muster_server::games::SeatPlan;
use muster_wire::{AckId, ClientMsg, LobbyAsk, NackCode, PreviewAsk, Room, Say, ServerMsg};

async fn game(h: &Harness) -> (Player, Player, Player) {
    let (a, ta) = h.user("ann").await;
    let (b, tb) = h.user("bob").await;
    let (_, tw) = h.user("wes").await;
    let g = h
        .game(
            "murus-gallicus",
            "basic",
            vec![SeatPlan::Human(a), SeatPlan::Human(b)],
        )
        .await;
    (
        Player::join(h, Some(&ta), &g).await,
        Player::join(h, Some(&tb), &g).await,
        Player::join(h, Some(&tw), &g).await,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_shows_the_result_and_changes_nothing() {
    let h = Harness::start(quick()).await;
    let (mut ann, _bob, _wes) = game(&h).await;
    let a = ann.pic.legal[0].clone();
    ann.c
        .send(&ClientMsg::Preview(PreviewAsk {
            g: ann.g.clone(),
            ply: muster_wire::Ply(0),
            a: vec![a.clone()],
            id: AckId(77),
        }))
        .await;
    let ServerMsg::Preview(reply) = ann.until(|m| matches!(m, ServerMsg::Preview(_))).await else {
        unreachable!()
    };
    assert_eq!(reply.id, AckId(77));
    assert!(
        !reply.scene.marks.is_empty(),
        "the move is marked on the scene"
    );
    let stored = h
        .store
        .load_game(&common::store_id(&ann.g))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.version, 0, "nothing was stored");
    // An illegal preview is refused with the rules' reason.
    ann.c
        .send(&ClientMsg::Preview(PreviewAsk {
            g: ann.g.clone(),
            ply: muster_wire::Ply(0),
            a: vec!["a1-a7".to_owned()],
            id: AckId(78),
        }))
        .await;
    let nack = ann.until(|m| matches!(m, ServerMsg::Nack(_))).await;
    assert!(
        matches!(nack, ServerMsg::Nack(n) if n.code == NackCode::Illegal || n.code == NackCode::Parse)
    );
    ann.play(&a).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_room_and_the_watchers_room_are_apart() {
    let h = Harness::start(quick()).await;
    let (mut ann, mut bob, mut wes) = game(&h).await;
    let g = ann.g.clone();
    ann.c
        .send(&ClientMsg::Say(Say {
            room: Room::Players(g.clone()),
            text: "good luck".to_owned(),
            id: AckId(5),
        }))
        .await;
    let ServerMsg::Chat(line) = bob.until(|m| matches!(m, ServerMsg::Chat(_))).await else {
        unreachable!()
    };
    assert_eq!(
        (line.from.as_str(), line.text.as_str()),
        ("ann", "good luck")
    );
    wes.c
        .send(&ClientMsg::Say(Say {
            room: Room::Watchers(g.clone()),
            text: "nice opening".to_owned(),
            id: AckId(6),
        }))
        .await;
    let ServerMsg::Chat(line) = wes.until(|m| matches!(m, ServerMsg::Chat(_))).await else {
        unreachable!()
    };
    assert_eq!(line.text, "nice opening");
    ann.drain(Duration::from_millis(300)).await;
    bob.drain(Duration::from_millis(300)).await;
    let heard = |p: &Player, text: &str| {
        p.seen
            .iter()
            .any(|m| matches!(m, ServerMsg::Chat(c) if c.text == text))
    };
    assert!(
        !heard(&ann, "nice opening") && !heard(&bob, "nice opening"),
        "players do not hear watchers"
    );
    assert!(!heard(&wes, "good luck"), "watchers do not hear players");
    // A spectator may not talk in the players' room.
    wes.c
        .send(&ClientMsg::Say(Say {
            room: Room::Players(g.clone()),
            text: "psst".to_owned(),
            id: AckId(7),
        }))
        .await;
    let nack = wes.until(|m| matches!(m, ServerMsg::Nack(_))).await;
    assert!(matches!(nack, ServerMsg::Nack(n) if n.code == NackCode::NotSeated));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_chat_reaches_its_followers() {
    let h = Harness::start(quick()).await;
    let (_, ta) = h.user("ann").await;
    let (_, tb) = h.user("bob").await;
    let mut ann = h.client(Some(&ta)).await;
    let mut bob = h.client(Some(&tb)).await;
    for c in [&mut ann, &mut bob] {
        c.send(&ClientMsg::Lobby(LobbyAsk { on: true })).await;
        assert!(matches!(c.recv().await, ServerMsg::Lobby(_)));
    }
    ann.send(&ClientMsg::Say(Say {
        room: Room::Lobby,
        text: "anyone for Mur?".to_owned(),
        id: AckId(1),
    }))
    .await;
    let heard = loop {
        if let ServerMsg::Chat(line) = bob.recv().await {
            break line;
        }
    };
    assert_eq!(heard.text, "anyone for Mur?");
    h.stop().await;
}
