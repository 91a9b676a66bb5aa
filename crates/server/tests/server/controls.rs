//! Controls outside the rules over real sockets: resigning, aborting, draws, takebacks,
//! retiring, claims, rematches, clocks that flag and clocks that survive a restart, ratings.

use std::time::Duration;

use muster_server::games::SeatPlan;
use muster_server::GameConfig;
use muster_store::GameStatus;
use muster_wire::http::ClockSpec;
use muster_wire::server::{End, Termination};
use muster_wire::{Control, Millis, NackCode, ServerMsg};

use crate::kit::{self, quick, spec, until, Harness, Player};

async fn two(
    h: &Harness,
    game: &str,
    variant: &str,
    clock: ClockSpec,
    rated: bool,
) -> (Player, Player) {
    let (a, ta) = h.user("ann").await;
    let (b, tb) = h.user("bob").await;
    let g = h
        .game_spec(spec(
            game,
            variant,
            vec![SeatPlan::Human(a), SeatPlan::Human(b)],
            clock,
            rated,
        ))
        .await;
    (
        Player::join(h, Some(&ta), &g).await,
        Player::join(h, Some(&tb), &g).await,
    )
}

async fn end_of(p: &mut Player) -> End {
    match p.until(|m| matches!(m, ServerMsg::End(_))).await {
        ServerMsg::End(end) => end,
        _ => unreachable!(),
    }
}

/// The first `full` a player received (joining reads one).
fn first_full(p: &Player) -> &muster_wire::server::Full {
    p.seen
        .iter()
        .find_map(|m| match m {
            ServerMsg::Full(f) => Some(f),
            _ => None,
        })
        .expect("a full on joining")
}

fn acked(msg: &ServerMsg) -> bool {
    matches!(msg, ServerMsg::Ack(_))
}

fn refused(msg: &ServerMsg, code: NackCode) -> bool {
    matches!(msg, ServerMsg::Nack(n) if n.code == code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_resigns_a_game_of_two_loses_it() {
    let h = Harness::start(quick()).await;
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", ClockSpec::None, false).await;
    ann.play_first().await;
    assert!(acked(&bob.ctl(Control::Resign).await));
    let end = end_of(&mut ann).await;
    assert_eq!(end.termination, Termination::Resignation);
    assert_eq!(
        end.outcome.ranks,
        vec![0, 1],
        "bob (seat 2) resigned and is last"
    );
    let stored = h
        .store
        .load_game(&kit::store_id(&ann.g))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.status, GameStatus::Over);
    assert_eq!(
        stored.termination,
        Some(muster_store::Termination::Resignation)
    );
    // Nothing more can be played.
    assert!(refused(&ann.ctl(Control::Resign).await, NackCode::Over));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_control_of_a_running_game_is_refused_once_it_is_over_and_a_rematch_before() {
    let h = Harness::start(quick()).await;
    let (mut ann, mut bob) = two(&h, "mur", "game", ClockSpec::None, false).await;
    ann.play_first().await;
    assert!(
        refused(&ann.ctl(Control::RematchOffer).await, NackCode::Refused),
        "a rematch waits for the end"
    );
    assert!(acked(&bob.ctl(Control::Resign).await));
    end_of(&mut ann).await;
    for k in [
        Control::Resign,
        Control::ResignSet,
        Control::Abort,
        Control::DrawOffer,
        Control::DrawYes,
        Control::DrawNo,
        Control::BackOffer,
        Control::BackYes,
        Control::BackNo,
        Control::ClaimWin,
        Control::ClaimDraw,
    ] {
        assert!(
            refused(&ann.ctl(k).await, NackCode::Over),
            "{k:?} after the end"
        );
    }
    assert!(acked(&ann.ctl(Control::RematchOffer).await));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_can_be_aborted_only_until_everyone_has_decided() {
    let h = Harness::start(quick()).await;
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", ClockSpec::None, false).await;
    ann.play_first().await;
    bob.await_turn().await;
    bob.play_first().await;
    assert!(refused(&ann.ctl(Control::Abort).await, NackCode::Refused));

    let (c, tc) = h.user("cat").await;
    let (d, _) = h.user("dan").await;
    let g = h
        .game(
            "murus-gallicus",
            "basic",
            vec![SeatPlan::Human(c), SeatPlan::Human(d)],
        )
        .await;
    let mut cat = Player::join(&h, Some(&tc), &g).await;
    assert!(acked(&cat.ctl(Control::Abort).await));
    let end = end_of(&mut cat).await;
    assert_eq!(end.termination, Termination::Aborted);
    let stored = h
        .store
        .load_game(&kit::store_id(&g))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.status, GameStatus::Aborted);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offer_is_declined_by_a_move_and_taken_by_yes() {
    let h = Harness::start(quick()).await;
    let (mut ann, mut bob) = two(&h, "mur", "game", ClockSpec::None, false).await;
    assert!(acked(&ann.ctl(Control::DrawOffer).await));
    bob.until(|m| matches!(m, ServerMsg::Offer(_))).await;
    ann.play_first().await;
    bob.await_turn().await;
    bob.play_first().await; // declines the offer
    assert!(
        refused(&ann.ctl(Control::DrawYes).await, NackCode::Refused),
        "no offer of bob's stands"
    );
    assert!(
        refused(&bob.ctl(Control::DrawYes).await, NackCode::Refused),
        "ann's offer was declined by bob's move"
    );
    assert!(acked(&ann.ctl(Control::DrawOffer).await));
    bob.until(|m| matches!(m, ServerMsg::Offer(_))).await;
    assert!(acked(&bob.ctl(Control::DrawYes).await));
    let end = end_of(&mut ann).await;
    assert_eq!(end.termination, Termination::Agreement);
    assert_eq!(end.outcome.ranks, vec![0, 0]);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_are_offered_where_the_rules_let_players_agree_to_one() {
    let h = Harness::start(quick()).await;
    let (ann, _bob) = two(&h, "mur", "game", ClockSpec::None, false).await;
    assert!(
        first_full(&ann).draw_offers,
        "Mur's players may agree to a draw"
    );
    assert!(
        !first_full(&ann).set_resignation,
        "a single game of Mur has no set to resign"
    );
    h.stop().await;
    let h = Harness::start(quick()).await;
    let (mut ann, _bob) = two(&h, "mu", "levis", ClockSpec::None, false).await;
    assert!(!first_full(&ann).draw_offers, "Mu ends by its count");
    match ann.ctl(Control::DrawOffer).await {
        ServerMsg::Nack(n) => {
            assert_eq!(n.code, NackCode::Refused);
            assert!(
                n.reason.contains("Murus Gallicus and Mur"),
                "the refusal names the games: {}",
                n.reason
            );
        }
        other => panic!("a draw offer in Mu was not refused: {other:?}"),
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_against_the_ai_is_free() {
    let h = Harness::start(quick()).await;
    let (a, ta) = h.user("ann").await;
    let g = h
        .game(
            "murus-gallicus",
            "basic",
            vec![SeatPlan::Human(a), SeatPlan::Ai(1)],
        )
        .await;
    let mut ann = Player::join(&h, Some(&ta), &g).await;
    ann.play_first().await;
    ann.await_turn().await;
    assert_eq!(ann.pic.ply, 2);
    assert!(acked(&ann.ctl(Control::BackOffer).await));
    ann.until(|m| matches!(m, ServerMsg::Rewind(_))).await;
    ann.until(|m| matches!(m, ServerMsg::Full(_))).await;
    assert_eq!(ann.pic.ply, 0, "back to before ann's move");
    assert!(ann.pic.my_turn());
    ann.play_first().await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_between_people_needs_the_others_consent() {
    let h = Harness::start(quick()).await;
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", ClockSpec::None, false).await;
    ann.play_first().await;
    assert!(acked(&ann.ctl(Control::BackOffer).await));
    bob.until(|m| matches!(m, ServerMsg::Offer(_))).await;
    assert!(
        refused(&ann.ctl(Control::BackYes).await, NackCode::Refused),
        "one cannot consent to oneself"
    );
    assert!(acked(&bob.ctl(Control::BackYes).await));
    bob.until(|m| matches!(m, ServerMsg::Full(_))).await;
    ann.until(|m| matches!(m, ServerMsg::Full(_))).await;
    assert_eq!((ann.pic.ply, bob.pic.ply), (0, 0));
    assert!(ann.pic.my_turn());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_resigns_from_three_retires_and_ranks_last() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["eve", "fay", "gus"]).await;
    let g = h.game("mu", "levis,ply_cap=40", plans).await;
    let mut gus = Player::join(&h, Some(&tokens[2]), &g).await;
    assert!(acked(&gus.ctl(Control::Resign).await));
    gus.until(|m| matches!(m, ServerMsg::Seat(_))).await;
    drop(gus);
    let mut tasks = Vec::new();
    for (i, token) in tokens[..2].iter().enumerate() {
        let client = h.client(Some(token)).await;
        tasks.push(tokio::spawn(kit::play_seat(
            client,
            g.clone(),
            7 + i as u64,
        )));
    }
    let mut ends = Vec::new();
    for task in tasks {
        let (_, seen) = task.await.expect("played to the end");
        ends.extend(seen.into_iter().filter_map(|m| match m {
            ServerMsg::End(e) => Some(e),
            _ => None,
        }));
    }
    let ranks = &ends[0].outcome.ranks;
    assert!(
        ranks[2] > ranks[0] && ranks[2] > ranks[1],
        "the retired seat ranks last: {ranks:?}"
    );
    let stored = h
        .store
        .load_game(&kit::store_id(&g))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.seats[2].retired_ply, Some(0));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_clock_flags_at_its_deadline() {
    let h = Harness::start(quick()).await;
    let clock = ClockSpec::Live {
        base_ms: Millis(1500),
        inc_ms: Millis(0),
    };
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", clock, false).await;
    ann.play_first().await;
    bob.await_turn().await;
    bob.play_first().await; // every person has decided: the clocks start, ann's runs
    let end = end_of(&mut ann).await;
    assert_eq!(end.termination, Termination::TimeForfeit);
    assert_eq!(end.outcome.ranks, vec![1, 0], "ann ran out of time");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_a_restart_takes_is_credited_back() {
    let h = Harness::start(quick()).await;
    let clock = ClockSpec::Live {
        base_ms: Millis(60_000),
        inc_ms: Millis(0),
    };
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", clock, false).await;
    let g = ann.g.clone();
    ann.play_first().await;
    bob.await_turn().await;
    bob.play_first().await;
    ann.await_turn().await;
    drop((ann, bob));
    let h = h.restart(quick(), Duration::from_millis(1500)).await;
    let h = h.restart(quick(), Duration::from_millis(1500)).await;
    let token = h.user("watcher").await.1;
    let watcher = Player::join(&h, Some(&token), &g).await;
    let ServerMsg::Full(full) = watcher.seen.last().cloned().unwrap() else {
        panic!("a full first")
    };
    let clock = full.clock.expect("a live clock");
    let left = clock.remaining_ms[0].0;
    assert!(
        left > 58_500,
        "ann's clock lost {} ms over two restarts, each 1.5 s down",
        60_000 - left
    );
    assert!(left <= 60_000);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_rates_both_seats_as_it_ends() {
    let h = Harness::start(quick()).await;
    let clock = ClockSpec::Live {
        base_ms: Millis(300_000),
        inc_ms: Millis(2_000),
    };
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", clock, true).await;
    ann.play_first().await;
    assert!(acked(&bob.ctl(Control::Resign).await));
    let end = end_of(&mut ann).await;
    assert_eq!(end.ratings.len(), 2);
    assert!(
        end.ratings[0].after > end.ratings[0].before,
        "the winner gains"
    );
    assert!(
        end.ratings[1].after < end.ratings[1].before,
        "the loser loses"
    );
    let stored = h
        .store
        .load_game(&kit::store_id(&ann.g))
        .await
        .unwrap()
        .unwrap();
    for seat in &stored.seats {
        let user = seat.user_id.clone().unwrap();
        let ratings = h.store.ratings_of(&user).await.unwrap();
        assert_eq!(ratings.len(), 1, "one pool");
        assert_eq!(ratings[0].pool, "murus-gallicus:2:live");
        assert_eq!(Some(ratings[0].rating), seat.rating_after);
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_wins_over_a_seat_gone_past_the_grace() {
    let config = GameConfig {
        claim_after: Duration::from_millis(300),
        ..quick()
    };
    let h = Harness::start(config).await;
    let (mut ann, bob) = two(&h, "murus-gallicus", "basic", ClockSpec::None, false).await;
    drop(bob);
    ann.until(|m| matches!(m, ServerMsg::Gone(_))).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert!(acked(&ann.ctl(Control::ClaimWin).await));
    let end = end_of(&mut ann).await;
    assert_eq!(end.termination, Termination::Abandoned);
    assert_eq!(end.outcome.ranks, vec![0, 1]);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_before_the_grace_is_refused() {
    let h = Harness::start(quick()).await;
    let (mut ann, bob) = two(&h, "murus-gallicus", "basic", ClockSpec::None, false).await;
    drop(bob);
    ann.until(|m| matches!(m, ServerMsg::Gone(_))).await;
    assert!(refused(
        &ann.ctl(Control::ClaimWin).await,
        NackCode::Refused
    ));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_turns_the_seats() {
    let h = Harness::start(quick()).await;
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", ClockSpec::None, false).await;
    assert!(acked(&ann.ctl(Control::Resign).await));
    end_of(&mut bob).await;
    assert!(acked(&bob.ctl(Control::RematchOffer).await));
    ann.until(|m| matches!(m, ServerMsg::Offer(_))).await;
    assert!(acked(&ann.ctl(Control::RematchYes).await));
    let ServerMsg::Notify(note) = bob.until(|m| matches!(m, ServerMsg::Notify(_))).await else {
        unreachable!()
    };
    let g = note.g.expect("the new game");
    let rematch = h
        .store
        .load_game(&kit::store_id(&g))
        .await
        .unwrap()
        .unwrap();
    let old = h
        .store
        .load_game(&kit::store_id(&ann.g))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        rematch.seats[0].user_id, old.seats[1].user_id,
        "bob moves first now"
    );
    assert_eq!(rematch.status, GameStatus::Running);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mur_resigns_a_set_and_plays_on() {
    let h = Harness::start(quick()).await;
    let (mut ann, _bob) = two(&h, "mur", "match", ClockSpec::None, false).await;
    assert!(
        first_full(&ann).set_resignation,
        "full offers the set's resignation"
    );
    assert!(acked(&ann.ctl(Control::ResignSet).await));
    ann.until(|m| matches!(m, ServerMsg::Step(_))).await;
    assert!(!ann.pic.over, "the set is lost, the match goes on");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_correspondence_game_unloads_and_its_deadline_still_falls() {
    let config = GameConfig {
        idle_unload: Duration::from_millis(200),
        sweep_every: Duration::from_millis(300),
        ..quick()
    };
    let h = Harness::start(config).await;
    let clock = ClockSpec::Corr {
        per_move_ms: Millis(2_000),
    };
    let (mut ann, mut bob) = two(&h, "murus-gallicus", "basic", clock, false).await;
    let g = ann.g.clone();
    ann.play_first().await;
    bob.await_turn().await;
    bob.play_first().await; // clocks start: ann has 2 s
    drop((ann, bob)); // nobody watches: the actor unloads
    let id = kit::store_id(&g);
    let polling = async {
        loop {
            let game = h.store.load_game(&id).await.unwrap().unwrap();
            if game.status == GameStatus::Over {
                return game;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    let flagged = until(Duration::from_secs(10), polling).await;
    let game = flagged.expect("the sweeper never flagged the game");
    assert_eq!(
        game.termination,
        Some(muster_store::Termination::TimeForfeit)
    );
    assert_eq!(game.seats[0].rank, Some(1), "ann missed her deadline");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unloaded_game_comes_back_where_it_was() {
    let config = GameConfig {
        idle_unload: Duration::from_millis(100),
        ..quick()
    };
    let h = Harness::start(config).await;
    let (a, ta) = h.user("ann").await;
    let (b, tb) = h.user("bob").await;
    let g = h
        .game(
            "mu",
            "levis,ply_cap=30",
            vec![SeatPlan::Human(a), SeatPlan::Human(b)],
        )
        .await;
    let mut ann = Player::join(&h, Some(&ta), &g).await;
    ann.play_first().await;
    let before = ann.pic.clone();
    drop(ann);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut bob = Player::join(&h, Some(&tb), &g).await;
    assert_eq!(bob.pic.v, before.v);
    assert_eq!(bob.pic.moves, before.moves);
    bob.await_turn().await;
    bob.play_first().await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_declines_calls_by_preference_never_sees_one() {
    let h = Harness::start(quick()).await;
    let (a, ta) = h.user("ann").await;
    let (b, tb) = h.user("bob").await;
    let g = h
        .game(
            "mutou",
            "friendly",
            vec![SeatPlan::Human(a), SeatPlan::Human(b)],
        )
        .await;
    let mut bob = Player::join(&h, Some(&tb), &g).await;
    let ack = bob.ctl(Control::AutoDeclineOn).await;
    assert!(
        matches!(ack, ServerMsg::Ack(ref a) if a.v.is_none()),
        "a preference writes no entry: {ack:?}"
    );
    drop(bob);
    let mut tasks = Vec::new();
    for (i, token) in [ta, tb].iter().enumerate() {
        let client = h.client(Some(token)).await;
        tasks.push(tokio::spawn(kit::play_seat(
            client,
            g.clone(),
            40 + i as u64,
        )));
    }
    for task in tasks {
        task.await.expect("played to the end");
    }
    // Replay the stored log: wherever bob could decline, he declined.
    let id = kit::store_id(&g);
    let stored = h.store.load_game(&id).await.unwrap().unwrap();
    let log = h.store.log_after(&id, 0).await.unwrap();
    let history = muster_server::history::fold(&log).unwrap();
    let mut game =
        muster_rules::AnyGame::new(muster_rules::GameId::MuTou, &stored.variant, Some(2)).unwrap();
    let mut declined = 0;
    for played in &history.played {
        if game.actor() == muster_rules::Actor::Seat(muster_rules::Seat(1))
            && game.legal_actions().iter().any(|a| a == "decline")
        {
            assert_eq!(
                played.action, "decline",
                "bob could decline at ply {}",
                played.ply
            );
            declined += 1;
        }
        game.apply(&played.action).unwrap();
    }
    assert!(declined > 0, "bob was called on at least once");
    // The preference is kept with the user.
    let user = h
        .store
        .user_by_id(&stored.seats[1].user_id.clone().unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(
        user.prefs_json.contains("\"auto_decline\":true"),
        "{}",
        user.prefs_json
    );
    h.stop().await;
}
