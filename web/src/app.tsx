// The shell: header (with the notification bell, Bell.tsx), connection banner, toasts, and the
// page for the path.
import { useEffect, useRef, useState } from "preact/hooks";
import { ensureSession, forgetToken, sessionEnded, signIn, signOut, token, HttpError } from "./lib/api";
import { useRoute, navigate } from "./lib/router";
import { Session, useSession } from "./lib/session";
import { existingSocket, socket, type Status } from "./lib/socket";
import type { UserInfo } from "./wire/UserInfo";
import type { Notify } from "./wire/Notify";
import { Lobby } from "./pages/Lobby";
import { MyGames } from "./pages/MyGames";
import { GamePage } from "./pages/GamePage";
import { Replay } from "./pages/Replay";
import { UserPage } from "./pages/UserPage";
import { RulesPage } from "./pages/RulesPage";
import { SignIn } from "./pages/SignIn";
import { Settings } from "./pages/Settings";
import { PrefsContext, applyPrefs, cachedPrefs, loadPrefs, savePrefs, type PrefsCtx } from "./lib/prefs";
import type { Prefs } from "./wire/Prefs";
import { Bots } from "./pages/Bots";
import { Bell } from "./Bell";

/** How long a 4001 waits before it is acted on (see `watch`). */
const SETTLE_MS = 300;

/** After the server ended this tab's session: the reason, and whether a new guest took over. */
interface Ended {
  reason: string;
  guest: string | null;
}

export function App() {
  const [user, setUser] = useState<UserInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState<Ended | null>(null);
  const prefsCtx = usePrefsState();
  const r = useRoute();
  const userRef = useRef(user);
  userRef.current = user;
  // The token this tab's session was started with (another tab may replace it).
  const held = useRef<string | null>(null);
  const starting = useRef(false);

  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
  // A session from `ensureSession` (a new guest when no token is held), the socket (re)opened on it.
  const start = (then?: (u: UserInfo) => void) => {
    if (starting.current) return;
    starting.current = true;
    ensureSession()
      .then(async (u) => {
        // The user's settings before the first page: no page shows with another user's.
        prefsCtx.loaded(await loadPrefs());
        held.current = token();
        setUser(u);
        then?.(u);
        const s = existingSocket();
        if (s) s.reopen(true);
        else watch(socket()); // the socket opens with the session's cookie
      })
      .catch(fail)
      .finally(() => (starting.current = false));
  };
  // The server ended the session (4001): never use its token again. Another tab's new session
  // is adopted; a registered user goes to the sign-in page; a guest goes on as a new guest.
  const onSignedOut = (reason: string) => {
    // Another tab of this browser that signs in or out ends the session this tab shares (the
    // cookie and the stored token are shared): its new token is adopted, not thrown away.
    if (token() !== held.current && token() !== null) return start();
    forgetToken();
    const was = userRef.current;
    if (was && !was.guest) {
      setUser(null);
      setEnded({ reason, guest: null });
      const here = location.pathname + location.search;
      navigate(here === "/" || here.startsWith("/signin") ? "/signin" : `/signin?next=${encodeURIComponent(here)}`);
      return;
    }
    start((u) => setEnded({ reason, guest: u.name }));
  };
  const watch = (s: ReturnType<typeof socket>) => {
    s.checkSession = sessionEnded;
    // A moment's wait first: the 4001 may come before that other tab has stored its token.
    s.onSignedOut((reason) => window.setTimeout(() => onSignedOutRef.current(reason), SETTLE_MS));
  };
  const onSignedOutRef = useRef(onSignedOut);
  onSignedOutRef.current = onSignedOut;

  useEffect(() => start(), []);
  // Signed out, and gone elsewhere than the sign-in page: a guest session, as on a first visit.
  const onSignIn = r.parts[0] === "signin";
  useEffect(() => {
    if (!user && ended && !onSignIn) start(() => setEnded(null));
  }, [user, ended, onSignIn]);

  let body;
  if (error) body = <p class="error">Could not start a session: {error}</p>;
  else if (onSignIn && (user || ended)) body = <SignIn notice={user ? null : (ended?.reason ?? null)} onGuest={(next) => start(() => (setEnded(null), navigate(next, true)))} />;
  else if (user) body = <Page />;
  else body = <p class="muted">Connecting…</p>;
  return (
    <PrefsContext.Provider value={prefsCtx}>
    <Session.Provider value={{ user, setUser }}>
      <Header />
      {/* Both open the socket: only once the session's cookie exists, or it is anonymous. */}
      {user && <ConnectionBanner />}
      {user && <Toasts />}
      {user && ended?.guest && (
        <div class="banner warn-soft ended" role="status" data-testid="signed-out-guest">
          <span>
            You were signed out ({ended.reason || "the session was ended"}). You go on as a new guest, {ended.guest}.
          </span>
          <button class="link" onClick={() => setEnded(null)}>
            Dismiss
          </button>
        </div>
      )}
      <main id="main">{body}</main>
    </Session.Provider>
    </PrefsContext.Provider>
  );
}

/**
 * The settings every page reads: this browser's copy first, the account's once loaded
 * (`loaded`); a change shows at once and is undone when the server refuses it.
 */
function usePrefsState(): PrefsCtx & { loaded(p: Prefs): void } {
  const [prefs, setPrefs] = useState<Prefs>(cachedPrefs);
  const ref = useRef(prefs);
  ref.current = prefs;
  return {
    prefs,
    loaded: setPrefs,
    change: async (patch) => {
      const before = ref.current;
      const next = { ...before, ...patch };
      ref.current = next;
      setPrefs(next);
      applyPrefs(next);
      try {
        const stored = await savePrefs(next);
        ref.current = stored;
        setPrefs(stored);
      } catch (e) {
        ref.current = before;
        setPrefs(before);
        applyPrefs(before);
        throw e;
      }
    },
  };
}

function Page() {
  const r = useRoute();
  const [head, arg] = r.parts;
  if (!head) return <Lobby />;
  if (head === "games") return <MyGames />;
  if (head === "g" && arg) return <GamePage key={arg} g={arg} />;
  if (head === "replay" && arg) return <Replay key={arg} g={arg} />;
  if (head === "u" && arg) return <UserPage key={arg} name={arg} />;
  if (head === "settings") return <Settings />;
  if (head === "rules") return <RulesPage key={arg ?? ""} game={arg ?? "murus-gallicus"} />;
  if (head === "bots") return <Bots />;
  return (
    <section class="card">
      <h1>Not found</h1>
      <p>
        Nothing lives at <code>{r.path}</code>. <a href="/">Back to the lobby</a>.
      </p>
    </section>
  );
}

function Header() {
  const { user } = useSession();
  // The one popover open: the account's or the notifications'.
  const [open, setOpen] = useState<"account" | "inbox" | null>(null);
  return (
    <header class="top">
      <a class="brand" href="/">
        muster
      </a>
      <nav>
        <a href="/">Play</a>
        <a href="/games" data-testid="nav-games">
          My games
        </a>
        <a href="/rules/murus-gallicus">Rules</a>
        <a href="/settings" data-testid="nav-settings">
          Settings
        </a>
      </nav>
      <span class="grow" />
      {user && <Bell key={user.id} open={open === "inbox"} onToggle={() => setOpen(open === "inbox" ? null : "inbox")} onClose={() => setOpen(null)} />}
      {user && (
        <button class="link" data-testid="account" onClick={() => setOpen(open === "account" ? null : "account")}>
          {user.name}
          {user.guest ? " (guest)" : ""}
        </button>
      )}
      {open === "account" && user && <Account onClose={() => setOpen(null)} />}
    </header>
  );
}

function Account({ onClose }: { onClose(): void }) {
  const { user, setUser } = useSession();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const go = async (kind: "login" | "register") => {
    setError(null);
    // Signing in ends the guest's session: this socket would be closed as signed out.
    existingSocket()?.shutdown();
    try {
      const u = await signIn(kind, name, password);
      setUser(u);
      onClose();
      location.reload(); // the socket picks up the new session
    } catch (e) {
      existingSocket()?.reopen();
      setError(e instanceof HttpError ? e.message : String(e));
    }
  };
  return (
    <div class="popover account" role="dialog" aria-label="Account">
      {user && !user.guest ? (
        <>
          <p>
            Signed in as <a href={`/u/${encodeURIComponent(user.name)}`}>{user.name}</a>.
          </p>
          {!user.bot && (
            <p>
              <a href="/bots" data-testid="nav-bots" onClick={onClose}>
                Your bots
              </a>
            </p>
          )}
          <button
            onClick={async () => {
              existingSocket()?.shutdown();
              await signOut();
              location.reload();
            }}
          >
            Sign out
          </button>
        </>
      ) : (
        <form onSubmit={(e) => e.preventDefault()}>
          <p class="muted">You play as a guest. Register to keep your games and play rated.</p>
          <label>
            Name <input value={name} onInput={(e) => setName(e.currentTarget.value)} autoComplete="username" />
          </label>
          <label>
            Password <input type="password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" />
          </label>
          {error && <p class="error">{error}</p>}
          <div class="row">
            <button onClick={() => go("login")}>Sign in</button>
            <button onClick={() => go("register")}>Register</button>
          </div>
        </form>
      )}
    </div>
  );
}

function ConnectionBanner() {
  const [status, setStatus] = useState<Status>("open");
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const s = socket();
    setStatus(s.status);
    return s.onStatus((st) => {
      setStatus(st);
      if (st === "open") setSeen(true);
    });
  }, []);
  if (status === "open" || status === "signed-out" || (!seen && status === "connecting")) return null;
  const stopped = status === "stopped" ? socket().stoppedBy() : null;
  if (stopped) {
    return (
      <div class="banner warn" role="alert" data-testid="connection-stopped">
        <span>
          The server closed the connection: <span data-testid="close-reason">{stopped.reason}</span> (code {stopped.code}). It does not reconnect by
          itself; moves you make now are kept and sent once you reconnect.
        </span>
        <button class="primary" data-testid="reconnect" onClick={() => socket().reopen()}>
          Reconnect
        </button>
      </div>
    );
  }
  return (
    <div class="banner warn" role="status" data-testid="reconnecting">
      Connection lost — reconnecting… Moves you make now are kept and sent once the connection is back.
    </div>
  );
}

/** A toast: a `notify` of the server, or a message this tab refused to send (`bad`). */
type Toast = Pick<Notify, "g" | "text"> & { key: number; bad?: boolean };

/**
 * The toasts, bottom right. A toast about the game this tab shows is not shown (the page
 * already says it), also when the tab goes to that game after the toast came.
 */
function Toasts() {
  const [items, setItems] = useState<Toast[]>([]);
  const route = useRoute();
  const here = route.parts[0] === "g" ? route.parts[1] : null;
  useEffect(() => {
    let k = 0;
    const show = (item: Toast) => {
      setItems((xs) => [...xs.slice(-3), item]);
      window.setTimeout(() => setItems((xs) => xs.filter((x) => x.key !== item.key)), 8000);
    };
    const s = socket();
    const offNotify = s.onOther((m) => {
      if (m.t === "notify") show({ g: m.d.g, text: m.d.text, key: ++k });
    });
    const offRefused = s.onRefused((why) => show({ text: why, key: ++k, bad: true }));
    return () => {
      offNotify();
      offRefused();
    };
  }, []);
  const shown = items.filter((n) => !n.g || n.g !== here);
  if (shown.length === 0) return null;
  return (
    <div class="toasts" aria-live="polite">
      {shown.map((n) => (
        <div class={n.bad ? "toast bad" : "toast"} key={n.key} role={n.bad ? "alert" : undefined} data-testid={n.bad ? "refused" : undefined}>
          {n.text}
          {n.g && (
            <button class="link" onClick={() => navigate(`/g/${n.g}`)}>
              Open
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
