// A game as this browser holds it: the last `full`, with the versioned entries applied in
// order (docs/protocol.md §3). Pure functions of the frames: no rule of any game is here.
import type { Full } from "../wire/Full";
import type { Step } from "../wire/Step";
import type { ServerMsg } from "../wire/ServerMsg";
import type { Scene } from "../wire/Scene";
import type { ViewStep } from "../wire/ViewStep";
import type { MoveEntry } from "../wire/MoveEntry";
import type { End } from "../wire/End";
import type { Chat } from "../wire/Chat";
import type { LegalMoves } from "../wire/LegalMoves";
import type { Actor } from "../wire/Actor";
import type { ClockState } from "../wire/ClockState";
import type { StandingOffer } from "../wire/StandingOffer";
import { addLine } from "../lib/chat";
import { applyDelta } from "./delta";

/** One line of the event log: what happened, the rule behind it, and the ply it came with. */
export interface LogLine {
  ply: number;
  text: string;
  rule: string;
}

/** The animation the newest step asks for. */
export interface Pending {
  key: number;
  from: Scene;
  steps: ViewStep[];
}

export interface GameState {
  full: Full;
  v: number;
  ply: number;
  scene: Scene;
  /** The key of `scene`'s board, which the next step's scene names as its base. */
  board: string;
  actor: Actor;
  clock: ClockState | undefined;
  /** When `clock` was received, in this browser's time (clocks are drawn from it). */
  clockAt: number;
  moves: MoveEntry[];
  legal: LegalMoves | undefined;
  offers: StandingOffer[];
  hash: string;
  log: LogLine[];
  end: End | null;
  chat: Chat[];
  online: number[];
  watchers: number;
  gone: { seat: number; until: number } | null;
  anim: Pending | null;
  /** Counts `full` frames: a new one resets the player's selection. */
  epoch: number;
}

let animKey = 1;

export function fromFull(full: Full, prev: GameState | null): GameState {
  return {
    full,
    v: full.v,
    ply: full.ply,
    scene: full.scene,
    board: full.board,
    actor: full.actor,
    clock: full.clock,
    clockAt: Date.now(),
    moves: full.moves,
    legal: full.legal,
    offers: full.offers,
    hash: full.hash,
    log: prev && prev.full.g === full.g ? prev.log.filter((l) => l.ply <= full.ply) : [],
    end: prev?.end ?? null,
    chat: prev?.chat ?? [],
    online: prev?.online ?? full.seats.filter((s) => s.online).map((s) => s.seat),
    watchers: prev?.watchers ?? 0,
    gone: null,
    anim: null,
    epoch: (prev?.epoch ?? 0) + 1,
  };
}

/** The state after `step`, or `null` when its scene does not apply to the board held. */
function applyStep(s: GameState, step: Step): GameState | null {
  const scene = applyDelta(s.scene, s.board, step.scene);
  if (!scene) return null;
  const last = s.moves[s.moves.length - 1];
  const bySeat = typeof step.by === "object" ? step.by.seat : -1;
  const lastSeat = last && typeof last.by === "object" ? last.by.seat : -2;
  // A new entry joins the turn of the one before when the same seat decides again; a `full`
  // brings the rules' own turn numbers.
  const turn = last ? (bySeat === lastSeat ? last.turn : last.turn + 1) : 1;
  let moves = [...s.moves, { ply: step.ply - 1, by: step.by, a: step.a, turn }];
  if (step.revealed.length > 0) {
    const shown = new Map(step.revealed.map((r) => [r.ply, r.a]));
    moves = moves.map((m) => (shown.has(m.ply) ? { ...m, a: shown.get(m.ply)! } : m));
  }
  const lines = (step.anim ?? []).map((e) => ({ ply: step.ply, text: e.text, rule: e.rule }));
  return {
    ...s,
    v: step.v,
    ply: step.ply,
    scene,
    board: step.scene.board,
    actor: step.actor,
    clock: step.clock ?? s.clock,
    clockAt: step.clock ? Date.now() : s.clockAt,
    moves,
    legal: step.legal,
    hash: step.hash,
    // A move declines a standing draw offer; the server says so again in a full if not.
    offers: s.offers.filter((o) => o.k === "rematch"),
    log: [...s.log, ...lines].slice(-400),
    anim: { key: animKey++, from: s.scene, steps: step.anim ?? [] },
  };
}

/**
 * What a frame does to the state: the new state; `gap` when versions were missed (resubscribe
 * from the last version held); `stale` when a step's scene does not apply to the board held
 * (resubscribe for a `full`).
 */
export function reduce(s: GameState | null, msg: ServerMsg): GameState | null | "gap" | "stale" {
  if (msg.t === "full") return fromFull(msg.d, s);
  if (!s) return null;
  const versioned = msg.t === "step" || msg.t === "skip" || msg.t === "offer" || msg.t === "answer" || msg.t === "rewind" || msg.t === "seat" || msg.t === "end";
  if (versioned) {
    const v = msg.d.v;
    if (v <= s.v) return s;
    if (v !== s.v + 1) return "gap";
  }
  switch (msg.t) {
    case "step":
      return applyStep(s, msg.d) ?? "stale";
    case "skip":
      return { ...s, v: msg.d.v };
    case "offer":
      return { ...s, v: msg.d.v, offers: [...s.offers.filter((o) => !(o.k === msg.d.k && o.by === msg.d.by)), { k: msg.d.k, by: msg.d.by, ply: msg.d.ply }] };
    case "answer":
      return { ...s, v: msg.d.v, offers: s.offers.filter((o) => o.k !== msg.d.k) };
    case "rewind":
      // A `full` follows with the position after the takeback.
      return { ...s, v: msg.d.v };
    case "seat": {
      const seats = s.full.seats.map((x) =>
        x.seat === msg.d.seat ? { ...x, kind: msg.d.change === "bot" ? ("ai" as const) : x.kind, retired: msg.d.change === "retired" ? s.ply : x.retired } : x,
      );
      return { ...s, v: msg.d.v, full: { ...s.full, seats } };
    }
    case "end":
      return {
        ...s,
        v: msg.d.v,
        end: msg.d,
        clock: stoppedClock(s, Date.now(), msg.d.termination === "time-forfeit"),
        actor: "over",
        legal: undefined,
        offers: [],
        full: { ...s.full, status: msg.d.termination === "aborted" ? "aborted" : "over", outcome: msg.d.outcome },
      };
    case "crowd":
      // A player who comes back is no longer gone.
      return { ...s, online: msg.d.online, watchers: msg.d.watchers, gone: s.gone && msg.d.online.includes(s.gone.seat) ? null : s.gone };
    case "gone":
      return { ...s, gone: { seat: msg.d.seat, until: Date.now() + msg.d.in_ms } };
    case "clock":
      return { ...s, clock: msg.d.clock, clockAt: Date.now() };
    case "chat": {
      // A new connection's history repeats lines this page may already show: one line per id.
      const chat = addLine(s.chat, msg.d, 200);
      return chat === s.chat ? s : { ...s, chat };
    }
    case "legal": {
      if (msg.d.ply !== s.ply || !s.legal) return s;
      const have = new Set(s.legal.moves.map((m) => m.a));
      const extra = msg.d.legal.moves.filter((m) => !have.has(m.a));
      const pre = msg.d.prefix.join(" ");
      const lazy = (s.legal.lazy ?? []).filter((l) => l.prefix.join(" ") !== pre).concat(msg.d.legal.lazy ?? []);
      return { ...s, legal: { moves: [...s.legal.moves, ...extra], lazy } };
    }
    default:
      return s;
  }
}

/** The seat this browser decides for now, if any. */
export function mySeatToAct(s: GameState): number | null {
  const a = s.actor;
  if (typeof a !== "object") return null;
  const me = s.full.me;
  if (me === undefined || me === null) return null;
  return s.legal ? a.seat : null;
}

/**
 * Time left on each clock at `now`, in ms, counted down locally from the server's last word.
 * Never more than that word: a `now` read before the word came (a timer's stale tick) counts
 * as no time passed.
 */
export function clocksNow(s: GameState, now: number): number[] | null {
  const c = s.clock;
  if (!c) return null;
  const passed = Math.max(0, now - s.clockAt);
  return c.remaining_ms.map((ms, seat) => (c.running === seat && s.actor !== "over" ? Math.max(0, ms - passed) : ms));
}

/**
 * The clocks as they stood when the game ended at `now`: the running one stopped where it
 * had counted down to, at zero when it ran out of time (`flagged`).
 */
export function stoppedClock(s: GameState, now: number, flagged: boolean): GameState["clock"] {
  const c = s.clock;
  if (!c || c.running === undefined || c.running === null) return c;
  const left = clocksNow(s, now) ?? [];
  const seat = c.running;
  const remaining_ms = c.remaining_ms.map((ms, i) => (i === seat ? (flagged ? 0 : left[i]) : ms));
  return { ...c, remaining_ms, running: undefined, deadline_ms: undefined };
}

/** The status line's words: the scene's, or how the game ended when that was outside the rules. */
export function statusWords(s: GameState): string {
  if (s.full.status === "aborted") return "game aborted";
  const out = s.full.outcome;
  if (s.full.status !== "over" || !out || s.scene.status.startsWith("game over")) return s.scene.status;
  return `game over: ${out.reason} (${out.scores.join("-")})`;
}
