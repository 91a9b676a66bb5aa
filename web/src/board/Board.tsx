// The board component: the scene, an animation of the last action (`useAnimation.ts`), a
// preview, and pan and zoom (`useView.ts`) by pointers and keys (`gestures.ts`).
import type { JSX } from "preact";
import { useMemo, useRef } from "preact/hooks";
import type { BoardProps } from "./index";
import { FxView } from "./fx";
import { GhostView } from "./ghost";
import { n, padded, union } from "./geometry";
import { SceneView } from "./scene";
import { useAnimation } from "./useAnimation";
import { useView, type ViewCtl } from "./useView";
import { useGestures } from "./gestures";
import "./board.css";

/** One press of `+` or `−` zooms by this factor. */
const ZOOM_STEP = 1.4;

const EMPTY: ReadonlySet<string> = new Set();
let boards = 0;

/** The board; see `BoardProps` in `./index` for what each property does. */
export function Board(props: BoardProps): JSX.Element {
  const { scene, still = false, flipped = false } = props;
  const uid = useMemo(() => `mb${++boards}`, []);
  const latest = useRef(props);
  latest.current = props;
  const svgRef = useRef<SVGSVGElement>(null);

  const e = useAnimation(props, latest);
  const animating = e !== null;
  const shown = e ? (e.t < e.effect.switchAt ? e.effect.before : e.effect.after) : scene;
  const interactive = !still && !animating;
  const fit = padded(e ? union(e.from.frame, scene.frame) : scene.frame);
  const view = useView(svgRef, scene, fit, still);
  const handlers = useGestures({ svg: svgRef, latest, view, interactive });

  const clickable = interactive ? (props.clickable ?? EMPTY) : EMPTY;
  const selectedKey = interactive ? (props.selected ?? []).join("\u0000") : "";
  const selected = useMemo(() => (selectedKey === "" ? EMPTY : new Set(selectedKey.split("\u0000"))), [selectedKey]);
  const centre = { x: fit.x + fit.w / 2, y: fit.y + fit.h / 2 };
  const ratio = fit.w / fit.h;
  const ghost = !animating && props.ghost ? props.ghost : null;
  const v = view.view;

  return (
    <div
      class={["board", still ? "board-still" : "", props.class ?? ""].filter(Boolean).join(" ")}
      data-testid="board"
      data-game={scene.game}
      data-animating={animating ? "1" : "0"}
      data-zoomed={view.zoomed ? "1" : "0"}
    >
      <svg
        ref={svgRef}
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${n(v.x)} ${n(v.y)} ${n(v.w)} ${n(v.h)}`}
        font-family="system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', Verdana, sans-serif"
        role="group"
        aria-label={`${scene.game}: ${scene.status}`}
        style={{
          aspectRatio: `${n(fit.w)} / ${n(fit.h)}`,
          maxWidth: `calc(80vh * ${ratio.toFixed(4)})`,
          touchAction: still ? "auto" : view.zoomed ? "none" : "pan-y",
        }}
        {...(still ? {} : handlers)}
      >
        <g transform={flipped ? `rotate(180 ${n(centre.x)} ${n(centre.y)})` : undefined}>
          <SceneView scene={shown} uid={uid} flip={flipped} clickable={clickable} selected={selected} interactive={interactive} />
          {e && <FxView effect={e.effect} t={e.t} scene={scene} flip={flipped} />}
          {ghost && <GhostView scene={scene} ghost={ghost} flip={flipped} />}
        </g>
      </svg>
      {!still && <ZoomButtons view={view} />}
    </div>
  );
}

/** Zoom in, zoom out and the whole board, under the board. */
function ZoomButtons({ view }: { view: ViewCtl }) {
  return (
    <div class="board-zoom">
      <button type="button" data-testid="zoom-in" aria-label="Zoom in" title="Zoom in" onClick={() => view.zoomBy(1 / ZOOM_STEP)}>
        +
      </button>
      <button type="button" data-testid="zoom-out" aria-label="Zoom out" title="Zoom out" onClick={() => view.zoomBy(ZOOM_STEP)} disabled={!view.zoomed}>
        −
      </button>
      <button type="button" data-testid="zoom-fit" aria-label="Show the whole board" title="Show the whole board" onClick={view.reset} disabled={!view.zoomed}>
        fit
      </button>
    </div>
  );
}
