//! Passwords: argon2id with the crate's default cost (19 MiB, 2 passes, 1 lane), stored as PHC
//! strings with a random 16-byte salt from the operating system. Hashing and checking run on
//! tokio's blocking pool so that they never stall the event loop, at most
//! [`MAX_CONCURRENT_HASHES`] at a time so that a flood of logins cannot take all the memory
//! (each takes 19 MiB) or every blocking thread.

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use muster_wire::NackCode;
use tokio::sync::Semaphore;

use super::api::ApiFailure;

/// How many passwords are hashed or checked at once; the others wait their turn.
pub const MAX_CONCURRENT_HASHES: usize = 4;

static HASHING: Semaphore = Semaphore::const_new(MAX_CONCURRENT_HASHES);

/// The shortest password accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The longest password accepted, in characters.
pub const MAX_PASSWORD_CHARS: usize = 128;

/// Refuses a password shorter than [`MIN_PASSWORD_CHARS`] or longer than
/// [`MAX_PASSWORD_CHARS`] characters, saying which bound it broke (never the password).
pub fn check_password(password: &str) -> Result<(), ApiFailure> {
    let chars = password.chars().count();
    if (MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&chars) {
        Ok(())
    } else {
        Err(ApiFailure::new(
            NackCode::Invalid,
            format!(
                "the password must be {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters \
                 long; this one has {chars}"
            ),
        ))
    }
}

/// The argon2id PHC string of `password` with a fresh salt. Fails only when the operating
/// system has no randomness to give.
fn hash_now(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("no randomness: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` matches the PHC string `stored`; an unreadable `stored` matches nothing.
fn verify_now(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash that matches no password, checked against when the user does not exist or has no
/// password, so that a wrong name takes as long to refuse as a wrong password.
fn decoy_hash() -> Option<&'static str> {
    static DECOY: OnceLock<Option<String>> = OnceLock::new();
    DECOY
        .get_or_init(|| hash_now("a decoy that no client knows").ok())
        .as_deref()
}

/// Hashes `password` on the blocking pool (argon2id, a PHC string). The caller has checked it
/// with [`check_password`].
pub async fn hash_password(password: String) -> Result<String, ApiFailure> {
    let failed = |why: String| {
        ApiFailure::new(
            NackCode::Storage,
            format!("the password could not be hashed: {why}"),
        )
    };
    let _permit = HASHING.acquire().await.map_err(|e| failed(e.to_string()))?;
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|e| failed(e.to_string()))?
        .map_err(failed)
}

/// Checks `password` against `stored` on the blocking pool. With no stored hash (no such user,
/// a guest, a bot) it checks against a decoy and answers `false`.
pub async fn verify_password(password: String, stored: Option<String>) -> bool {
    let Ok(_permit) = HASHING.acquire().await else {
        return false;
    };
    tokio::task::spawn_blocking(move || match stored {
        Some(stored) => verify_now(&password, &stored),
        None => {
            if let Some(decoy) = decoy_hash() {
                verify_now(&password, decoy);
            }
            false
        }
    })
    .await
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_8_to_128_characters_counted_as_characters() {
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert!(check_password("ééééééé").is_err(), "7 characters, 14 bytes");
        assert!(check_password(&"x".repeat(128)).is_ok());
        let long = check_password(&"x".repeat(129)).unwrap_err();
        assert_eq!(long.error.code, NackCode::Invalid);
        assert!(long.error.reason.contains("129"), "{}", long.error.reason);
    }

    #[test]
    fn a_hash_is_an_argon2id_phc_string_that_checks_only_its_password() {
        let hash = hash_now("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_now("correct horse", &hash));
        assert!(!verify_now("correct hors", &hash));
        assert_ne!(hash, hash_now("correct horse").unwrap(), "salted");
        assert!(!verify_now("correct horse", "not a phc string"));
    }
}
