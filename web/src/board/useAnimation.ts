// The animation of an action on the board: a step at a time, each planned from the scene the
// last one left (`animate.ts`), driven by animation frames, ended early by `skip`.
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { Scene } from "../wire/Scene";
import type { ViewStep } from "../wire/ViewStep";
import type { BoardProps } from "./index";
import type { Effect } from "./animate";
import { STEP_MS, laterTargets, plan, startScene } from "./animate";

/** An animation being played. */
export interface Engine {
  key: number;
  steps: ViewStep[];
  /** For each step, the cells the later steps touch. */
  later: Set<string>[];
  from: Scene;
  index: number;
  effect: Effect;
  /** When the current step started (`performance.now()` time). */
  startedAt: number;
  /** How far the current step is, 0 … 1. */
  t: number;
  unitMs: number;
  skipAt: number | undefined;
  onDone: () => void;
  raf: number;
}

function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The sign of "upwards" in drawing units: up the screen, or down it on a turned board. */
function flipUp(flipped: boolean | undefined): number {
  return flipped ? 1 : -1;
}

/**
 * The animation the board's props ask for, as it plays now (`null` when none plays). `latest`
 * holds the props of the last render: a step is planned on the scene then shown.
 */
export function useAnimation(props: BoardProps, latest: { readonly current: BoardProps }): Engine | null {
  const engine = useRef<Engine | null>(null);
  const lastKey = useRef<number | null>(null);
  const doneAtOnce = useRef<(() => void) | null>(null);
  const [, setTick] = useState(0);
  const redraw = () => setTick((x) => x + 1);

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
    const at = latest.current;
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
      e.effect = plan(e.steps[e.index], work, at.scene, e.unitMs, flipUp(at.flipped), e.later[e.index]);
    }
    e.t = elapsed / e.effect.duration;
    redraw();
    e.raf = requestAnimationFrame(frame);
  };

  // A new key starts its animation in this very render, so the scene after the action is never
  // shown before the one before it; the frames start once the render is on the page.
  const animation = props.animation;
  if (animation && animation.key !== lastKey.current) {
    lastKey.current = animation.key;
    const old = engine.current;
    if (old) cancelAnimationFrame(old.raf);
    engine.current = null;
    const hidden = typeof document !== "undefined" && document.visibilityState === "hidden";
    if (animation.steps.length === 0 || hidden) doneAtOnce.current = animation.onDone;
    else engine.current = start(animation, props);
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

  useEffect(
    () => () => {
      const e = engine.current;
      if (e) cancelAnimationFrame(e.raf);
      engine.current = null;
    },
    [],
  );

  return engine.current;
}

/** The engine of `animation` at its first step, its frames not started yet. */
function start(animation: NonNullable<BoardProps["animation"]>, props: BoardProps): Engine {
  const speed = Math.min(Math.max(Number.isFinite(animation.speed) ? animation.speed : 1, 0.1), 16);
  const unitMs = STEP_MS / (speed * (reducedMotion() ? 4 : 1));
  const work = startScene(animation.from);
  const later = laterTargets(animation.steps);
  return {
    key: animation.key,
    steps: animation.steps,
    later,
    from: animation.from,
    index: 0,
    effect: plan(animation.steps[0], work, props.scene, unitMs, flipUp(props.flipped), later[0]),
    startedAt: 0,
    t: 0,
    unitMs,
    skipAt: props.skip,
    onDone: animation.onDone,
    raf: 0,
  };
}
