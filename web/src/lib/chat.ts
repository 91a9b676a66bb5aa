// Chat lines as a page holds them: one line per id, in the server's order of time. A line may
// come twice — live and again in a room's history when a connection follows the room anew.
import { useEffect, useRef } from "preact/hooks";
import { socket } from "./socket";
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

/**
 * The lines this page said and the server may still refuse: the server acknowledges no `say`,
 * it sends the line to the room or a `nack` with the `say`'s id. While mounted, a refusal of a
 * remembered line is handed to `refused` with the server's reason and the line's words. The
 * answer remembers a line said with an id (only the last few: a refusal comes at once if at all).
 */
export function useSayRefusals(refused: (reason: string, words: string) => void): (id: number, words: string) => void {
  const sent = useRef(new Map<number, string>());
  const onRefused = useRef(refused);
  onRefused.current = refused;
  useEffect(
    () =>
      socket().onOther((m) => {
        if (m.t !== "nack" || m.d.id === undefined || m.d.id === null) return;
        const words = sent.current.get(m.d.id);
        if (words === undefined) return;
        sent.current.delete(m.d.id);
        onRefused.current(m.d.reason, words);
      }),
    [],
  );
  return (id, words) => {
    sent.current.set(id, words);
    if (sent.current.size > 20) sent.current.delete(sent.current.keys().next().value!);
  };
}
