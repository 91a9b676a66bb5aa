//! Accounts: guests, named users and bots; sessions (a cookie or a bearer token, stored as a
//! hash); the routes under `/api/session`, `/api/bots`, `/api/me/bots`, `/api/me/prefs` and
//! `/api/users`; and [`Identity`], how every other handler learns who is asking.
//!
//! Ending a sign-in (a logout, a revoked bot token, a password change, a cookie replaced by a
//! new sign-in) ends every WebSocket and event stream opened with it ([`signins`]).
//!
//! Passwords are argon2id PHC strings; tokens are 32 random bytes in hex, stored as SHA-256.
//! Sessions last 30 days from their last use (the expiry moves at most once a minute); a bot's
//! token does not expire until its owner revokes or replaces it. Creating sessions, accounts and
//! bots, and replacing bot tokens, is rate-limited per client address.

mod api;
mod bots;
mod change;
mod identity;
mod names;
mod passwords;
pub mod prefs;
mod routes;
pub mod signins;
pub mod tokens;

pub use api::{status_for, ApiFailure, ApiJson, ClientIp, MAX_BODY};
pub use bots::MY_BOTS_LIMIT;
pub use identity::{identify, Identity, MaybeIdentity};
pub use names::{check_name, MAX_NAME_CHARS, MIN_NAME_CHARS};
pub use passwords::{
    check_password, MAX_CONCURRENT_HASHES, MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS,
};
pub use routes::{routes, SESSION_BURST, SESSION_REFILL_PER_SEC};
pub use signins::{SignIns, Watch};
pub use tokens::{hash_token, COOKIE};
