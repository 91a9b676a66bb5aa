// The sign-in page (`/signin`): where a registered user lands when the server ended their
// session (a logout elsewhere, a password change), with the reason; also reachable directly.
// `?next=/path` is where a successful sign-in goes back to.
import { useState } from "preact/hooks";
import { signIn, HttpError } from "../lib/api";
import { useSession } from "../lib/session";
import { existingSocket } from "../lib/socket";

/** `next` when it is a path of this site, else the lobby. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get("next");
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/signin") ? next : "/";
}

export function SignIn({ notice, onGuest }: { notice: string | null; onGuest(next: string): void }) {
  const { user } = useSession();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = nextPath();
  if (user && !user.guest) {
    return (
      <section class="card signin">
        <h1>Sign in</h1>
        <p>
          You are signed in as <a href={`/u/${encodeURIComponent(user.name)}`}>{user.name}</a>. <a href={next}>Go on</a>.
        </p>
      </section>
    );
  }
  const go = async (kind: "login" | "register") => {
    setError(null);
    setBusy(true);
    // Signing in ends a guest's session: its socket would be closed as signed out.
    existingSocket()?.shutdown();
    try {
      await signIn(kind, name, password);
      location.assign(next); // the page and its socket start again on the new session
    } catch (e) {
      if (user) existingSocket()?.reopen();
      setError(e instanceof HttpError ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <section class="card signin">
      <h1>Sign in</h1>
      {notice !== null && (
        <p class="banner warn-soft" role="alert" data-testid="signed-out">
          You were signed out ({notice || "the session was ended"}).
        </p>
      )}
      <form onSubmit={(e) => (e.preventDefault(), go("login"))}>
        <label>
          Name <input value={name} onInput={(e) => setName(e.currentTarget.value)} autoComplete="username" data-testid="signin-name" />
        </label>
        <label>
          Password <input type="password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" data-testid="signin-password" />
        </label>
        {error && <p class="error">{error}</p>}
        <div class="row wrap">
          <button class="primary" type="submit" disabled={busy} data-testid="signin-submit">
            Sign in
          </button>
          <button type="button" disabled={busy} onClick={() => go("register")}>
            Register
          </button>
        </div>
      </form>
      {!user && (
        <p class="muted small">
          Not now?
          <button class="link" data-testid="as-guest" onClick={() => onGuest(next)}>
            Go on as a guest
          </button>
        </p>
      )}
    </section>
  );
}
