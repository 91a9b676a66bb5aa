// The colours of the board, matching the reference SVG writer of the server (`muster view --svg`).
import type { Scene } from "../wire/Scene";

/** The page behind the board, also the halo around labels. */
export const BACKGROUND = "#fbfaf7";
/** Legal next clicks are outlined in this colour. */
export const TARGET = "#1b7f3b";
/** Targets clicked so far on the current path. */
export const SELECTED = "#1f5fbf";
/** The last move's tint. */
export const LAST_MOVE = "#ffd23f";
/** The last move's outline. */
export const LAST_MOVE_EDGE = "#d99a00";
/** Remote splices. */
export const SPLICE = "#7b3fa0";
/** Hot cells and trapped pieces. */
export const ALERT = "#c0392b";
/** Cells a preview changes. */
export const CHANGED = "#e0007a";
/** Mur's neutral kraken. */
export const KRAKEN = { colour: "#b3202a", ink: "#ffffff", letter: "K" };
/** Neutral tints of MuTou zones nobody has claimed yet, in zone order. */
export const ZONE_TINTS = ["#8da0cb", "#a6d854", "#fc8d62", "#e5c494"];

/** How a seat's pieces are painted. */
export interface Paint {
  colour: string;
  ink: string;
  letter: string;
}

/** The paint of `seat` from its panel; `null` for no seat or a seat the scene has no panel of. */
export function paintOf(scene: Scene, seat: number | null | undefined): Paint | null {
  if (seat === null || seat === undefined) return null;
  const panel = scene.panels.find((p) => p.seat === seat);
  return panel ? { colour: panel.colour, ink: panel.ink, letter: panel.letter } : null;
}

/** Fill and stroke of each cell surface. */
export function surfaceStyle(surface: string, ids: (name: string) => string): Record<string, string> {
  switch (surface) {
    case "light":
      return { fill: "#ecd9b4", stroke: "#8b6d43", "stroke-width": "1" };
    case "dark":
      return { fill: "#c39a67", stroke: "#8b6d43", "stroke-width": "1" };
    case "point":
      return { fill: "#ffffff", stroke: "#333333", "stroke-width": "2" };
    case "virgin":
      return { fill: `url(#${ids("virgin")})`, stroke: "#9c9078", "stroke-width": "1" };
    case "commonwealth":
      return { fill: "#fdfcf6", stroke: "#9c9078", "stroke-width": "1" };
    case "wall":
      return { fill: `url(#${ids("stone")})`, stroke: "#555555", "stroke-width": "1" };
    case "ghost":
      return {
        fill: "#ffffff",
        "fill-opacity": "0.6",
        stroke: TARGET,
        "stroke-width": "2",
        "stroke-dasharray": "5 4",
      };
    case "tessel":
      return { fill: "#f3ecda", stroke: "none" };
    case "edge":
      return { fill: "none", stroke: "#4a3f2e", "stroke-width": "2", "stroke-linecap": "round" };
    case "vertex":
      return { fill: "#4a3f2e", stroke: "none" };
    default:
      return { fill: "#eeeeee", stroke: "#888888", "stroke-width": "1" };
  }
}
