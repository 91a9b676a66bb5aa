//! Games played to the end over real WebSockets on 127.0.0.1: clients choose from the legal
//! lists they are sent, and at the end every client's picture equals what the server serves,
//! its scene built from one `full` and the changes every step carried included.

use muster_server::games::SeatPlan;
use muster_wire::MatchId;

use crate::kit::{play_seat, quick, Harness, Picture, Reply};

/// Plays a game whose seats are held by `tokens` (one client each) to the end; then checks
/// each client's picture against a fresh `full` the server sends it.
async fn play_out(h: &Harness, g: &MatchId, tokens: &[String]) -> Vec<Picture> {
    let mut tasks = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let client = h.client(Some(token)).await;
        tasks.push(tokio::spawn(play_seat(client, g.clone(), 1000 + i as u64)));
    }
    let mut pictures = Vec::new();
    for task in tasks {
        let (picture, _) = task.await.expect("a seat played to the end");
        pictures.push(picture);
    }
    for (token, picture) in tokens.iter().zip(&pictures) {
        let mut client = h.client(Some(token)).await;
        client.sub(g, None).await;
        let full = client.next_full().await;
        assert_eq!(full.v.0, picture.v, "versions agree");
        assert_eq!(Some(full.hash.clone()), picture.hash, "views agree");
        let served: Vec<Option<String>> = full.moves.iter().map(|m| m.a.clone()).collect();
        assert_eq!(served, picture.moves, "move lists agree");
        assert!(full.outcome.is_some(), "the game is over");
        // The scene built from the first full and every step's change is the one served now,
        // but for the last move's mark, which a full does not draw.
        let mut built = picture.scene.clone().expect("a scene");
        built
            .marks
            .retain(|m| m.kind != muster_view::MarkKind::LastMove);
        assert_eq!(built, full.scene, "scenes agree");
    }
    // The exported record replays to the end the clients saw.
    let path = format!("/api/games/{}/record", g.0);
    let Reply {
        status, body: text, ..
    } = h.get(&path, Some(&tokens[0])).await;
    assert_eq!(status, 200, "{text}");
    let record = muster_rules::record::Record::parse(&text).expect("the record reads");
    let replay = muster_rules::AnyGame::replay(&record).expect("the record replays");
    assert_eq!(
        replay.actions.len(),
        pictures[0].moves.len(),
        "every decision is in the record"
    );
    assert!(replay.outcome.is_some(), "the record ends with the result");
    pictures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn murus_gallicus_is_played_to_the_end_by_two_clients() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["ann", "bob"]).await;
    let g = h.game("murus-gallicus", "basic", plans).await;
    play_out(&h, &g, &tokens).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mur_is_played_to_the_end_by_two_clients() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["cat", "dan"]).await;
    let g = h.game("mur", "game", plans).await;
    play_out(&h, &g, &tokens).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mu_is_played_to_the_end_by_three_clients() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["eve", "fay", "gus"]).await;
    let g = h.game("mu", "levis,ply_cap=60", plans).await;
    play_out(&h, &g, &tokens).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mutou_is_played_to_the_end_by_two_clients_with_dice() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["hal", "ivy"]).await;
    // The chance seed is drawn anew for every game, so a game without a cap could run for
    // thousands of plies (one ran past 15 minutes in a debug build); the cap bounds the test.
    let g = h.game("mutou", "friendly,turn_cap=60", plans).await;
    let pictures = play_out(&h, &g, &tokens).await;
    assert!(pictures[0].moves.len() > 10);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_seat_plays_its_turns() {
    let h = Harness::start(quick()).await;
    let (mut plans, tokens) = h.humans(&["jim"]).await;
    plans.push(SeatPlan::Ai(1));
    let g = h.game("murus-gallicus", "basic", plans).await;
    play_out(&h, &g, &tokens).await;
    h.stop().await;
}
