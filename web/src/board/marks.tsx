// The marks: tints and outlines under the pieces, rings and badges over them.
import type { JSX } from "preact";
import type { Cell } from "../wire/Cell";
import type { Mark } from "../wire/Mark";
import type { Scene } from "../wire/Scene";
import { inset, n } from "./geometry";
import { ALERT, LAST_MOVE, LAST_MOVE_EDGE, ZONE_TINTS, paintOf } from "./paint";
import { ShapeEl } from "./shapes";

/** The cells a mark covers that the scene has. */
function covered(cells: Map<string, Cell>, mark: Mark): Cell[] {
  const out: Cell[] = [];
  for (const id of mark.targets) {
    const c = cells.get(id);
    if (c) out.push(c);
  }
  return out;
}

/** What a mark shows under the pieces (`zoneIndex`: its place among the scene's zone marks). */
export function markUnder(
  scene: Scene,
  cells: Map<string, Cell>,
  mark: Mark,
  zoneIndex: number,
): JSX.Element[] {
  const colour = paintOf(scene, mark.seat)?.colour ?? null;
  const out: JSX.Element[] = [];
  for (const cell of covered(cells, mark)) {
    const k = `${mark.kind}-${cell.id}`;
    switch (mark.kind) {
      case "last-move":
        out.push(
          <ShapeEl
            key={k}
            shape={inset(cell, 2)}
            attrs={{ class: "mark-last-move", fill: LAST_MOVE, "fill-opacity": 0.55, stroke: LAST_MOVE_EDGE, "stroke-width": 4 }}
          />,
        );
        break;
      case "section":
        if (colour)
          out.push(
            <ShapeEl key={k} shape={cell.shape} attrs={{ class: "mark-section", fill: colour, "fill-opacity": 0.28, stroke: "none" }} />,
          );
        break;
      case "enclosed":
        if (colour)
          out.push(
            <ShapeEl key={k} shape={cell.shape} attrs={{ class: "mark-enclosed", fill: colour, "fill-opacity": 0.15, stroke: "none" }} />,
          );
        break;
      case "oscillating":
        out.push(
          <ShapeEl
            key={k}
            shape={inset(cell, 4)}
            attrs={{ class: "mark-oscillating", fill: "none", stroke: "#222222", "stroke-width": 2, "stroke-dasharray": "2 3" }}
          />,
        );
        break;
      case "eye":
        if (colour) {
          // A ring and a pupil in the colour, outlined for light colours.
          const { x, y } = cell.centre;
          const r = cell.size;
          out.push(
            <g key={k} class="mark-eye">
              <circle cx={n(x)} cy={n(y)} r={n(r * 0.6)} fill="none" stroke="#222222" stroke-width="5" />
              <circle cx={n(x)} cy={n(y)} r={n(r * 0.6)} fill="none" stroke={colour} stroke-width="3" />
              <circle cx={n(x)} cy={n(y)} r={n(r * 0.22)} fill={colour} stroke="#222222" stroke-width="1" />
            </g>,
          );
        }
        break;
      case "zone": {
        const fill = colour ?? ZONE_TINTS[zoneIndex % ZONE_TINTS.length];
        out.push(<ShapeEl key={k} shape={cell.shape} attrs={{ class: "mark-zone", fill, "fill-opacity": 0.22, stroke: "none" }} />);
        break;
      }
      case "stand": {
        const c = colour ?? "#555555";
        out.push(
          <ShapeEl
            key={k}
            shape={inset(cell, 3.5)}
            attrs={{ class: "mark-stand", fill: c, "fill-opacity": 0.12, stroke: c, "stroke-width": 2.5, "stroke-dasharray": "6 3" }}
          />,
        );
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** What a mark shows over the pieces. */
export function markOver(scene: Scene, cells: Map<string, Cell>, mark: Mark): JSX.Element[] {
  const colour = paintOf(scene, mark.seat)?.colour ?? null;
  const out: JSX.Element[] = [];
  for (const cell of covered(cells, mark)) {
    const k = `${mark.kind}-${cell.id}`;
    const { x, y } = cell.centre;
    const r = cell.size;
    switch (mark.kind) {
      case "hot":
        // A glow and a dashed red ring: the cell explodes.
        out.push(
          <g key={k} class="mark-hot">
            <circle cx={n(x)} cy={n(y)} r={n(r * 1.12)} fill="none" stroke={ALERT} stroke-opacity="0.25" stroke-width="9" />
            <circle cx={n(x)} cy={n(y)} r={n(r * 1.12)} fill="none" stroke={ALERT} stroke-width="3" stroke-dasharray="4 3" />
          </g>,
        );
        break;
      case "trapped":
      case "kraken-surrounded": {
        // A red ring around the piece and a cross badge at its upper right.
        const bx = x + r * 1.15;
        const by = y - r * 1.15;
        const d = r * 0.36;
        out.push(
          <g key={k} class={`mark-${mark.kind}`}>
            <circle cx={n(x)} cy={n(y)} r={n(r * 1.55)} fill="none" stroke={ALERT} stroke-width="3" />
            <circle cx={n(bx)} cy={n(by)} r={n(d * 1.6)} fill="#ffffff" stroke={ALERT} stroke-width="2" />
            <path
              d={`M${n(bx - d)} ${n(by - d)}L${n(bx + d)} ${n(by + d)}M${n(bx - d)} ${n(by + d)}L${n(bx + d)} ${n(by - d)}`}
              stroke={ALERT}
              stroke-width="2.5"
              stroke-linecap="round"
            />
          </g>,
        );
        break;
      }
      case "invader":
        out.push(
          <circle key={k} class="mark-invader" cx={n(x)} cy={n(y)} r={n(r * 1.1)} fill="none" stroke={ALERT} stroke-width="3" />,
        );
        break;
      case "marker":
        if (colour)
          out.push(
            <g key={k} class="mark-marker">
              <circle cx={n(x)} cy={n(y)} r={n(r * 1.15)} fill="none" stroke={colour} stroke-width="3" />
              <circle cx={n(x)} cy={n(y)} r={n(r * 1.3)} fill="none" stroke="#222222" stroke-width="1" />
            </g>,
          );
        break;
      case "moved":
        out.push(
          <circle
            key={k}
            class="mark-moved"
            cx={n(x)}
            cy={n(y + r * 0.25)}
            r={n(r * 0.95)}
            fill="none"
            stroke="#333333"
            stroke-width="1.5"
            stroke-dasharray="2 2"
          />,
        );
        break;
      default:
        break;
    }
  }
  return out;
}
