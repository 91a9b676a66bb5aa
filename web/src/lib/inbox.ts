// The notification list's pure parts: the bell's words, what a list marks read, how an item's
// time and kind are said, and how a live notice and the server's count are reconciled.
import type { InboxItem } from "../wire/InboxItem";
import type { NotifyKind } from "../wire/NotifyKind";

/** The bell's accessible name: "Notifications, 3 unread" ("no unread" for none). */
export function bellLabel(unread: number): string {
  return `Notifications, ${unread === 0 ? "no" : unread} unread`;
}

/** The count drawn on the bell: nothing for none, "99+" past 99. */
export function bellBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "99+" : String(unread);
}

/**
 * The `up_to_ms` that marks read what the list shows: the newest unread item's time, or null
 * when the list shows nothing unread (nothing to mark). A notification newer than the list,
 * stored after it was read, stays unread.
 */
export function markUpTo(items: InboxItem[]): number | null {
  let up: number | null = null;
  for (const i of items) if (!i.read && (up === null || i.at_ms > up)) up = i.at_ms;
  return up;
}

/** Items newest first (the server's order; kept should it ever differ), each id once. */
export function newestFirst(items: InboxItem[]): InboxItem[] {
  const seen = new Set<string>();
  const out: InboxItem[] = [];
  for (const i of items) {
    if (seen.has(i.id)) continue;
    seen.add(i.id);
    out.push(i);
  }
  return out.sort((a, b) => b.at_ms - a.at_ms);
}

const KIND_WORDS: Record<NotifyKind, string> = {
  "your-turn": "Your turn",
  challenge: "Challenge",
  "challenge-gone": "Challenge closed",
  "game-started": "Game started",
  "game-ended": "Game ended",
  offer: "Offer",
  reminder: "Reminder",
};

/** What an item is about, in a word or two (the kind itself when it is new to this client). */
export function kindWords(kind: string): string {
  return (KIND_WORDS as Record<string, string>)[kind] ?? kind;
}

/** When, said against `now`: "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function whenWords(at: number, now: number): string {
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 7 * 86_400) return `${Math.floor(s / 86_400)} d ago`;
  return new Date(at).toLocaleDateString();
}

/**
 * The count to show after the server answered `server` while `shown` was on the bell. The
 * server stores a notice a moment after telling it, so right after a live notice (`fresh`) a
 * smaller count may be a read that came too early: the bell keeps `shown` and asks again
 * (`again`). Otherwise — and on that second answer — the server's count holds: it also drops
 * notices it does not keep and a turn that replaced an unread one.
 */
export function settle(shown: number, server: number, fresh: boolean): { unread: number; again: boolean } {
  if (fresh && server < shown) return { unread: shown, again: true };
  return { unread: server, again: false };
}

/**
 * The window event the game page sends when a move of this user is stored: the server then
 * drops their unread "your turn" of that game, so the bell reads its count again.
 */
export const TURN_TAKEN = "muster:turn-taken";
