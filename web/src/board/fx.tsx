// The effects layer of an animation: flashing cells and tokens in flight, over the board.
import type { Scene } from "../wire/Scene";
import type { Effect } from "./animate";
import { flightAt } from "./animate";
import { ALERT, LAST_MOVE } from "./paint";
import { PieceEl } from "./pieces";
import { ShapeEl } from "./shapes";

/** Draws `effect` at `t` (0 … 1 of its length). */
export function FxView(props: { effect: Effect; t: number; scene: Scene; flip: boolean }) {
  const { effect, t, scene, flip } = props;
  // A flash rises to its peak half-way through the step and fades.
  const glow = Math.sin(Math.PI * Math.min(Math.max(t, 0), 1));
  const colour = effect.tone === "loss" ? ALERT : LAST_MOVE;
  return (
    <g class="fx" pointer-events="none">
      {effect.flashes.map((cell) => (
        <ShapeEl
          key={`f-${cell.id}`}
          shape={cell.shape}
          attrs={{
            class: effect.tone === "loss" ? "flash loss" : "flash",
            "data-flash": cell.id,
            fill: cell.surface === "edge" ? "none" : colour,
            "fill-opacity": (0.45 * glow).toFixed(3),
            stroke: colour,
            "stroke-opacity": glow.toFixed(3),
            "stroke-width": cell.surface === "edge" ? 8 : 4,
          }}
        />
      ))}
      {effect.flights.map((f, i) => (
        <PieceEl key={`t-${i}`} scene={scene} cell={f.cell} piece={f.piece} role="token" flip={flip} at={flightAt(f, t)} />
      ))}
    </g>
  );
}
