// A finished game, ply by ply: a scrubber over the server's frames (`GET
// /api/games/{id}/frame?ply=N`), stepping forward animates the decision.
import { useEffect, useRef, useState } from "preact/hooks";
import { Board, type Animation } from "../board";
import { get, HttpError } from "../lib/api";
import { gameName } from "../lib/session";
import { socket } from "../lib/socket";
import type { Full } from "../wire/Full";
import type { ReplayFrame } from "../wire/ReplayFrame";
import { ruleLink } from "../game/Panels";
import { usePrefs } from "../lib/prefs";

export function Replay({ g }: { g: string }) {
  const [full, setFull] = useState<Full | null>(null);
  const [frame, setFrame] = useState<ReplayFrame | null>(null);
  const [ply, setPly] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [anim, setAnim] = useState<Animation | null>(null);
  const [playing, setPlaying] = useState(false);
  const speed = usePrefs().prefs.anim_speed;
  const cache = useRef(new Map<number, ReplayFrame>());
  const shown = useRef<ReplayFrame | null>(null);

  useEffect(
    () =>
      socket().follow(g, {
        onMessage: (m) => {
          if (m.t === "full") setFull(m.d);
        },
        version: () => null,
      }),
    [g],
  );

  const load = async (n: number): Promise<ReplayFrame | null> => {
    const hit = cache.current.get(n);
    if (hit) return hit;
    try {
      const f = await get<ReplayFrame>(`/api/games/${g}/frame?ply=${n}`);
      cache.current.set(n, f);
      return f;
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
      return null;
    }
  };

  // Start at the end.
  useEffect(() => {
    load(0).then((f) => f && setPly(f.plies));
  }, [g]);

  useEffect(() => {
    if (ply === null) return;
    let live = true;
    load(ply).then((f) => {
      if (!live || !f) return;
      const before = shown.current;
      if (before && before.ply === f.ply - 1 && f.anim.length > 0) {
        setAnim({ key: f.ply, from: before.scene, steps: f.anim, speed, onDone: () => setAnim(null) });
      } else setAnim(null);
      shown.current = f;
      setFrame(f);
      // Fetch the next frame early.
      if (f.ply < f.plies) load(f.ply + 1);
    });
    return () => {
      live = false;
    };
  }, [ply]);

  useEffect(() => {
    if (!playing || !frame) return;
    if (frame.ply >= frame.plies) {
      setPlaying(false);
      return;
    }
    const t = window.setTimeout(() => setPly(frame.ply + 1), anim ? 1400 : 700);
    return () => window.clearTimeout(t);
  }, [playing, frame, anim]);

  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (!frame || (e.target as HTMLElement)?.tagName === "INPUT") return;
      if (e.key === "ArrowLeft") setPly(Math.max(0, frame.ply - 1));
      if (e.key === "ArrowRight") setPly(Math.min(frame.plies, frame.ply + 1));
      if (e.key === "Home") setPly(0);
      if (e.key === "End") setPly(frame.plies);
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [frame]);

  if (error && !frame)
    return (
      <section class="card">
        <h1>Replay</h1>
        <p class="error" data-testid="replay-error">
          {error}
        </p>
        <p>
          <a href={`/g/${g}`}>Open the game</a>
        </p>
      </section>
    );
  if (!frame) return <p class="muted">Loading the replay…</p>;
  const turns = new Map<number, NonNullable<Full>["moves"]>();
  for (const m of full?.moves ?? []) turns.set(m.turn, [...(turns.get(m.turn) ?? []), m]);
  return (
    <div class="game replay" data-testid="replay" data-ply={frame.ply}>
      <div class="board-col">
        <div class="status-line">
          <strong>{full ? gameName(full.game) : ""}</strong> <span class="muted small">{full?.variant}</span>
          <span class="grow" />
          <span>{frame.scene.status}</span>
        </div>
        <Board scene={frame.scene} animation={anim} />
        <div class="scrubber action-bar">
          <button aria-label="First" onClick={() => setPly(0)}>
            «
          </button>
          <button aria-label="Back" data-testid="replay-back" onClick={() => setPly(Math.max(0, frame.ply - 1))}>
            ◀
          </button>
          <input
            type="range"
            min={0}
            max={frame.plies}
            value={frame.ply}
            aria-label="Ply"
            data-testid="scrubber"
            onInput={(e) => {
              setPlaying(false);
              setPly(Number(e.currentTarget.value));
            }}
          />
          <button aria-label="Forward" data-testid="replay-forward" onClick={() => setPly(Math.min(frame.plies, frame.ply + 1))}>
            ▶
          </button>
          <button aria-label="Last" onClick={() => setPly(frame.plies)}>
            »
          </button>
          <button data-testid="replay-play" onClick={() => setPlaying(!playing)}>
            {playing ? "pause" : "play"}
          </button>
          <span class="small" data-testid="replay-ply">
            {frame.ply} / {frame.plies}
          </span>
        </div>
        <p class="small">
          {frame.a ? (
            <>
              Ply {frame.ply}: <code>{frame.a}</code>
            </>
          ) : (
            "The start."
          )}
        </p>
        <ol class="events small">
          {frame.anim.map((e, i) => {
            const l = ruleLink(e.rule);
            return (
              <li key={i}>
                {e.text}{" "}
                {l && (
                  <a class="rule" href={l.href}>
                    {l.label}
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      <aside class="side-col">
        <p>
          {full?.outcome ? full.outcome.reason : ""} <a href={`/api/games/${g}/record`}>Record</a>
        </p>
        <ol class="moves" aria-label="Moves">
          {[...turns.entries()].map(([turn, ms]) => (
            <li key={turn}>
              <span class="turn-no">{turn}.</span>
              {ms.map((m) => (
                <button key={m.ply} class={`mv link ${m.ply + 1 === frame.ply ? "on" : ""}`} onClick={() => setPly(m.ply + 1)}>
                  {m.a ?? "secret"}
                </button>
              ))}
            </li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
