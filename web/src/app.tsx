// The shell: header, connection banner, notifications, and the page for the path.
import { useEffect, useState } from "preact/hooks";
import { ensureSession, signIn, signOut, HttpError } from "./lib/api";
import { useRoute, navigate } from "./lib/router";
import { Session, useSession } from "./lib/session";
import { socket, type Status } from "./lib/socket";
import type { UserInfo } from "./wire/UserInfo";
import type { Notify } from "./wire/Notify";
import { Lobby } from "./pages/Lobby";
import { MyGames } from "./pages/MyGames";
import { GamePage } from "./pages/GamePage";
import { Replay } from "./pages/Replay";
import { UserPage } from "./pages/UserPage";
import { RulesPage } from "./pages/RulesPage";

export function App() {
  const [user, setUser] = useState<UserInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ensureSession()
      .then((u) => {
        setUser(u);
        socket(); // the socket opens with the session's cookie
      })
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  return (
    <Session.Provider value={{ user, setUser }}>
      <Header />
      {/* Both open the socket: only once the session's cookie exists, or it is anonymous. */}
      {user && <ConnectionBanner />}
      {user && <Toasts />}
      <main id="main">{error ? <p class="error">Could not start a session: {error}</p> : user ? <Page /> : <p class="muted">Connecting…</p>}</main>
    </Session.Provider>
  );
}

function Page() {
  const r = useRoute();
  const [head, arg] = r.parts;
  if (!head) return <Lobby />;
  if (head === "games") return <MyGames />;
  if (head === "g" && arg) return <GamePage key={arg} g={arg} />;
  if (head === "replay" && arg) return <Replay key={arg} g={arg} />;
  if (head === "u" && arg) return <UserPage key={arg} name={arg} />;
  if (head === "rules") return <RulesPage key={arg ?? ""} game={arg ?? "murus-gallicus"} />;
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
  const [open, setOpen] = useState(false);
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
      </nav>
      <span class="grow" />
      {user && (
        <button class="link" data-testid="account" onClick={() => setOpen(!open)}>
          {user.name}
          {user.guest ? " (guest)" : ""}
        </button>
      )}
      {open && user && <Account onClose={() => setOpen(false)} />}
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
    try {
      const u = await signIn(kind, name, password);
      setUser(u);
      onClose();
      location.reload(); // the socket picks up the new session
    } catch (e) {
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
          <button
            onClick={async () => {
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
  if (status === "open" || (!seen && status === "connecting")) return null;
  return (
    <div class="banner warn" role="status" data-testid="reconnecting">
      Connection lost — reconnecting… Moves you make now are kept and sent once the connection is back.
    </div>
  );
}

function Toasts() {
  const [items, setItems] = useState<(Notify & { key: number })[]>([]);
  useEffect(() => {
    let k = 0;
    return socket().onOther((m) => {
      if (m.t !== "notify") return;
      const item = { ...m.d, key: ++k };
      setItems((xs) => [...xs.slice(-3), item]);
      window.setTimeout(() => setItems((xs) => xs.filter((x) => x.key !== item.key)), 8000);
    });
  }, []);
  if (items.length === 0) return null;
  return (
    <div class="toasts" aria-live="polite">
      {items.map((n) => (
        <div class="toast" key={n.key}>
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
