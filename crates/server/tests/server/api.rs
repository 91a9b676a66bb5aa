//! The game routes over HTTP: summaries, records exported (and redacted while a MuTou set-out is
//! secret), records imported, a player's games with their turn first, profiles with ratings.
//! Each test runs the server in process over a real socket on a SQLite file (the kit's
//! `Harness`).

use hyper::Method;
use muster_rules::record::Record;
use muster_rules::AnyGame;
use muster_store::{Commit, GameId as StoredGameId, LogEntry, LogKind};
use serde_json::json;

use crate::kit::{self, casual, g_of, play_seat, quick, Auth, Harness};

#[tokio::test]
async fn a_finished_game_exports_a_record_that_replays_and_imports() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual(
                "mu",
                "levis,ply_cap=60",
                json!([{"kind": "me"}, {"kind": "open"}]),
            ),
        )
        .await;
    let joined = l.join(&bob, made["id"].as_str().unwrap()).await.json();
    let g = g_of(&joined);
    let one = tokio::spawn(play_seat(l.client(Some(&ada)).await, g.clone(), 1));
    let two = tokio::spawn(play_seat(l.client(Some(&bob)).await, g.clone(), 2));
    one.await.expect("ada played");
    two.await.expect("bob played");

    let summary = l.get(&format!("/api/games/{}", g.0), None).await.json();
    assert_eq!(summary["status"], "over");
    assert!(summary["result"].is_string(), "{summary}");
    let text = l.get(&format!("/api/games/{}/record", g.0), None).await;
    assert_eq!(text.status, 200);
    assert!(text.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    let record = Record::parse(&text.body).expect("a record");
    let replay = AnyGame::replay(&record).expect("it replays");
    assert!(replay.outcome.is_some());
    assert!(
        text.body.contains("\"bob\""),
        "the record names the players: {}",
        text.body
    );

    let imported = l
        .send_raw(
            Method::POST,
            "/api/games/import",
            Auth::Bearer(&ada),
            Some("text/plain"),
            text.body.clone().into_bytes(),
        )
        .await;
    assert_eq!(imported.status, 201, "{}", imported.body);
    let imported = imported.json();
    assert_eq!(imported["status"], "over");
    assert_eq!(imported["result"], summary["result"]);
    assert_eq!(imported["ply"], summary["ply"]);
    let again = l
        .get(
            &format!("/api/games/{}/record", imported["g"].as_str().unwrap()),
            None,
        )
        .await;
    let replay_again = AnyGame::replay(&Record::parse(&again.body).expect("a record"))
        .expect("the imported game's record replays");
    assert_eq!(replay_again.actions, replay.actions);

    let profile = l.get("/api/users/ada", None).await.json();
    assert_eq!(profile["recent"][0]["g"], g.0.as_str());
    assert_eq!(
        profile["ratings"],
        json!([]),
        "a casual game moves no rating"
    );
    l.stop().await;
}

#[tokio::test]
async fn imports_of_what_is_no_finished_record_are_refused() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let import = |body: Vec<u8>, token: Option<String>| {
        let l = &l;
        async move {
            let auth = token.as_deref().map_or(Auth::None, Auth::Bearer);
            l.send_raw(
                Method::POST,
                "/api/games/import",
                auth,
                Some("text/plain"),
                body,
            )
            .await
        }
    };
    let garbage = import(b"this is not a record".to_vec(), Some(ada.clone())).await;
    assert_eq!(garbage.status, 400, "{}", garbage.body);
    assert!(
        garbage.error().1.contains("not a record"),
        "{}",
        garbage.body
    );
    // Above the 64 KiB of other bodies, below the import's 1 MiB: read, and refused as text.
    let long = import(vec![b'x'; 100 * 1024], Some(ada.clone())).await;
    assert_eq!(long.status, 400, "{}", long.body);
    let huge = import(vec![b'x'; 2 << 20], Some(ada.clone())).await;
    assert_eq!(huge.status, 413, "{}", huge.body);
    let anonymous = import(b"[Game \"mu\"]".to_vec(), None).await;
    assert_eq!(anonymous.status, 401);
    let unfinished = import(b"[Game \"mu\"]\n[Variant \"levis\"]\n".to_vec(), Some(ada)).await;
    assert_eq!(unfinished.status, 400, "{}", unfinished.body);
    l.stop().await;
}

#[tokio::test]
async fn a_mutou_setting_out_exports_no_secret_to_a_spectator() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual("mutou", "", json!([{"kind": "me"}, {"kind": "open"}])),
        )
        .await;
    let g = g_of(&l.join(&bob, made["id"].as_str().unwrap()).await.json());
    // Seat 0 sets out a few shaks, written as the server's commit path writes them.
    let stored = l
        .store
        .load_game(&StoredGameId::parse(&g.0).unwrap())
        .await
        .unwrap()
        .unwrap();
    let (_, entries, actions) = kit::secret::seat_zero_puts(&stored.variant, 4, 9);
    let commit = Commit {
        ply: actions.len() as i64,
        entries,
        now_ms: 1,
        ..Commit::default()
    };
    l.store
        .commit(&stored.id, stored.version, &commit)
        .await
        .expect("committed");

    let path = format!("/api/games/{}/record", g.0);
    for (viewer, token) in [
        ("a spectator", None),
        ("the other seat", Some(bob.as_str())),
    ] {
        let text = l.get(&path, token).await.body;
        let record = Record::parse(&text).expect("a record");
        assert!(record.actions.is_empty(), "{viewer} sees a put: {text}");
        assert!(record.header("Redacted").is_some(), "{text}");
        for action in &actions {
            assert!(
                !text.contains(&format!(" {action}")),
                "`{action}` leaks to {viewer}: {text}"
            );
        }
    }
    let own = Record::parse(&l.get(&path, Some(&ada)).await.body).expect("a record");
    assert_eq!(own.actions.len(), actions.len(), "ada sees her own set-out");
    l.stop().await;
}

#[tokio::test]
async fn my_games_list_the_games_where_it_is_my_turn_first() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let two = json!([{"kind": "me"}, {"kind": "open"}]);
    // Ada holds seat 0 of the first game (hers to move) and seat 1 of the second (bob's).
    let first = l
        .challenge(&ada, casual("murus-gallicus", "", two.clone()))
        .await;
    let first = g_of(&l.join(&bob, first["id"].as_str().unwrap()).await.json());
    let second = l.challenge(&bob, casual("murus-gallicus", "", two)).await;
    let second = g_of(&l.join(&ada, second["id"].as_str().unwrap()).await.json());

    let mine = l.get("/api/me/games", Some(&ada)).await;
    assert_eq!(mine.status, 200, "{}", mine.body);
    let games = mine.json()["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0]["g"],
        first.0.as_str(),
        "your turn first: {games:?}"
    );
    assert_eq!(games[0]["your_turn"], true);
    assert_eq!(games[0]["to_move"], 0);
    assert_eq!(games[1]["g"], second.0.as_str());
    assert_eq!(games[1]["your_turn"], false);
    let theirs = l
        .get("/api/me/games?status=active", Some(&bob))
        .await
        .json();
    assert_eq!(theirs["games"][0]["g"], second.0.as_str());
    let over = l.get("/api/me/games?status=over", Some(&ada)).await.json();
    assert_eq!(over["games"], json!([]));
    let bad = l.get("/api/me/games?status=soon", Some(&ada)).await;
    assert_eq!(bad.status, 400);
    assert!(bad.error().1.contains("`soon`"));
    assert_eq!(l.get("/api/me/games", None).await.status, 401);
    l.stop().await;
}

#[tokio::test]
async fn a_profile_shows_ratings_per_pool_with_provisional_marked() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let bob = l.member("bob").await;
    let live = json!({"kind": "live", "base_ms": 300_000, "inc_ms": 0});
    let made = l
        .challenge(
            &ada,
            json!({"game": "mur", "variant": "", "rated": true, "clock": live,
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
        )
        .await;
    assert_eq!(made["spec"]["rated"], true);
    let g = g_of(&l.join(&bob, made["id"].as_str().unwrap()).await.json());
    let id = StoredGameId::parse(&g.0).unwrap();
    let game = l.store.load_game(&id).await.unwrap().unwrap();
    let users: Vec<_> = game
        .seats
        .iter()
        .map(|s| s.user_id.clone().unwrap())
        .collect();
    // Seat 0 resigns; the end and the ratings it moves are written as the commit path does.
    let rating = |seat: i64, after: f64, rd: f64| muster_store::RatingUpdate {
        user_id: users[seat as usize].clone(),
        pool: "mur:2:live".to_owned(),
        seat,
        rating_before: 1500.0,
        rd_before: 350.0,
        rating_after: after,
        rd_after: rd,
        vol: 0.06,
        games: 1,
    };
    let commit = Commit {
        entries: vec![LogEntry {
            kind: LogKind::End,
            ply: 0,
            seat: Some(0),
            action: None,
            hidden: false,
            hash: 0,
            clock_ms: None,
            think_ms: 0,
            data_json: "{}".to_owned(),
            created_ms: 1,
        }],
        status: muster_store::GameStatus::Over,
        now_ms: 1,
        end: Some(muster_store::GameEnd {
            result: "0-1".to_owned(),
            termination: muster_store::Termination::Resignation,
            ended_ms: 1,
            seats: vec![
                muster_store::SeatResult {
                    seat: 0,
                    score: 0.0,
                    rank: 1,
                },
                muster_store::SeatResult {
                    seat: 1,
                    score: 1.0,
                    rank: 0,
                },
            ],
        }),
        ratings: vec![rating(0, 1337.6, 290.2), rating(1, 1662.4, 90.0)],
        ..Commit::default()
    };
    l.store
        .commit(&id, game.version, &commit)
        .await
        .expect("committed");

    // Ada made the challenge without a random order: she holds seat 0 and lost.
    let ada_profile = l.get("/api/users/ada", None).await.json();
    let bob_profile = l.get("/api/users/bob", None).await.json();
    for (profile, r, rd, provisional) in [
        (&ada_profile, 1338, 290, true),
        (&bob_profile, 1662, 90, false),
    ] {
        let shown = &profile["ratings"][0];
        assert_eq!(shown["pool"], "mur:2:live");
        assert_eq!(shown["rating"], r, "{shown}");
        assert_eq!(shown["rd"], rd);
        assert_eq!(shown["games"], 1);
        assert_eq!(shown["provisional"], provisional);
    }
    let loser = ada_profile;
    assert_eq!(loser["recent"][0]["result"], "0-1");
    assert_eq!(loser["recent"][0]["termination"], "resignation");
    assert_eq!(loser["recent"][0]["rated"], true);
    l.stop().await;
}
