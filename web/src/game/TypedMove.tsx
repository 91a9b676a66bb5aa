// A move typed by its text, with the legal moves that begin with it offered as completions.
import { useEffect, useMemo, useState } from "preact/hooks";
import { complete, moveWords } from "./input";
import type { GameState } from "./state";

export interface TypedMoveProps {
  legal: GameState["legal"];
  /** The board's names of its targets, by id (the completions say what each move touches). */
  titles: ReadonlyMap<string, string>;
  disabled: boolean;
  /** Trying moves in the sandbox (nothing is played). */
  sandbox: boolean;
  onPlay(a: string): void;
  /** Text is being typed while groups of moves are not loaded: the page loads them. */
  onTyping(): void;
}

export function TypedMove({ legal, titles, disabled, onPlay, onTyping, sandbox }: TypedMoveProps) {
  const [text, setText] = useState("");
  const options = useMemo(() => complete(legal, text, 40), [legal, text]);
  const byText = useMemo(() => new Map((legal?.moves ?? []).map((m) => [m.a, m])), [legal]);
  useEffect(() => {
    if (text.trim() !== "" && legal?.lazy?.length) onTyping();
  }, [text, legal]);
  if (!legal && !sandbox) return null;
  return (
    <form
      class="typed row"
      onSubmit={(e) => {
        e.preventDefault();
        const t = text.trim();
        if (!t) return;
        const exact = legal?.moves.find((m) => m.a === t) ?? (options.length === 1 ? legal?.moves.find((m) => m.a === options[0]) : undefined);
        onPlay(exact ? exact.a : t);
        setText("");
      }}
    >
      <input list="legal-moves" value={text} disabled={disabled} placeholder={sandbox ? "type a move to try" : "type a move"} aria-label="Type a move" data-testid="typed-move" autoComplete="off" onInput={(e) => setText(e.currentTarget.value)} />
      <datalist id="legal-moves">
        {options.map((a) => {
          const m = byText.get(a);
          return <option key={a} value={a} label={m ? moveWords(m, titles) : undefined} />;
        })}
      </datalist>
      <button type="submit" disabled={disabled}>
        {sandbox ? "Try" : "Play"}
      </button>
    </form>
  );
}
