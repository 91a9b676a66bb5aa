// What the pointers and keys do on the board: taps and clicks choose a target, drags pan,
// pinches zoom, a touch held on a target previews it, the mouse hovering and keyboard focus
// preview as well, Enter chooses, arrows go to the nearest target that way. On a touch screen
// a tap on a target smaller than a finger zooms in on it first (the next tap chooses).
import { useEffect, useRef } from "preact/hooks";
import type { BoardProps } from "./index";
import type { ViewCtl } from "./useView";
import { clampView, sameView, zoomAbout } from "./geometry";

/** A pointer move shorter than this, in CSS pixels, is a tap and not a drag. */
const TAP_SLOP = 6;
/** A touch held this long on a clickable target previews it (as a hover would). */
const HOLD_MS = 450;
/** A target narrower than this on the screen, in CSS pixels, is smaller than a finger. */
export const FINGER_PX = 30;
/** A tap on a small target zooms until the target is about this wide. */
const COMFORT_PX = 48;

/** The pointers on the board and what they are doing. */
interface Gesture {
  pointers: Map<number, { x: number; y: number }>;
  down: { x: number; y: number } | null;
  moved: boolean;
  pan: { view: ViewCtl["view"]; x: number; y: number } | null;
  pinch: { view: ViewCtl["view"]; dist: number; mid: { x: number; y: number } } | null;
  /** The next click ends a drag, a pinch or a hold, and is not a tap. */
  suppress: boolean;
  /** The last pointer down was a finger. */
  touch: boolean;
  hold: number;
  held: boolean;
  hovered: string | null;
}

/** The cell element an event happened in, if any. */
function cellOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest("[data-target]") : null;
}

/** The clickable target an event happened on, if any. */
function clickableId(target: EventTarget | null): string | null {
  const el = cellOf(target);
  if (!el || el.getAttribute("data-clickable") !== "1") return null;
  return el.getAttribute("data-target");
}

export interface GestureInput {
  svg: { readonly current: SVGSVGElement | null };
  /** The props of the last render (the handlers call the callbacks current then). */
  latest: { readonly current: BoardProps };
  view: ViewCtl;
  /** Targets may be chosen and previewed now (no animation plays, not a diagram). */
  interactive: boolean;
}

/** The event handlers to put on the board's `<svg>`. */
export function useGestures({ svg, latest, view, interactive }: GestureInput) {
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    down: null,
    moved: false,
    pan: null,
    pinch: null,
    suppress: false,
    touch: false,
    hold: 0,
    held: false,
    hovered: null,
  });
  useEffect(() => () => clearTimeout(gesture.current.hold), []);

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
      g.touch = ev.pointerType === "touch";
      clearTimeout(g.hold);
      const id = clickableId(ev.target);
      if (g.touch && id && interactive) {
        g.hold = window.setTimeout(() => {
          g.held = true;
          hover(id);
        }, HOLD_MS);
      }
    } else if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()];
      clearTimeout(g.hold);
      g.pinch = { view: view.now(), dist: Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
      g.suppress = true;
    }
  };

  const pinchTo = (g: Gesture, r: DOMRect) => {
    if (!g.pinch) return;
    const [a, b] = [...g.pointers.values()];
    const dist = Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1);
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const v0 = g.pinch.view;
    const scale = g.pinch.dist / dist;
    // The drawing point under the first midpoint stays under the fingers' midpoint.
    const anchor = { x: v0.x + ((g.pinch.mid.x - r.left) / r.width) * v0.w, y: v0.y + ((g.pinch.mid.y - r.top) / r.height) * v0.h };
    const w = v0.w * scale;
    const h = v0.h * scale;
    view.setView({ x: anchor.x - ((mid.x - r.left) / r.width) * w, y: anchor.y - ((mid.y - r.top) / r.height) * h, w, h });
  };

  const onPointerMove = (ev: PointerEvent) => {
    const g = gesture.current;
    if (!g.pointers.has(ev.pointerId)) {
      // A mouse moving over the board: hover.
      if (ev.pointerType !== "touch" && interactive) hover(clickableId(ev.target));
      return;
    }
    g.pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const el = svg.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    if (g.pinch && g.pointers.size >= 2) return pinchTo(g, r);
    if (!g.down || g.pointers.size !== 1) return;
    if (!g.moved && Math.hypot(ev.clientX - g.down.x, ev.clientY - g.down.y) > TAP_SLOP) {
      g.moved = true;
      clearTimeout(g.hold);
      g.pan = { view: view.now(), x: g.down.x, y: g.down.y };
      try {
        el.setPointerCapture(ev.pointerId);
      } catch {
        // The pointer may already be gone; the drag still works while it is over the board.
      }
    }
    if (g.moved && g.pan) {
      const v0 = g.pan.view;
      view.setView({ x: v0.x - ((ev.clientX - g.pan.x) / r.width) * v0.w, y: v0.y - ((ev.clientY - g.pan.y) / r.height) * v0.h, w: v0.w, h: v0.h });
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

  /**
   * A finger's tap on a target smaller than a finger zooms in about the tap until the target
   * is comfortable; true when it did (false at the deepest zoom: the tap chooses).
   */
  const zoomToSmall = (ev: MouseEvent): boolean => {
    const cell = cellOf(ev.target);
    if (!cell) return false;
    const r = cell.getBoundingClientRect();
    const size = Math.max(r.width, r.height);
    if (size >= FINGER_PX) return false;
    const before = view.now();
    const next = clampView(zoomAbout(before, Math.max(size / COMFORT_PX, 0.2), view.toUser(ev.clientX, ev.clientY)), view.fit);
    // Only a zoom in counts: at the deepest zoom the view could only move.
    if (next.w > before.w * 0.95 || sameView(before, next)) return false;
    view.setView(next);
    return true;
  };

  const onClick = (ev: MouseEvent) => {
    const g = gesture.current;
    if (g.suppress) {
      g.suppress = false;
      return;
    }
    if (!interactive) return;
    const id = clickableId(ev.target);
    if (id === null) return;
    if (g.touch && zoomToSmall(ev)) return;
    latest.current.onTarget?.(id);
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
      const next = from && svg.current && nearest(svg.current, from, ARROWS[ev.key]);
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

  return {
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
