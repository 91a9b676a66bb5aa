//! How the server closes a WebSocket, and what a client does about it (docs/protocol.md §3.1).
//!
//! The codes are RFC 6455's (§7.4.1) where one fits, and one of the application range
//! (4000–4999) for an ended sign-in. Every close frame also carries a reason in words. A client
//! reconnects only when [`after_close`] says [`AfterClose::Reconnect`], and never resends the
//! frame the server refused: a client checks a frame's size against [`crate::MAX_FRAME`]
//! before sending it, so a frame the server would close the socket for is never sent at all.

/// Normal closure: the server honours the client's own close.
pub const NORMAL: u16 = 1000;
/// The server (or a proxy) is going away.
pub const GOING_AWAY: u16 = 1001;
/// A WebSocket protocol error: an unmasked client frame, a bad opcode, a bad continuation.
pub const PROTOCOL_ERROR: u16 = 1002;
/// No close frame was received: the network was lost. Never sent; clients see it locally.
pub const ABNORMAL: u16 = 1006;
/// A text frame that is not UTF-8.
pub const BAD_DATA: u16 = 1007;
/// A policy was broken; the reason says which: `too slow` for a connection that does not read
/// its frames (its queued outbound bytes passed the cap).
pub const POLICY: u16 = 1008;
/// A frame larger than the socket reads at all (frames between [`crate::MAX_FRAME`] and that
/// size get `nack{too-large}` instead).
pub const TOO_BIG: u16 = 1009;
/// The server failed in a way the connection cannot survive.
pub const INTERNAL_ERROR: u16 = 1011;
/// The server is restarting: reconnect shortly and subscribe again from the versions held.
pub const RESTART: u16 = 1012;
/// The server is overloaded: try again later.
pub const TRY_AGAIN_LATER: u16 = 1013;
/// The credentials the socket was opened with were ended: a logout, a revoked bot token or a
/// password change. Reconnecting with them cannot work; sign in again (a browser becomes a
/// fresh guest or shows the sign-in page, a bot stops with a message).
pub const SIGNED_OUT: u16 = 4001;

/// The reason sent with [`POLICY`] when a connection does not read its frames.
pub const TOO_SLOW: &str = "too slow: the connection did not read its frames";

/// What a client does after the server closed its socket with a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterClose {
    /// Reconnect with a back-off and resend every unacknowledged write (the server re-acks a
    /// write it has already committed without playing it twice).
    Reconnect,
    /// The sign-in has ended: drop the credentials; do not reconnect with them.
    SignedOut,
    /// Do not reconnect on its own: the server refused this client's behaviour (a protocol
    /// error, bad data, a policy) and the same client would be refused again. Show the reason;
    /// a person may ask to reconnect.
    Stop,
}

/// What a client does after a close with `code` (a missing close frame counts as
/// [`ABNORMAL`]).
pub fn after_close(code: u16) -> AfterClose {
    match code {
        GOING_AWAY | ABNORMAL | INTERNAL_ERROR | RESTART | TRY_AGAIN_LATER => AfterClose::Reconnect,
        SIGNED_OUT => AfterClose::SignedOut,
        _ => AfterClose::Stop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_restart_a_lost_network_or_an_overload_invites_a_reconnect() {
        for code in [
            GOING_AWAY,
            ABNORMAL,
            INTERNAL_ERROR,
            RESTART,
            TRY_AGAIN_LATER,
        ] {
            assert_eq!(after_close(code), AfterClose::Reconnect, "{code}");
        }
        for code in [
            NORMAL,
            PROTOCOL_ERROR,
            BAD_DATA,
            POLICY,
            TOO_BIG,
            1003,
            4000,
            4999,
        ] {
            assert_eq!(after_close(code), AfterClose::Stop, "{code}");
        }
    }

    #[test]
    fn a_signed_out_socket_is_never_reconnected_with_the_same_credentials() {
        assert_eq!(after_close(SIGNED_OUT), AfterClose::SignedOut);
    }
}
