// Geometry of scenes: shapes as SVG attributes, insets, centres, the padded frame and views.
import type { Cell } from "../wire/Cell";
import type { Frame } from "../wire/Frame";
import type { Scene } from "../wire/Scene";
import type { Shape } from "../wire/Shape";
import type { Xy } from "../wire/Xy";

/** A rectangle of drawing units: the part of the board the `<svg>` shows (its `viewBox`). */
export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A number with at most two decimals, as the attribute text. */
export function n(value: number): string {
  const r = Math.round(value * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** The `points` attribute of a polygon or polyline. */
export function points(pts: readonly Xy[]): string {
  return pts.map((p) => `${n(p.x)},${n(p.y)}`).join(" ");
}

/** A shape shrunk towards the cell's centre by `by` units (outlines drawn inside a cell). */
export function inset(cell: Cell, by: number): Shape {
  const s = cell.shape;
  switch (s.shape) {
    case "circle":
      return { shape: "circle", centre: s.centre, radius: Math.max(s.radius - by, 1) };
    case "polygon":
      return {
        shape: "polygon",
        points: s.points.map((p) => {
          const dx = p.x - cell.centre.x;
          const dy = p.y - cell.centre.y;
          const length = Math.max(Math.hypot(dx, dy), 1e-9);
          const keep = Math.max((length - by) / length, 0);
          return { x: cell.centre.x + dx * keep, y: cell.centre.y + dy * keep };
        }),
      };
    case "polyline":
      return s;
  }
}

/** The frame with a margin of 2% of its longer side all round, so outlines are not cut. */
export function padded(frame: Frame): View {
  const pad = Math.max(frame.width, frame.height) * 0.02;
  return {
    x: frame.x - pad,
    y: frame.y - pad,
    w: Math.max(frame.width + 2 * pad, 1),
    h: Math.max(frame.height + 2 * pad, 1),
  };
}

/** The smallest frame holding both (the board before and after an action that grows it). */
export function union(a: Frame, b: Frame): Frame {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** The cells of a scene by id. */
export function cellMap(scene: Scene): Map<string, Cell> {
  return new Map(scene.cells.map((c) => [c.id, c]));
}

/** The largest zoom: a view this many times smaller than the whole board. */
export const MAX_ZOOM = 8;

/**
 * `view` kept sensible inside `fit` (the whole board): never wider than `fit` nor more than
 * `MAX_ZOOM` times narrower, with `fit`'s aspect ratio, and its centre on the board.
 */
export function clampView(view: View, fit: View): View {
  const w = Math.min(Math.max(view.w, fit.w / MAX_ZOOM), fit.w);
  const h = (w * fit.h) / fit.w;
  const cx = Math.min(Math.max(view.x + view.w / 2, fit.x + w / 2), fit.x + fit.w - w / 2);
  const cy = Math.min(Math.max(view.y + view.h / 2, fit.y + h / 2), fit.y + fit.h - h / 2);
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** `view` scaled by `factor` (< 1 zooms in) about the point `at`, which stays where it is. */
export function zoomAbout(view: View, factor: number, at: Xy): View {
  return {
    x: at.x - (at.x - view.x) * factor,
    y: at.y - (at.y - view.y) * factor,
    w: view.w * factor,
    h: view.h * factor,
  };
}

/** Whether two views are the same to a hundredth of a unit. */
export function sameView(a: View, b: View): boolean {
  const eq = (p: number, q: number) => Math.abs(p - q) < 0.01;
  return eq(a.x, b.x) && eq(a.y, b.y) && eq(a.w, b.w) && eq(a.h, b.h);
}
