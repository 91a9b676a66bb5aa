//! The commit path over real sockets (docs/server-design.md §2.2, §2.6, §5.4): a decision is
//! acknowledged only after it is stored; a failed commit changes nothing and its resend is stored
//! once; resends are re-acked, never played twice; stale writes are answered with `nack{stale}` and
//! a `full`; a client that drops its socket catches up with exactly what it missed.

use std::time::Duration;

use muster_server::games::SeatPlan;
use muster_wire::{MatchId, NackCode, ServerMsg, ViewHash};

use crate::kit::{self, quick, Client, Harness, Picture, RandomSeat};

const QUIET: Duration = Duration::from_millis(300);

/// Waits for the ack of `id`; its version. Panics on a nack.
async fn acked(client: &mut Client, id: muster_wire::AckId) -> u32 {
    client
        .until(|m| match m {
            ServerMsg::Ack(a) if a.id == id => Some(a.v.expect("an act's ack has a version").0),
            ServerMsg::Nack(n) => panic!("refused: {n:?}"),
            _ => None,
        })
        .await
}

/// The answer to a stale write `id`: its `nack`, and the `full` sent with it (before or after
/// it), if one comes within a moment of the nack.
async fn stale_answer(
    client: &mut Client,
    id: muster_wire::AckId,
) -> (muster_wire::server::Nack, Option<muster_wire::server::Full>) {
    let mut full = None;
    let nack = client
        .until(|m| match m {
            ServerMsg::Nack(n) if n.id == Some(id) => Some(n.clone()),
            ServerMsg::Full(f) => {
                full = Some(f.clone());
                None
            }
            _ => None,
        })
        .await;
    if full.is_none() {
        while let Some(m) = client.try_recv(Duration::from_secs(2)).await {
            if let ServerMsg::Full(f) = m {
                full = Some(f);
                break;
            }
        }
    }
    (nack, full)
}

/// Versions of the steps among `frames`.
fn steps(frames: &[ServerMsg]) -> Vec<u32> {
    frames
        .iter()
        .filter_map(|m| match m {
            ServerMsg::Step(s) => Some(s.v.0),
            _ => None,
        })
        .collect()
}

/// Log rows that are decisions.
async fn decisions(h: &Harness, g: &MatchId) -> Vec<(i64, i64, String)> {
    h.log(g)
        .await
        .into_iter()
        .filter_map(|e| Some((e.v, e.entry.ply, e.entry.action?)))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_commit_changes_nothing_and_its_resend_is_stored_once() {
    let (h, faults) = Harness::start_faulty(quick()).await;
    let (plans, tokens) = h.humans(&["ann", "bob"]).await;
    let g = h.game("murus-gallicus", "basic", plans).await;
    let mut ann = h.client(Some(&tokens[0])).await;
    let mut bob = h.client(Some(&tokens[1])).await;
    let p = ann.picture(&g).await;
    bob.picture(&g).await;
    let before = h.version(&g).await;
    let a = p.legal[0].clone();
    let h0 = p.hash.clone().expect("a hash");

    faults.fail_nth_commit(1);
    let id = ann.act(&g, p.ply, &a, &h0).await;
    let mut seen = Vec::new();
    let nack = ann
        .until(|m| {
            seen.push(m.clone());
            match m {
                ServerMsg::Nack(n) => Some(n.clone()),
                ServerMsg::Ack(a) => panic!("acked a failed commit: {a:?}"),
                _ => None,
            }
        })
        .await;
    assert_eq!(nack.id, Some(id));
    assert_eq!(nack.code, NackCode::Storage);
    assert!(!nack.reason.is_empty());
    seen.extend(ann.drain(QUIET).await);
    assert!(steps(&seen).is_empty(), "no step for a failed commit");
    assert!(
        steps(&bob.drain(QUIET).await).is_empty(),
        "bob sees nothing"
    );
    assert_eq!(h.version(&g).await, before, "the store is unchanged");
    assert!(decisions(&h, &g).await.is_empty());
    let mut fresh = h.client(Some(&tokens[0])).await;
    let again = fresh.picture(&g).await;
    assert_eq!(
        (again.v, again.ply),
        (p.v, p.ply),
        "a fresh full shows nothing changed"
    );
    assert!(again.moves.is_empty());
    assert_eq!(again.hash, p.hash);

    // The same act again (same ply, same hash) is stored, once.
    let id = ann.act(&g, p.ply, &a, &h0).await;
    let v = acked(&mut ann, id).await;
    assert_eq!(i64::from(v), before + 1);
    assert_eq!(decisions(&h, &g).await, vec![(i64::from(v), 0, a.clone())]);
    let bob_steps = steps(&bob.drain(QUIET).await);
    assert_eq!(bob_steps, vec![v], "bob sees the stored act once");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_commit_of_the_last_decision_does_not_end_the_game() {
    let (h, faults) = Harness::start_faulty(quick()).await;
    let (plans, tokens) = h.humans(&["lea", "max"]).await;
    let SeatPlan::Human(max_id) = plans[1].clone() else {
        panic!("max is a person")
    };
    // Two plies and the game is drawn.
    let g = h.game("murus-gallicus", "basic ply_cap=2", plans).await;
    let mut lea = h.client(Some(&tokens[0])).await;
    let mut max = h.client(Some(&tokens[1])).await;
    let p = lea.picture(&g).await;
    let mut q = max.picture(&g).await;
    let id = lea.act(&g, 0, &p.legal[0], p.hash.as_ref().unwrap()).await;
    acked(&mut lea, id).await;
    while q.ply < 1 {
        let m = max.recv().await;
        q.take(&m);
    }
    lea.drain(QUIET).await;
    // The untimed game tells max it is his turn, and stores it: that write is done before the
    // fault is armed for his move.
    h.notices_stored(&max_id, 1).await;
    let before = h.version(&g).await;
    faults.fail_nth_commit(1);
    let (a, hash) = (q.legal[0].clone(), q.hash.clone().expect("hash"));
    let id = max.act(&g, 1, &a, &hash).await;
    let nack = max.next_nack().await;
    assert_eq!((nack.id, nack.code), (Some(id), NackCode::Storage));
    let frames = lea.drain(QUIET).await;
    assert!(
        !frames
            .iter()
            .any(|m| matches!(m, ServerMsg::End(_) | ServerMsg::Step(_))),
        "no step and no end for a failed commit"
    );
    let row = h
        .store
        .load_game(&kit::store_id(&g))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (row.version, row.status),
        (before, muster_store::GameStatus::Running)
    );
    assert!(row.result.is_none());
    let id = max.act(&g, 1, &a, &hash).await;
    acked(&mut max, id).await;
    let ends = lea
        .drain(QUIET)
        .await
        .into_iter()
        .filter(|m| matches!(m, ServerMsg::End(_)))
        .count();
    assert_eq!(ends, 1, "the game ends once");
    let row = h
        .store
        .load_game(&kit::store_id(&g))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.status, muster_store::GameStatus::Over);
    assert_eq!(decisions(&h, &g).await.len(), 2);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_seat_whose_commit_fails_tries_again_and_the_game_goes_on() {
    let (h, faults) = Harness::start_faulty(quick()).await;
    let (mut plans, tokens) = h.humans(&["cat"]).await;
    plans.push(SeatPlan::Ai(1));
    let g = h.game("murus-gallicus", "basic", plans).await;
    let mut cat = RandomSeat::join(h.client(Some(&tokens[0])).await, &g, 5).await;
    // Cat's first act is the next commit; the AI's reply is the one after: it fails. (Cat's
    // turn notifications, stored in the background after each stored AI reply, are commits
    // too: they are not counted, only the refusal.)
    faults.fail_nth_commit(2);
    cat.stop_at = 6;
    cat.play_until(|p| p.ply >= 6).await;
    assert_eq!(faults.refused(), 1, "the AI's first reply was refused");
    let rows = decisions(&h, &g).await;
    let plies: Vec<i64> = rows.iter().map(|r| r.1).collect();
    assert_eq!(plies, (0..6).collect::<Vec<_>>(), "every ply stored once");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_ai_seats_play_each_other_while_someone_watches() {
    let h = Harness::start(quick()).await;
    let g = h
        .game(
            "murus-gallicus",
            "basic",
            vec![SeatPlan::Ai(1), SeatPlan::Ai(1)],
        )
        .await;
    let mut watcher = RandomSeat::join(h.client(None).await, &g, 1).await;
    watcher.play_until(|p| p.ply >= 4).await;
    // The AI seats play on while the store is read: at least what the watcher saw is stored.
    let stored = decisions(&h, &g).await.len() as u32;
    assert!(
        stored >= watcher.picture.ply,
        "{stored} stored, {} seen",
        watcher.picture.ply
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resent_act_is_acked_again_and_stored_once() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["dan", "eve"]).await;
    let g = h.game("murus-gallicus", "basic", plans).await;
    let mut dan = h.client(Some(&tokens[0])).await;
    let mut eve = h.client(Some(&tokens[1])).await;
    let p = dan.picture(&g).await;
    eve.picture(&g).await;
    let h0 = p.hash.clone().expect("a hash");
    let id = dan.act(&g, 0, &p.legal[0], &h0).await;
    let v = acked(&mut dan, id).await;
    let again = dan.act(&g, 0, &p.legal[0], &h0).await;
    assert_eq!(acked(&mut dan, again).await, v, "the same version");
    assert_eq!(decisions(&h, &g).await.len(), 1, "no second row");
    assert_eq!(steps(&eve.drain(QUIET).await), vec![v], "one step for eve");
    h.stop().await;
}

/// Plays the first three plies of a two-seat MG game (dan, eve, dan); returns both clients
/// and their pictures, and the first position's picture.
async fn three_plies(h: &Harness) -> (MatchId, [Client; 2], [Picture; 2], Picture) {
    let (plans, tokens) = h.humans(&["fay", "gus"]).await;
    let g = h.game("murus-gallicus", "basic", plans).await;
    let mut clients = [
        h.client(Some(&tokens[0])).await,
        h.client(Some(&tokens[1])).await,
    ];
    let first = clients[0].picture(&g).await;
    let mut pics = [first.clone(), clients[1].picture(&g).await];
    for ply in 0..3u32 {
        let s = (ply % 2) as usize;
        let a = pics[s].legal[0].clone();
        let hash = pics[s].hash.clone().expect("a hash");
        let id = clients[s].act(&g, ply, &a, &hash).await;
        acked(&mut clients[s], id).await;
        for (c, p) in clients.iter_mut().zip(pics.iter_mut()) {
            while p.ply < ply + 1 {
                let m = c.recv().await;
                p.take(&m);
            }
        }
    }
    (g, clients, pics, first)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_act_on_an_old_ply_that_was_not_played_is_stale_and_gets_a_full() {
    let h = Harness::start(quick()).await;
    let (g, mut clients, pics, first) = three_plies(&h).await;
    // Eve (seat 1) is to act at ply 3; she sends for ply 1 an action she did not play then.
    let played = pics[1].moves[1].clone().expect("public");
    let other = pics[1]
        .legal
        .iter()
        .find(|a| Some(*a) != Some(&played))
        .expect("another move")
        .clone();
    let before = h.version(&g).await;
    let id = clients[1]
        .act(&g, 1, &other, pics[1].hash.as_ref().expect("hash"))
        .await;
    let (nack, full) = stale_answer(&mut clients[1], id).await;
    assert_eq!(
        (nack.id, nack.code),
        (Some(id), NackCode::Stale),
        "{nack:?}"
    );
    assert_eq!(full.expect("a full").v.0 as i64, before);
    assert_eq!(h.version(&g).await, before, "nothing stored");
    let _ = first;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_ply_act_while_the_other_seat_is_to_act_is_stale_too() {
    let h = Harness::start(quick()).await;
    let (g, mut clients, _, first) = three_plies(&h).await;
    // Eve is to act at ply 3; Fay (seat 0), whose picture is stale, sends for ply 0 a move
    // other than the one she played.
    let played = first.legal[0].clone();
    let other = first.legal[1].clone();
    assert_ne!(played, other);
    let before = h.version(&g).await;
    let id = clients[0]
        .act(&g, 0, &other, first.hash.as_ref().expect("hash"))
        .await;
    let (nack, full) = stale_answer(&mut clients[0], id).await;
    assert_eq!(
        (nack.id, nack.code),
        (Some(id), NackCode::Stale),
        "{nack:?}"
    );
    assert_eq!(full.expect("a full").v.0 as i64, before);
    assert_eq!(h.version(&g).await, before, "nothing stored");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_act_with_the_right_ply_and_a_wrong_view_hash_is_stale() {
    let h = Harness::start(quick()).await;
    let (g, mut clients, pics, _) = three_plies(&h).await;
    let before = h.version(&g).await;
    let wrong = ViewHash::from_u64(0x0123_4567_89ab_cdef);
    assert_ne!(pics[1].hash.as_ref(), Some(&wrong));
    let id = clients[1].act(&g, 3, &pics[1].legal[0], &wrong).await;
    let (nack, full) = stale_answer(&mut clients[1], id).await;
    assert_eq!(
        (nack.id, nack.code),
        (Some(id), NackCode::Stale),
        "{nack:?}"
    );
    let full = full.expect("a full");
    assert_eq!((full.v.0 as i64, full.ply.0), (before, 3));
    assert_eq!(h.version(&g).await, before, "nothing stored");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_connections_of_one_user_acting_at_once_store_one_decision() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["hal", "ivy"]).await;
    let g = h.game("murus-gallicus", "basic", plans).await;
    let mut one = h.client(Some(&tokens[0])).await;
    let mut two = h.client(Some(&tokens[0])).await;
    let p = one.picture(&g).await;
    two.picture(&g).await;
    let hash = p.hash.clone().expect("a hash");
    let (a, b) = (p.legal[0].clone(), p.legal[1].clone());
    let (id1, id2) = tokio::join!(one.act(&g, 0, &a, &hash), two.act(&g, 0, &b, &hash));
    let answer = |id| {
        move |m: &ServerMsg| match m {
            ServerMsg::Ack(x) if x.id == id => Some(Ok(x.v)),
            ServerMsg::Nack(n) if n.id == Some(id) => Some(Err(n.code)),
            _ => None,
        }
    };
    let (r1, r2) = tokio::join!(one.until(answer(id1)), two.until(answer(id2)));
    let rows = decisions(&h, &g).await;
    assert_eq!(rows.len(), 1, "exactly one stored: {rows:?}");
    // The loser is refused; that its code should be `stale` (not `turn`) is the ignored test
    // `an_old_ply_act_while_the_other_seat_is_to_act_is_stale_too`.
    let refused = [NackCode::Stale, NackCode::Turn];
    match (r1, r2) {
        (Ok(_), Err(code)) => assert!(refused.contains(&code) && rows[0].2 == a, "{code:?}"),
        (Err(code), Ok(_)) => assert!(refused.contains(&code) && rows[0].2 == b, "{code:?}"),
        other => panic!("one ack and one nack, got {other:?}"),
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_client_catches_up_resends_once_and_finishes() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["jim", "kim"]).await;
    let g = h.game("mur", "game", plans).await;
    let mut jim = RandomSeat::join(h.client(Some(&tokens[0])).await, &g, 21).await;
    let kim = RandomSeat::join(h.client(Some(&tokens[1])).await, &g, 22).await;
    let kim = tokio::spawn(async move {
        let mut p = kim;
        p.play_until(|_| false).await;
        p
    });
    // Jim plays until an act of his is in flight at ply 4 or later, then loses his socket.
    while !(jim.pending.is_some() && jim.picture.ply >= 4) {
        jim.step().await;
    }
    let last = jim.picture.v;
    jim.reconnect(h.addr, &tokens[0]).await;
    // What follows the `sub{v}` is exactly the entries after `last`, or a full.
    let mut versions = Vec::new();
    while jim.pending.is_some() || !jim.settled() {
        let msg = jim.step().await;
        if let Some(v) = msg.version() {
            versions.push((matches!(msg, ServerMsg::Full(_)), v.0));
        }
    }
    let stored = h.version(&g).await as u32;
    if versions.first().is_some_and(|(full, _)| !*full) {
        let expected: Vec<u32> = (last + 1..=versions.last().map_or(last, |v| v.1)).collect();
        let got: Vec<u32> = versions.iter().map(|v| v.1).collect();
        assert_eq!(got, expected, "the missing entries, in order, once");
    }
    assert!(jim.picture.v <= stored);
    jim.play_until(|_| false).await;
    let kim = kim.await.expect("kim finishes");
    assert!(jim.picture.ended && kim.picture.ended);
    let rows = decisions(&h, &g).await;
    let plies: Vec<i64> = rows.iter().map(|r| r.1).collect();
    assert_eq!(
        plies,
        (0..rows.len() as i64).collect::<Vec<_>>(),
        "each ply once"
    );
    for (v, ply, a) in &jim.acked {
        let row = &rows[*ply as usize];
        assert_eq!((row.0, row.2.as_str()), (i64::from(*v), a.as_str()));
    }
    assert_eq!(jim.picture.moves.len(), rows.len());
    h.stop().await;
}
