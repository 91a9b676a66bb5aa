// The pieces: stacked stones, ships, the kraken, stacks of men and MuTou stacks, each with its
// seat's letter so that colour is never the only cue.
import type { Cell } from "../wire/Cell";
import type { Piece } from "../wire/Piece";
import type { Scene } from "../wire/Scene";
import type { Stack } from "../wire/Stack";
import { n } from "./geometry";
import { KRAKEN, paintOf } from "./paint";
import { Txt } from "./shapes";

/** What a piece element is: a piece of the scene, a preview's piece, or a token in flight. */
export type PieceRole = "piece" | "ghost-piece" | "token";

/**
 * One piece drawn on its cell. A `piece` carries the DOM contract's data attributes (`data-at`,
 * `data-owner`, `data-kind`, `data-height`, `data-hidden`); ghosts and tokens carry only their
 * class. On a turned board (`flip`) the piece is turned back about the cell's centre, so that its
 * discs stack upwards and its letters stay upright.
 */
export function PieceEl(props: {
  scene: Scene;
  cell: Cell;
  piece: Piece;
  role?: PieceRole;
  flip?: boolean;
  opacity?: number;
  /** Where to draw it instead of the cell's centre (a token in flight). */
  at?: { x: number; y: number };
}) {
  const { scene, cell, piece, role = "piece", flip, opacity } = props;
  const paint =
    piece.kind === "kraken" ? KRAKEN : (paintOf(scene, piece.owner) ?? KRAKEN);
  const { colour: fill, ink, letter } = paint;
  const x = props.at?.x ?? cell.centre.x;
  const y = props.at?.y ?? cell.centre.y;
  const r = cell.size;
  const disc = (cy: number, radius: number, key?: number) => (
    <circle key={key} cx={n(x)} cy={n(cy)} r={n(radius)} fill={fill} stroke="#111111" stroke-width="1.5" />
  );
  let body;
  switch (piece.kind) {
    case "wall":
    case "tower":
    case "catapult": {
      // Stacked discs, the top one highest; the letter and the height on the top one.
      const step = r * 0.22;
      const stones = Math.min(Math.max(piece.height, 1), 3);
      const base = y + (step * (stones - 1)) / 2;
      const discs = [];
      for (let i = 0; i < stones; i++) discs.push(disc(base - step * i, r * 0.82, i));
      const top = base - step * (stones - 1);
      body = (
        <>
          {discs}
          <Txt at={{ x, y: top }} size={r * 0.62} fill={ink} letters="bold">
            {`${letter}${piece.height}`}
          </Txt>
        </>
      );
      break;
    }
    case "ship":
      body = (
        <>
          {disc(y, r)}
          <Txt at={{ x, y }} size={r * 0.95} fill={ink} letters="bold">
            {letter}
          </Txt>
        </>
      );
      break;
    case "kraken": {
      const d = r * 1.1;
      body = (
        <>
          <path
            d={`M${n(x)} ${n(y - d)}L${n(x + d)} ${n(y)}L${n(x)} ${n(y + d)}L${n(x - d)} ${n(y)}Z`}
            fill={fill}
            stroke="#111111"
            stroke-width="1.5"
          />
          <Txt at={{ x, y }} size={r * 0.95} fill={ink} letters="bold">
            K
          </Txt>
        </>
      );
      break;
    }
    case "men": {
      const cy = y + r * 0.1;
      body = (
        <>
          {disc(cy, r * 0.8)}
          <Txt at={{ x, y: cy }} size={r * 0.75} fill={ink} letters="bold">
            {piece.height === 1 ? letter : `${letter}${piece.height}`}
          </Txt>
        </>
      );
      break;
    }
    case "stack":
    default: {
      // A token a little below the centre, so the tessel's name stays readable above it; the
      // owner's letter and the height (`?` when hidden), the shakken written under it.
      const cy = y + r * 0.25;
      const hidden = piece.stack?.hidden === true;
      const words = hidden ? "?" : piece.height === 0 ? letter : `${letter}${piece.height}`;
      const g = piece.stack && !hidden ? glyph(piece.stack) : "";
      body = (
        <>
          {disc(cy, r * 0.75)}
          <Txt at={{ x, y: cy }} size={r * 0.6} fill={ink} letters="bold">
            {words}
          </Txt>
          {g && (
            <Txt at={{ x, y: cy + r * 1.05 }} size={r * 0.42} fill="#222222" letters="halo">
              {g}
            </Txt>
          )}
        </>
      );
    }
  }
  const transform = flip ? `rotate(180 ${n(x)} ${n(y)})` : undefined;
  if (role !== "piece") {
    return (
      <g class={role} transform={transform} opacity={opacity}>
        {body}
      </g>
    );
  }
  return (
    <g
      class="piece"
      data-at={piece.at}
      data-owner={piece.owner === null ? "" : String(piece.owner)}
      data-kind={piece.kind}
      data-height={String(piece.height)}
      data-hidden={piece.stack?.hidden ? "1" : undefined}
      transform={transform}
      opacity={opacity}
    >
      {body}
    </g>
  );
}

/**
 * A MuTou stack's shakken in short: `W3AJ2R B1`, each plain kind with its count when more than
 * one, then each seat's blood (`B2×2` for two of seat 2's).
 */
export function glyph(stack: Stack): string {
  let out = "";
  for (const [l, count] of [
    ["W", stack.walker],
    ["A", stack.angler],
    ["J", stack.jagger],
    ["R", stack.rand],
  ] as const) {
    if (count === 1) out += l;
    else if (count > 1) out += `${l}${count}`;
  }
  for (const b of stack.blood) {
    if (out) out += " ";
    out += `B${b.seat + 1}`;
    if (b.count > 1) out += `×${b.count}`;
  }
  return out;
}

/** A piece as text, for comparing two scenes cell by cell. */
export function pieceKey(p: Piece): string {
  return `${p.owner ?? "-"}:${p.kind}:${p.height}:${p.stack ? `${p.stack.hidden ? "?" : p.stack.text}` : ""}`;
}
