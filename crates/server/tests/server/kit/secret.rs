//! A MuTou setting-out stored as the server's commit path stores it: seat 0's secret puts,
//! for tests that check what others may read of a game with secrets pending.

use muster_rules::{Actor, AnyGame, GameId, Seat, Visibility};
use muster_store::{LogEntry, LogKind};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Up to `n` random puts by seat 0 of a two-seat MuTou game of `variant` (drawn with `seed`),
/// as log entries, with the game after them and the put texts; every put is hidden and secrets
/// are still pending.
pub fn seat_zero_puts(variant: &str, n: usize, seed: u64) -> (AnyGame, Vec<LogEntry>, Vec<String>) {
    let mut game = AnyGame::new(GameId::MuTou, variant, Some(2)).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut entries, mut actions) = (Vec::new(), Vec::new());
    while actions.len() < n && game.actor() == Actor::Seat(Seat(0)) {
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
    assert!(entries.iter().all(|e| e.hidden), "every put is secret");
    (game, entries, actions)
}
