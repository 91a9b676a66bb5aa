// A player's page: ratings and recent games.
import { useEffect, useState } from "preact/hooks";
import { get, HttpError } from "../lib/api";
import type { UserProfile } from "../wire/UserProfile";
import { GameList } from "./MyGames";

export function UserPage({ name }: { name: string }) {
  const [p, setP] = useState<UserProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<UserProfile>(`/api/users/${encodeURIComponent(name)}`)
      .then(setP)
      .catch((e) => setError(e instanceof HttpError ? e.message : String(e)));
  }, [name]);
  if (error) return <p class="error">{error}</p>;
  if (!p) return <p class="muted">Loading…</p>;
  return (
    <section class="card" data-testid="user">
      <h1>
        {p.name} {p.guest && <span class="badge">guest</span>} {p.bot && <span class="badge">bot</span>}
      </h1>
      <p class="muted small">Playing since {new Date(p.created_ms).toLocaleDateString()}</p>
      <h2>Ratings</h2>
      {p.ratings.length === 0 ? (
        <p class="muted">No rated games yet.</p>
      ) : (
        <table class="result">
          <thead>
            <tr>
              <th>Pool</th>
              <th>Rating</th>
              <th>Games</th>
            </tr>
          </thead>
          <tbody>
            {p.ratings.map((r) => (
              <tr key={r.pool}>
                <td>{r.pool}</td>
                <td data-testid={`rating-${r.pool}`}>
                  <strong title={r.provisional ? "provisional: too few rated games yet for a settled rating" : undefined}>
                    {Math.round(r.rating)}
                    {r.provisional ? "?" : ""}
                  </strong>{" "}
                  <span class="muted small" title="the rating lies within this distance of the true strength, with 95 % confidence">
                    (± {Math.round(2 * r.rd)}
                    {r.provisional ? ", provisional" : ""})
                  </span>
                </td>
                <td>{r.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Recent games</h2>
      {p.recent.length === 0 ? <p class="muted">None yet.</p> : <GameList games={p.recent} />}
    </section>
  );
}
