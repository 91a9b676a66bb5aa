// The game page: the board, the seats, the action bar, the move list, the event log, chat,
// offers and the end of the game. Every decision is one of the server's legal moves, chosen
// by its click path (or typed); the server acknowledges it once stored.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";
import { Board } from "../board";
import { socket } from "../lib/socket";
import { reduce, statusWords, type GameState } from "../game/state";
import { click, complete, finishing, stillLegal, walk } from "../game/input";
import { SeatPanels, MoveList, EventLog, ChatBox, OfferBanner, GameOver, GoneBanner, Palette } from "../game/Panels";
import { gameName } from "../lib/session";
import { navigate } from "../lib/router";
import type { ServerMsg } from "../wire/ServerMsg";
import type { Scene } from "../wire/Scene";
import type { LegalMove } from "../wire/LegalMove";
import type { Control } from "../wire/Control";
import type { Nack } from "../wire/Nack";

type Action = { msg: ServerMsg } | { reset: true };

/**
 * The game's state from its stream, and why there is none when the server refused the
 * subscription (no such game).
 */
function useGame(g: string): [GameState | null, string | null] {
  const gapRef = useRef(false);
  const [missing, setMissing] = useState<string | null>(null);
  const [s, dispatch] = useReducer((state: GameState | null, act: Action): GameState | null => {
    if ("reset" in act) return null;
    const next = reduce(state, act.msg);
    if (next === "gap") {
      gapRef.current = true;
      return state;
    }
    return next;
  }, null);
  useEffect(() => {
    if (gapRef.current) {
      gapRef.current = false;
      socket().resub(g, s?.v ?? null);
    }
  });
  const sRef = useRef(s);
  sRef.current = s;
  const onMsg = useCallback((m: ServerMsg) => {
    if (m.t === "nack") {
      if (m.d.code === "not-found") setMissing(m.d.reason);
      return;
    }
    setMissing(null);
    dispatch({ msg: m });
  }, []);
  useEffect(() => {
    setMissing(null);
    const off = socket().follow(g, { onMessage: onMsg, version: () => sRef.current?.v ?? null });
    return off;
  }, [g]);
  return [s, missing];
}

const SPEEDS = [0.5, 1, 2, 4];

function storedBool(key: string, dflt: boolean): boolean {
  try {
    const v = localStorage.getItem(key);
    return v === null ? dflt : v === "1";
  } catch {
    return dflt;
  }
}
function store(key: string, v: string) {
  try {
    localStorage.setItem(key, v);
  } catch {
    /* ignore */
  }
}

export function GamePage({ g }: { g: string }) {
  const [s, missing] = useGame(g);
  const [path, setPath] = useState<string[]>([]);
  const [chooser, setChooser] = useState<{ moves: LegalMove[]; more: boolean } | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [confirmMove, setConfirmMove] = useState(() => storedBool("muster.confirm", false));
  const [toConfirm, setToConfirm] = useState<LegalMove | null>(null);
  const [ghost, setGhost] = useState<Scene | null>(null);
  const [sandbox, setSandbox] = useState<string[] | null>(null);
  const [speed, setSpeed] = useState(() => Number(localStorage.getItem("muster.speed") ?? "1") || 1);
  const [skip, setSkip] = useState(0);
  const [animating, setAnimating] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [overClosed, setOverClosed] = useState(false);
  const [tab, setTab] = useState<"moves" | "events" | "chat">("moves");
  const previewId = useRef(0);
  /** Lazy groups asked for by typing, as `<version> <prefix>`. */
  const askedGroups = useRef(new Set<string>());

  const legal = s?.legal;
  const mine = s?.full.me ?? null;
  const seated = mine !== null && mine !== undefined;
  const running = s ? s.full.status === "running" || s.full.status === "filling" : false;

  // A new `full` (resync, takeback) clears the selection; an opponent's step keeps it while
  // it is still legal.
  useEffect(() => {
    setPath([]);
    setChooser(null);
    setToConfirm(null);
  }, [s?.epoch]);
  useEffect(() => {
    if (!stillLegal(legal, path)) {
      setPath([]);
      setChooser(null);
    }
    setGhost(null);
  }, [legal]);
  useEffect(() => {
    if (s?.anim) setAnimating(s.anim.key);
  }, [s?.anim?.key]);

  // Preview replies come on the game's stream.
  useEffect(
    () =>
      socket().follow(g, {
        onMessage: (m) => {
          if (m.t === "preview" && m.d.id === previewId.current) setGhost(m.d.scene);
        },
        version: () => null,
      }),
    [g],
  );

  // A rematch (or any new game) that starts while this one is over opens at once.
  const overNow = s ? s.full.status === "over" || s.full.status === "aborted" : false;
  useEffect(() => {
    if (!overNow) return;
    return socket().onOther((m) => {
      if (m.t === "notify" && m.d.kind === "game-started" && m.d.g && m.d.g !== g) navigate(`/g/${m.d.g}`);
    });
  }, [overNow, g]);

  const act = useCallback(
    async (a: string) => {
      if (!s) return;
      setPending(a);
      setError(null);
      setPath([]);
      setChooser(null);
      setToConfirm(null);
      setGhost(null);
      const ply = s.ply;
      const h = s.hash;
      try {
        await socket().write((id) => ({ t: "act", d: { g, ply, a, id, h } }));
      } catch (e) {
        const n = e as Nack;
        setError(`${a}: ${n.reason ?? String(e)}`);
      } finally {
        setPending(null);
      }
    },
    [s, g],
  );

  const control = useCallback(
    async (k: Control) => {
      if (!s) return;
      setError(null);
      const ply = s.ply;
      const h = s.hash;
      try {
        await socket().write((id) => ({ t: "ctl", d: { g, k, ply, id, h } }));
      } catch (e) {
        setError((e as Nack).reason ?? String(e));
      }
    },
    [s, g],
  );

  const previewActions = useCallback(
    (a: string[]) => {
      if (!s || a.length === 0) return;
      const id = socket().newId();
      previewId.current = id;
      socket().send({ t: "preview", d: { g, ply: s.ply, a, id } });
    },
    [s, g],
  );

  const choose = (m: LegalMove) => {
    if (sandbox !== null) {
      const next = [...sandbox, m.a];
      setSandbox(next);
      setPath([]);
      setChooser(null);
      previewActions(next);
      return;
    }
    if (confirmMove) {
      setToConfirm(m);
      setChooser(null);
      previewActions([m.a]);
      return;
    }
    act(m.a);
  };

  const onTarget = (id: string) => {
    if (!s || pending) return;
    const c = click(legal, path, id);
    switch (c.kind) {
      case "invalid":
        // A click elsewhere starts over (or starts a new path from that target).
        if (path.length > 0) {
          const again = click(legal, [], id);
          setPath(again.kind === "extend" || again.kind === "load" || again.kind === "choose" ? again.path : []);
          setChooser(again.kind === "choose" ? { moves: again.moves, more: again.more } : null);
          if (again.kind === "submit") choose(again.move);
        }
        return;
      case "extend":
        setPath(c.path);
        setChooser(null);
        return;
      case "load":
        setPath(c.path);
        for (const prefix of c.groups) socket().send({ t: "legal", d: { g, ply: s.ply, prefix } });
        return;
      case "choose":
        setPath(c.path);
        setChooser({ moves: c.moves, more: c.more });
        return;
      case "submit":
        choose(c.move);
        return;
    }
  };

  const onHover = (id: string | null) => {
    if (!s || !legal || confirmMove || sandbox !== null) return;
    if (id === null) {
      previewId.current = 0;
      setGhost(null);
      return;
    }
    const m = finishing(legal, path, id);
    if (m) previewActions([m.a]);
  };

  const here = useMemo(() => walk(legal, path), [legal, path]);
  const cellIds = useMemo(() => new Set((s?.scene.cells ?? []).map((c) => c.id)), [s?.scene]);
  const buttons = [...here.next].filter((t) => !cellIds.has(t));
  const help = useMemo(() => new Map((s?.scene.buttons ?? []).filter((b) => b.help).map((b) => [b.id, b])), [s?.scene]);
  const clickable = useMemo(() => new Set([...here.next].filter((t) => cellIds.has(t))), [here, cellIds]);

  if (!s && missing)
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
  if (!s)
    return (
      <p class="muted" data-testid="loading">
        Loading the game…
      </p>
    );

  const anim =
    s.anim && animating === s.anim.key
      ? {
          key: s.anim.key,
          from: s.anim.from,
          steps: s.anim.steps,
          speed,
          onDone: () => setAnimating(null),
        }
      : null;
  const over = s.full.status === "over" || s.full.status === "aborted";
  const myTurn = !!legal && legal.moves.length + (legal.lazy?.length ?? 0) > 0;

  return (
    <div class="game" data-testid="game" data-game={s.full.game} data-ply={s.ply} data-status={s.full.status} data-my-turn={myTurn ? "1" : "0"}>
      <div class="board-col">
        <div class="status-line">
          <strong>{gameName(s.full.game)}</strong> <span class="muted small">{s.full.variant}</span>
          <span class="grow" />
          <span data-testid="status">{statusWords(s)}</span>
        </div>
        <OfferBanner s={s} mine={mine} control={control} />
        <GoneBanner s={s} mine={mine} control={control} />
        <Board
          scene={sandbox !== null && ghost ? ghost : s.scene}
          clickable={pending || anim ? new Set() : clickable}
          selected={path}
          onTarget={onTarget}
          onHover={onHover}
          ghost={sandbox !== null ? null : ghost}
          animation={anim}
          skip={skip}
        />
        <div class="action-bar" data-testid="action-bar">
          {pending && (
            <span class="pending" data-testid="pending">
              Sending {pending}…
            </span>
          )}
          {toConfirm && (
            <>
              <button class="primary" data-testid="confirm" onClick={() => act(toConfirm.a)}>
                Play {toConfirm.label ?? toConfirm.a}
              </button>
              <button onClick={() => (setToConfirm(null), setGhost(null), setPath([]))}>Cancel</button>
            </>
          )}
          {chooser && (
            <span class="chooser" role="group" aria-label="Choose a move" data-testid="chooser">
              {chooser.moves.map((m) => (
                <button key={m.a} data-testid={`choose-${m.a}`} disabled={!!pending || !!anim} onClick={() => choose(m)}>
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
              disabled={!!pending || !!anim}
              title={anim ? "wait for the animation, or skip it" : help.get(b)?.help}
              aria-describedby={help.has(b) ? `help-${b}` : undefined}
              onClick={() => onTarget(b)}
            >
              {b}
            </button>
          ))}
          {path.length > 0 && !pending && (
            <button class="link" data-testid="clear" onClick={() => (setPath([]), setChooser(null))}>
              clear
            </button>
          )}
          <span class="grow" />
          {anim && (
            <button class="link" data-testid="skip" onClick={() => setSkip(skip + 1)}>
              skip ▸▸
            </button>
          )}
        </div>
        <Palette buttons={buttons.flatMap((b) => help.get(b) ?? [])} />
        {error && (
          <p class="error" role="alert" data-testid="error">
            {error}
          </p>
        )}
        <TypedMove
          legal={legal}
          disabled={!!pending}
          onTyping={() => {
            // Typed text can name a move of a group not loaded yet (MuTou's area
            // alterations): load every group once, so the completions offer them too.
            for (const group of legal?.lazy ?? []) {
              const key = `${s.v} ${group.prefix.join(" ")}`;
              if (askedGroups.current.has(key)) continue;
              askedGroups.current.add(key);
              socket().send({ t: "legal", d: { g, ply: s.ply, prefix: group.prefix } });
            }
          }}
          onPlay={(a) => {
            const m = legal?.moves.find((x) => x.a === a);
            if (m) choose(m);
            else if (sandbox !== null) {
              const next = [...sandbox, a];
              setSandbox(next);
              previewActions(next);
            } else if ((legal?.lazy?.length ?? 0) > 0) act(a);
            else setError(`\`${a}\` is not one of your legal moves now`);
          }}
          sandbox={sandbox !== null}
        />
      </div>
      <aside class="side-col">
        <SeatPanels s={s} mine={mine} />
        {seated && running && (
          <div class="controls row wrap" data-testid="controls">
            <button onClick={() => confirm("Resign this game?") && control("resign")} data-testid="resign">
              Resign
            </button>
            {s.full.game === "mur" && (
              <button onClick={() => confirm("Resign this set? Play goes on with the next set.") && control("resign-set")}>Resign set</button>
            )}
            {s.full.seats.length === 2 && (s.full.game === "murus-gallicus" || s.full.game === "mur") && (
              <button data-testid="draw-offer" onClick={() => control("draw-offer")}>
                Offer draw
              </button>
            )}
            <button data-testid="back-offer" onClick={() => control("back-offer")}>
              Takeback
            </button>
            <button data-testid="abort" onClick={() => control("abort")}>
              Abort
            </button>
          </div>
        )}
        <div class="prefs row wrap small">
          <label class="check">
            <input type="checkbox" checked={confirmMove} data-testid="confirm-toggle" onChange={(e) => {
              setConfirmMove(e.currentTarget.checked);
              store("muster.confirm", e.currentTarget.checked ? "1" : "0");
            }} />{" "}
            confirm moves
          </label>
          {seated && !over && (
            <label class="check">
              <input type="checkbox" checked={sandbox !== null} data-testid="sandbox-toggle" onChange={(e) => {
                setSandbox(e.currentTarget.checked ? [] : null);
                setGhost(null);
              }} />{" "}
              try moves
            </label>
          )}
          <label>
            animation{" "}
            <select value={String(speed)} onChange={(e) => {
              setSpeed(Number(e.currentTarget.value));
              store("muster.speed", e.currentTarget.value);
            }}>
              {SPEEDS.map((x) => (
                <option key={x} value={String(x)}>
                  {x}×
                </option>
              ))}
            </select>
          </label>
        </div>
        {sandbox !== null && (
          <div class="sandbox banner" data-testid="sandbox">
            Trying: {sandbox.length === 0 ? <span class="muted">click or type moves; nothing is played</span> : sandbox.join(", ")}{" "}
            {sandbox.length > 0 && (
              <button class="link" onClick={() => (setSandbox([]), setGhost(null))}>
                start again
              </button>
            )}
          </div>
        )}
        <div class="tabs" role="tablist">
          {(["moves", "events", "chat"] as const).map((t) => (
            <button key={t} role="tab" aria-selected={tab === t} class={tab === t ? "on" : ""} data-testid={`tab-${t}`} onClick={() => setTab(t)}>
              {t}
            </button>
          ))}
        </div>
        {tab === "moves" && <MoveList s={s} />}
        {tab === "events" && <EventLog s={s} />}
        {tab === "chat" && (
          <ChatBox
            s={s}
            seated={seated}
            say={async (room, text) => {
              // A line too long to send is refused by the socket (and said); the box keeps it.
              if (!socket().send({ t: "say", d: { room, text, id: socket().newId() } })) throw { reason: "the message is too long to send" };
            }}
          />
        )}
        <p class="small">
          <a href={`/api/games/${g}/record`} target="_blank" rel="noopener">
            Record
          </a>
          {over && (
            <>
              {" · "}
              <a href={`/replay/${g}`}>Replay</a>
            </>
          )}
        </p>
      </aside>
      {over && !overClosed && !anim && <GameOver s={s} mine={mine} control={control} onClose={() => setOverClosed(true)} />}
    </div>
  );
}

function TypedMove({ legal, disabled, onPlay, onTyping, sandbox }: { legal: GameState["legal"]; disabled: boolean; onPlay(a: string): void; onTyping(): void; sandbox: boolean }) {
  const [text, setText] = useState("");
  const options = useMemo(() => complete(legal, text, 40), [legal, text]);
  // Typing while groups of moves are not loaded asks for them (the page asks each once).
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
        {options.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <button type="submit" disabled={disabled}>
        {sandbox ? "Try" : "Play"}
      </button>
    </form>
  );
}
