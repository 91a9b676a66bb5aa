// The input controller: the legal moves' click paths, walked click by click. The server says
// which actions are legal and how each is clicked; this file only follows those paths.
import type { LegalMoves } from "../wire/LegalMoves";
import type { LegalMove } from "../wire/LegalMove";

export interface Walk {
  /** Targets that continue the path clicked so far. */
  next: Set<string>;
  /** Moves whose whole path is the path clicked so far. */
  complete: LegalMove[];
  /** Lazy groups the path leads into: ask the server for their moves. */
  lazy: string[][];
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/** Where the path `prefix` stands among the legal moves. */
export function walk(legal: LegalMoves | undefined, prefix: readonly string[]): Walk {
  const next = new Set<string>();
  const complete: LegalMove[] = [];
  const lazy: string[][] = [];
  if (!legal) return { next, complete, lazy };
  for (const m of legal.moves) {
    if (!startsWith(m.path, prefix)) continue;
    if (m.path.length === prefix.length) complete.push(m);
    else next.add(m.path[prefix.length]);
  }
  for (const g of legal.lazy ?? []) {
    if (startsWith(g.prefix, prefix)) {
      if (g.prefix.length > prefix.length) next.add(g.prefix[prefix.length]);
      else lazy.push(g.prefix);
    } else if (startsWith(prefix, g.prefix)) {
      lazy.push(g.prefix);
    }
  }
  return { next, complete, lazy };
}

/** What a click on `target` after `prefix` means. */
export type Click =
  | { kind: "extend"; path: string[] } // more clicks are needed
  | { kind: "submit"; move: LegalMove } // one move is complete, nothing continues it
  | { kind: "choose"; path: string[]; moves: LegalMove[]; more: boolean } // several moves end here (or one ends and others go on)
  | { kind: "load"; path: string[]; groups: string[][] } // the path leads into lazy groups
  | { kind: "invalid" };

export function click(legal: LegalMoves | undefined, prefix: readonly string[], target: string): Click {
  const here = walk(legal, prefix);
  if (!here.next.has(target)) return { kind: "invalid" };
  const path = [...prefix, target];
  const after = walk(legal, path);
  if (after.lazy.length > 0 && after.complete.length === 0 && after.next.size === 0) return { kind: "load", path, groups: after.lazy };
  if (after.complete.length === 1 && after.next.size === 0 && after.lazy.length === 0) return { kind: "submit", move: after.complete[0] };
  if (after.complete.length >= 1) return { kind: "choose", path, moves: after.complete, more: after.next.size > 0 || after.lazy.length > 0 };
  if (after.lazy.length > 0) return { kind: "load", path, groups: after.lazy };
  return { kind: "extend", path };
}

/** Whether `path` still leads somewhere after the legal moves changed (an opponent's update). */
export function stillLegal(legal: LegalMoves | undefined, path: readonly string[]): boolean {
  if (path.length === 0) return true;
  const w = walk(legal, path);
  return w.next.size > 0 || w.complete.length > 0 || w.lazy.length > 0;
}

/** The move a click on `target` would finish at once, for a preview on hover. */
export function finishing(legal: LegalMoves | undefined, prefix: readonly string[], target: string): LegalMove | null {
  const c = click(legal, prefix, target);
  return c.kind === "submit" ? c.move : null;
}

/** Legal action texts starting with `text` (the typed-move box's completion). */
export function complete(legal: LegalMoves | undefined, text: string, limit = 50): string[] {
  if (!legal) return [];
  const t = text.trim().toLowerCase();
  const out: string[] = [];
  for (const m of legal.moves) {
    if (m.a.toLowerCase().startsWith(t)) {
      out.push(m.a);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/**
 * A move in words for a list of completions: the targets of its path, each by its name on
 * the board (`titles`: the scene's cell titles, `e12: an edge of t3 and t4`) or else its id,
 * after the move's own label when it has one.
 */
export function moveWords(m: LegalMove, titles: ReadonlyMap<string, string>): string {
  const path = m.path.map((t) => titles.get(t) ?? t).join(" → ");
  return m.label ? `${m.label} — ${path}` : path;
}
