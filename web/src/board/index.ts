// The board: one generic SVG renderer of the server's scenes for all four games, with
// animation of an action's steps, a preview (ghost), pan and zoom. It draws what the scene
// says and never decides what is legal.
import type { JSX } from "preact";
import type { Scene } from "../wire/Scene";
import type { ViewStep } from "../wire/ViewStep";

/** An action to play on the board, step by step. */
export interface Animation {
  /** A new key starts a new animation (a key already played is not played again). */
  key: number;
  /** The scene before the action. */
  from: Scene;
  /** Played in order. */
  steps: ViewStep[];
  /** 1 = normal (~350 ms per step), 0.5 slow … 4 fast. */
  speed: number;
  /**
   * Called once the last step ends (or at once when skipped, or when there are no steps). Not
   * called for an animation replaced by one with a new key before it ended, nor on unmount.
   */
  onDone: () => void;
}

export interface BoardProps {
  /** The scene to show (after any animation). */
  scene: Scene;
  /** Target ids the player may click next (highlighted). */
  clickable?: ReadonlySet<string>;
  /** Targets clicked so far on the current path. */
  selected?: readonly string[];
  /** Click / tap / Enter on a clickable target. */
  onTarget?: (id: string) => void;
  /** Hover, keyboard focus or touch-hold on a clickable target; null on leave. */
  onHover?: (id: string | null) => void;
  /** A preview: drawn over the board, changed cells marked. */
  ghost?: Scene | null;
  animation?: Animation | null;
  /** Incrementing it ends the current animation at once. */
  skip?: number;
  /**
   * Turn the board 180°. The server already turns Murus Gallicus for Dark's own view, so this is
   * for a viewer who wants the other side (a spectator seeing from Dark).
   */
  flipped?: boolean;
  /** A diagram: no pan/zoom, no hover, no clicks. */
  still?: boolean;
  class?: string;
}

export { Board } from "./Board";
export { changedCells } from "./ghost";
export { keyword } from "./animate";

/** The signature of the component, for those who want it spelt out. */
export type BoardComponent = (props: BoardProps) => JSX.Element;
