//! The holes an outside tester found, each closed and tested over real sockets: ended sign-ins
//! end their connections (`signout`), only allowed origins act with a cookie and every answer
//! carries the security headers (`origins`), WebSocket close codes mean what RFC 6455 says
//! (`frames`), and slow or idle connections are bounded (`bounds`).

mod bounds;
mod frames;
mod origins;
mod signout;
