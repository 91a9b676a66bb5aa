// The lobby's chat as this tab holds it: every `chat` frame of room `lobby` the socket hears,
// one line per id (a follower of the lobby gets the last lines again each time it follows), kept
// for the tab's life so that a page coming back to the lobby shows what it had at once.
import { addLine } from "./chat";
import { socket } from "./socket";
import type { Chat } from "../wire/Chat";

/** The lobby's room on the wire. */
export const LOBBY_ROOM = "lobby";
/** The most lines kept (the server sends the last 50 to a new follower). */
export const LOBBY_LINES = 200;
/** The longest line the server accepts, in characters (`CHAT_CHARS` of the server). */
export const CHAT_CHARS = 500;

let lines: Chat[] = [];
const listeners = new Set<(lines: Chat[]) => void>();
let heard = false;

/** Starts keeping the lobby's lines from the socket's frames (once per tab). */
function hear() {
  if (heard) return;
  heard = true;
  socket().onOther((m) => {
    if (m.t !== "chat" || m.d.room !== LOBBY_ROOM) return;
    const next = addLine(lines, m.d, LOBBY_LINES);
    if (next === lines) return;
    lines = next;
    for (const l of listeners) l(lines);
  });
}

/**
 * Calls `l` with the lobby's lines now and whenever they change, until the returned function
 * is called. Lines come only while something follows the lobby (`socket().followLobby()`).
 */
export function watchLobbyChat(l: (lines: Chat[]) => void): () => void {
  hear();
  listeners.add(l);
  l(lines);
  return () => {
    listeners.delete(l);
  };
}

/** Why a line cannot be sent as it is, in words, or null when it may go. */
export function lineProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return "an empty line is not sent";
  const chars = [...t].length;
  if (chars > CHAT_CHARS) return `a line holds at most ${CHAT_CHARS} characters; this one has ${chars}`;
  return null;
}
