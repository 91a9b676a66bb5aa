// What part of the drawing the board shows: the whole board, or a zoomed and panned part of it
// (buttons, the wheel, pinches and drags change it; `gestures.ts`).
import { useEffect, useRef, useState } from "preact/hooks";
import type { Scene } from "../wire/Scene";
import type { View } from "./geometry";
import { clampView, sameView, zoomAbout } from "./geometry";

/** The board's view and how to change it. */
export interface ViewCtl {
  /** The part of the drawing shown now. */
  view: View;
  /** The whole board, padded. */
  fit: View;
  zoomed: boolean;
  /** Shows `v` as far as the board allows (the whole board at most, `MAX_ZOOM` at least). */
  setView(v: View): void;
  /** Zooms by `factor` (< 1 zooms in) about the middle of the view. */
  zoomBy(factor: number): void;
  /** Shows the whole board. */
  reset(): void;
  /** The drawing point under a point of the screen. */
  toUser(clientX: number, clientY: number): { x: number; y: number };
  /** The view as of the last render, for handlers that outlive it. */
  now(): View;
}

/** The view of the board drawn in `svg`, the whole of `fit` at first and on a new game. */
export function useView(svg: { readonly current: SVGSVGElement | null }, scene: Scene, fit: View, still: boolean): ViewCtl {
  const [zoom, setZoom] = useState<View | null>(null);
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

  const toUser = (cx: number, cy: number) => {
    const el = svg.current;
    const v = viewRef.current;
    if (!el) return { x: v.x + v.w / 2, y: v.y + v.h / 2 };
    const r = el.getBoundingClientRect();
    return {
      x: v.x + ((cx - r.left) / Math.max(r.width, 1)) * v.w,
      y: v.y + ((cy - r.top) / Math.max(r.height, 1)) * v.h,
    };
  };

  useEffect(() => {
    const el = svg.current;
    if (!el || still) return;
    const wheel = (ev: WheelEvent) => {
      const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp(Math.max(Math.min(ev.deltaY * unit, 200), -200) * 0.0015);
      const v = viewRef.current;
      // At the whole board, scrolling down scrolls the page rather than zooming out.
      if (factor > 1 && sameView(v, fitRef.current)) return;
      ev.preventDefault();
      setView(zoomAbout(v, factor, toUser(ev.clientX, ev.clientY)));
    };
    el.addEventListener("wheel", wheel, { passive: false });
    return () => el.removeEventListener("wheel", wheel);
  }, [still]);

  return {
    view,
    fit,
    zoomed: zoom !== null,
    setView,
    zoomBy: (factor) => {
      const v = viewRef.current;
      setView(zoomAbout(v, factor, { x: v.x + v.w / 2, y: v.y + v.h / 2 }));
    },
    reset: () => setZoom(null),
    toUser,
    now: () => viewRef.current,
  };
}
