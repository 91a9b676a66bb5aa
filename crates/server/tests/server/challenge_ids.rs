//! Challenge ids are random and owe nothing to public data: a `link` challenge cannot be found
//! from its creator's id and an idempotency key, keys still make a repeated create answer the
//! first challenge (racing repeats included), and challenges stored with ids of older forms
//! still load and start. Over a real socket, as the lobby tests.

use futures_util::future::join_all;
use muster_store::{ChallengeId, ClockKind, NewChallenge, TakebackPolicy, UserId, Visibility};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::kit::{casual, g_of, quick, Harness, Reply};

/// Crockford's base32 alphabet, that of random ids (and of ULIDs).
const CROCKFORD: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A link challenge to play Murus Gallicus against whoever has the link.
fn by_link() -> Value {
    let mut body = casual(
        "murus-gallicus",
        "",
        json!([{"kind": "me"}, {"kind": "open"}]),
    );
    body["visibility"] = json!("link");
    body
}

/// The public id of the user called `name`, as anyone may read it.
async fn public_id(l: &Harness, name: &str) -> String {
    let reply = l.get(&format!("/api/users/{name}"), None).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["id"].as_str().expect("an id").to_owned()
}

/// Whether `id` has the form of a fresh id: 26 characters of Crockford's base32, 130 bits.
fn is_random_form(id: &str) -> bool {
    id.len() == muster_store::RANDOM_ID_LEN && id.chars().all(|c| CROCKFORD.contains(c))
}

fn id_of(reply: &Reply) -> String {
    reply.json()["id"].as_str().expect("an id").to_owned()
}

#[tokio::test]
async fn a_link_challenge_cannot_be_found_from_its_creators_id_and_key() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let eve = l.guest("eve").await;
    let made = l.challenge_keyed(&ada, "1", &by_link()).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id = id_of(&made);
    assert!(is_random_form(&id), "{id}");

    // What a stranger could compute before: `k` + hex(SHA-256(user id, 0, key))[..32].
    let digest = Sha256::new()
        .chain_update(public_id(&l, "ada").await)
        .chain_update([0u8])
        .chain_update("1")
        .finalize();
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    let guessed = format!("k{hex}");
    assert_ne!(guessed, id);
    let read = l
        .get(&format!("/api/challenges/{guessed}"), Some(&eve))
        .await;
    assert_eq!(read.status, 404, "{}", read.body);
    let joined = l.join(&eve, &guessed).await;
    assert_eq!(joined.status, 404, "{}", joined.body);
    // The link itself still works for whoever is given it.
    let read = l.get(&format!("/api/challenges/{id}"), Some(&eve)).await;
    assert_eq!(read.status, 200, "{}", read.body);
    l.stop().await;
}

#[tokio::test]
async fn one_key_used_by_two_users_makes_two_unrelated_ids() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let first = l.challenge_keyed(&ada, "1", &by_link()).await;
    let second = l.challenge_keyed(&bob, "1", &by_link()).await;
    assert_eq!((first.status, second.status), (201, 201));
    let (a, b) = (id_of(&first), id_of(&second));
    assert!(is_random_form(&a) && is_random_form(&b), "{a} {b}");
    // Made within moments, they share no time prefix (two ULIDs would share ten characters).
    let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    assert!(common < 8, "{a} and {b} share {common} characters");
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_repeats_of_a_key_answer_one_challenge_and_another_request_is_refused() {
    const REPEATS: usize = 6;
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    // Public, so the lobby shows how many challenges the key made.
    let body = casual("mu", "levis", json!([{"kind": "me"}, {"kind": "open"}]));
    let replies = join_all((0..REPEATS).map(|_| l.challenge_keyed(&ada, "race", &body))).await;
    let mut statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    statuses.sort_unstable();
    let mut expected = vec![200; REPEATS - 1];
    expected.push(201);
    assert_eq!(statuses, expected, "one creation, the rest repeats");
    let id = id_of(&replies[0]);
    assert!(replies.iter().all(|r| id_of(r) == id));
    let again = l.challenge_keyed(&ada, "race", &body).await;
    assert_eq!((again.status, id_of(&again)), (200, id.clone()));

    let other = casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}]));
    let misuse = l.challenge_keyed(&ada, "race", &other).await;
    assert_eq!(misuse.status, 409, "{}", misuse.body);
    assert_eq!(misuse.error().0, "refused");
    let lobby = l.get("/api/challenges", None).await.json();
    let listed: Vec<&Value> = lobby["challenges"]
        .as_array()
        .expect("a list")
        .iter()
        .collect();
    assert_eq!(listed.len(), 1, "one key, one challenge: {listed:?}");
    assert_eq!(listed[0]["id"], id.as_str());
    l.stop().await;
}

#[tokio::test]
async fn challenges_stored_with_ids_of_older_forms_load_and_start() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let creator = UserId::parse(&public_id(&l, "ada").await).expect("an id");
    let keyed = format!("k{}", "5e".repeat(16));
    for old in ["01HZX3J5Q8N2V7R4T6W9Y0A1B2", keyed.as_str()] {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_millis() as i64;
        let stored = NewChallenge {
            id: ChallengeId::parse(old).expect("an id"),
            creator_id: creator.clone(),
            game: "murus-gallicus".to_owned(),
            variant: "basic".to_owned(),
            seats: 2,
            seat_spec_json: r#"[{"kind":"me"},{"kind":"open"}]"#.to_owned(),
            random_order: false,
            clock_kind: ClockKind::None,
            base_ms: 0,
            inc_ms: 0,
            corr_ms: 0,
            rated: false,
            takeback: TakebackPolicy::Never,
            visibility: Visibility::Link,
            created_ms: now,
            expires_ms: now + 3_600_000,
        };
        l.store.create_challenge(&stored).await.expect("stored");
        let read = l.get(&format!("/api/challenges/{old}"), Some(&bob)).await;
        assert_eq!(read.status, 200, "{}", read.body);
        assert_eq!(read.json()["id"], old);
        let joined = l.join(&bob, old).await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        let joined = joined.json();
        assert_eq!(joined["status"], "started");
        let g = g_of(&joined);
        let game = l.get(&format!("/api/games/{}", g.0), Some(&ada)).await;
        assert_eq!(game.status, 200, "{}", game.body);
    }
    l.stop().await;
}
