//! Previews and chat over real sockets.

use std::time::Duration;

use muster_server::games::SeatPlan;
use muster_wire::{AckId, ClientMsg, LobbyAsk, NackCode, PreviewAsk, Room, Say, ServerMsg};

use crate::kit::{self, quick, Harness, Player};

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
        .load_game(&kit::store_id(&ann.g))
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
    let heard = bob
        .until(|m| match m {
            ServerMsg::Chat(line) => Some(line.clone()),
            _ => None,
        })
        .await;
    assert_eq!(heard.text, "anyone for Mur?");
    h.stop().await;
}

/// The chat lines among `frames`, as (room, text).
fn lines(frames: &[ServerMsg]) -> Vec<(Room, String)> {
    frames
        .iter()
        .filter_map(|m| match m {
            ServerMsg::Chat(c) => Some((c.room.clone(), c.text.clone())),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_follower_of_the_lobby_gets_its_last_fifty_lines_after_the_snapshot() {
    let h = Harness::start(quick()).await;
    let (_, ta) = h.user("ann").await;
    let (_, tc) = h.user("cara").await;
    let mut ann = h.client(Some(&ta)).await;
    ann.send(&ClientMsg::Lobby(LobbyAsk { on: true })).await;
    for n in 1..=52 {
        ann.send(&ClientMsg::Say(Say {
            room: Room::Lobby,
            text: format!("line {n}"),
            id: AckId(n),
        }))
        .await;
    }
    // Each line is stored before it is sent: once ann hears the last, all are stored. Ann's
    // own history can race her first lines (read after line 1 was stored, sent before its live
    // copy), so a line heard twice counts once, by its id — as a client keeps them.
    let mut said: Vec<muster_wire::server::Chat> = Vec::new();
    while said.len() < 52 {
        if let ServerMsg::Chat(line) = ann.recv().await {
            if !said.iter().any(|l| l.id == line.id) {
                said.push(line);
            }
        }
    }

    for token in [Some(tc.as_str()), None] {
        let mut cara = h.client(token).await;
        cara.send(&ClientMsg::Lobby(LobbyAsk { on: true })).await;
        assert!(
            matches!(cara.recv().await, ServerMsg::Lobby(_)),
            "the snapshot first"
        );
        let mut history = Vec::new();
        while history.len() < 50 {
            match cara.recv().await {
                ServerMsg::Chat(line) => history.push(line),
                other => panic!("expected the history, got {other:?}"),
            }
        }
        assert_eq!(
            history,
            said[2..],
            "the last fifty, oldest first, as they were sent"
        );
        assert!(
            cara.try_recv(Duration::from_millis(300)).await.is_none(),
            "no more than fifty"
        );
    }
    let mut ids: Vec<&str> = said.iter().map(|l| l.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 52, "every line has its own id");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscriber_gets_the_history_of_its_own_room_after_the_full_and_never_the_other() {
    let h = Harness::start(quick()).await;
    let (a, ta) = h.user("ann").await;
    let (b, tb) = h.user("bob").await;
    let (_, tw) = h.user("wes").await;
    let seats = vec![SeatPlan::Human(a), SeatPlan::Human(b)];
    let g = h.game("murus-gallicus", "basic", seats).await;
    let say = |room: Room, text: &str, id| {
        ClientMsg::Say(Say {
            room,
            text: text.to_owned(),
            id: AckId(id),
        })
    };
    let mut ann = Player::join(&h, Some(&ta), &g).await;
    let mut wes = Player::join(&h, Some(&tw), &g).await;
    ann.c
        .send(&say(Room::Players(g.clone()), "good luck", 1))
        .await;
    ann.until(|m| matches!(m, ServerMsg::Chat(_))).await;
    wes.c
        .send(&say(Room::Watchers(g.clone()), "nice opening", 2))
        .await;
    let ServerMsg::Chat(live) = wes.until(|m| matches!(m, ServerMsg::Chat(_))).await else {
        unreachable!()
    };

    // Bob, seated, comes to the game: the players' room's history follows his full.
    let mut bob = Player::join(&h, Some(&tb), &g).await;
    bob.drain(Duration::from_millis(300)).await;
    let full_at = bob
        .seen
        .iter()
        .position(|m| matches!(m, ServerMsg::Full(_)));
    let chat_at = bob
        .seen
        .iter()
        .position(|m| matches!(m, ServerMsg::Chat(_)));
    assert!(full_at < chat_at, "the history comes after the full");
    assert_eq!(
        lines(&bob.seen),
        [(Room::Players(g.clone()), "good luck".to_owned())]
    );
    // Subscribing again on the same connection brings a full, not the history again: the
    // connection heard the room live all along.
    bob.c.sub(&g, None).await;
    bob.until(|m| matches!(m, ServerMsg::Full(_))).await;
    bob.drain(Duration::from_millis(300)).await;
    assert_eq!(lines(&bob.seen).len(), 1, "the history once per connection");

    // A watcher, signed in or not, gets the watchers' room's history only, with the ids the
    // live lines had.
    for token in [None, Some(tw.as_str())] {
        let mut watcher = Player::join(&h, token, &g).await;
        watcher.drain(Duration::from_millis(300)).await;
        assert_eq!(
            lines(&watcher.seen),
            [(Room::Watchers(g.clone()), "nice opening".to_owned())],
            "never the players' room"
        );
        let ids: Vec<&str> = watcher
            .seen
            .iter()
            .filter_map(|m| match m {
                ServerMsg::Chat(c) => Some(c.id.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(ids, [live.id.as_str()]);
    }
    h.stop().await;
}
