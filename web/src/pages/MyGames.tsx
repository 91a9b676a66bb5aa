// My games: those where it is your turn first.
import { useEffect, useState } from "preact/hooks";
import { get } from "../lib/api";
import { gameName } from "../lib/session";
import type { GamesResponse } from "../wire/GamesResponse";
import type { GameSummary } from "../wire/GameSummary";

export function MyGames() {
  const [status, setStatus] = useState<"active" | "over" | "all">("active");
  return (
    <section class="card">
      <h1>My games</h1>
      <div class="tabs" role="tablist">
        {(["active", "over", "all"] as const).map((t) => (
          <button key={t} role="tab" aria-selected={status === t} class={status === t ? "on" : ""} onClick={() => setStatus(t)}>
            {t === "active" ? "Playing" : t === "over" ? "Finished" : "All"}
          </button>
        ))}
      </div>
      <MyGamesList key={status} status={status} />
    </section>
  );
}

export function MyGamesList({ status, compact }: { status: "active" | "over" | "all"; compact?: boolean }) {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      get<GamesResponse>(`/api/me/games?status=${status}`)
        .then((r) => live && setGames(r.games))
        .catch((e) => live && setError(String(e.message ?? e)));
    load();
    const t = window.setInterval(load, 15000);
    return () => {
      live = false;
      window.clearInterval(t);
    };
  }, [status]);
  if (error) return <p class="error">{error}</p>;
  if (!games) return <p class="muted">Loading…</p>;
  if (games.length === 0) return <p class="muted">No games here yet.</p>;
  return <GameList games={compact ? games.slice(0, 8) : games} />;
}

export function GameList({ games }: { games: GameSummary[] }) {
  return (
    <ul class="game-list" data-testid="game-list">
      {games.map((g) => {
        const over = g.status === "over" || g.status === "aborted" || g.status === "legacy";
        return (
          <li key={g.g} class={g.your_turn ? "your-turn" : ""}>
            <a href={over ? `/replay/${g.g}` : `/g/${g.g}`}>
              <strong>{gameName(g.game)}</strong> <span class="muted small">{g.variant}</span>
              <br />
              <span class="small">
                {g.seats.map((s) => s.name).join(" · ")}
                {g.your_turn ? <b class="badge turn"> your turn</b> : over ? " · finished" : ""}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
