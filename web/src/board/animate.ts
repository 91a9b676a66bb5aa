// Animation plans: what each step of an action shows, keyed only on the step's rule word and
// its targets. The board steps from the scene before the action towards the scene after it: a
// step's targets take their final look when it ends, and the scene after the action is shown
// once the last step is over. No rule of any game is known here.
import type { Cell } from "../wire/Cell";
import type { Piece } from "../wire/Piece";
import type { Scene } from "../wire/Scene";
import type { ViewStep } from "../wire/ViewStep";
import type { Xy } from "../wire/Xy";

/** How long one ordinary step lasts at speed 1, in milliseconds. */
export const STEP_MS = 350;

/** The four effects a step may have. */
export type EffectKind = "fly" | "burst" | "flash" | "pause";

/** A token flying along a path. */
export interface Flight {
  /** The piece drawn, a single unit of the one that leaves. */
  piece: Piece;
  /** The cell it leaves (its size sizes the token). */
  cell: Cell;
  /** The centres it passes, in order. */
  path: Xy[];
  /** The height of an arc over the way (0: straight), in drawing units. */
  arc: number;
  /** The centre of a ring to follow instead of a straight line, when both ends lie on it. */
  ring: Xy | null;
}

/** What one step shows. */
export interface Effect {
  kind: EffectKind;
  /** Its length in milliseconds. */
  duration: number;
  /** The board shown while it plays, until `switchAt`. */
  before: Scene;
  /** The board once its targets have their final look. */
  after: Scene;
  /** The fraction of the step after which `after` is shown. */
  switchAt: number;
  flights: Flight[];
  /** The cells that flash. */
  flashes: Cell[];
  /** The flash colour: red where something goes, yellow otherwise. */
  tone: "loss" | "change";
}

/** The rule's word: `tower move` of `murus-gallicus:2.2 tower move`; empty when it has none. */
export function keyword(rule: string): string {
  const space = rule.indexOf(" ");
  return space < 0 ? "" : rule.slice(space + 1).trim().toLowerCase();
}

const FLY = /\b(move|movement|knock|fire|redistribution)\b/;
const BURST = /\bexplosion\b/;
const LOSS = /\b(capture|removal|trim|sacrifice|trap|withdrawal|clean-up)\b/;

/** The scene shown when an animation starts: `from` without its last-move mark. */
export function startScene(from: Scene): Scene {
  return { ...from, marks: from.marks.filter((m) => m.kind !== "last-move"), targets: [], buttons: [] };
}

/**
 * `work` with the cells `ids` given their look in `final`: their pieces and their cells (a cell
 * the action made is added, one it removed stays until the end). Where `final` has no piece on
 * a cell that `arriving` reaches, the arriving piece stays there, joined to a like piece already
 * there: a later step of the same action takes it away (a chain reaction's next explosion).
 */
export function settle(
  work: Scene,
  final: Scene,
  ids: readonly string[],
  arriving: { piece: Piece; at: readonly string[] } | null = null,
  later: ReadonlySet<string> = new Set(),
  leaving: { at: string; count: number } | null = null,
): Scene {
  if (ids.length === 0) return work;
  const set = new Set(ids);
  const held = new Set(final.pieces.map((p) => p.at));
  // The cell a piece leaves, when a later step touches it again, shows what stays behind now
  // rather than its final look (which may come from those later steps).
  const keep = (at: string) => !held.has(at) || (leaving !== null && leaving.at === at);
  const pieces = work.pieces
    .filter((p) => !set.has(p.at))
    .concat(final.pieces.filter((p) => set.has(p.at) && !(later.has(p.at) && leaving?.at === p.at)));
  // A cell the final scene leaves empty but a later step touches keeps what it holds now (less
  // what leaves it), for that step to act on.
  for (const p of work.pieces) {
    if (!set.has(p.at) || !keep(p.at) || !later.has(p.at)) continue;
    const gone = leaving && leaving.at === p.at ? leaving.count : 0;
    if (gone > 0 && p.height - gone < 1) continue;
    pieces.push(gone > 0 ? { ...p, height: p.height - gone } : p);
  }
  if (arriving) {
    for (const at of arriving.at) {
      if (!set.has(at) || held.has(at) || !later.has(at)) continue;
      const here = pieces.find((p) => p.at === at);
      const a = arriving.piece;
      const like = here && here.owner === a.owner && here.kind === a.kind && !here.stack;
      const rest = pieces.filter((p) => p.at !== at);
      pieces.length = 0;
      pieces.push(...rest, like ? { ...here, height: here.height + a.height } : { ...a, at });
    }
  }
  const finalCells = new Map(final.cells.map((c) => [c.id, c]));
  const cells = work.cells.map((c) => (set.has(c.id) ? (finalCells.get(c.id) ?? c) : c));
  const known = new Set(work.cells.map((c) => c.id));
  for (const id of set) {
    const c = finalCells.get(id);
    if (c && !known.has(id)) cells.push(c);
  }
  return { ...work, pieces, cells };
}

/** One unit of a piece, for a token: a single stone or man; other pieces as they are. */
function unit(p: Piece): Piece {
  switch (p.kind) {
    case "wall":
    case "tower":
    case "catapult":
      return { ...p, kind: "wall", height: 1 };
    case "men":
      return { ...p, height: 1 };
    default:
      return p;
  }
}

/**
 * The effect of `step` on the board `work`, heading for `final`. `unitMs` is the length of an
 * ordinary step; `up` is the sign of "upwards" in drawing units (-1, or 1 on a turned board);
 * `later` holds the cells the action's later steps touch.
 */
export function plan(
  step: ViewStep,
  work: Scene,
  final: Scene,
  unitMs: number,
  up: number,
  later: ReadonlySet<string> = new Set(),
): Effect {
  const word = keyword(step.rule);
  const cells = new Map(final.cells.map((c) => [c.id, c]));
  for (const c of work.cells) cells.set(c.id, c);
  const targets = step.targets.filter((id) => cells.has(id));
  const after = settle(work, final, targets, null, later);
  const base = { before: work, after, flights: [] as Flight[], flashes: [] as Cell[], tone: "change" as const };
  if (targets.length === 0) {
    return { ...base, kind: "pause", duration: unitMs * 0.35, switchAt: 0 };
  }
  const source = cells.get(targets[0])!;
  const leaving = work.pieces.find((p) => p.at === targets[0]);
  const centres = targets.map((id) => cells.get(id)!.centre);
  const ring = ringOf(final, centres);
  if (leaving && targets.length >= 2 && BURST.test(word)) {
    const flights = targets.slice(1).map((id) => ({
      piece: unit(leaving),
      cell: source,
      path: [source.centre, cells.get(id)!.centre],
      arc: 0,
      ring: null,
    }));
    const token = { piece: unit(leaving), at: targets.slice(1) };
    return {
      ...base,
      kind: "burst",
      after: settle(work, final, targets, token, later, { at: targets[0], count: flights.length }),
      duration: unitMs * 1.3,
      before: settle(work, final, [targets[0]], null, later, { at: targets[0], count: flights.length }),
      switchAt: 1,
      flights,
      flashes: [source],
      tone: "loss",
    };
  }
  const flies = FLY.test(word) || (word === "" && targets.length >= 2);
  if (leaving && targets.length >= 2 && flies && !LOSS.test(word)) {
    const arc = /\bfire\b/.test(word) ? distance(centres[0], centres[centres.length - 1]) * 0.45 * up : 0;
    // Only the last cell of the way keeps the token (a split drops stones on the way, and the
    // final scene says how many).
    const token = { piece: unit(leaving), at: targets.slice(-1) };
    return {
      ...base,
      kind: "fly",
      after: settle(work, final, targets, token, later, { at: targets[0], count: 1 }),
      duration: unitMs * (1 + 0.3 * (targets.length - 2)),
      before: settle(work, final, [targets[0]], null, later, { at: targets[0], count: 1 }),
      switchAt: 1,
      flights: [{ piece: unit(leaving), cell: source, path: centres, arc, ring }],
    };
  }
  return {
    ...base,
    kind: "flash",
    duration: unitMs * 0.9,
    switchAt: 0.5,
    flashes: targets.map((id) => cells.get(id)!),
    tone: LOSS.test(word) ? "loss" : "change",
  };
}

function distance(a: Xy, b: Xy): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * The centre of the round board a two-point way runs around, when both ends lie on one ring
 * about the frame's centre (a round board's move along its ring); `null` otherwise.
 */
function ringOf(scene: Scene, centres: Xy[]): Xy | null {
  if (centres.length !== 2 || !scene.cells.some((c) => c.shape.shape === "circle")) return null;
  const f = scene.frame;
  const o = { x: f.x + f.width / 2, y: f.y + f.height / 2 };
  const [a, b] = [distance(centres[0], o), distance(centres[1], o)];
  if (a < 1 || Math.abs(a - b) > a * 0.01) return null;
  return o;
}

/** For each step, the cells the steps after it touch. */
export function laterTargets(steps: readonly ViewStep[]): Set<string>[] {
  const out: Set<string>[] = [];
  let acc = new Set<string>();
  for (let i = steps.length - 1; i >= 0; i--) {
    out[i] = acc;
    acc = new Set([...acc, ...steps[i].targets]);
  }
  return out;
}

/** Smooth start and stop. */
export function ease(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

/** Where a flight is at `t` (0 … 1 of the step). */
export function flightAt(f: Flight, t: number): Xy {
  const u = ease(Math.min(Math.max(t, 0), 1));
  const path = f.path;
  if (path.length === 1) return path[0];
  if (f.ring && path.length === 2) {
    const o = f.ring;
    const a0 = Math.atan2(path[0].y - o.y, path[0].x - o.x);
    let d = Math.atan2(path[1].y - o.y, path[1].x - o.x) - a0;
    while (d > Math.PI) d -= 2 * Math.PI;
    while (d < -Math.PI) d += 2 * Math.PI;
    const r = distance(path[0], o);
    return { x: o.x + r * Math.cos(a0 + d * u), y: o.y + r * Math.sin(a0 + d * u) };
  }
  const segments = path.length - 1;
  const s = Math.min(Math.floor(u * segments), segments - 1);
  const v = u * segments - s;
  const a = path[s];
  const b = path[s + 1];
  const lift = f.arc * 4 * u * (1 - u);
  return { x: a.x + (b.x - a.x) * v, y: a.y + (b.y - a.y) * v + lift };
}
