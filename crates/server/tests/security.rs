//! The holes an outside tester found, each closed and tested over real sockets: ended sign-ins
//! end their connections (`signout`), only allowed origins act with a cookie and every answer
//! carries the security headers (`origins`), WebSocket close codes mean what RFC 6455 says
//! (`frames`), and slow or idle connections are bounded (`bounds`).

#[path = "accounts/client.rs"]
#[allow(dead_code)]
mod client;
mod common;
#[path = "lobby/harness.rs"]
#[allow(dead_code)]
mod harness;
#[path = "bots/stream.rs"]
#[allow(dead_code)]
mod stream;

#[path = "security/bounds.rs"]
mod bounds;
#[path = "security/frames.rs"]
mod frames;
#[path = "security/origins.rs"]
mod origins;
#[path = "security/signout.rs"]
mod signout;
