// The rules of a game, from the project's rules documents, with board diagrams drawn from
// scenes. Event links land on `#<section>` anchors here.
import { useEffect, useState } from "preact/hooks";
import { Board } from "../board";
import { get, HttpError } from "../lib/api";
import { GAME_NAMES } from "../lib/session";
import type { RulesResponse } from "../wire/RulesResponse";
import type { RulesDiagram } from "../wire/RulesDiagram";

/** The diagrams with the same board and pieces drawn once, their captions joined (several
 * presets often share a start). */
function distinct(diagrams: RulesDiagram[]): RulesDiagram[] {
  const seen = new Map<string, RulesDiagram>();
  for (const d of diagrams) {
    const key = JSON.stringify([d.scene.frame, d.scene.cells.length, d.scene.pieces]);
    const had = seen.get(key);
    if (had) seen.set(key, { ...had, caption: `${had.caption}; ${d.caption}` });
    else seen.set(key, d);
  }
  return [...seen.values()];
}

export function RulesPage({ game }: { game: string }) {
  const [r, setR] = useState<RulesResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setR(null);
    get<RulesResponse>(`/api/rules/${encodeURIComponent(game)}`)
      .then(setR)
      .catch((e) => setError(e instanceof HttpError ? e.message : String(e)));
  }, [game]);
  // Once the text is in, go to the anchor the link asked for.
  useEffect(() => {
    if (!r || !location.hash) return;
    const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (el) {
      el.scrollIntoView();
      el.classList.add("target");
    }
  }, [r]);
  return (
    <div class="rules-page">
      <nav class="tabs" aria-label="Games">
        {Object.entries(GAME_NAMES).map(([id, name]) => (
          <a key={id} href={`/rules/${id}`} class={id === game ? "on" : ""}>
            {name}
          </a>
        ))}
      </nav>
      {error && <p class="error">{error}</p>}
      {!r && !error && <p class="muted">Loading…</p>}
      {r && (
        <div class="rules-cols">
          <aside class="toc small">
            <a href={`/?game=${r.game}`} class="button primary">
              Play {r.name}
            </a>
            <ul>
              {r.sections
                .filter((s) => s.level <= 3)
                .map((s) => (
                  <li key={s.id} class={`l${s.level}`}>
                    <a href={`#${s.id}`}>{s.title}</a>
                  </li>
                ))}
            </ul>
          </aside>
          <article class="card rules" data-testid="rules">
            {r.diagrams.length > 0 && (
              <div class="diagrams">
                {distinct(r.diagrams).map((d, i) => (
                  <figure key={i}>
                    <Board scene={d.scene} still />
                    <figcaption class="small">{d.caption}</figcaption>
                  </figure>
                ))}
              </div>
            )}
            <div dangerouslySetInnerHTML={{ __html: r.html }} />
          </article>
        </div>
      )}
    </div>
  );
}
