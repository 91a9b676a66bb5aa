// The notification bell of the header: the count of unread notifications (read from the server,
// so it survives a reload, and bumped at once by each live `notify`), and the list, newest first,
// which marks what it shows read when it opens. Escape or a click elsewhere closes the list;
// Escape gives the focus back to the bell.
import { useEffect, useRef, useState } from "preact/hooks";
import { get, post, HttpError } from "./lib/api";
import { socket } from "./lib/socket";
import { useRoute } from "./lib/router";
import { TURN_TAKEN, bellBadge, bellLabel, kindWords, markUpTo, newestFirst, settle, whenWords } from "./lib/inbox";
import type { Inbox } from "./wire/Inbox";
import type { InboxItem } from "./wire/InboxItem";
import type { MarkRead } from "./wire/MarkRead";
import type { UnreadCount } from "./wire/UnreadCount";

/** How many notifications the list shows. */
const LIMIT = 30;
/** How long after a live notice the count is read from the server (it stores the notice meanwhile). */
const SETTLE_MS = 500;
/** How long before a count that looked too small is read once more. */
const AGAIN_MS = 1500;

const words = (e: unknown) => (e instanceof HttpError || e instanceof Error ? e.message : String(e));

/**
 * Reads the newest notifications (handed to `show` at once), then marks read up to the newest
 * unread one shown: that time and the count left, or null when nothing shown was unread or the
 * list was closed before the read came (`live` false).
 */
async function readAndMark(live: () => boolean, show: (list: InboxItem[], unread: number) => void): Promise<{ up: number; left: number } | null> {
  const box = await get<Inbox>(`/api/me/notifications?limit=${LIMIT}`);
  if (!live()) return null;
  const list = newestFirst(box.items);
  show(list, box.unread);
  const up = markUpTo(list);
  if (up === null) return null;
  const left = await post<UnreadCount>("/api/me/notifications/read", { up_to_ms: up } satisfies MarkRead);
  return { up, left: left.unread };
}

/** The bell's state: the unread count and the list, in step with the server and the live notices. */
interface InboxState {
  unread: number;
  items: InboxItem[] | null;
  /** The items that were unread when the list opened: still marked "new" while it is open. */
  fresh: Set<string>;
  error: string | null;
}

/**
 * The count and the list: read on mount, after a reconnect, when the tab is shown again, on
 * each new page and after a move of this user is stored (`TURN_TAKEN`); bumped by each live `notify` and read again a moment later (`settle`); while
 * `open`, the list is read afresh and what it shows is marked read.
 */
function useInbox(open: boolean): InboxState {
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const shown = useRef(0);
  shown.current = unread;
  // Each read of the server takes a number; only the latest one's answer is used.
  const gen = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  const sync = async (afterNotice: boolean) => {
    const mine = ++gen.current;
    try {
      const box = await get<Inbox>(`/api/me/notifications?limit=${LIMIT}`);
      if (mine !== gen.current) return;
      setItems(newestFirst(box.items));
      const s = settle(shown.current, box.unread, afterNotice);
      setUnread(s.unread);
      if (s.again) later(false, AGAIN_MS);
      setError(null);
    } catch (e) {
      if (mine === gen.current) setError(`The notifications could not be read: ${words(e)}`);
    }
  };
  // A read planned after a notice stays one when a plain read (a new page) takes its place.
  const afterNoticePlanned = useRef(false);
  const later = (afterNotice: boolean, ms: number) => {
    window.clearTimeout(timer.current);
    afterNoticePlanned.current ||= afterNotice;
    timer.current = window.setTimeout(() => {
      const fresh = afterNoticePlanned.current;
      afterNoticePlanned.current = false;
      void sync(fresh);
    }, ms);
  };

  useEffect(() => {
    void sync(false);
    const s = socket();
    const offNotify = s.onOther((m) => {
      if (m.t !== "notify") return;
      setUnread((n) => n + 1);
      later(true, SETTLE_MS);
    });
    // Back after a lost connection: notices may have been missed.
    const offStatus = s.onStatus((st) => st === "open" && later(false, 0));
    // A move of this user was stored: the server drops their unread turn of that game.
    const onTurnTaken = () => later(false, SETTLE_MS);
    window.addEventListener(TURN_TAKEN, onTurnTaken);
    return () => {
      offNotify();
      offStatus();
      window.removeEventListener(TURN_TAKEN, onTurnTaken);
      window.clearTimeout(timer.current);
      gen.current += 1;
    };
  }, []);

  // Opening: the list read afresh, then what it shows marked read.
  useEffect(() => {
    if (!open) return;
    let live = true;
    // Reads of the count begun before the list opened are stale once it answers.
    gen.current += 1;
    setError(null);
    const show = (list: InboxItem[], count: number) => {
      setItems(list);
      setFresh(new Set(list.filter((i) => !i.read).map((i) => i.id)));
      setUnread(count);
    };
    readAndMark(() => live, show)
      .then((marked) => {
        if (!marked) return;
        // The count after marking is the newest word: reads begun before it are stale.
        gen.current += 1;
        setUnread(marked.left);
        setItems((xs) => xs && xs.map((i) => (i.at_ms <= marked.up ? { ...i, read: true } : i)));
      })
      .catch((e) => live && setError(`The notifications could not be read or marked read: ${words(e)}`));
    return () => {
      live = false;
    };
  }, [open]);

  useRereads(() => later(false, 0));
  return { unread, items, fresh, error };
}

/**
 * Calls `again` on each new page and when the tab is shown again: the server also drops
 * notifications without a word (a turn taken, the list read in another tab).
 */
function useRereads(again: () => void) {
  const path = useRoute().path;
  const latest = useRef(again);
  latest.current = again;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else latest.current();
  }, [path]);
  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && latest.current();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);
}

/**
 * While `open`: the panel takes the focus; Escape closes it and gives the focus back to the
 * button; a press outside both closes it.
 */
function usePopover(open: boolean, onClose: () => void, panel: { current: HTMLElement | null }, button: { current: HTMLElement | null }) {
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const key = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      onClose();
      button.current?.focus();
    };
    const press = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) onClose();
    };
    document.addEventListener("keydown", key);
    document.addEventListener("mousedown", press);
    return () => {
      document.removeEventListener("keydown", key);
      document.removeEventListener("mousedown", press);
    };
  }, [open]);
}

/** The bell and, while `open`, its list; `onToggle` is the bell's press, `onClose` closes the list. */
export function Bell({ open, onToggle, onClose }: { open: boolean; onToggle(): void; onClose(): void }) {
  const { unread, items, fresh, error } = useInbox(open);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  usePopover(open, onClose, panel, button);

  const badge = bellBadge(unread);
  return (
    <>
      <button
        ref={button}
        class="link bell"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? "inbox" : undefined}
        data-testid="bell"
        data-unread={unread}
        onClick={onToggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round">
          <path d="M12 3.5c-3.2 0-5.5 2.4-5.5 5.8v3.9L4.3 16.6h15.4l-2.2-3.4V9.3c0-3.4-2.3-5.8-5.5-5.8z" />
          <path d="M9.8 19.2a2.3 2.3 0 0 0 4.4 0" />
        </svg>
        {badge && (
          <span class="bell-count" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div class="popover inbox" id="inbox" role="dialog" aria-labelledby="inbox-title" tabIndex={-1} ref={panel} data-testid="inbox">
          <div class="row">
            <h2 id="inbox-title">Notifications</h2>
            <span class="grow" />
            <button class="link" onClick={() => (onClose(), button.current?.focus())}>
              Close
            </button>
          </div>
          {error && (
            <p class="error small" role="alert" data-testid="inbox-error">
              {error}
            </p>
          )}
          <InboxList items={items} fresh={fresh} onGo={onClose} />
        </div>
      )}
    </>
  );
}

function InboxList({ items, fresh, onGo }: { items: InboxItem[] | null; fresh: Set<string>; onGo(): void }) {
  if (items === null) return <p class="muted">Loading…</p>;
  if (items.length === 0) return <p class="muted small">Nothing yet. Challenges to you, your turns, and your games' starts and ends show here.</p>;
  const now = Date.now();
  return (
    <ul class="inbox-list" data-testid="inbox-list">
      {items.map((i) => {
        const isNew = !i.read || fresh.has(i.id);
        return (
          <li key={i.id} class={isNew ? "unread" : ""} data-testid="inbox-item" data-kind={i.kind}>
            <span class="small inbox-kind">
              {kindWords(i.kind)}
              {isNew && <span class="badge">new</span>}
            </span>
            <span>{i.text}</span>
            <span class="small muted row wrap">
              <time dateTime={new Date(i.at_ms).toISOString()} title={new Date(i.at_ms).toLocaleString()}>
                {whenWords(i.at_ms, now)}
              </time>
              {i.g && (
                <a href={`/g/${encodeURIComponent(i.g)}`} onClick={onGo} data-testid="inbox-game">
                  Open the game
                </a>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
