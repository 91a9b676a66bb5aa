// The parts of the game page around the board: seat panels, move list, event log, chat,
// offer banner and the game-over dialog.
import { useEffect, useRef, useState } from "preact/hooks";
import type { GameState } from "./state";
import { clocksNow } from "./state";
import { useSayRefusals } from "../lib/chat";
import type { Button } from "../wire/Button";
import type { Panel } from "../wire/Panel";
import type { SeatInfo } from "../wire/SeatInfo";
import type { Control } from "../wire/Control";

export function fmtClock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(t);
  }, [ms]);
  return now;
}

/** The player's name (`name`; `user` is the account's id). */
function who(seat: SeatInfo): string {
  if (seat.kind === "ai") return seat.name || `AI level ${seat.level ?? "?"}`;
  if (seat.kind === "open") return "open seat";
  return seat.name || "?";
}

export function SeatPanels({ s, mine }: { s: GameState; mine: number | null }) {
  const now = useNow(250);
  const clocks = clocksNow(s, now);
  const panels: Panel[] = s.scene.panels;
  return (
    <div class="seats" data-testid="seats">
      {s.full.seats.map((seat) => {
        const p = panels.find((x) => x.seat === seat.seat);
        const toAct = typeof s.actor === "object" && s.actor.seat === seat.seat;
        const online = seat.kind === "ai" || s.online.includes(seat.seat);
        const rank = s.full.outcome?.ranks[seat.seat];
        return (
          <div class={`seat ${toAct ? "to-act" : ""} ${seat.seat === mine ? "mine" : ""}`} key={seat.seat} data-testid={`seat-panel-${seat.seat}`} data-to-act={toAct ? "1" : "0"}>
            <span class="swatch" style={{ background: p?.colour ?? "#888", color: p?.ink ?? "#fff" }} aria-hidden="true">
              {p?.letter ?? ""}
            </span>
            <span class="who">
              <span class="name">
                <span class={`dot ${online ? "on" : ""}`} title={online ? "online" : "away"} />
                {seat.kind === "human" && seat.name ? <a href={`/u/${encodeURIComponent(seat.name)}`}>{seat.name}</a> : who(seat)}
                {seat.retired !== undefined && seat.retired !== null ? <span class="badge">retired</span> : null}
              </span>
              <span class="muted small">
                {p?.name ?? seat.name}
                {toAct && s.actor !== "over" ? " · to move" : ""}
                {rank !== undefined ? ` · ${rank === 0 ? "winner" : `rank ${rank + 1}`}` : ""}
              </span>
              {p && p.tallies.length > 0 && (
                <span class="tallies small">
                  {p.tallies.map((t) => (
                    <span key={t.label}>
                      {t.label} <b>{String(t.value)}</b>
                    </span>
                  ))}
                </span>
              )}
            </span>
            {clocks && (
              <span class={`clock ${s.clock?.running === seat.seat ? "running" : ""} ${clocks[seat.seat] < 20000 ? "low" : ""}`} data-testid={`clock-${seat.seat}`}>
                {fmtClock(clocks[seat.seat] ?? 0)}
              </span>
            )}
          </div>
        );
      })}
      {s.watchers > 0 && <div class="muted small">{s.watchers} watching</div>}
    </div>
  );
}

export function MoveList({ s }: { s: GameState }) {
  const turns = new Map<number, typeof s.moves>();
  for (const m of s.moves) {
    const list = turns.get(m.turn) ?? [];
    list.push(m);
    turns.set(m.turn, list);
  }
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.scrollTo(0, ref.current.scrollHeight);
  }, [s.moves.length]);
  const colourOf = (seat: number) => s.scene.panels.find((p) => p.seat === seat)?.colour ?? "#888";
  return (
    <ol class="moves" ref={ref} data-testid="moves" aria-label="Moves">
      {[...turns.entries()].map(([turn, ms]) => (
        <li key={turn}>
          <span class="turn-no">{turn}.</span>
          {ms.map((m) => (
            <span key={m.ply} class={`mv ${m.a === null ? "secret" : ""}`} data-ply={m.ply} title={`ply ${m.ply + 1}`}>
              {typeof m.by === "object" ? <i class="chip" style={{ background: colourOf(m.by.seat) }} /> : <i class="chip chance" title="chance" />}
              {m.a === null ? <i title="secret until the setting-out ends">secret</i> : m.a}
            </span>
          ))}
        </li>
      ))}
      {s.moves.length === 0 && <li class="muted">No moves yet.</li>}
    </ol>
  );
}

/** `mu:2.6 explosion` → `/rules/mu#2.6`. */
export function ruleLink(rule: string): { href: string; label: string } | null {
  const m = /^([a-z-]+):(\S+)\s*(.*)$/.exec(rule);
  if (!m) return null;
  return { href: `/rules/${m[1]}#${encodeURIComponent(m[2])}`, label: `§${m[2]}${m[3] ? ` ${m[3]}` : ""}` };
}

/**
 * What the buttons of the action bar do, each with the rule it comes from (MuTou's tools, Mu's
 * pass): the words are the rules crate's, sent with the scene.
 */
export function Palette({ buttons }: { buttons: Button[] }) {
  if (buttons.length === 0) return null;
  return (
    <details class="palette" open data-testid="palette">
      <summary>What the buttons do</summary>
      <dl>
        {buttons.map((b) => {
          const link = b.rule ? ruleLink(b.rule) : null;
          return (
            <div key={b.id} class="palette-row">
              <dt>
                <code>{b.id}</code>
              </dt>
              <dd id={`help-${b.id}`}>
                {b.help}{" "}
                {link && (
                  <a class="rule" href={link.href}>
                    {link.label}
                  </a>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}

export function EventLog({ s }: { s: GameState }) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    ref.current?.scrollTo(0, ref.current.scrollHeight);
  }, [s.log.length]);
  return (
    <ol class="events" ref={ref} data-testid="events" aria-label="What happened">
      {s.log.length === 0 && <li class="muted">Events of each move show here, each with the rule behind it.</li>}
      {s.log.map((l, i) => {
        const link = ruleLink(l.rule);
        return (
          <li key={i}>
            <span class="muted small">{l.ply}</span> {l.text}{" "}
            {link && (
              <a class="rule" href={link.href} target="_blank" rel="noopener">
                {link.label}
              </a>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The game's chat for this player's room (players or watchers). `say` sends a line and answers
 * the `say`'s id, or throws `{ reason }` when it cannot be sent; a refusal of the server shows
 * with its reason and puts the words back into the box.
 */
export function ChatBox({ s, seated, say }: { s: GameState; seated: boolean; say(room: string, text: string): number }) {
  const room = `g:${s.full.g}:${seated ? "players" : "watchers"}`;
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const remember = useSayRefusals((reason, words) => {
    setError(`Not sent: ${reason}`);
    setText((now) => now || words);
  });
  const lines = s.chat.filter((c) => c.room === room);
  return (
    <div class="chat" data-testid="chat">
      <ol class="lines">
        {lines.map((c, i) => (
          <li key={i}>
            <b>{c.from}</b> {c.text}
          </li>
        ))}
        {lines.length === 0 && <li class="muted small">{seated ? "Players' chat" : "Watchers' chat"}</li>}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const t = text.trim();
          if (!t) return;
          setError(null);
          try {
            remember(say(room, t), t);
            setText("");
          } catch (err) {
            setError(String((err as { reason?: string }).reason ?? err));
          }
        }}
      >
        <input value={text} maxLength={500} placeholder="Say something" aria-label="Chat message" onInput={(e) => setText(e.currentTarget.value)} />
      </form>
      {error && (
        <p class="error small" role="alert" data-testid="chat-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function OfferBanner({ s, mine, control }: { s: GameState; mine: number | null; control(k: Control): void }) {
  const theirs = s.offers.filter((o) => o.by !== mine);
  const ours = s.offers.filter((o) => o.by === mine);
  if (s.offers.length === 0) return null;
  const name = (seat: number) => s.scene.panels.find((p) => p.seat === seat)?.name ?? `seat ${seat + 1}`;
  const words = { draw: "a draw", back: "a takeback", rematch: "a rematch" } as const;
  return (
    <div class="banner offer" role="status" data-testid="offer">
      {theirs.map((o) => (
        <span key={`${o.k}${o.by}`}>
          {name(o.by)} offers {words[o.k]}.{" "}
          {mine !== null && (
            <>
              <button data-testid={`${o.k}-yes`} onClick={() => control(`${o.k}-yes` as Control)}>
                Accept
              </button>{" "}
              <button data-testid={`${o.k}-no`} onClick={() => control(`${o.k}-no` as Control)}>
                Decline
              </button>
            </>
          )}
        </span>
      ))}
      {ours.map((o) => (
        <span key={`${o.k}${o.by}`} class="muted">
          You offered {words[o.k]}; waiting for an answer.
        </span>
      ))}
    </div>
  );
}

export function GameOver({ s, mine, control, onClose }: { s: GameState; mine: number | null; control(k: Control): void; onClose(): void }) {
  const out = s.full.outcome;
  if (!out) return null;
  const order = s.full.seats.map((x) => x.seat).sort((a, b) => out.ranks[a] - out.ranks[b]);
  const ratings = s.end?.ratings ?? [];
  const panel = (seat: number) => s.scene.panels.find((p) => p.seat === seat);
  const title = s.full.status === "aborted" ? "Game aborted" : mine !== null ? (out.ranks[mine] === 0 ? (out.ranks.filter((r) => r === 0).length > 1 ? "A shared win" : "You won") : "Game over") : "Game over";
  return (
    <div class="dialog-back" role="dialog" aria-modal="true" aria-label="Game over" data-testid="game-over">
      <div class="dialog">
        <h2>{title}</h2>
        <p>{out.reason}</p>
        <table class="result">
          <thead>
            <tr>
              <th>Rank</th>
              <th>Seat</th>
              <th>Score</th>
              {ratings.length > 0 && <th>Rating</th>}
            </tr>
          </thead>
          <tbody>
            {order.map((seat) => {
              const r = ratings.find((x) => x.seat === seat);
              const info = s.full.seats.find((x) => x.seat === seat);
              return (
                <tr key={seat}>
                  <td>{out.ranks[seat] + 1}</td>
                  <td>
                    <span class="swatch small" style={{ background: panel(seat)?.colour }} /> {panel(seat)?.name} {info ? `(${who(info)})` : ""}
                  </td>
                  <td>{out.scores[seat]}</td>
                  {ratings.length > 0 && <td>{r ? `${Math.round(r.after)} (${r.after >= r.before ? "+" : ""}${Math.round(r.after - r.before)})` : ""}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
        <div class="row wrap">
          {mine !== null && (
            <button data-testid="rematch" onClick={() => control("rematch-offer")}>
              Rematch
            </button>
          )}
          <a class="button" href={`/replay/${s.full.g}`}>
            Replay
          </a>
          <button onClick={onClose}>Look at the board</button>
          <a class="button primary" href="/">
            New game
          </a>
        </div>
      </div>
    </div>
  );
}

/** A seat whose player left: the countdown to a claim, then the claim buttons. */
export function GoneBanner({ s, mine, control }: { s: GameState; mine: number | null; control(k: Control): void }) {
  const now = useNow(500);
  const gone = s.gone;
  if (!gone || s.actor === "over" || gone.seat === mine) return null;
  const name = s.scene.panels.find((p) => p.seat === gone.seat)?.name ?? `seat ${gone.seat + 1}`;
  const left = gone.until - now;
  return (
    <div class="banner warn-soft" role="status" data-testid="gone">
      {name} has left the game.{" "}
      {left > 0 ? (
        <span>You may claim in {Math.ceil(left / 1000)} s.</span>
      ) : mine !== null ? (
        <>
          <button data-testid="claim-win" onClick={() => control("claim-win")}>
            Claim the win
          </button>
          <button data-testid="claim-draw" onClick={() => control("claim-draw")}>
            Call it a draw
          </button>
        </>
      ) : (
        <span>The players may claim the game.</span>
      )}
    </div>
  );
}
