// Chat lines as a page holds them: one line per id, in the server's order of time. A line may
// come twice — live and again in a room's history when a connection follows the room anew.
import type { Chat } from "../wire/Chat";

/**
 * `lines` with `line` added: the same array when a line with its id is already there, else a
 * new array ordered by `at_ms` (a line no older than the last goes at the end; lines of the
 * same time keep the order they came in), holding at most the `max` newest lines.
 */
export function addLine(lines: Chat[], line: Chat, max: number): Chat[] {
  if (lines.some((c) => c.id === line.id)) return lines;
  let at = lines.length;
  while (at > 0 && lines[at - 1].at_ms > line.at_ms) at -= 1;
  const next = [...lines.slice(0, at), line, ...lines.slice(at)];
  return next.length > max ? next.slice(next.length - max) : next;
}
