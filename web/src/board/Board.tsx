// The board component: the scene, an animation of the last action, a preview, and pan and zoom.
import type { JSX } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Scene } from "../wire/Scene";
import type { ViewStep } from "../wire/ViewStep";
import type { BoardProps } from "./index";
import type { Effect } from "./animate";
import { STEP_MS, laterTargets, plan, startScene } from "./animate";
import { FxView } from "./fx";
import { GhostView } from "./ghost";
import type { View } from "./geometry";
import { clampView, n, padded, sameView, union, zoomAbout } from "./geometry";
import { SceneView } from "./scene";
import "./board.css";

/** A pointer move shorter than this, in CSS pixels, is a tap and not a drag. */
const TAP_SLOP = 6;
/** A touch held this long on a clickable target previews it (as a hover would). */
const HOLD_MS = 450;
/** One press of `+` or `−` zooms by this factor. */
const ZOOM_STEP = 1.4;

const EMPTY: ReadonlySet<string> = new Set();
let boards = 0;

/** An animation being played. */
interface Engine {
  key: number;
  steps: ViewStep[];
  /** For each step, the cells the later steps touch. */
  later: Set<string>[];
  from: Scene;
  index: number;
  effect: Effect;
  /** When the current step started (`performance.now()` time). */
  startedAt: number;
  t: number;
  unitMs: number;
  skipAt: number | undefined;
  onDone: () => void;
  raf: number;
}

/** The pointers on the board and what they are doing. */
interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  down: { x: number; y: number } | null;
  moved: boolean;
  pan: { view: View; x: number; y: number } | null;
  pinch: { view: View; dist: number; mid: { x: number; y: number } } | null;
  /** The next click ends a drag, a pinch or a hold, and is not a tap. */
  suppress: boolean;
  hold: number;
  held: boolean;
  hovered: string | null;
}

function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The cell element an event happened in, if any. */
function cellOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest("[data-target]") : null;
}

/** The board; see `BoardProps` in `./index` for what each property does. */
export function Board(props: BoardProps): JSX.Element {
  const { scene, still = false, flipped = false } = props;
  const uid = useMemo(() => `mb${++boards}`, []);
  const latest = useRef(props);
  latest.current = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const engine = useRef<Engine | null>(null);
  const lastKey = useRef<number | null>(null);
  const [, setTick] = useState(0);
  const redraw = () => setTick((x) => x + 1);
  const [zoom, setZoom] = useState<View | null>(null);
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    down: null,
    moved: false,
    pan: null,
    pinch: null,
    suppress: false,
    hold: 0,
    held: false,
    hovered: null,
  });

  // --- Animation -------------------------------------------------------------------------

  const finish = (notify: boolean) => {
    const e = engine.current;
    if (!e) return;
    cancelAnimationFrame(e.raf);
    engine.current = null;
    redraw();
    if (notify) {
      const a = latest.current.animation;
      (a && a.key === e.key ? a.onDone : e.onDone)();
    }
  };

  const frame = (now: number) => {
    const e = engine.current;
    if (!e) return;
    let elapsed = now - e.startedAt;
    while (elapsed >= e.effect.duration) {
      elapsed -= e.effect.duration;
      e.startedAt += e.effect.duration;
      const work = e.effect.after;
      e.index += 1;
      if (e.index >= e.steps.length) {
        finish(true);
        return;
      }
      e.effect = plan(e.steps[e.index], work, latest.current.scene, e.unitMs, flipUp(latest.current.flipped), e.later[e.index]);
    }
    e.t = elapsed / e.effect.duration;
    redraw();
    e.raf = requestAnimationFrame(frame);
  };

  // A new key starts its animation in this very render, so the scene after the action is never
  // shown before the one before it; the frames start once the render is on the page.
  const animation = props.animation;
  const doneAtOnce = useRef<(() => void) | null>(null);
  if (animation && animation.key !== lastKey.current) {
    lastKey.current = animation.key;
    const old = engine.current;
    if (old) cancelAnimationFrame(old.raf);
    engine.current = null;
    const hidden = typeof document !== "undefined" && document.visibilityState === "hidden";
    if (animation.steps.length === 0 || hidden) {
      doneAtOnce.current = animation.onDone;
    } else {
      const speed = Math.min(Math.max(Number.isFinite(animation.speed) ? animation.speed : 1, 0.1), 16);
      const unitMs = STEP_MS / (speed * (reducedMotion() ? 4 : 1));
      const work = startScene(animation.from);
      const later = laterTargets(animation.steps);
      engine.current = {
        key: animation.key,
        steps: animation.steps,
        later,
        from: animation.from,
        index: 0,
        effect: plan(animation.steps[0], work, scene, unitMs, flipUp(flipped), later[0]),
        startedAt: 0,
        t: 0,
        unitMs,
        skipAt: props.skip,
        onDone: animation.onDone,
        raf: 0,
      };
    }
  }

  useLayoutEffect(() => {
    const done = doneAtOnce.current;
    doneAtOnce.current = null;
    if (done) done();
    const e = engine.current;
    if (e && e.raf === 0) {
      e.startedAt = performance.now();
      e.raf = requestAnimationFrame(frame);
    }
  });

  useLayoutEffect(() => {
    const e = engine.current;
    if (e && props.skip !== e.skipAt) finish(true);
  }, [props.skip]);

  useEffect(() => () => {
    const e = engine.current;
    if (e) cancelAnimationFrame(e.raf);
    engine.current = null;
    clearTimeout(gesture.current.hold);
  }, []);

  const e = engine.current;
  const animating = e !== null;
  const shown = e ? (e.t < e.effect.switchAt ? e.effect.before : e.effect.after) : scene;
  const interactive = !still && !animating;

  // --- View: fit, zoom and pan -----------------------------------------------------------

  const fit = padded(e ? union(e.from.frame, scene.frame) : scene.frame);
  const view = zoom ? clampView(zoom, fit) : fit;
  const viewRef = useRef(view);
  viewRef.current = view;
  const fitRef = useRef(fit);
  fitRef.current = fit;

  // Another game or variant starts at the whole board again.
  useEffect(() => setZoom(null), [scene.game, scene.variant]);

  const setView = (v: View) => {
    const c = clampView(v, fitRef.current);
    setZoom(sameView(c, fitRef.current) ? null : c);
  };

  /** The drawing point under a point of the screen. */
  const toUser = (cx: number, cy: number) => {
    const svg = svgRef.current;
    const v = viewRef.current;
    if (!svg) return { x: v.x + v.w / 2, y: v.y + v.h / 2 };
    const r = svg.getBoundingClientRect();
    return {
      x: v.x + ((cx - r.left) / Math.max(r.width, 1)) * v.w,
      y: v.y + ((cy - r.top) / Math.max(r.height, 1)) * v.h,
    };
  };

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || still) return;
    const wheel = (ev: WheelEvent) => {
      const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp(Math.max(Math.min(ev.deltaY * unit, 200), -200) * 0.0015);
      const v = viewRef.current;
      // At the whole board, scrolling down scrolls the page rather than zooming out.
      if (factor > 1 && sameView(v, fitRef.current)) return;
      ev.preventDefault();
      setView(zoomAbout(v, factor, toUser(ev.clientX, ev.clientY)));
    };
    svg.addEventListener("wheel", wheel, { passive: false });
    return () => svg.removeEventListener("wheel", wheel);
  }, [still]);

  const zoomBy = (factor: number) => {
    const v = viewRef.current;
    setView(zoomAbout(v, factor, { x: v.x + v.w / 2, y: v.y + v.h / 2 }));
  };

  // --- Pointers: taps, drags, pinches, holds and hovers ----------------------------------

  const clickableId = (target: EventTarget | null): string | null => {
    const el = cellOf(target);
    if (!el || el.getAttribute("data-clickable") !== "1") return null;
    return el.getAttribute("data-target");
  };

  const hover = (id: string | null) => {
    const g = gesture.current;
    if (g.hovered === id) return;
    g.hovered = id;
    latest.current.onHover?.(id);
  };

  const onPointerDown = (ev: PointerEvent) => {
    const g = gesture.current;
    g.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (g.pointers.size === 1) {
      g.down = { x: ev.clientX, y: ev.clientY };
      g.moved = false;
      g.pan = null;
      g.suppress = false;
      g.held = false;
      clearTimeout(g.hold);
      const id = clickableId(ev.target);
      if (ev.pointerType === "touch" && id && interactive) {
        g.hold = window.setTimeout(() => {
          g.held = true;
          hover(id);
        }, HOLD_MS);
      }
    } else if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()];
      clearTimeout(g.hold);
      g.pinch = {
        view: viewRef.current,
        dist: Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1),
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      };
      g.suppress = true;
    }
  };

  const onPointerMove = (ev: PointerEvent) => {
    const g = gesture.current;
    if (!g.pointers.has(ev.pointerId)) {
      // A mouse moving over the board: hover.
      if (ev.pointerType !== "touch" && interactive) hover(clickableId(ev.target));
      return;
    }
    g.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const svg = svgRef.current;
    if (!svg) return;
    const r = svg.getBoundingClientRect();
    if (g.pinch && g.pointers.size >= 2) {
      const [a, b] = [...g.pointers.values()];
      const dist = Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const v0 = g.pinch.view;
      const scale = g.pinch.dist / dist;
      // The drawing point under the first midpoint stays under the fingers' midpoint.
      const anchor = {
        x: v0.x + ((g.pinch.mid.x - r.left) / r.width) * v0.w,
        y: v0.y + ((g.pinch.mid.y - r.top) / r.height) * v0.h,
      };
      const w = v0.w * scale;
      const h = v0.h * scale;
      setView({
        x: anchor.x - ((mid.x - r.left) / r.width) * w,
        y: anchor.y - ((mid.y - r.top) / r.height) * h,
        w,
        h,
      });
      return;
    }
    if (!g.down || g.pointers.size !== 1) return;
    const dx = ev.clientX - g.down.x;
    const dy = ev.clientY - g.down.y;
    if (!g.moved && Math.hypot(dx, dy) > TAP_SLOP) {
      g.moved = true;
      clearTimeout(g.hold);
      g.pan = { view: viewRef.current, x: g.down.x, y: g.down.y };
      try {
        svg.setPointerCapture(ev.pointerId);
      } catch {
        // The pointer may already be gone; the drag still works while it is over the board.
      }
    }
    if (g.moved && g.pan) {
      const v0 = g.pan.view;
      setView({
        x: v0.x - ((ev.clientX - g.pan.x) / r.width) * v0.w,
        y: v0.y - ((ev.clientY - g.pan.y) / r.height) * v0.h,
        w: v0.w,
        h: v0.h,
      });
    }
  };

  const onPointerEnd = (ev: PointerEvent) => {
    const g = gesture.current;
    if (!g.pointers.delete(ev.pointerId)) return;
    clearTimeout(g.hold);
    if (g.moved || g.pinch) g.suppress = true;
    if (g.held) {
      g.suppress = true;
      g.held = false;
      hover(null);
    }
    if (g.pointers.size < 2) g.pinch = null;
    if (g.pointers.size === 0) {
      g.down = null;
      g.pan = null;
    }
  };

  const onClick = (ev: MouseEvent) => {
    const g = gesture.current;
    if (g.suppress) {
      g.suppress = false;
      return;
    }
    if (!interactive) return;
    const id = clickableId(ev.target);
    if (id !== null) latest.current.onTarget?.(id);
  };

  const onKeyDown = (ev: KeyboardEvent) => {
    if (!interactive) return;
    const id = clickableId(ev.target);
    if (id === null) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      latest.current.onTarget?.(id);
    } else if (ev.key in ARROWS) {
      // Arrows move the focus to the nearest clickable target that way, as the board is seen.
      const from = cellOf(ev.target);
      const next = from && svgRef.current && nearest(svgRef.current, from, ARROWS[ev.key]);
      if (next instanceof SVGElement) {
        ev.preventDefault();
        next.focus();
      }
    }
  };

  // Keyboard focus previews as a hover does; the focus a click or a tap gives does not.
  const onFocus = (ev: FocusEvent) => {
    const el = cellOf(ev.target);
    let keyboard = true;
    try {
      keyboard = el !== null && el.matches(":focus-visible");
    } catch {
      // A browser without :focus-visible previews on every focus.
    }
    if (interactive && keyboard) hover(clickableId(ev.target));
  };

  // --- Drawing ---------------------------------------------------------------------------

  const clickable = interactive ? (props.clickable ?? EMPTY) : EMPTY;
  const selectedKey = interactive ? (props.selected ?? []).join("\u0000") : "";
  const selected = useMemo(
    () => (selectedKey === "" ? EMPTY : new Set(selectedKey.split("\u0000"))),
    [selectedKey],
  );
  const centre = { x: fit.x + fit.w / 2, y: fit.y + fit.h / 2 };
  const ratio = fit.w / fit.h;
  const zoomed = zoom !== null;
  const ghost = !animating && props.ghost ? props.ghost : null;

  const handlers = still
    ? {}
    : {
        onPointerDown,
        onPointerMove,
        onPointerUp: onPointerEnd,
        onPointerCancel: onPointerEnd,
        onPointerLeave: (ev: PointerEvent) => {
          if (ev.pointerType !== "touch") hover(null);
        },
        onClick,
        onKeyDown,
        onFocusCapture: onFocus,
        onBlurCapture: (ev: FocusEvent) => {
          if (clickableId(ev.relatedTarget) === null) hover(null);
        },
      };

  return (
    <div
      class={["board", still ? "board-still" : "", props.class ?? ""].filter(Boolean).join(" ")}
      data-testid="board"
      data-game={scene.game}
      data-animating={animating ? "1" : "0"}
    >
      <svg
        ref={svgRef}
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${n(view.x)} ${n(view.y)} ${n(view.w)} ${n(view.h)}`}
        font-family="system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', Verdana, sans-serif"
        role="group"
        aria-label={`${scene.game}: ${scene.status}`}
        style={{
          aspectRatio: `${n(fit.w)} / ${n(fit.h)}`,
          maxWidth: `calc(80vh * ${ratio.toFixed(4)})`,
          touchAction: still ? "auto" : zoomed ? "none" : "pan-y",
        }}
        {...handlers}
      >
        <g transform={flipped ? `rotate(180 ${n(centre.x)} ${n(centre.y)})` : undefined}>
          <SceneView
            scene={shown}
            uid={uid}
            flip={flipped}
            clickable={clickable}
            selected={selected}
            interactive={interactive}
          />
          {e && <FxView effect={e.effect} t={e.t} scene={scene} flip={flipped} />}
          {ghost && <GhostView scene={scene} ghost={ghost} flip={flipped} />}
        </g>
      </svg>
      {!still && (
        <div class="board-zoom">
          <button type="button" data-testid="zoom-in" aria-label="Zoom in" title="Zoom in" onClick={() => zoomBy(1 / ZOOM_STEP)}>
            +
          </button>
          <button type="button" data-testid="zoom-out" aria-label="Zoom out" title="Zoom out" onClick={() => zoomBy(ZOOM_STEP)} disabled={!zoomed}>
            −
          </button>
          <button type="button" data-testid="zoom-fit" aria-label="Show the whole board" title="Show the whole board" onClick={() => setZoom(null)} disabled={!zoomed}>
            fit
          </button>
        </div>
      )}
    </div>
  );
}

/** The screen direction of each arrow key. */
const ARROWS: Record<string, { x: number; y: number }> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The clickable cell nearest to `from` in the screen direction `d`, if any lies that way. */
function nearest(svg: SVGSVGElement, from: Element, d: { x: number; y: number }): Element | null {
  const centre = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const a = centre(from);
  let best: Element | null = null;
  let score = Infinity;
  for (const el of svg.querySelectorAll('[data-clickable="1"]')) {
    if (el === from) continue;
    const b = centre(el);
    const along = (b.x - a.x) * d.x + (b.y - a.y) * d.y;
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * d.y - (b.y - a.y) * d.x);
    const s = along + 2 * across;
    if (s < score) {
      score = s;
      best = el;
    }
  }
  return best;
}

/** The sign of "upwards" in drawing units: up the screen, or down it on a turned board. */
function flipUp(flipped: boolean | undefined): number {
  return flipped ? 1 : -1;
}
