// Small drawing helpers: a scene shape as an SVG element, and a centred text that stays upright
// on a turned board.
import type { ComponentChildren } from "preact";
import type { Shape } from "../wire/Shape";
import type { Xy } from "../wire/Xy";
import { BACKGROUND } from "./paint";
import { n, points } from "./geometry";

type Attributes = Record<string, string | number | undefined>;

/** One scene shape as `<polygon>`, `<circle>` or `<polyline>` with the given attributes. */
export function ShapeEl(props: { shape: Shape; attrs?: Attributes; children?: ComponentChildren }) {
  const { shape, attrs, children } = props;
  // Attribute names are SVG's own (`stroke-width`), passed through as they are.
  const a = (attrs ?? {}) as object;
  switch (shape.shape) {
    case "circle":
      return (
        <circle cx={n(shape.centre.x)} cy={n(shape.centre.y)} r={n(shape.radius)} {...a}>
          {children}
        </circle>
      );
    case "polygon":
      return (
        <polygon points={points(shape.points)} {...a}>
          {children}
        </polygon>
      );
    case "polyline":
      return (
        <polyline points={points(shape.points)} {...a}>
          {children}
        </polyline>
      );
  }
}

/** How the letters of a text are drawn. */
export type Letters = "plain" | "bold" | "halo";

/**
 * A text centred on `at`. On a turned board (`flip`) it is turned back about its own centre,
 * so that letters stay upright.
 */
export function Txt(props: {
  at: Xy;
  size: number;
  fill: string;
  letters?: Letters;
  flip?: boolean;
  children: string;
}) {
  const { at, size, fill, letters = "plain", flip } = props;
  return (
    <text
      x={n(at.x)}
      y={n(at.y)}
      font-size={n(size)}
      fill={fill}
      font-weight={letters === "bold" ? "bold" : undefined}
      stroke={letters === "halo" ? BACKGROUND : undefined}
      stroke-width={letters === "halo" ? 3 : undefined}
      paint-order={letters === "halo" ? "stroke" : undefined}
      text-anchor="middle"
      dy="0.36em"
      transform={flip ? `rotate(180 ${n(at.x)} ${n(at.y)})` : undefined}
    >
      {props.children}
    </text>
  );
}
