// The bar under the board: the move being sent, the confirmation, the chooser of moves that
// share a path, the buttons that are decisions (MuTou's tools, Mu's pass), and skipping an
// animation. No decision can be pressed while the board animates.
import type { Button } from "../wire/Button";
import type { MoveInput } from "./useMoveInput";

export interface ActionBarProps {
  input: MoveInput;
  /** The buttons that continue the path now. */
  buttons: string[];
  /** Each button's help, by id. */
  help: Map<string, Button>;
  animating: boolean;
  onSkip(): void;
}

export function ActionBar({ input, buttons, help, animating, onSkip }: ActionBarProps) {
  const { pending, toConfirm, chooser, path } = input;
  const busy = !!pending || animating;
  return (
    <div class="action-bar" data-testid="action-bar">
      {pending && (
        <span class="pending" data-testid="pending">
          Sending {pending}…
        </span>
      )}
      {toConfirm && (
        <>
          <button class="primary" data-testid="confirm" onClick={() => input.act(toConfirm.a)}>
            Play {toConfirm.label ?? toConfirm.a}
          </button>
          <button onClick={input.cancelConfirm}>Cancel</button>
        </>
      )}
      {chooser && (
        <span class="chooser" role="group" aria-label="Choose a move" data-testid="chooser">
          {chooser.moves.map((m) => (
            <button key={m.a} data-testid={`choose-${m.a}`} disabled={busy} onClick={() => input.choose(m)}>
              {m.label ?? m.a}
            </button>
          ))}
          {chooser.more && <span class="muted small">or click on</span>}
        </span>
      )}
      {buttons.map((b) => (
        <button
          key={b}
          data-target={b}
          data-testid={`button-${b}`}
          disabled={busy}
          title={animating ? "wait for the animation, or skip it" : help.get(b)?.help}
          aria-describedby={help.has(b) ? `help-${b}` : undefined}
          onClick={() => input.onTarget(b)}
        >
          {b}
        </button>
      ))}
      {path.length > 0 && !pending && (
        <button class="link" data-testid="clear" onClick={input.clear}>
          clear
        </button>
      )}
      <span class="grow" />
      {animating && (
        <button class="link" data-testid="skip" onClick={onSkip}>
          skip ▸▸
        </button>
      )}
    </div>
  );
}
