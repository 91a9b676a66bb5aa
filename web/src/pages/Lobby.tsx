// The lobby: the four games, a form for a new game built from the rules' catalog (presets,
// options with their domains, 2–10 seats with AI levels, clocks), the open challenges and the
// lobby's chat (LobbyChat.tsx).
import { useEffect, useMemo, useState } from "preact/hooks";
import { get, post, newKey, HttpError, type CatalogGame, type CatalogOption } from "../lib/api";
import { navigate } from "../lib/router";
import { useSession, gameName } from "../lib/session";
import { socket } from "../lib/socket";
import type { CatalogResponse } from "../wire/CatalogResponse";
import type { ChallengeInfo } from "../wire/ChallengeInfo";
import type { ChallengeRequest } from "../wire/ChallengeRequest";
import type { SeatSpec } from "../wire/SeatSpec";
import type { ClockSpec } from "../wire/ClockSpec";
import type { ChallengeVisibility } from "../wire/ChallengeVisibility";
import type { TakebackPolicy } from "../wire/TakebackPolicy";
import { MyGamesList, GameList } from "./MyGames";
import type { GamesResponse } from "../wire/GamesResponse";
import type { GameSummary } from "../wire/GameSummary";
import { LobbyChat } from "./LobbyChat";

interface Catalog {
  games: CatalogGame[];
  ai_min: number;
  ai_max: number;
}

const BLURB: Record<string, string> = {
  "murus-gallicus": "Build walls of stone, tower over them, and break through to the far side.",
  mur: "Ships and a kraken on a round board: knock, trap and withdraw.",
  mu: "Lay out the board, then blow away Virginity in chain reactions to claim the Commonwealth.",
  mutou: "A game from a story: stacks of shakken on a sown surface, secret setting-out, dice.",
};

export function Lobby() {
  const [cat, setCat] = useState<Catalog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [game, setGame] = useState<string>(() => new URLSearchParams(location.search).get("game") ?? "murus-gallicus");
  useEffect(() => {
    get<CatalogResponse>("/api/catalog")
      // `games` is the rules' catalog as serialised: `{ games: [...] }`.
      .then((c) => setCat({ games: (c.games as { games: CatalogGame[] }).games, ai_min: c.ai_min, ai_max: c.ai_max }))
      .catch((e) => setError(String(e.message ?? e)));
  }, []);
  if (error) return <p class="error">The catalog could not be read: {error}</p>;
  if (!cat) return <p class="muted">Loading…</p>;
  const entry = cat.games.find((g) => g.info.id === game) ?? cat.games[0];
  return (
    <div class="lobby">
      <section class="cards" aria-label="Games">
        {cat.games.map((g) => (
          <div key={g.info.id} class={`game-card ${g.info.id === entry.info.id ? "on" : ""}`}>
            <button class="card-pick" data-testid={`card-${g.info.id}`} aria-pressed={g.info.id === entry.info.id} onClick={() => setGame(g.info.id)}>
              <strong>{g.info.name}</strong>
              <span class="muted">
                {g.info.designer} · {g.info.min_seats === g.info.max_seats ? `${g.info.min_seats} players` : `${g.info.min_seats}–${g.info.max_seats} players`}
              </span>
              <span>{BLURB[g.info.id] ?? ""}</span>
            </button>
            <a href={`/rules/${g.info.id}`} aria-label={`Rules of ${g.info.name}`}>
              Rules
            </a>
          </div>
        ))}
      </section>
      <div class="lobby-cols">
        <NewGame key={entry.info.id} entry={entry} aiMin={cat.ai_min} aiMax={cat.ai_max} />
        <div class="side">
          <OpenChallenges />
          <LobbyChat />
          <section class="card">
            <h2>Your games</h2>
            <MyGamesList status="active" compact />
          </section>
          <section class="card" data-testid="watch">
            <h2>Watch</h2>
            <WatchList />
          </section>
        </div>
      </div>
    </div>
  );
}

type SeatRow = { kind: "me" } | { kind: "open" } | { kind: "user"; name: string } | { kind: "ai"; level: number };

function presetValues(entry: CatalogGame, preset: string): Record<string, string> {
  const p = entry.presets.find((x) => x.name === preset) ?? entry.presets[0];
  const out: Record<string, string> = {};
  for (const v of p?.values ?? []) out[v.key] = v.value;
  return out;
}

/** The variant text: the preset, then the options that differ from it. */
export function variantText(entry: CatalogGame, preset: string, values: Record<string, string>): string {
  const base = presetValues(entry, preset);
  const words = [preset];
  for (const o of entry.options) if (values[o.key] !== undefined && values[o.key] !== base[o.key]) words.push(`${o.key}=${values[o.key]}`);
  return words.join(" ");
}

function NewGame({ entry, aiMin, aiMax }: { entry: CatalogGame; aiMin: number; aiMax: number }) {
  const { user } = useSession();
  const id = entry.info.id;
  const [preset, setPreset] = useState(entry.presets[0]?.name ?? "");
  const [values, setValues] = useState<Record<string, string>>(() => presetValues(entry, entry.presets[0]?.name ?? ""));
  const [seats, setSeats] = useState<SeatRow[]>(() => [{ kind: "me" }, ...Array.from({ length: entry.info.default_seats - 1 }, () => ({ kind: "ai", level: 2 }) as SeatRow)]);
  const [random, setRandom] = useState(false);
  const [clock, setClock] = useState<"none" | "live" | "corr">("none");
  const [base, setBase] = useState(10);
  const [inc, setInc] = useState(5);
  const [days, setDays] = useState(3);
  const [rated, setRated] = useState(false);
  const [vis, setVis] = useState<ChallengeVisibility>("public");
  const [takeback, setTakeback] = useState<TakebackPolicy>("casual");
  const [showOptions, setShowOptions] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<ChallengeInfo | null>(null);
  const variant = useMemo(() => variantText(entry, preset, values), [entry, preset, values]);

  // A read that lands after the withdrawal (a notice of it asks for one) must not bring the
  // card back: only an open challenge is waited for.
  useGameOfChallenge(waiting && !waiting.g ? waiting.id : null, (c) => setWaiting(c.status === "open" ? c : null));

  const setSeat = (i: number, s: SeatRow) => setSeats(seats.map((x, j) => (j === i ? s : x)));
  const specOf = (s: SeatRow): SeatSpec => (s.kind === "user" ? { kind: "user", name: s.name.trim() } : s.kind === "ai" ? { kind: "ai", level: s.level } : { kind: s.kind });
  const clockSpec = (): ClockSpec => (clock === "live" ? { kind: "live", base_ms: base * 60_000, inc_ms: inc * 1000 } : clock === "corr" ? { kind: "corr", per_move_ms: days * 86_400_000 } : { kind: "none" });

  const create = async (rows: SeatRow[]) => {
    setBusy(true);
    setError(null);
    const req: ChallengeRequest = { game: id, variant, seats: rows.map(specOf), random_order: random, clock: clockSpec(), rated, takeback, visibility: vis };
    try {
      const c = await post<ChallengeInfo>("/api/challenges", req, { "Idempotency-Key": newKey() });
      if (c.g) navigate(`/g/${c.g}`);
      else setWaiting(c);
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const quick = (level: number) => create([{ kind: "me" }, ...Array.from({ length: entry.info.default_seats - 1 }, () => ({ kind: "ai", level }) as SeatRow)]);
  const hotseat = () => create(Array.from({ length: seats.length }, () => ({ kind: "me" }) as SeatRow));

  if (waiting)
    return (
      <section class="card" data-testid="waiting">
        <h2>Waiting for players</h2>
        <p>
          {gameName(id)} — {waiting.spec.variant}. Seats taken: {waiting.seats.filter((s) => s.taken).length} of {waiting.seats.length}.
        </p>
        <p>
          Share this link: <code>{`${location.origin}/?challenge=${waiting.id}`}</code>
        </p>
        <div class="row">
          <button
            onClick={async () => {
              try {
                await fetch(`/api/challenges/${waiting.id}`, { method: "DELETE", credentials: "same-origin" });
              } finally {
                setWaiting(null);
              }
            }}
          >
            Withdraw
          </button>
        </div>
      </section>
    );

  return (
    <section class="card new-game" aria-label="New game">
      <h2>New game of {entry.info.name}</h2>
      <div class="row wrap quick">
        {[1, 2, 4, 6, 8].map((l) => (
          <button key={l} data-testid={`quick-ai-${l}`} disabled={busy} onClick={() => quick(l)}>
            vs AI level {l}
          </button>
        ))}
        <button data-testid="quick-hotseat" disabled={busy} onClick={hotseat}>
          Hot seat
        </button>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create(seats);
        }}
      >
        <label>
          Variant{" "}
          <select
            data-testid="preset"
            value={preset}
            onChange={(e) => {
              setPreset(e.currentTarget.value);
              setValues(presetValues(entry, e.currentTarget.value));
            }}
          >
            {entry.presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name} — {p.summary}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="link" onClick={() => setShowOptions(!showOptions)} aria-expanded={showOptions}>
          {showOptions ? "Hide options" : `Options (${entry.options.length})`}
        </button>
        {showOptions && (
          <div class="options">
            {entry.options.map((o) => (
              <OptionField key={o.key} o={o} value={values[o.key] ?? o.default} onChange={(v) => setValues({ ...values, [o.key]: v })} />
            ))}
          </div>
        )}
        <p class="muted small">
          Variant text: <code data-testid="variant-text">{variant}</code>
        </p>
        <fieldset>
          <legend>Seats (in turn order)</legend>
          {seats.map((s, i) => (
            <div class="row seat-row" key={i}>
              <span class="seat-no">{i + 1}</span>
              <select
                aria-label={`Seat ${i + 1}`}
                data-testid={`seat-${i}`}
                value={s.kind === "ai" ? `ai${s.level}` : s.kind}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setSeat(i, v.startsWith("ai") ? { kind: "ai", level: Number(v.slice(2)) } : v === "user" ? { kind: "user", name: "" } : ({ kind: v } as SeatRow));
                }}
              >
                <option value="me">Me{user ? ` (${user.name})` : ""}</option>
                <option value="open">Open seat</option>
                <option value="user">A named player</option>
                {Array.from({ length: aiMax - aiMin + 1 }, (_, k) => aiMin + k).map((l) => (
                  <option key={l} value={`ai${l}`}>
                    AI level {l}
                  </option>
                ))}
              </select>
              {s.kind === "user" && <input placeholder="name" aria-label={`Seat ${i + 1} player`} value={s.name} onInput={(e) => setSeat(i, { kind: "user", name: e.currentTarget.value })} />}
              {seats.length > entry.info.min_seats && (
                <button type="button" class="link" aria-label={`Remove seat ${i + 1}`} onClick={() => setSeats(seats.filter((_, j) => j !== i))}>
                  ✕
                </button>
              )}
            </div>
          ))}
          {seats.length < entry.info.max_seats && (
            <button type="button" class="link" data-testid="add-seat" onClick={() => setSeats([...seats, { kind: "open" }])}>
              + add a seat
            </button>
          )}
          <label class="check">
            <input type="checkbox" checked={random} onChange={(e) => setRandom(e.currentTarget.checked)} /> Random order (fate decides who goes first)
          </label>
        </fieldset>
        <fieldset>
          <legend>Clock</legend>
          <div class="row wrap">
            {(["none", "live", "corr"] as const).map((k) => (
              <label class="check" key={k}>
                <input type="radio" name="clock" checked={clock === k} disabled={id === "mutou" && k !== "none"} onChange={() => setClock(k)} />
                {k === "none" ? "Untimed" : k === "live" ? "Live" : "Correspondence"}
              </label>
            ))}
          </div>
          {clock === "live" && (
            <div class="row wrap">
              <label>
                Minutes <input type="number" min={1} max={180} value={base} onInput={(e) => setBase(Number(e.currentTarget.value))} />
              </label>
              <label>
                + seconds per turn <input type="number" min={0} max={60} value={inc} onInput={(e) => setInc(Number(e.currentTarget.value))} />
              </label>
            </div>
          )}
          {clock === "corr" && (
            <label>
              Days per move <input type="number" min={1} max={14} value={days} onInput={(e) => setDays(Number(e.currentTarget.value))} />
            </label>
          )}
        </fieldset>
        <div class="row wrap">
          <label class="check">
            <input type="checkbox" checked={rated} disabled={!user || user.guest} onChange={(e) => setRated(e.currentTarget.checked)} /> Rated
            {user?.guest ? <span class="muted small"> (register to play rated)</span> : null}
          </label>
          <label>
            Takebacks{" "}
            <select value={takeback} onChange={(e) => setTakeback(e.currentTarget.value as TakebackPolicy)}>
              <option value="casual">in casual games</option>
              <option value="always">always</option>
              <option value="never">never</option>
            </select>
          </label>
          <label>
            Who sees it{" "}
            <select value={vis} onChange={(e) => setVis(e.currentTarget.value as ChallengeVisibility)}>
              <option value="public">everyone (lobby)</option>
              <option value="link">those with the link</option>
              <option value="direct">the named players</option>
            </select>
          </label>
        </div>
        {error && (
          <p class="error" role="alert" data-testid="form-error">
            {error}
          </p>
        )}
        <button type="submit" class="primary" data-testid="create" disabled={busy}>
          Create game
        </button>
      </form>
    </section>
  );
}

function OptionField({ o, value, onChange }: { o: CatalogOption; value: string; onChange(v: string): void }) {
  const badge = o.status === "official" ? null : <span class="badge">{o.status === "house_rule" ? "house rule" : "muster"}</span>;
  const d = o.domain;
  return (
    <label class="option" title={o.summary}>
      <span>
        {o.key} {badge}
      </span>
      {d.kind === "choices" ? (
        <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {d.choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : (
        <span class="row">
          <input type="number" min={d.min} max={d.max} value={d.off && value === d.off ? "" : value} disabled={!!d.off && value === d.off} onInput={(e) => onChange(e.currentTarget.value)} />
          {d.unit && <span class="muted small">{d.unit}</span>}
          {d.off && (
            <label class="check small">
              <input type="checkbox" checked={value === d.off} onChange={(e) => onChange(e.currentTarget.checked ? d.off! : String(d.min))} /> {d.off}
            </label>
          )}
        </span>
      )}
      <span class="muted small">{o.summary}</span>
    </label>
  );
}

/** How often a page waiting for a challenge's game asks anyway, should a notice be lost. */
const FALLBACK_POLL_MS = 10_000;

/**
 * Goes to the game of challenge `id` (when not null) as soon as it starts: the server's notices
 * (`game-started`, `challenge-gone`) say when to look, and a slow poll covers a notice missed
 * while the socket was down. `onInfo` hears every state of the challenge read meanwhile.
 */
function useGameOfChallenge(id: string | null, onInfo?: (c: ChallengeInfo) => void) {
  useEffect(() => {
    if (!id) return;
    let live = true;
    const look = async () => {
      try {
        const c = await get<ChallengeInfo>(`/api/challenges/${encodeURIComponent(id)}`);
        if (!live) return;
        if (c.g) navigate(`/g/${c.g}`);
        else onInfo?.(c);
      } catch {
        /* asked again on the next notice or poll */
      }
    };
    const off = socket().onOther((m) => {
      if (m.t === "notify" && (m.d.kind === "game-started" || m.d.kind === "challenge-gone")) void look();
    });
    const t = window.setInterval(look, FALLBACK_POLL_MS);
    return () => {
      live = false;
      off();
      window.clearInterval(t);
    };
  }, [id]);
}

function OpenChallenges() {
  const { user } = useSession();
  const [list, setList] = useState<ChallengeInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<{ challenges: ChallengeInfo[] }>("/api/challenges")
      .then((r) => setList(r.challenges))
      .catch((e) => setError(String(e.message ?? e)));
    const s = socket();
    const off = s.onOther((m) => {
      if (m.t === "lobby") setList(m.d.challenges);
    });
    const unfollow = s.followLobby();
    return () => {
      off();
      unfollow();
    };
  }, []);
  // A challenge joined that still has open seats: go to its game once the last seat fills.
  const [joined, setJoined] = useState<string | null>(null);
  useGameOfChallenge(joined);
  // A shared link: /?challenge=<id>, shown with its details (or why it cannot be joined).
  const linked = new URLSearchParams(location.search).get("challenge");
  const [linkedInfo, setLinkedInfo] = useState<ChallengeInfo | string | null>(null);
  useEffect(() => {
    if (!linked) return;
    get<ChallengeInfo>(`/api/challenges/${encodeURIComponent(linked)}`)
      .then(setLinkedInfo)
      .catch((e) => setLinkedInfo(e instanceof HttpError && e.status === 404 ? "This challenge does not exist (any more)." : String(e.message ?? e)));
  }, [linked]);
  const join = async (id: string) => {
    setError(null);
    try {
      const c = await post<ChallengeInfo>(`/api/challenges/${id}/join`, {}, { "Idempotency-Key": newKey() });
      if (c.g) navigate(`/g/${c.g}`);
      else {
        setJoined(c.id);
        setList((xs) => (xs ?? []).map((x) => (x.id === c.id ? c : x)));
      }
    } catch (e) {
      setError(e instanceof HttpError ? e.message : String(e));
    }
  };
  return (
    <section class="card" aria-label="Open challenges">
      <h2>Open challenges</h2>
      {linked && (
        <div class="linked" data-testid="linked">
          <h3>The challenge you were sent</h3>
          {linkedInfo === null ? (
            <p class="muted">Loading…</p>
          ) : typeof linkedInfo === "string" ? (
            <p class="error">{linkedInfo}</p>
          ) : (
            <>
              <ChallengeLine c={linkedInfo} />
              {linkedInfo.status !== "open" ? (
                <p class="muted">It is no longer open: {linkedInfo.status}.</p>
              ) : joined === linkedInfo.id ? (
                <p class="muted small">Joined: the game starts when every seat is taken.</p>
              ) : user && linkedInfo.creator.id === user.id ? (
                <p class="muted small">This is your own challenge.</p>
              ) : (
                <button class="primary" data-testid="join-linked" onClick={() => join(linkedInfo.id)}>
                  Join it
                </button>
              )}
            </>
          )}
        </div>
      )}
      {error && <p class="error">{error}</p>}
      {list === null ? (
        <p class="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p class="muted">None open. Create one, or play the AI.</p>
      ) : (
        <ul class="challenges">
          {list.map((c) => (
            <li key={c.id} data-testid="challenge">
              <ChallengeLine c={c} />
              {joined === c.id ? (
                <span class="muted small">joined: the game starts when every seat is taken</span>
              ) : (
                user &&
                c.creator.id !== user.id && (
                  <button data-testid={`join-${c.id}`} onClick={() => join(c.id)}>
                    Join
                  </button>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Games of public challenges being played now: anyone may watch. */
function WatchList() {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      get<GamesResponse>("/api/games?status=active")
        .then((r) => live && setGames(r.games.slice(0, 10)))
        .catch(() => live && setGames([]));
    load();
    const t = window.setInterval(load, 20000);
    return () => {
      live = false;
      window.clearInterval(t);
    };
  }, []);
  if (!games) return <p class="muted">Loading…</p>;
  if (games.length === 0) return <p class="muted">No public games are being played.</p>;
  return <GameList games={games} />;
}

/** A challenge in one line: the game, its variant, who made it, its seats, clock and rating. */
function ChallengeLine({ c }: { c: ChallengeInfo }) {
  const clock = c.spec.clock;
  const time = clock.kind === "live" ? `${clock.base_ms / 60000}+${clock.inc_ms / 1000}` : clock.kind === "corr" ? `${clock.per_move_ms / 86400000} d/move` : "untimed";
  return (
    <span>
      <strong>{gameName(c.spec.game)}</strong> <span class="muted">{c.spec.variant}</span>
      <br />
      <span class="small">
        by {c.creator.name} · {c.seats.filter((s) => s.taken).length}/{c.seats.length} seats · {time}
        {c.spec.rated ? " · rated" : ""}
      </span>
    </span>
  );
}
