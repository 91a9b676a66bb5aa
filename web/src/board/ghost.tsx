// A preview over the board: the pieces of the scene an action would lead to, translucent, and
// every cell whose pieces would change outlined.
import type { Cell } from "../wire/Cell";
import type { Scene } from "../wire/Scene";
import { cellMap, inset } from "./geometry";
import { BACKGROUND, CHANGED } from "./paint";
import { PieceEl, pieceKey } from "./pieces";
import { ShapeEl } from "./shapes";

/** The ids of the cells whose pieces differ between `a` and `b`, in `b`'s cell order first. */
export function changedCells(a: Scene, b: Scene): string[] {
  const at = (s: Scene) => {
    const m = new Map<string, string[]>();
    for (const p of s.pieces) {
      const list = m.get(p.at) ?? [];
      list.push(pieceKey(p));
      m.set(p.at, list);
    }
    return m;
  };
  const pa = at(a);
  const pb = at(b);
  const ids = new Set<string>([...pa.keys(), ...pb.keys()]);
  const out: string[] = [];
  const order = [...b.cells.map((c) => c.id), ...a.cells.map((c) => c.id)];
  const seen = new Set<string>();
  for (const id of order) {
    if (seen.has(id) || !ids.has(id)) continue;
    seen.add(id);
    const x = (pa.get(id) ?? []).sort().join("|");
    const y = (pb.get(id) ?? []).sort().join("|");
    if (x !== y) out.push(id);
  }
  return out;
}

/** Draws the preview `ghost` over `scene`. */
export function GhostView(props: { scene: Scene; ghost: Scene; flip: boolean }) {
  const { scene, ghost, flip } = props;
  const real = cellMap(scene);
  const ghostCells = cellMap(ghost);
  const changed = changedCells(scene, ghost);
  const changedSet = new Set(changed);
  const occupied = new Set(scene.pieces.map((p) => p.at));
  // Cells only the preview has (a board that grows) are drawn faintly.
  const added = ghost.cells.filter((c) => !real.has(c.id));
  const cellOf = (id: string): Cell | undefined => ghostCells.get(id) ?? real.get(id);
  return (
    <g class="ghost" pointer-events="none">
      {added.map((c) => (
        <ShapeEl key={`a-${c.id}`} shape={c.shape} attrs={{ class: "ghost-cell", fill: "#ffffff", "fill-opacity": 0.5, stroke: CHANGED, "stroke-width": 1.5, "stroke-dasharray": "4 3" }} />
      ))}
      {changed.map((id) => {
        const cell = cellOf(id);
        if (!cell || !occupied.has(id) || cell.surface === "edge") return null;
        return <ShapeEl key={`v-${id}`} shape={inset(cell, 1)} attrs={{ class: "ghost-veil", fill: BACKGROUND, "fill-opacity": 0.6, stroke: "none" }} />;
      })}
      {ghost.pieces
        .filter((p) => changedSet.has(p.at))
        .map((p) => {
          const cell = cellOf(p.at);
          return cell ? <PieceEl key={`p-${p.at}`} scene={ghost} cell={cell} piece={p} role="ghost-piece" flip={flip} opacity={0.7} /> : null;
        })}
      {changed.map((id) => {
        const cell = cellOf(id);
        if (!cell) return null;
        return (
          <ShapeEl
            key={`c-${id}`}
            shape={inset(cell, 2)}
            attrs={{ class: "changed", "data-changed": "1", "data-target-changed": id, fill: "none", stroke: CHANGED, "stroke-width": 3, "stroke-dasharray": "6 3" }}
          />
        );
      })}
    </g>
  );
}
