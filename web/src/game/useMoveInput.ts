// How a player makes a decision on the game page: a click path through the server's legal
// moves (`input.ts`), a chooser when a path ends in several moves, an optional confirmation,
// "try moves" (a sandbox previewed by the server, nothing played), typed moves, and the
// sending of the chosen move or control with its acknowledgement.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { socket } from "../lib/socket";
import { TURN_TAKEN } from "../lib/inbox";
import { click, finishing, stillLegal } from "./input";
import type { GameState } from "./state";
import type { LegalMove } from "../wire/LegalMove";
import type { Scene } from "../wire/Scene";
import type { Control } from "../wire/Control";
import type { Nack } from "../wire/Nack";

/** Several moves share the clicked path: the player picks one (`more`: or clicks on). */
export interface Chooser {
  moves: LegalMove[];
  more: boolean;
}

export interface MoveInput {
  /** The targets clicked so far. */
  path: string[];
  chooser: Chooser | null;
  /** The move being sent, until the server acknowledges or refuses it. */
  pending: string | null;
  /** The move chosen and waiting for the player's confirmation. */
  toConfirm: LegalMove | null;
  /** The server's preview of a hovered, chosen or tried move. */
  ghost: Scene | null;
  /** The moves tried in the sandbox; `null` when not trying. */
  sandbox: string[] | null;
  /** The last refusal or failure, in words. */
  error: string | null;
  setError(e: string | null): void;
  act(a: string): Promise<void>;
  control(k: Control): Promise<void>;
  choose(m: LegalMove): void;
  onTarget(id: string): void;
  onHover(id: string | null): void;
  /** A typed move: played, tried, or refused in words when it is not legal. */
  typed(a: string): void;
  /** Asks once per position for every group of moves not loaded yet (typing may name them). */
  loadGroups(): void;
  clear(): void;
  cancelConfirm(): void;
  /** Starts (`true`) or ends trying moves. */
  trying(on: boolean): void;
  /** Throws the tried moves away and starts trying again from the position. */
  tryAgain(): void;
}

/** The decision making of seat holder on game `g` in state `s`; `confirm`: ask before sending. */
export function useMoveInput(g: string, s: GameState | null, confirm: boolean): MoveInput {
  const [path, setPath] = useState<string[]>([]);
  const [chooser, setChooser] = useState<Chooser | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [toConfirm, setToConfirm] = useState<LegalMove | null>(null);
  const [ghost, setGhost] = useState<Scene | null>(null);
  const [sandbox, setSandbox] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewId = useRef(0);
  /** Lazy groups asked for by typing, as `<version> <prefix>`. */
  const askedGroups = useRef(new Set<string>());
  const legal = s?.legal;

  // A new `full` (resync, takeback) clears the selection; an opponent's step keeps it while
  // it is still legal.
  useEffect(() => {
    setPath([]);
    setChooser(null);
    setToConfirm(null);
  }, [s?.epoch]);
  useEffect(() => {
    if (!stillLegal(legal, path)) {
      setPath([]);
      setChooser(null);
    }
    setGhost(null);
  }, [legal]);
  // Preview replies come on the game's stream.
  useEffect(
    () =>
      socket().follow(g, {
        onMessage: (m) => {
          if (m.t === "preview" && m.d.id === previewId.current) setGhost(m.d.scene);
        },
        version: () => null,
      }),
    [g],
  );

  const act = useCallback(
    async (a: string) => {
      if (!s) return;
      setPending(a);
      setError(null);
      setPath([]);
      setChooser(null);
      setToConfirm(null);
      setGhost(null);
      const ply = s.ply;
      const h = s.hash;
      try {
        await socket().write((id) => ({ t: "act", d: { g, ply, a, id, h } }));
        window.dispatchEvent(new Event(TURN_TAKEN));
      } catch (e) {
        setError(`${a}: ${(e as Nack).reason ?? String(e)}`);
      } finally {
        setPending(null);
      }
    },
    [s, g],
  );

  const control = useCallback(
    async (k: Control) => {
      if (!s) return;
      setError(null);
      const ply = s.ply;
      const h = s.hash;
      try {
        await socket().write((id) => ({ t: "ctl", d: { g, k, ply, id, h } }));
      } catch (e) {
        setError((e as Nack).reason ?? String(e));
      }
    },
    [s, g],
  );

  const preview = (a: string[]) => {
    if (!s || a.length === 0) return;
    const id = socket().newId();
    previewId.current = id;
    socket().send({ t: "preview", d: { g, ply: s.ply, a, id } });
  };

  const tryMoves = (moves: string[]) => {
    setSandbox(moves);
    setPath([]);
    setChooser(null);
    preview(moves);
  };

  const choose = (m: LegalMove) => {
    if (sandbox !== null) return tryMoves([...sandbox, m.a]);
    if (confirm) {
      setToConfirm(m);
      setChooser(null);
      preview([m.a]);
      return;
    }
    void act(m.a);
  };

  const onTarget = (id: string) => {
    if (!s || pending) return;
    const c = click(legal, path, id);
    switch (c.kind) {
      case "invalid": {
        // A click elsewhere starts over (or starts a new path from that target).
        if (path.length === 0) return;
        const again = click(legal, [], id);
        setPath(again.kind === "extend" || again.kind === "load" || again.kind === "choose" ? again.path : []);
        setChooser(again.kind === "choose" ? { moves: again.moves, more: again.more } : null);
        if (again.kind === "submit") choose(again.move);
        return;
      }
      case "extend":
        setPath(c.path);
        setChooser(null);
        return;
      case "load":
        setPath(c.path);
        for (const prefix of c.groups) socket().send({ t: "legal", d: { g, ply: s.ply, prefix } });
        return;
      case "choose":
        setPath(c.path);
        setChooser({ moves: c.moves, more: c.more });
        return;
      case "submit":
        choose(c.move);
        return;
    }
  };

  const onHover = (id: string | null) => {
    if (!s || !legal || confirm || sandbox !== null) return;
    if (id === null) {
      previewId.current = 0;
      setGhost(null);
      return;
    }
    const m = finishing(legal, path, id);
    if (m) preview([m.a]);
  };

  const typed = (a: string) => {
    const m = legal?.moves.find((x) => x.a === a);
    if (m) choose(m);
    else if (sandbox !== null) tryMoves([...sandbox, a]);
    else if ((legal?.lazy?.length ?? 0) > 0) void act(a); // a move of a group not loaded: the server judges it
    else setError(`\`${a}\` is not one of your legal moves now`);
  };

  const loadGroups = () => {
    if (!s) return;
    for (const group of legal?.lazy ?? []) {
      const key = `${s.v} ${group.prefix.join(" ")}`;
      if (askedGroups.current.has(key)) continue;
      askedGroups.current.add(key);
      socket().send({ t: "legal", d: { g, ply: s.ply, prefix: group.prefix } });
    }
  };

  return {
    path,
    chooser,
    pending,
    toConfirm,
    ghost,
    sandbox,
    error,
    setError,
    act,
    control,
    choose,
    onTarget,
    onHover,
    typed,
    loadGroups,
    clear: () => (setPath([]), setChooser(null)),
    cancelConfirm: () => (setToConfirm(null), setGhost(null), setPath([])),
    trying: (on) => (setSandbox(on ? [] : null), setGhost(null)),
    tryAgain: () => (setSandbox([]), setGhost(null)),
  };
}
