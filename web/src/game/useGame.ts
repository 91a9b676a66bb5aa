// A game's state from its stream on the shared socket: resubscribed from the last version on a
// gap, afresh when a step does not apply to the board held, and why there is none when the server refused the subscription (no such game).
import { useCallback, useEffect, useReducer, useRef, useState } from "preact/hooks";
import { socket } from "../lib/socket";
import { navigate } from "../lib/router";
import { reduce, type GameState } from "./state";
import type { ServerMsg } from "../wire/ServerMsg";

type Action = { msg: ServerMsg } | { reset: true };

/** The state of game `g` as its stream tells it, and the server's reason when it has none. */
export function useGame(g: string): [GameState | null, string | null] {
  const gapRef = useRef<false | "gap" | "stale">(false);
  const [missing, setMissing] = useState<string | null>(null);
  const [s, dispatch] = useReducer((state: GameState | null, act: Action): GameState | null => {
    if ("reset" in act) return null;
    const next = reduce(state, act.msg);
    if (next === "gap" || next === "stale") {
      gapRef.current = next;
      return state;
    }
    return next;
  }, null);
  useEffect(() => {
    if (gapRef.current) {
      // A stale board is repaired by a `full`, which a subscription without a version asks for.
      const from = gapRef.current === "gap" ? (s?.v ?? null) : null;
      gapRef.current = false;
      socket().resub(g, from);
    }
  });
  const sRef = useRef(s);
  sRef.current = s;
  const onMsg = useCallback((m: ServerMsg) => {
    if (m.t === "nack") {
      if (m.d.code === "not-found") setMissing(m.d.reason);
      return;
    }
    setMissing(null);
    dispatch({ msg: m });
  }, []);
  useEffect(() => {
    setMissing(null);
    const off = socket().follow(g, { onMessage: onMsg, version: () => sRef.current?.v ?? null });
    return off;
  }, [g]);
  return [s, missing];
}

/** While game `g` is over, a new game of this player (a rematch) opens as soon as it starts. */
export function useFollowRematch(g: string, over: boolean): void {
  useEffect(() => {
    if (!over) return;
    return socket().onOther((m) => {
      if (m.t === "notify" && m.d.kind === "game-started" && m.d.g && m.d.g !== g) navigate(`/g/${m.d.g}`);
    });
  }, [over, g]);
}
