// The game page: the board with what may be clicked now, the action bar, the typed move, the
// side with seats, controls and logs, and the end of the game. Every decision is one of the
// server's legal moves, chosen by its click path (or typed); the server acknowledges it once
// stored.
import { useEffect, useMemo, useState } from "preact/hooks";
import { Board } from "../board";
import { statusWords, type GameState } from "../game/state";
import { walk } from "../game/input";
import { OfferBanner, GameOver, GoneBanner, Palette } from "../game/Panels";
import { useGame, useFollowRematch } from "../game/useGame";
import { useMoveInput, type MoveInput } from "../game/useMoveInput";
import { ActionBar } from "../game/ActionBar";
import { TypedMove } from "../game/TypedMove";
import { GameSide } from "../game/GameSide";
import { gameName } from "../lib/session";
import { usePrefs } from "../lib/prefs";

export function GamePage({ g }: { g: string }) {
  const [s, missing] = useGame(g);
  const { prefs } = usePrefs();
  const input = useMoveInput(g, s, prefs.confirm_moves);
  const over = s ? s.full.status === "over" || s.full.status === "aborted" : false;
  useFollowRematch(g, over);

  if (!s && missing) return <NoSuchGame g={g} />;
  if (!s)
    return (
      <p class="muted" data-testid="loading">
        Loading the game…
      </p>
    );
  return <GameView g={g} s={s} input={input} speed={prefs.anim_speed} />;
}

function NoSuchGame({ g }: { g: string }) {
  return (
    <section class="card" data-testid="not-found">
      <h1>No such game</h1>
      <p role="alert">
        There is no game <code>{g}</code> on this server. Check the link, or start a game from the lobby.
      </p>
      <a class="button primary" href="/">
        Back to the lobby
      </a>
    </section>
  );
}

/** The targets and buttons that continue the player's path now. */
function useTargets(s: GameState, path: string[]) {
  const here = useMemo(() => walk(s.legal, path), [s.legal, path]);
  const cellIds = useMemo(() => new Set(s.scene.cells.map((c) => c.id)), [s.scene]);
  const help = useMemo(() => new Map(s.scene.buttons.filter((b) => b.help).map((b) => [b.id, b])), [s.scene]);
  const clickable = useMemo(() => new Set([...here.next].filter((t) => cellIds.has(t))), [here, cellIds]);
  const buttons = [...here.next].filter((t) => !cellIds.has(t));
  const titles = useMemo(() => new Map(s.scene.cells.map((c) => [c.id, c.title])), [s.scene]);
  return { clickable, buttons, help, titles };
}

/** The animation of the last step while it plays (`skip` ends it), at `speed`. */
function useStepAnimation(s: GameState, speed: number) {
  const [animating, setAnimating] = useState<number | null>(null);
  const [skip, setSkip] = useState(0);
  useEffect(() => {
    if (s.anim) setAnimating(s.anim.key);
  }, [s.anim?.key]);
  const anim =
    s.anim && animating === s.anim.key
      ? { key: s.anim.key, from: s.anim.from, steps: s.anim.steps, speed, onDone: () => setAnimating(null) }
      : null;
  return { anim, skip, onSkip: () => setSkip((k) => k + 1) };
}

function GameView({ g, s, input, speed }: { g: string; s: GameState; input: MoveInput; speed: number }) {
  const [overClosed, setOverClosed] = useState(false);
  const { clickable, buttons, help, titles } = useTargets(s, input.path);
  const { anim, skip, onSkip } = useStepAnimation(s, speed);
  const mine = s.full.me ?? null;
  const over = s.full.status === "over" || s.full.status === "aborted";
  const legal = s.legal;
  const myTurn = !!legal && legal.moves.length + (legal.lazy?.length ?? 0) > 0;
  const { sandbox, ghost } = input;

  return (
    <div class="game" data-testid="game" data-game={s.full.game} data-ply={s.ply} data-status={s.full.status} data-my-turn={myTurn ? "1" : "0"}>
      <div class="board-col">
        <div class="status-line">
          <strong>{gameName(s.full.game)}</strong> <span class="muted small">{s.full.variant}</span>
          <span class="grow" />
          <span data-testid="status">{statusWords(s)}</span>
        </div>
        <OfferBanner s={s} mine={mine} control={input.control} />
        <GoneBanner s={s} mine={mine} control={input.control} />
        <Board
          scene={sandbox !== null && ghost ? ghost : s.scene}
          clickable={input.pending || anim ? new Set() : clickable}
          selected={input.path}
          onTarget={input.onTarget}
          onHover={input.onHover}
          ghost={sandbox !== null ? null : ghost}
          animation={anim}
          skip={skip}
        />
        <ActionBar input={input} buttons={buttons} help={help} animating={!!anim} onSkip={onSkip} />
        <Palette buttons={buttons.flatMap((b) => help.get(b) ?? [])} />
        {input.error && (
          <p class="error" role="alert" data-testid="error">
            {input.error}
          </p>
        )}
        <TypedMove legal={legal} titles={titles} disabled={!!input.pending} onTyping={input.loadGroups} onPlay={input.typed} sandbox={sandbox !== null} />
      </div>
      <GameSide g={g} s={s} mine={mine} input={input} />
      {over && !overClosed && !anim && <GameOver s={s} mine={mine} control={input.control} onClose={() => setOverClosed(true)} />}
    </div>
  );
}
