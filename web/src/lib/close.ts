// How the server closes the WebSocket and what this client does after each close code.
// crates/wire/src/close.rs is the source of truth (`after_close`); this mirrors it, and a change
// there is made here too. The frame cap mirrors muster_wire::MAX_FRAME (crates/wire/src/error.rs).

/** The close codes the server uses (RFC 6455 §7.4.1, and 4001 for an ended sign-in). */
export const CLOSE = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  PROTOCOL_ERROR: 1002,
  /** No close frame came: the network was lost. Browsers report it; servers never send it. */
  ABNORMAL: 1006,
  BAD_DATA: 1007,
  /** A policy was broken; the reason says which (`too slow …` for a socket that does not read). */
  POLICY: 1008,
  TOO_BIG: 1009,
  INTERNAL_ERROR: 1011,
  RESTART: 1012,
  TRY_AGAIN_LATER: 1013,
  /** The credentials were ended: a logout, a revoked token, a password change. */
  SIGNED_OUT: 4001,
} as const;

/**
 * What the client does after a close: `reconnect` with a back-off and resend unacknowledged
 * writes; `signed-out`: drop the token and never reconnect with it; `stop`: no reconnect by
 * itself, the reason is shown and a person may ask to reconnect.
 */
export type AfterClose = "reconnect" | "signed-out" | "stop";

/** `after_close` of crates/wire/src/close.rs. */
export function afterClose(code: number): AfterClose {
  switch (code) {
    case CLOSE.GOING_AWAY:
    case CLOSE.ABNORMAL:
    case CLOSE.INTERNAL_ERROR:
    case CLOSE.RESTART:
    case CLOSE.TRY_AGAIN_LATER:
      return "reconnect";
    case CLOSE.SIGNED_OUT:
      return "signed-out";
    default:
      return "stop";
  }
}

/** The largest frame the server reads, in UTF-8 bytes; a longer one is never sent. */
export const MAX_FRAME = 16 * 1024;

const encoder = new TextEncoder();

/** The length of `text` in UTF-8 bytes. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** Whether a frame of this text may be sent (at most MAX_FRAME bytes of UTF-8). */
export function fitsFrame(text: string): boolean {
  // At most three bytes per UTF-16 unit: most frames need no encoding to be measured.
  return text.length * 3 <= MAX_FRAME || utf8Length(text) <= MAX_FRAME;
}

/** A close in words, for a person: the server's reason, else what the code means. */
export function closeWords(code: number, reason: string): string {
  if (reason.trim()) return reason.trim();
  switch (code) {
    case CLOSE.NORMAL:
      return "the connection was closed";
    case CLOSE.PROTOCOL_ERROR:
      return "the connection broke the WebSocket protocol";
    case CLOSE.BAD_DATA:
      return "a message was not valid text";
    case CLOSE.POLICY:
      return "the connection broke the server's rules";
    case CLOSE.TOO_BIG:
      return "a message was too large";
    default:
      return `the connection was closed (code ${code})`;
  }
}
