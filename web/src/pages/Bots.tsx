// The bots page (`/bots`): a registered user's bots — making one (`POST /api/bots`), its token
// shown once with a copy button, a token replaced (`POST /api/bots/{name}/token`) or revoked
// (`DELETE /api/bots/{name}/token`) after a confirmation — and how a bot connects. A guest is
// told that bots need a registered account; a bot owns no bots.
import { useEffect, useRef, useState } from "preact/hooks";
import { del, get, post, HttpError } from "../lib/api";
import { useSession } from "../lib/session";
import type { BotInfo } from "../wire/BotInfo";
import type { BotList } from "../wire/BotList";
import type { BotRequest } from "../wire/BotRequest";
import type { BotResponse } from "../wire/BotResponse";

const words = (e: unknown) => (e instanceof HttpError || e instanceof Error ? e.message : String(e));

export function Bots() {
  const { user } = useSession();
  return (
    <div class="bots-page">
      <section class="card">
        <h1>Bots</h1>
        <p>A bot is an account that a program plays: people challenge it from the lobby by naming it in a seat, and it answers with its engine's moves.</p>
        {!user ? null : user.bot ? (
          <p class="muted" data-testid="bots-for-bot">
            You are signed in as the bot {user.name}: a bot owns no bots. Its owner manages it from their own account.
          </p>
        ) : user.guest ? (
          <div class="banner warn-soft" data-testid="bots-guest">
            <span>
              Bots need a registered account: a guest cannot own one. Register with the account button at the top right (your name), or on the{" "}
              <a href="/signin?next=%2Fbots">sign-in page</a>, then come back here.
            </span>
          </div>
        ) : null}
      </section>
      {user && !user.guest && !user.bot && <MyBots />}
      <HowBotsConnect />
    </div>
  );
}

/** What is being confirmed: replacing or revoking the token of a bot. */
interface Confirm {
  name: string;
  kind: "replace" | "revoke";
}

function MyBots() {
  const [bots, setBots] = useState<BotInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<BotResponse | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const load = async () => {
    try {
      setBots((await get<BotList>("/api/me/bots")).bots);
    } catch (e) {
      setError(`Your bots could not be listed: ${words(e)}`);
    }
  };
  useEffect(() => void load(), []);

  /** Runs one change, then lists the bots again; true when it worked, else its failure is said as "<what>: <the server's reason>". */
  const change = async (what: string, run: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await run();
      return true;
    } catch (e) {
      setError(`${what}: ${words(e)}`);
      return false;
    } finally {
      setBusy(false);
      await load();
    }
  };
  const create = (name: string) =>
    change(`The bot ${name || "without a name"} was not created`, async () => {
      setShown(await post<BotResponse>("/api/bots", { name } satisfies BotRequest));
    });
  const act = (c: Confirm) => {
    setConfirm(null);
    const path = `/api/bots/${encodeURIComponent(c.name)}/token`;
    if (c.kind === "replace") {
      return change(`The token of ${c.name} was not replaced`, async () => setShown(await post<BotResponse>(path)));
    }
    return change(`The token of ${c.name} was not revoked`, async () => {
      await del<void>(path);
      setShown((s) => (s && s.user.name === c.name ? null : s));
    });
  };

  return (
    <>
      {shown && <NewToken bot={shown} onDone={() => setShown(null)} />}
      <section class="card" aria-labelledby="my-bots-title">
        <h2 id="my-bots-title">Your bots</h2>
        {error && (
          <p class="error" role="alert" data-testid="bots-error">
            {error}
          </p>
        )}
        {bots === null ? (
          <p class="muted">Loading…</p>
        ) : bots.length === 0 ? (
          <p class="muted">You have no bots yet.</p>
        ) : (
          <ul class="bot-list" data-testid="bot-list">
            {bots.map((b) => (
              <BotRow key={b.name} bot={b} busy={busy} confirm={confirm?.name === b.name ? confirm : null} onAsk={setConfirm} onAct={act} />
            ))}
          </ul>
        )}
        <NewBot busy={busy} create={create} />
      </section>
    </>
  );
}

/** The form for a new bot: its name, cleared once `create` has made the bot (unless it was changed meanwhile). */
function NewBot({ busy, create }: { busy: boolean; create(name: string): Promise<boolean> }) {
  const [name, setName] = useState("");
  return (
    <>
      <form
        class="row wrap bot-new"
        onSubmit={async (e) => {
          e.preventDefault();
          const asked = name;
          // Cleared once made, unless another name was typed meanwhile.
          if (await create(asked.trim())) setName((now) => (now === asked ? "" : now));
        }}
      >
        <label>
          New bot's name{" "}
          <input value={name} onInput={(e) => setName(e.currentTarget.value)} autoComplete="off" spellcheck={false} data-testid="bot-name" aria-describedby="bot-name-rule" />
        </label>
        <button type="submit" class="primary" disabled={busy} data-testid="bot-create">
          Create the bot
        </button>
      </form>
      <p class="muted small" id="bot-name-rule">
        2 to 32 letters, digits, <code>-</code>, <code>_</code> or <code>.</code>, beginning with a letter or a digit; no one else may have the name.
      </p>
    </>
  );
}

function BotRow({ bot, busy, confirm, onAsk, onAct }: { bot: BotInfo; busy: boolean; confirm: Confirm | null; onAsk(c: Confirm | null): void; onAct(c: Confirm): void }) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirm) yes.current?.focus();
  }, [confirm?.kind]);
  return (
    <li data-testid={`bot-${bot.name}`}>
      <div class="row wrap">
        <a href={`/u/${encodeURIComponent(bot.name)}`}>
          <strong>{bot.name}</strong>
        </a>
        <span class="muted small">made {new Date(bot.created_ms).toLocaleDateString()}</span>
        <span class={`badge ${bot.token ? "turn" : ""}`} data-testid="bot-token-state">
          {bot.token ? "token works" : "no token"}
        </span>
        <span class="row wrap bot-actions">
          <button disabled={busy} onClick={() => onAsk({ name: bot.name, kind: "replace" })} data-testid="bot-replace">
            {bot.token ? "Replace token" : "Make a token"}
          </button>
          {bot.token && (
            <button disabled={busy} onClick={() => onAsk({ name: bot.name, kind: "revoke" })} data-testid="bot-revoke">
              Revoke token
            </button>
          )}
        </span>
      </div>
      {confirm && (
        <div class="banner warn-soft" role="group" aria-label={`Confirm: ${confirm.kind} the token of ${bot.name}`} data-testid="bot-confirm">
          <span>
            {confirm.kind === "replace"
              ? bot.token
                ? `Give ${bot.name} a new token? The one it has stops working at once, and its connections close.`
                : `Make a token for ${bot.name}?`
              : `Revoke the token of ${bot.name}? It stops working at once and its connections close; the bot cannot play until it gets a new one.`}
          </span>
          <button ref={yes} class="primary" onClick={() => onAct(confirm)} data-testid="bot-confirm-yes">
            {confirm.kind === "replace" ? (bot.token ? "Replace it" : "Make it") : "Revoke it"}
          </button>
          <button onClick={() => onAsk(null)}>Cancel</button>
        </div>
      )}
    </li>
  );
}

/** A token just made: shown this once, with a button that copies it. */
function NewToken({ bot, onDone }: { bot: BotResponse; onDone(): void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const code = useRef<HTMLElement>(null);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("this browser gives the page no clipboard here");
      await navigator.clipboard.writeText(bot.token);
      setCopied("Copied.");
    } catch (e) {
      // Select the token so that it can be copied by hand.
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setCopied(`It could not be copied (${words(e)}); it is selected: copy it by hand.`);
    }
  };
  return (
    <section class="card bot-token" aria-labelledby="bot-token-title" data-testid="bot-token">
      <h2 id="bot-token-title">The token of {bot.user.name}</h2>
      <p>
        It is shown <strong>only this once</strong>: copy it now and keep it secret. Whoever holds it plays as {bot.user.name}; if it leaks, replace it.
      </p>
      <div class="row wrap">
        <code class="token" ref={code} data-testid="token">
          {bot.token}
        </code>
        <button onClick={copy} data-testid="token-copy">
          Copy
        </button>
        <button onClick={onDone}>Done</button>
      </div>
      {copied && (
        <p class="small" role="status">
          {copied}
        </p>
      )}
    </section>
  );
}

function HowBotsConnect() {
  return (
    <section class="card" aria-labelledby="bots-how-title">
      <h2 id="bots-how-title">How a bot connects</h2>
      <p>
        Any program that speaks the muster engine protocol (one line-based text protocol for all four games, in the manner of UCI) can play as a bot. <code>muster bot</code> connects
        it to this server with the bot's token:
      </p>
      <pre class="bot-command">
        <code>{`muster bot --server ${location.origin} --token <the bot's token> --engine "muster engine --level 3"`}</code>
      </pre>
      <p>
        It follows the bot's event stream (<code>GET /api/stream</code> with <code>Authorization: Bearer &lt;token&gt;</code>), joins the challenges that name the bot in the games its
        engine plays, declines the others, and plays each game over the same WebSocket protocol as this page, held to the same limits.
      </p>
      <p class="muted small">
        The protocol is described in <code>docs/engine-protocol.md</code> of muster's source, with a full session of each game; <code>examples/random_bot.py</code> there is a whole
        engine in Python (standard library only). The README's "Engines and bots" section has the rest.
      </p>
    </section>
  );
}
