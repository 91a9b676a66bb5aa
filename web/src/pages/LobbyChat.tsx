// The lobby's chat: the lines said in room `lobby` (the last ones come when the page follows the
// lobby, then each new one), and a box to say one. The server sends no acknowledgement of a line,
// only the line itself to every follower, or a `nack` with the `say`'s id when it refuses it:
// that refusal is shown with the server's reason and the words go back into the box.
import { useEffect, useRef, useState } from "preact/hooks";
import { socket } from "../lib/socket";
import { CHAT_CHARS, LOBBY_ROOM, lineProblem, watchLobbyChat } from "../lib/lobbyChat";
import { useSayRefusals } from "../lib/chat";
import type { Chat } from "../wire/Chat";

/** Shows a count of characters once a line is this long. */
const COUNT_FROM = CHAT_CHARS - 50;

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The lobby's lines while the component is mounted (it follows the lobby meanwhile). */
function useLobbyChat(): Chat[] {
  const [lines, setLines] = useState<Chat[]>([]);
  useEffect(() => {
    const unwatch = watchLobbyChat(setLines);
    const unfollow = socket().followLobby();
    return () => {
      unfollow();
      unwatch();
    };
  }, []);
  return lines;
}

export function LobbyChat() {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const lines = useLobbyChat();
  const remember = useSayRefusals((reason, words) => {
    setError(`Not sent: ${reason}`);
    setText((now) => now || words);
  });
  useEffect(() => {
    list.current?.scrollTo(0, list.current.scrollHeight);
  }, [lines.length]);

  const say = (e: Event) => {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    const problem = lineProblem(t);
    if (problem) return setError(`Not sent: ${problem}.`);
    const s = socket();
    if (s.status !== "open") return setError("Not sent: there is no connection to the server now; try again once it is back.");
    const id = s.newId();
    if (!s.send({ t: "say", d: { room: LOBBY_ROOM, text: t, id } })) return setError("Not sent: the line is too long to send.");
    remember(id, t);
    setError(null);
    setText("");
  };

  const chars = [...text.trim()].length;
  return (
    <section class="card chat lobby-chat" aria-labelledby="lobby-chat-title" data-testid="lobby-chat">
      <h2 id="lobby-chat-title">Chat</h2>
      {/* Focusable: a list that scrolls must be scrollable from the keyboard too. */}
      <ol class="lines" ref={list} aria-label="Lobby chat" tabIndex={0} data-testid="lobby-chat-lines">
        {lines.map((c) => (
          <li key={c.id} data-testid="lobby-chat-line" data-id={c.id}>
            <b>{c.from}</b> <span class="said">{c.text}</span>{" "}
            <time class="muted small" dateTime={new Date(c.at_ms).toISOString()}>
              {clock(c.at_ms)}
            </time>
          </li>
        ))}
        {lines.length === 0 && <li class="muted small">Nothing said yet. Everyone in the lobby reads this room.</li>}
      </ol>
      <form class="row" onSubmit={say}>
        <input
          class="grow"
          value={text}
          placeholder="Say something to the lobby"
          aria-label="Lobby chat message"
          aria-describedby={error ? "lobby-chat-error" : undefined}
          data-testid="lobby-chat-input"
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" data-testid="lobby-chat-send">
          Send
        </button>
      </form>
      {chars >= COUNT_FROM && (
        <p class={`small ${chars > CHAT_CHARS ? "error" : "muted"}`} data-testid="lobby-chat-count">
          {chars} of at most {CHAT_CHARS} characters
        </p>
      )}
      {error && (
        <p class="error small" role="alert" id="lobby-chat-error" data-testid="lobby-chat-error">
          {error}
        </p>
      )}
    </section>
  );
}
