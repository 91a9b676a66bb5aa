// A step's scene is the change from the scene before it (crates/view/src/delta.rs): the board's
// frame, cells, decor and labels come only where they changed; pieces, marks, panels, targets,
// buttons and status always come whole. A change names the board it applies to, so a browser
// holding another board knows it at once and asks for the whole game again.
import type { Scene } from "../wire/Scene";
import type { SceneDelta } from "../wire/SceneDelta";

/** Whether the change carries every part of the board, and so applies whatever the board. */
export function isWhole(d: SceneDelta): boolean {
  return d.frame !== undefined && d.cells !== undefined && d.decor !== undefined && d.labels !== undefined;
}

/**
 * The scene `d` makes of `before`, whose board is `board`; `null` when `d` applies to another
 * board or names a cell `before` does not have (the caller then asks for a `full`).
 */
export function applyDelta(before: Scene, board: string, d: SceneDelta): Scene | null {
  if (board !== d.base && !isWhole(d)) return null;
  let cells = d.cells ?? before.cells;
  if (d.changed && d.changed.length > 0) {
    const at = new Map(cells.map((c, i) => [c.id, i]));
    cells = cells.slice();
    for (const c of d.changed) {
      const i = at.get(c.id);
      if (i === undefined) return null;
      cells[i] = c;
    }
  }
  return {
    game: before.game,
    variant: before.variant,
    viewer: d.viewer,
    frame: d.frame ?? before.frame,
    cells,
    decor: d.decor ?? before.decor,
    labels: d.labels ?? before.labels,
    pieces: d.pieces,
    marks: d.marks,
    panels: d.panels,
    targets_for: d.targets_for,
    targets: d.targets,
    buttons: d.buttons,
    status: d.status,
  };
}
