//! The connections each sign-in holds open, so that ending a sign-in ends them all at once.
//!
//! A WebSocket or an event stream opened with a session token *watches* that token's hash
//! ([`SignIns::watch`]) for as long as it is open. Whatever deletes a session — a logout, a
//! revoked bot token, a password change ending the user's other sessions, a browser's cookie
//! replaced by a new sign-in — then calls [`SignIns::end`], and every watcher learns it at once
//! (a WebSocket closes with `4001`, a stream writes its `signed-out` line and ends).
//!
//! The order that makes this safe: a connection starts watching *before* it checks its
//! session against the store, and every ending deletes the session *before* it calls `end`. So
//! either the check finds no session (the connection is anonymous or refused), or the watch
//! exists when `end` is called. Sign-ins are watched in this server's memory only; several
//! nodes sharing a database would have to pass endings between them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use muster_store::TokenHash;
use tokio::sync::watch;

/// Every watched sign-in, by the hash of its token.
#[derive(Debug, Default)]
pub struct SignIns {
    live: Arc<Mutex<HashMap<TokenHash, watch::Sender<Option<String>>>>>,
}

impl SignIns {
    /// Starts watching the sign-in of `token_hash`; the watch ends when the result is dropped.
    pub fn watch(&self, token_hash: &TokenHash) -> Watch {
        let mut live = self.live.lock().unwrap_or_else(|p| p.into_inner());
        let sender = live
            .entry(token_hash.clone())
            .or_insert_with(|| watch::Sender::new(None));
        Watch {
            ended: sender.subscribe(),
            token_hash: token_hash.clone(),
            live: Arc::clone(&self.live),
        }
    }

    /// Tells every connection watching `token_hash` that its sign-in ended, and why. Call it
    /// after the session is deleted from the store.
    pub fn end(&self, token_hash: &TokenHash, reason: &str) {
        let sender = self
            .live
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(token_hash);
        if let Some(sender) = sender {
            sender.send_replace(Some(reason.to_owned()));
        }
    }

    /// How many sign-ins are watched now.
    pub fn watched(&self) -> usize {
        self.live.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// One connection's watch over its sign-in.
#[derive(Debug)]
pub struct Watch {
    ended: watch::Receiver<Option<String>>,
    token_hash: TokenHash,
    live: Arc<Mutex<HashMap<TokenHash, watch::Sender<Option<String>>>>>,
}

impl Watch {
    /// Completes with the reason once the sign-in has ended (at once if it already has).
    pub async fn ended(&mut self) -> String {
        let reason = match self.ended.wait_for(Option::is_some).await {
            Ok(reason) => reason.clone(),
            Err(_) => None,
        };
        match reason {
            Some(reason) => reason,
            // The sender goes only with an `end`, which sets the reason first; a watch whose
            // sender vanished otherwise never completes rather than signing out wrongly.
            None => std::future::pending().await,
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut live = self.live.lock().unwrap_or_else(|p| p.into_inner());
        // The last watcher of a sign-in forgets it. Both its own receiver and the probe count
        // here; the probe also tells whether the entry is still this watch's channel.
        if let Some(sender) = live.get(&self.token_hash) {
            let probe = sender.subscribe();
            if probe.same_channel(&self.ended) && sender.receiver_count() <= 2 {
                live.remove(&self.token_hash);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(n: u8) -> TokenHash {
        crate::accounts::hash_token(&format!("{n:064x}"))
    }

    #[tokio::test]
    async fn ending_a_sign_in_reaches_every_watcher_of_it_and_no_other() {
        let sign_ins = SignIns::default();
        let mut a1 = sign_ins.watch(&hash(1));
        let mut a2 = sign_ins.watch(&hash(1));
        let mut b = sign_ins.watch(&hash(2));
        sign_ins.end(&hash(1), "logged out");
        assert_eq!(a1.ended().await, "logged out");
        assert_eq!(a2.ended().await, "logged out");
        let quiet = tokio::time::timeout(std::time::Duration::from_millis(50), b.ended()).await;
        assert!(quiet.is_err(), "another sign-in was ended");
    }

    #[tokio::test]
    async fn watches_are_forgotten_when_their_connections_close() {
        let sign_ins = SignIns::default();
        let a1 = sign_ins.watch(&hash(1));
        let a2 = sign_ins.watch(&hash(1));
        assert_eq!(sign_ins.watched(), 1);
        drop(a1);
        assert_eq!(sign_ins.watched(), 1);
        drop(a2);
        assert_eq!(sign_ins.watched(), 0);
        // Ending a sign-in nobody watches is harmless.
        sign_ins.end(&hash(3), "revoked");
        assert_eq!(sign_ins.watched(), 0);
    }
}
