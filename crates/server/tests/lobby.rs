//! The lobby and the game routes over HTTP: challenges created, joined, raced for, withdrawn and
//! refused; games that start at once; records exported, redacted and imported; a player's games
//! with their turn first. Each test runs the server in process over a real socket on a SQLite
//! file, talks HTTP with the accounts tests' client and plays over WebSockets with the play
//! tests' client.

#[path = "accounts/client.rs"]
#[allow(dead_code)]
mod client;
mod common;

use std::collections::HashSet;
use std::sync::Arc;

use client::{Auth, Reply};
use common::{play_seat, quick, Harness};
use hyper::Method;
use muster_rules::record::Record;
use muster_rules::{Actor, AnyGame, GameId, Visibility};
use muster_server::accounts::hash_token;
use muster_server::accounts::tokens::new_token;
use muster_store::{
    Commit, GameId as StoredGameId, LogEntry, LogKind, NewUser, Session, SqlStore, Store,
};
use muster_wire::{MatchId, ServerMsg};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::{json, Value};

/// A server with both clients.
struct Lobby {
    h: Harness,
    http: client::Server,
}

impl Lobby {
    async fn start() -> Lobby {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("muster.db").display());
        let store = Arc::new(SqlStore::open(&url).await.expect("store"));
        let h = Harness::with_store(Arc::clone(&store) as Arc<dyn Store>, quick(), dir).await;
        let http = client::Server {
            addr: h.addr,
            store,
        };
        Lobby { h, http }
    }

    /// A guest with a session token.
    async fn guest(&self, name: &str) -> String {
        self.user(name, true).await
    }

    /// A registered user with a session token.
    async fn member(&self, name: &str) -> String {
        self.user(name, false).await
    }

    async fn user(&self, name: &str, is_guest: bool) -> String {
        let user = self
            .h
            .store
            .create_user(&NewUser {
                name: name.to_owned(),
                pw_hash: (!is_guest).then(|| "not a real hash".to_owned()),
                is_guest,
                is_bot: false,
                email: None,
                prefs_json: "{}".to_owned(),
                created_ms: 0,
            })
            .await
            .expect("user");
        let token = new_token().expect("a token");
        self.h
            .store
            .insert_session(&Session {
                token_hash: hash_token(&token),
                user_id: user.id,
                created_ms: 0,
                seen_ms: 0,
                expires_ms: i64::MAX,
            })
            .await
            .expect("session");
        token
    }

    async fn post(&self, path: &str, token: &str, body: Value) -> Reply {
        self.http
            .send(Method::POST, path, Auth::Bearer(token), Some(body))
            .await
    }

    async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let auth = token.map_or(Auth::None, Auth::Bearer);
        self.http.send(Method::GET, path, auth, None).await
    }

    /// Creates a challenge, expecting 201; its answer.
    async fn challenge(&self, token: &str, body: Value) -> Value {
        let reply = self.post("/api/challenges", token, body).await;
        assert_eq!(reply.status, 201, "{}", reply.body);
        reply.json()
    }

    async fn join(&self, token: &str, id: &str) -> Reply {
        self.post(&format!("/api/challenges/{id}/join"), token, json!({}))
            .await
    }
}

fn casual(game: &str, variant: &str, seats: Value) -> Value {
    json!({"game": game, "variant": variant, "seats": seats, "clock": {"kind": "none"}})
}

fn g_of(info: &Value) -> MatchId {
    MatchId(info["g"].as_str().expect("a started game").to_owned())
}

#[tokio::test]
async fn a_challenge_joined_starts_its_game_and_the_joiner_plays_their_seat() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual(
                "murus-gallicus",
                "",
                json!([{"kind": "me"}, {"kind": "open"}]),
            ),
        )
        .await;
    assert_eq!(made["status"], "open");
    assert!(made.get("g").is_none());
    assert_eq!(
        made["spec"]["variant"], "basic",
        "the variant is normalised"
    );
    let id = made["id"].as_str().unwrap().to_owned();
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(lobby["challenges"][0]["id"], id.as_str());

    let joined = l.join(&bob, &id).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();
    assert_eq!(joined["status"], "started");
    assert_eq!(joined["seats"][1]["name"], "bob");
    let g = g_of(&joined);
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(
        lobby["challenges"],
        json!([]),
        "a started challenge leaves the lobby"
    );

    let mut ws = l.h.client(Some(&bob)).await;
    ws.sub(&g, None).await;
    match ws.recv().await {
        ServerMsg::Full(full) => {
            assert_eq!(full.g, g);
            assert_eq!(full.me.map(|s| s.0), Some(1), "bob holds the joined seat");
        }
        other => panic!("expected a full, got {other:?}"),
    }
    l.h.stop().await;
}

#[tokio::test]
async fn a_game_against_the_ai_starts_at_once() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    let made = l
        .challenge(
            &ada,
            casual(
                "mu",
                "levis",
                json!([{"kind": "me"}, {"kind": "ai", "level": 1}]),
            ),
        )
        .await;
    assert_eq!(made["status"], "started");
    let g = g_of(&made);
    let game = l.get(&format!("/api/games/{}", g.0), Some(&ada)).await;
    assert_eq!(game.status, 200, "{}", game.body);
    let game = game.json();
    assert_eq!(game["status"], "running");
    assert_eq!(game["seats"][0]["name"], "ada");
    assert_eq!(game["seats"][1]["name"], "AI level 1");
    assert_eq!(game["seats"][1]["kind"], "ai");
    l.h.stop().await;
}

#[tokio::test]
async fn two_joiners_of_the_last_seat_one_wins_the_other_gets_409() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    for round in 0..3 {
        let bob = l.guest(&format!("bob{round}")).await;
        let cy = l.guest(&format!("cy{round}")).await;
        let made = l
            .challenge(
                &ada,
                casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}])),
            )
            .await;
        let id = made["id"].as_str().unwrap();
        let (one, two) = tokio::join!(l.join(&bob, id), l.join(&cy, id));
        let mut statuses = [one.status, two.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{} / {}", one.body, two.body);
        let loser = if one.status == 409 { &one } else { &two };
        assert_eq!(loser.error().0, "taken");
        let stored = l.get(&format!("/api/challenges/{id}"), None).await.json();
        assert_eq!(stored["status"], "started");
    }
    l.h.stop().await;
}

#[tokio::test]
async fn a_direct_challenge_is_for_the_named_user_only() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let cy = l.guest("cy").await;
    let mut body = casual(
        "mur",
        "",
        json!([{"kind": "me"}, {"kind": "user", "name": "Bob"}]),
    );
    body["visibility"] = json!("direct");
    let made = l.challenge(&ada, body).await;
    assert_eq!(made["status"], "open", "bob has not accepted yet");
    assert_eq!(
        made["seats"][1],
        json!({"seat": 1, "name": "bob", "taken": false})
    );
    let id = made["id"].as_str().unwrap();
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(lobby["challenges"], json!([]), "not listed");

    let refused = l.join(&cy, id).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let unseen = l.get(&format!("/api/challenges/{id}"), Some(&cy)).await;
    assert_eq!(unseen.status, 404);

    let accepted = l.join(&bob, id).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(accepted.json()["status"], "started");

    let ghost = casual(
        "mur",
        "",
        json!([{"kind": "me"}, {"kind": "user", "name": "nobody"}]),
    );
    let reply = l.post("/api/challenges", &ada, ghost).await;
    assert_eq!(reply.status, 404);
    assert!(reply.error().1.contains("`nobody`"), "{}", reply.body);
    l.h.stop().await;
}

#[tokio::test]
async fn refusals_say_what_is_wrong_and_quote_it() {
    let l = Lobby::start().await;
    let ada = l.member("ada").await;
    let guest = l.guest("gus").await;
    let live = json!({"kind": "live", "base_ms": 300_000, "inc_ms": 2_000});
    let cases = [
        (
            json!({"game": "mur", "variant": "", "rated": true, "clock": live,
                   "seats": [{"kind": "me"}, {"kind": "ai", "level": 3}]}),
            400,
            "AI seat",
        ),
        (
            json!({"game": "mutou", "variant": "", "clock": live,
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "MuTou is played untimed only",
        ),
        (
            json!({"game": "mu", "variant": "nonsense=3", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "`nonsense=3`",
        ),
        (
            json!({"game": "chess", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "`chess`",
        ),
        (
            json!({"game": "mu", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}]}),
            400,
            "1",
        ),
        (
            json!({"game": "mur", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "open"}, {"kind": "open"}]}),
            400,
            "exactly one `me`",
        ),
        (
            json!({"game": "mur", "variant": "", "rated": true, "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "needs a clock",
        ),
        (
            json!({"game": "mur", "variant": "", "clock": {"kind": "live", "base_ms": 1000, "inc_ms": 0},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "1000 ms",
        ),
        (
            json!({"game": "mur", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "ai", "level": 9}]}),
            400,
            "9",
        ),
    ];
    for (body, status, says) in cases {
        let reply = l.post("/api/challenges", &ada, body.clone()).await;
        assert_eq!(reply.status, status, "{body}: {}", reply.body);
        assert!(reply.error().1.contains(says), "{body}: {}", reply.body);
    }
    let rated = json!({"game": "mur", "variant": "", "rated": true, "clock": live,
                       "seats": [{"kind": "me"}, {"kind": "open"}]});
    let reply = l.post("/api/challenges", &guest, rated.clone()).await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let made = l.challenge(&ada, rated).await;
    let reply = l.join(&guest, made["id"].as_str().unwrap()).await;
    assert_eq!(
        reply.status, 403,
        "a guest joins no rated game: {}",
        reply.body
    );
    let anonymous = l
        .http
        .send(Method::POST, "/api/challenges", Auth::None, Some(json!({})))
        .await;
    assert_eq!(anonymous.status, 401);
    l.h.stop().await;
}

#[tokio::test]
async fn fate_decides_the_seat_order() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    let mut orders = HashSet::new();
    for _ in 0..20 {
        let mut body = casual(
            "murus-gallicus",
            "",
            json!([{"kind": "me"}, {"kind": "ai", "level": 1}]),
        );
        body["random_order"] = json!(true);
        let made = l.challenge(&ada, body).await;
        let g = g_of(&made);
        let game = l.get(&format!("/api/games/{}", g.0), None).await.json();
        let names: Vec<String> = game["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_owned())
            .collect();
        let text = l
            .get(&format!("/api/games/{}/record", g.0), None)
            .await
            .body;
        assert!(
            text.contains(&format!("\"{}\"", names[0])),
            "the record names seat 0: {text}"
        );
        orders.insert(names);
    }
    assert!(
        orders.len() > 1,
        "twenty shuffles gave one order: {orders:?}"
    );
    l.h.stop().await;
}

#[tokio::test]
async fn an_idempotency_key_makes_a_repeated_create_answer_the_same_challenge() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    let body = casual("mu", "levis", json!([{"kind": "me"}, {"kind": "open"}]));
    let send = |body: Value, key: &'static str| {
        let text = body.to_string().into_bytes();
        let http = &l.http;
        let ada = ada.clone();
        async move {
            http.send_with(
                Method::POST,
                "/api/challenges",
                Auth::Bearer(&ada),
                &[("Idempotency-Key", key)],
                Some("application/json"),
                text,
            )
            .await
        }
    };
    let first = send(body.clone(), "key-1").await;
    assert_eq!(first.status, 201, "{}", first.body);
    let again = send(body.clone(), "key-1").await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(first.json()["id"], again.json()["id"]);
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(lobby["challenges"].as_array().unwrap().len(), 1);

    let other = casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}]));
    let misuse = send(other, "key-1").await;
    assert_eq!(misuse.status, 409, "{}", misuse.body);
    let fresh = send(body, "key-2").await;
    assert_eq!(fresh.status, 201);
    assert_ne!(fresh.json()["id"], first.json()["id"]);
    l.h.stop().await;
}

#[tokio::test]
async fn the_creator_withdraws_an_open_challenge() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}])),
        )
        .await;
    let path = format!("/api/challenges/{}", made["id"].as_str().unwrap());
    let by_bob = l
        .http
        .send(Method::DELETE, &path, Auth::Bearer(&bob), None)
        .await;
    assert_eq!(by_bob.status, 403);
    let by_ada = l
        .http
        .send(Method::DELETE, &path, Auth::Bearer(&ada), None)
        .await;
    assert_eq!(by_ada.status, 204, "{}", by_ada.body);
    assert_eq!(l.get(&path, None).await.json()["status"], "withdrawn");
    let late = l.join(&bob, made["id"].as_str().unwrap()).await;
    assert_eq!(late.status, 409);
    let again = l
        .http
        .send(Method::DELETE, &path, Auth::Bearer(&ada), None)
        .await;
    assert_eq!(again.status, 409);
    l.h.stop().await;
}

#[tokio::test]
async fn a_finished_game_exports_a_record_that_replays_and_imports() {
    let l = Lobby::start().await;
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
    let one = tokio::spawn(play_seat(l.h.client(Some(&ada)).await, g.clone(), 1));
    let two = tokio::spawn(play_seat(l.h.client(Some(&bob)).await, g.clone(), 2));
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
        .http
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
    l.h.stop().await;
}

#[tokio::test]
async fn imports_of_what_is_no_finished_record_are_refused() {
    let l = Lobby::start().await;
    let ada = l.guest("ada").await;
    let import = |body: Vec<u8>, token: Option<String>| {
        let http = &l.http;
        async move {
            let auth = token.as_deref().map_or(Auth::None, Auth::Bearer);
            http.send_raw(
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
    l.h.stop().await;
}

#[tokio::test]
async fn a_mutou_setting_out_exports_no_secret_to_a_spectator() {
    let l = Lobby::start().await;
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
    let stored =
        l.h.store
            .load_game(&StoredGameId::parse(&g.0).unwrap())
            .await
            .unwrap()
            .unwrap();
    let mut game = AnyGame::new(GameId::MuTou, &stored.variant, Some(2)).unwrap();
    let mut rng = SmallRng::seed_from_u64(9);
    let mut entries = Vec::new();
    let mut actions = Vec::new();
    while actions.len() < 4 && game.actor() == Actor::Seat(muster_rules::Seat(0)) {
        let action = game.random_action(&mut rng).expect("a put");
        let hidden = game.action_visibility(&action).unwrap() == Visibility::Actor;
        game.apply(&action).unwrap();
        entries.push(LogEntry {
            kind: LogKind::Act,
            ply: actions.len() as i64,
            seat: Some(0),
            action: Some(action.clone()),
            hidden,
            hash: game.position_hash() as i64,
            clock_ms: None,
            think_ms: 0,
            data_json: "{}".to_owned(),
            created_ms: 1,
        });
        actions.push(action);
    }
    assert!(game.secrets_pending() && !actions.is_empty());
    let commit = Commit {
        ply: actions.len() as i64,
        entries,
        now_ms: 1,
        ..Commit::default()
    };
    l.h.store
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
    l.h.stop().await;
}

#[tokio::test]
async fn my_games_list_the_games_where_it_is_my_turn_first() {
    let l = Lobby::start().await;
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
    l.h.stop().await;
}
