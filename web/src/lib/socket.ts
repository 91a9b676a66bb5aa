// The one WebSocket of this tab: reconnects by itself, re-follows every game from the version
// it holds, and resends writes not yet acknowledged (the server acknowledges a resent decision
// again without playing it twice, docs/protocol.md §3). What it does after a close follows
// `afterClose` (close.ts, the mirror of crates/wire/src/close.rs): it reconnects only after a
// lost network, a restart or an overload; a 4001 (the sign-in was ended) is handed to the app,
// which drops the token; any other close stops it until a person asks to reconnect. A frame
// longer than MAX_FRAME bytes is refused here and never sent.
import { afterClose, closeWords, fitsFrame, utf8Length, MAX_FRAME } from "./close";
import type { ClientMsg } from "../wire/ClientMsg";
import type { ServerMsg } from "../wire/ServerMsg";
import type { Ack } from "../wire/Ack";
import type { Nack } from "../wire/Nack";

/**
 * `closed`: lost, reconnecting by itself; `stopped`: closed by the server for a reason that a
 * reconnect would not mend (see `closed()`), waiting for a person; `signed-out`: closed with
 * 4001, never reopened with the same session.
 */
export type Status = "connecting" | "open" | "closed" | "stopped" | "signed-out";

/** A close that stopped the socket: its code and the reason in words. */
export interface Closed {
  code: number;
  reason: string;
}

/** What a game page gives the socket: its handler and the version it holds (for `sub{v}`). */
export interface Follower {
  onMessage(msg: ServerMsg): void;
  version(): number | null;
}

interface Pending {
  frame: ClientMsg;
  resolve(ack: Ack): void;
  reject(nack: Nack): void;
}

type GameFrames = Extract<ServerMsg, { d: { g: string } }>;

function gameOf(msg: ServerMsg): string | null {
  const d = (msg as GameFrames).d as { g?: string };
  return typeof d?.g === "string" ? d.g : null;
}

/** What a frame is, in words for a person. */
const KIND_WORDS: Partial<Record<ClientMsg["t"], string>> = { act: "move", ctl: "request", say: "chat message", preview: "preview" };

export class Socket {
  status: Status = "connecting";
  /** Times the socket has been (re)opened. */
  opens = 0;
  private ws: WebSocket | null = null;
  private followers = new Map<string, Set<Follower>>();
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private lobbyOn = 0;
  private retry = 0;
  private statusListeners = new Set<(s: Status) => void>();
  private others = new Set<(m: ServerMsg) => void>();
  private refusedListeners = new Set<(why: string) => void>();
  private signedOutListeners = new Set<(reason: string) => void>();
  private timer: number | undefined;
  private stopped: Closed | null = null;
  /** Attempts in a row that never opened (a refused upgrade looks like a lost network). */
  private failedOpens = 0;
  /** The next open asks every game for a `full` (the session changed: seats may have). */
  private fresh = false;
  /** Closed by `shutdown`: nothing reconnects until `reopen`. */
  private down = false;
  /** Asked when opens keep failing: a reason when the session has ended, else null. */
  checkSession: (() => Promise<string | null>) | null = null;

  constructor(private readonly url: string) {
    this.connect();
  }

  private connect() {
    if (this.ws || this.down) return;
    this.stopped = null;
    this.setStatus("connecting");
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.retry = 0;
      this.failedOpens = 0;
      this.opens += 1;
      this.setStatus("open");
      const fresh = this.fresh;
      this.fresh = false;
      for (const [g, set] of this.followers) {
        const v = fresh ? null : ([...set].map((f) => f.version()).find((x) => x !== null) ?? null);
        this.raw({ t: "sub", d: v === null ? { g } : { g, v } });
      }
      if (this.lobbyOn > 0) this.raw({ t: "lobby", d: { on: true } });
      // Writes not yet acknowledged go again, in the order they were made.
      for (const p of this.pending.values()) this.raw(p.frame);
    };
    ws.onmessage = (ev) => {
      let msg: ServerMsg;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMsg;
      } catch {
        console.warn("muster: a frame that is not JSON was ignored");
        return;
      }
      this.dispatch(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.closed(ev.code, ev.reason, opened);
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  /** After the socket closed with `code`: what `afterClose` says. */
  private closed(code: number, reason: string, opened: boolean) {
    switch (afterClose(code)) {
      case "reconnect":
        this.setStatus("closed");
        if (!opened) this.failedOpens += 1;
        // A session ended while the network was down makes every upgrade fail the same way
        // as a lost network: after a few, ask whether the session still holds.
        if (this.failedOpens >= 3 && this.checkSession) {
          this.failedOpens = 0;
          const still = () => this.status === "closed" && !this.ws && !this.down;
          this.checkSession().then(
            (ended) => still() && (ended === null ? this.scheduleReconnect() : this.signedOut(ended)),
            () => still() && this.scheduleReconnect(),
          );
          return;
        }
        this.scheduleReconnect();
        return;
      case "signed-out":
        // The server's reason may begin with "signed out: ", which the page says already.
        this.signedOut(reason.replace(/^signed out: /i, ""));
        return;
      case "stop":
        this.stopped = { code, reason: closeWords(code, reason) };
        this.setStatus("stopped");
        return;
    }
  }

  /** The session was ended: writes in flight fail, nothing reconnects, the app is told. */
  private signedOut(reason: string) {
    window.clearTimeout(this.timer);
    this.setStatus("signed-out");
    const failed = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, p] of failed) p.reject({ id, code: "unauthorized", reason: `signed out${reason ? ` (${reason})` : ""}` });
    for (const l of this.signedOutListeners) l(reason);
  }

  /** The close that stopped the socket, while it is stopped. */
  stoppedBy(): Closed | null {
    return this.stopped;
  }

  /**
   * Opens the socket again now: a person's "Reconnect" after a stop, or the app after a new
   * session (`fresh`: every game is asked for a `full`, since seats may have changed).
   * Unacknowledged writes are resent; a write the server refused is never among them.
   */
  reopen(fresh = false) {
    window.clearTimeout(this.timer);
    this.down = false;
    if (this.ws) return;
    this.fresh = this.fresh || fresh;
    this.retry = 0;
    this.failedOpens = 0;
    this.connect();
  }

  /** Closes the socket for good before the page signs in or out and reloads. */
  shutdown() {
    window.clearTimeout(this.timer);
    this.down = true;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, "the page signs in or out");
  }

  private scheduleReconnect() {
    window.clearTimeout(this.timer);
    const wait = Math.min(5000, 300 * 2 ** this.retry);
    this.retry += 1;
    this.timer = window.setTimeout(() => this.connect(), wait);
  }

  private setStatus(s: Status) {
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }

  onStatus(l: (s: Status) => void): () => void {
    this.statusListeners.add(l);
    return () => this.statusListeners.delete(l);
  }

  /** Called with the reason when the server ends this tab's sign-in (close 4001). */
  onSignedOut(l: (reason: string) => void): () => void {
    this.signedOutListeners.add(l);
    return () => this.signedOutListeners.delete(l);
  }

  /** Called with words for a person when a frame is refused: here (too large) or by a `nack` without an id. */
  onRefused(l: (why: string) => void): () => void {
    this.refusedListeners.add(l);
    return () => this.refusedListeners.delete(l);
  }

  private refused(why: string) {
    console.info(`muster: ${why}`);
    for (const l of this.refusedListeners) l(why);
  }

  /**
   * Frames not about one game (lobby, notify, chat of the lobby), and every `nack` that
   * answers no write of `write` and names no followed game (e.g. a refused lobby `say`, by
   * its id).
   */
  onOther(l: (m: ServerMsg) => void): () => void {
    this.others.add(l);
    return () => this.others.delete(l);
  }

  private dispatch(msg: ServerMsg) {
    if (msg.t === "ack") {
      const p = this.pending.get(msg.d.id);
      if (p) {
        this.pending.delete(msg.d.id);
        p.resolve(msg.d);
      }
      return;
    }
    if (msg.t === "nack") {
      const id = msg.d.id;
      if (id !== undefined && id !== null) {
        const p = this.pending.get(id);
        if (p) {
          this.pending.delete(id);
          p.reject(msg.d);
          return;
        }
      }
      // A refused subscription names its game: its followers hear of it (no such game).
      const game = msg.d.g;
      const followers = game ? this.followers.get(game) : undefined;
      if (followers) {
        for (const f of followers) f.onMessage(msg);
        return;
      }
      // A refusal without a write of ours to match (a frame sent with `send`, a frame the
      // server could not read, or an answer to a write given up on): nothing is resent for it.
      // Whoever sent it with `send` may know its id: the `onOther` listeners hear it.
      for (const l of this.others) l(msg);
      if (msg.d.code === "too-large") this.refused(`The server refused a message as too large: ${msg.d.reason}`);
      else console.info(`muster: refused (${msg.d.code}): ${msg.d.reason}`);
      return;
    }
    if (msg.t === "resync") {
      const g = msg.d.g;
      for (const [game] of this.followers) if (!g || g === game) this.raw({ t: "sub", d: { g: game } });
      return;
    }
    const g = gameOf(msg);
    const set = g !== null ? this.followers.get(g) : undefined;
    // A `notify` names its game for a link, but is the user's, not the game's: it goes to the
    // `onOther` listeners (the bell counts it) even while a page follows that game.
    if (set && msg.t !== "chat" && msg.t !== "notify") {
      for (const f of set) f.onMessage(msg);
      return;
    }
    if (msg.t === "chat") {
      const room = msg.d.room;
      for (const [game, fs] of this.followers) if (room.startsWith(`g:${game}:`)) for (const f of fs) f.onMessage(msg);
    }
    for (const l of this.others) l(msg);
  }

  /** The frame's text, or null (and a refusal said) when it is longer than MAX_FRAME bytes. */
  private encode(frame: ClientMsg): string | null {
    const text = JSON.stringify(frame);
    if (fitsFrame(text)) return text;
    const what = KIND_WORDS[frame.t] ?? `${frame.t} message`;
    this.refused(`Not sent: the ${what} is ${utf8Length(text).toLocaleString("en")} bytes; the server accepts at most ${MAX_FRAME.toLocaleString("en")}.`);
    return null;
  }

  private rawText(text: string) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private raw(frame: ClientMsg): boolean {
    const text = this.encode(frame);
    if (text === null) return false;
    this.rawText(text);
    return true;
  }

  /** Follows game `g`; the follower gets its frames until the returned function is called. */
  follow(g: string, f: Follower): () => void {
    let set = this.followers.get(g);
    const first = !set;
    if (!set) {
      set = new Set();
      this.followers.set(g, set);
    }
    set.add(f);
    if (first) this.raw({ t: "sub", d: { g } });
    return () => {
      set!.delete(f);
      if (set!.size === 0) {
        this.followers.delete(g);
        this.raw({ t: "unsub", d: { g } });
      }
    };
  }

  /** Asks again from version `v` (a gap) or for a `full` (`v` null). */
  resub(g: string, v: number | null) {
    this.raw({ t: "sub", d: v === null ? { g } : { g, v } });
  }

  followLobby(): () => void {
    this.lobbyOn += 1;
    if (this.lobbyOn === 1) this.raw({ t: "lobby", d: { on: true } });
    return () => {
      this.lobbyOn -= 1;
      if (this.lobbyOn === 0) this.raw({ t: "lobby", d: { on: false } });
    };
  }

  /**
   * Sends a write that the server acknowledges; kept and resent until it is answered. A write
   * longer than MAX_FRAME bytes is refused at once (a `too-large` nack made here) and never
   * sent nor kept; so is every write in flight when the sign-in ends (`unauthorized`).
   */
  write(make: (id: number) => ClientMsg): Promise<Ack> {
    const id = this.nextId++;
    const frame = make(id);
    const text = this.encode(frame);
    if (text === null) {
      return Promise.reject({ id, code: "too-large", reason: `the message is more than the ${MAX_FRAME} bytes the server accepts; it was not sent` } satisfies Nack);
    }
    return new Promise<Ack>((resolve, reject) => {
      this.pending.set(id, { frame, resolve, reject });
      this.rawText(text);
    });
  }

  /**
   * Sends a frame that needs no acknowledgement (legal, preview, chat, ping); false when it was
   * refused here for its size (never sent).
   */
  send(frame: ClientMsg): boolean {
    return this.raw(frame);
  }

  /** The WebSocket itself, for tests and the browser's console; null while closed. */
  webSocket(): WebSocket | null {
    return this.ws;
  }

  newId(): number {
    return this.nextId++;
  }

  /** Writes still waiting for their answer. */
  pendingCount(): number {
    return this.pending.size;
  }
}

let shared: Socket | null = null;

/** The tab's socket if it was opened, without opening it. */
export function existingSocket(): Socket | null {
  return shared;
}

/** The tab's socket, opened on first use. */
export function socket(): Socket {
  if (!shared) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    shared = new Socket(`${proto}//${location.host}/ws`);
    // A handle for tests and for the browser's console.
    (window as unknown as { musterSocket: Socket }).musterSocket = shared;
  }
  return shared;
}
