// One scene drawn as SVG elements: decor, cells, marks, pieces, highlights and labels, in the
// layers of the reference writer (`muster view --svg`). No rule of any game is known here.
import { Component } from "preact";
import type { JSX } from "preact";
import type { Cell } from "../wire/Cell";
import type { Scene } from "../wire/Scene";
import type { Shape } from "../wire/Shape";
import { cellMap, inset, n } from "./geometry";
import { markOver, markUnder } from "./marks";
import { SELECTED, SPLICE, TARGET, surfaceStyle } from "./paint";
import { PieceEl } from "./pieces";
import { ShapeEl, Txt } from "./shapes";

export interface SceneViewProps {
  scene: Scene;
  /** A prefix unique to this board, for the ids of its patterns. */
  uid: string;
  /** The board is turned 180°: texts and pieces are turned back upright. */
  flip: boolean;
  /** Cells the player may click next. */
  clickable: ReadonlySet<string>;
  /** Cells clicked so far on the current path. */
  selected: ReadonlySet<string>;
  /** Clickable cells are focusable buttons (not on a still board or while animating). */
  interactive: boolean;
}

/** The patterns the surfaces use, with ids made unique by `uid`. */
function Defs({ uid }: { uid: string }) {
  return (
    <defs>
      <pattern id={`${uid}-virgin`} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="8" height="8" fill="#e9e0c9" />
        <line x1="0" y1="0" x2="0" y2="8" stroke="#d6c9a8" stroke-width="3" />
      </pattern>
      <pattern id={`${uid}-water`} width="10" height="6" patternUnits="userSpaceOnUse">
        <rect width="10" height="6" fill="#d3e6f2" />
        <path d="M0 4 q2.5 -2 5 0 t5 0" fill="none" stroke="#b5d1e4" stroke-width="1" />
      </pattern>
      <pattern id={`${uid}-stone`} width="12" height="8" patternUnits="userSpaceOnUse">
        <rect width="12" height="8" fill="#8f8f8f" />
        <path d="M0 0.5h12M0 4.5h12M3 0.5v4M9 4.5v4" stroke="#6f6f6f" stroke-width="1" />
      </pattern>
    </defs>
  );
}

/** The outline drawn over a cell to highlight it: a ring for a vertex, the line for an edge. */
function outline(cell: Cell, by: number): { shape: Shape; dashed: boolean } {
  if (cell.surface === "vertex")
    return { shape: { shape: "circle", centre: cell.centre, radius: cell.size + 3 }, dashed: false };
  if (cell.surface === "edge") return { shape: cell.shape, dashed: true };
  return { shape: inset(cell, by), dashed: false };
}

/** A cell: its shape with the DOM contract's attributes, and a wider hit area for lines and dots. */
function CellEl(props: { cell: Cell; uid: string; clickable: boolean; selected: boolean; interactive: boolean }) {
  const { cell, uid, clickable, selected, interactive } = props;
  const style = surfaceStyle(cell.surface, (name) => `${uid}-${name}`);
  const focusable = clickable && interactive;
  let hit: JSX.Element | null = null;
  if (cell.surface === "edge") {
    hit = <ShapeEl shape={cell.shape} attrs={{ class: "hit", fill: "none", stroke: "transparent", "stroke-width": 12 }} />;
  } else if (cell.surface === "vertex") {
    hit = (
      <circle
        class="hit"
        cx={n(cell.centre.x)}
        cy={n(cell.centre.y)}
        r={n(Math.max(cell.size * 1.6, 7))}
        fill="transparent"
      />
    );
  }
  return (
    <g
      class="cell"
      data-target={cell.id}
      data-clickable={clickable ? "1" : undefined}
      data-selected={selected ? "1" : undefined}
      tabindex={focusable ? 0 : undefined}
      role={focusable ? "button" : undefined}
      aria-label={focusable ? cell.title : undefined}
    >
      <ShapeEl shape={cell.shape} attrs={{ class: "shape", ...style }} />
      {hit}
      <title>{cell.title}</title>
    </g>
  );
}

/** Draws a whole scene. It redraws only when one of its properties changes (by identity). */
export class SceneView extends Component<SceneViewProps> {
  shouldComponentUpdate(next: SceneViewProps): boolean {
    const p = this.props;
    return (
      p.scene !== next.scene ||
      p.uid !== next.uid ||
      p.flip !== next.flip ||
      p.clickable !== next.clickable ||
      p.selected !== next.selected ||
      p.interactive !== next.interactive
    );
  }

  render() {
    const { scene, uid, flip, clickable, selected, interactive } = this.props;
    const cells = cellMap(scene);
    const over = (kind: string) => kind === "segment-outline" || kind === "splice-edge";
    let zone = 0;
    const under: JSX.Element[] = [];
    const above: JSX.Element[] = [];
    scene.marks.forEach((m, i) => {
      under.push(<g key={i}>{markUnder(scene, cells, m, m.kind === "zone" ? zone++ : 0)}</g>);
      above.push(<g key={i}>{markOver(scene, cells, m)}</g>);
    });
    return (
      <g class="scene">
        <Defs uid={uid} />
        <g class="decor-under">
          {scene.decor
            .filter((d) => !over(d.kind))
            .map((d, i) => {
              const style =
                d.kind === "out-of-bounds"
                  ? { fill: `url(#${uid}-water)`, stroke: "none" }
                  : d.kind === "track"
                    ? { fill: "none", stroke: "#5b5b5b", "stroke-width": 3 }
                    : { fill: "none", stroke: "#333333", "stroke-width": 2 };
              return <ShapeEl key={i} shape={d.shape} attrs={{ class: `decor-${d.kind}`, ...style }} />;
            })}
        </g>
        <g class="cells">
          {scene.cells.map((c) => (
            <CellEl
              key={c.id}
              cell={c}
              uid={uid}
              clickable={clickable.has(c.id)}
              selected={selected.has(c.id)}
              interactive={interactive}
            />
          ))}
        </g>
        <g class="marks-under" pointer-events="none">
          {under}
        </g>
        <g class="decor-over" pointer-events="none">
          {scene.decor
            .filter((d) => over(d.kind))
            .map((d, i) => (
              <ShapeEl
                key={i}
                shape={d.shape}
                attrs={
                  d.kind === "splice-edge"
                    ? { class: "decor-splice-edge", fill: "none", stroke: SPLICE, "stroke-width": 4, "stroke-dasharray": "7 4" }
                    : { class: `decor-${d.kind}`, fill: "none", stroke: "#2f2a22", "stroke-width": 3, "stroke-linecap": "round" }
                }
              />
            ))}
        </g>
        <g class="pieces" pointer-events="none">
          {scene.pieces.map((p) => {
            const cell = cells.get(p.at);
            return cell ? <PieceEl key={`${p.at}`} scene={scene} cell={cell} piece={p} flip={flip} /> : null;
          })}
        </g>
        <g class="marks-over" pointer-events="none">
          {above}
          {scene.cells
            .filter((c) => clickable.has(c.id) || selected.has(c.id))
            .map((c) => {
              const sel = selected.has(c.id);
              const o = outline(c, sel ? 2.5 : 3);
              return (
                <ShapeEl
                  key={c.id}
                  shape={o.shape}
                  attrs={{
                    class: sel ? "selected-outline" : "target-outline",
                    fill: sel ? SELECTED : "none",
                    "fill-opacity": sel ? 0.18 : undefined,
                    stroke: sel ? SELECTED : TARGET,
                    "stroke-width": sel ? 4 : 3,
                    "stroke-dasharray": o.dashed ? "5 4" : undefined,
                  }}
                />
              );
            })}
        </g>
        <Labels scene={scene} flip={flip} />
      </g>
    );
  }
}

/** Coordinates, splice markers, zone names and the cells' own labels. */
function Labels({ scene, flip }: { scene: Scene; flip: boolean }) {
  return (
    <g class="labels" pointer-events="none">
      {scene.labels.map((l, i) => {
        switch (l.kind) {
          case "coordinate":
            return (
              <g key={i} class="label-coordinate">
                <Txt at={l.at} size={14} fill="#333333" flip={flip}>
                  {l.text}
                </Txt>
              </g>
            );
          case "zone":
            return (
              <Txt key={i} at={l.at} size={16} fill="#222222" letters="halo" flip={flip}>
                {l.text}
              </Txt>
            );
          case "splice": {
            const w = 8 + 7 * [...l.text].length;
            return (
              <g key={i} class="label-splice" transform={flip ? `rotate(180 ${n(l.at.x)} ${n(l.at.y)})` : undefined}>
                <rect x={n(l.at.x - w / 2)} y={n(l.at.y - 7)} width={n(w)} height="14" rx="7" fill="#ffffff" stroke={SPLICE} stroke-width="1.5" />
                <Txt at={l.at} size={10} fill={SPLICE} letters="bold">
                  {l.text}
                </Txt>
              </g>
            );
          }
          default:
            return null;
        }
      })}
      {scene.cells.map((c) => {
        if (c.label === null || c.label === "") return null;
        let at = { x: c.centre.x, y: c.centre.y - c.size * 1.1 };
        if (c.shape.shape === "circle") {
          const { centre, radius } = c.shape;
          at = { x: centre.x + radius * 1.05, y: centre.y + radius * 1.25 };
        } else if (c.surface === "ghost") {
          at = c.centre;
        }
        const size = c.surface === "tessel" ? Math.min(Math.max(c.size * 0.6, 6), 15) : Math.max(c.size * 0.6, 9);
        return (
          <Txt key={`c-${c.id}`} at={at} size={size} fill="#4a4030" letters="halo" flip={flip}>
            {c.label}
          </Txt>
        );
      })}
    </g>
  );
}
